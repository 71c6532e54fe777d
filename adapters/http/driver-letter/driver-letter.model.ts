/**
 * The driver letter's content: the findings of the period as the report and GET /findings list them
 * (core/use-cases/findings-of-period.ts: both checks, the weeks before the period read as context, annotations
 * applied), each finding's review history and the card's annotations. "Confirmed" findings
 * are those whose review history holds a CONFIRMED entry and that were not since justified (their status is
 * CONFIRMED, DRIVER_INFORMED or ACKNOWLEDGED on the confirmed branch).
 */
import type { Annotation } from '../../../core/annotations/annotation.js';
import type { Basis, DateRange } from '../../../core/use-cases/contracts.js';
import { isoTimestamp } from '../../../core/time.js';
import type { HttpAppDependencies } from '../ports.js';
import { findingsOf } from '../findings/findings.route.js';
import type { LetterFinding, LetterModel } from '../../office/letter/letter-model.js';

export type { LetterFinding, LetterModel };

interface AnyFinding {
  finding_id?: string;
  rule: string;
  status: string;
  severity: string | null;
  severity_verified?: boolean;
  start: string;
  end: string;
  description: string;
  annotations_applied?: string[];
  possibly_justified?: boolean;
  readings?: string[];
  assumption_dependent?: boolean;
}

export async function buildLetterModel(
  deps: HttpAppDependencies,
  query: { card_number: string; range: DateRange; date_from: string; date_to: string },
): Promise<LetterModel> {
  const basis: Basis = { kind: 'card_number', value: query.card_number };
  const period = await findingsOf(deps).findings({ basis, range: query.range });
  const annotations = deps.annotations
    ? await deps.annotations.list({ basis, range: query.range, include_withdrawn: false })
    : [];
  const byId = new Map<string, Annotation>(annotations.map((a) => [a.annotation_id, a]));
  const all = period.findings.map(
    (f) => [f.source === 'eu561' ? 'EU 561/2006' : 'Directive 2002/15/EC', f] as [LetterFinding['check'], AnyFinding],
  );
  const findings: LetterFinding[] = [];
  for (const [check, f] of all) {
    const history = deps.reviews && f.finding_id ? await deps.reviews.history(f.finding_id) : null;
    const entries = history?.entries ?? [];
    const status = history?.status ?? 'OPEN';
    const confirmedBranch = entries.some((e) => e.status === 'CONFIRMED');
    findings.push({
      finding_id: f.finding_id ?? '',
      check,
      rule: f.rule,
      status: f.status,
      severity: f.severity,
      ...(f.severity_verified === undefined ? {} : { severity_verified: f.severity_verified }),
      start: f.start,
      end: f.end,
      description: f.description,
      review_status: status,
      confirmed: confirmedBranch && ['CONFIRMED', 'DRIVER_INFORMED', 'ACKNOWLEDGED'].includes(status),
      notes: entries.map((e) => ({ at: isoTimestamp(e.at), author: e.author, status: e.status, note: e.note })),
      annotations: (f.annotations_applied ?? []).map((id) => ({
        annotation_id: id,
        kind: byId.get(id)?.kind ?? '',
        note: byId.get(id)?.note ?? null,
      })),
      possibly_justified: f.possibly_justified === true,
      ...(f.readings === undefined ? {} : { readings: f.readings }),
      ...(f.assumption_dependent === undefined ? {} : { assumption_dependent: f.assumption_dependent }),
    });
  }
  return {
    card_number: query.card_number,
    surname: period.precheck.driver.surname,
    first_names: period.precheck.driver.first_names,
    date_from: query.date_from,
    date_to: query.date_to,
    findings,
    rule_version: period.precheck.rule_version,
    algorithm_version: period.precheck.algorithm_version,
    readings: period.readings,
  };
}
