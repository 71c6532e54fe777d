/** A rule's finding before the two completions are compared and the evidence is attached. */
import type { RuleName, Severity } from './types.js';
import type { SegmentKind } from './timeline.js';
import type { ReadingId } from './readings.js';

export interface RawFinding {
  rule: RuleName;
  /** POTENTIAL when a derogation the service never decides could justify it */
  status: 'VIOLATION' | 'POTENTIAL';
  article: string;
  start: number;
  end: number;
  value: number;
  limit: number;
  excess: number;
  severity: Severity | null;
  /** the severity band's row was VERIFIED (../severity.ts); absent = false */
  severityVerified?: boolean;
  description: string;
  /** which activities of [start, end] the finding was computed from */
  evidenceKinds: readonly SegmentKind[];
  /** the readings (./readings.ts) the rule's verdict depends on; the pre-check adds card_out_time and co_driver_break */
  readings?: ReadingId[];
}

/** A note a rule wants in `warnings` or `not_evaluated` (e.g. a deadline after the end of the data). */
export interface RuleNote {
  kind: 'warning' | 'not_evaluated';
  rule: RuleName;
  code: string;
  message: string;
  start: number | null;
  end: number | null;
}

export interface RuleOutput {
  findings: RawFinding[];
  notes: RuleNote[];
}
