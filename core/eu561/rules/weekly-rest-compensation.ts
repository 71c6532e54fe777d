/**
 * Art. 8(6) second subparagraph and 8(7): a reduced weekly rest is compensated by an equivalent rest taken en
 * bloc before the end of the third week following the week in question, attached to another rest of at least
 * 9 h.
 *
 * Readings (favourable to the driver where the text allows):
 * - the "week in question" is the week the reduced rest is counted in: a rest falling in two weeks counts in one
 *   of them (Art. 8(9)), the same week for the two-week rule, the four-week condition and this deadline, chosen
 *   by the search of ./weekly-rest-assignment.ts (most favourable to the driver over all these rules together;
 *   among equal choices the later week). The deadline is Monday 00:00 four weeks after that week began;
 * - what is owed and which later rest pays it: ./compensation-ledger.ts;
 * - a deadline after the end of the data is listed in not_evaluated, never flagged.
 * Severity: no band known for certain in 2016/403 / 2022/694 for a missing compensation, so null.
 */
import type { Analysis } from '../shifts.js';
import type { RawFinding, RuleNote, RuleOutput } from '../finding.js';
import { formatDuration, formatInstant } from '../time.js';
import type { CompensationDebt } from './weekly-rest-assignment.js';
import { compensationDebtsOf } from './weekly-rest.js';

export type { CompensationDebt };

/** Every reduced weekly rest of the analysis with its compensation debt, paid or not (readings above). */
export function compensationLedger(a: Analysis): CompensationDebt[] {
  return compensationDebtsOf(a);
}

export function reducedWeeklyRestCompensation(a: Analysis): RuleOutput {
  const findings: RawFinding[] = [];
  const notes: RuleNote[] = [];
  for (const { reduced, week, owed, deadline, paid } of compensationLedger(a)) {
    if (paid) continue;
    if (a.dataEnd < deadline) {
      notes.push({
        kind: 'not_evaluated',
        rule: 'reduced_weekly_rest_compensation',
        code: 'DEADLINE_AFTER_DATA',
        message:
          `The reduced weekly rest of ${formatDuration(reduced.duration)} from ${formatInstant(reduced.start)} must be ` +
          `compensated (${formatDuration(owed)}) before ${formatInstant(deadline)}, after the end of the data.`,
        start: reduced.start,
        end: deadline,
      });
      continue;
    }
    findings.push({
      rule: 'reduced_weekly_rest_compensation',
      status: 'VIOLATION',
      article: 'Art. 8(6) second subparagraph and 8(7) Regulation (EC) No 561/2006',
      start: reduced.start,
      end: deadline,
      value: 0,
      limit: owed,
      excess: owed,
      severity: null,
      description:
        `The reduced weekly rest of ${formatDuration(reduced.duration)} from ${formatInstant(reduced.start)}, counted in the ` +
        `week from ${formatInstant(week)}, was not compensated: ${formatDuration(owed)} of rest en bloc attached to another rest of at least 9 h were due ` +
        `before ${formatInstant(deadline)}.`,
      evidenceKinds: ['REST'],
    });
  }
  return { findings, notes };
}
