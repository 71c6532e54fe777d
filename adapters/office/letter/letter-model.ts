/**
 * What the driver letter prints: the findings of a period with the office's follow-up of each (gathered by the
 * HTTP adapter, adapters/http/driver-letter/driver-letter.model.ts) and the rule set they were computed with.
 */
import type { ReviewStatus } from '../../../core/reviews/review-status.js';
import type { ReportReading } from '../report/report-model.js';

export interface LetterFinding {
  finding_id: string;
  check: 'EU 561/2006' | 'Directive 2002/15/EC';
  rule: string;
  status: string;
  severity: string | null;
  /** whether the band was read in the regulation's own text (absent: not known, no note printed) */
  severity_verified?: boolean;
  start: string;
  end: string;
  description: string;
  review_status: ReviewStatus;
  confirmed: boolean;
  notes: { at: string; author: string; status: ReviewStatus; note: string | null }[];
  annotations: { annotation_id: string; kind: string; note: string | null }[];
  possibly_justified: boolean;
  /** the readings the verdict depends on (core/eu561/readings.ts ids) */
  readings?: string[];
  /** the verdict exists only because time without card data was read as rest */
  assumption_dependent?: boolean;
}

export interface LetterModel {
  card_number: string;
  surname: string | null;
  first_names: string | null;
  date_from: string;
  date_to: string;
  findings: LetterFinding[];
  /** the pre-check's rule set and algorithm the findings were computed with */
  rule_version: string;
  algorithm_version: string;
  /** the readings in force of both checks (absent: a model built without them) */
  readings?: ReportReading[];
}
