/**
 * Art. 8(6) second subparagraph and 8(7): a reduced weekly rest is compensated by an equivalent rest taken en
 * bloc before the end of the third week following the week in question, attached to another rest of at least
 * 9 h.
 *
 * Readings (favourable to the driver where the text allows):
 * - the "week in question" is the later of the weeks the reduced rest touches (Art. 8(9) lets a rest falling
 *   in two weeks count in either), so the deadline is Monday 00:00 four weeks after that week began;
 * - the compensation owed is 45 h minus the reduced rest's length;
 * - a later continuous rest (ending before the deadline) compensates when what it holds beyond its own base
 *   covers the debt: base 45 h for a rest of 45 h or more (a regular weekly rest plus the compensation), else
 *   base 9 h (a daily rest plus the compensation). Debts are paid in order; one rest may pay several while its
 *   surplus lasts. A rest used to pay a debt is not itself asked for compensation.
 * - a deadline after the end of the data is listed in not_evaluated, never flagged.
 * Severity: no band known for certain in 2016/403 / 2022/694 for a missing compensation, so null.
 */
import type { Analysis, RestPeriod } from '../shifts.js';
import { weeklyRestsOf } from '../shifts.js';
import type { RawFinding, RuleNote, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { formatDuration, formatInstant, WEEK, weekStartOf } from '../time.js';

export interface CompensationDebt {
  reduced: RestPeriod;
  /** seconds of compensation owed */
  owed: number;
  /** Monday 00:00 after the third week following the week in question */
  deadline: number;
  paid: boolean;
}

/** Every reduced weekly rest of the analysis with its compensation debt, paid or not (readings above). */
export function compensationLedger(a: Analysis): CompensationDebt[] {
  const out: CompensationDebt[] = [];
  const surplus = new Map<RestPeriod, number>();
  const surplusOf = (r: RestPeriod) => {
    const known = surplus.get(r);
    if (known !== undefined) return known;
    const base = r.duration >= LIMITS.regularWeeklyRest ? LIMITS.regularWeeklyRest : LIMITS.reducedDailyRest;
    return Math.max(0, r.duration - base);
  };
  const usedAsCompensation = new Set<RestPeriod>();
  for (const reduced of weeklyRestsOf(a)) {
    if (reduced.duration >= LIMITS.regularWeeklyRest || reduced.leftOpen || reduced.rightOpen) continue;
    if (usedAsCompensation.has(reduced)) continue;
    const owed = LIMITS.regularWeeklyRest - reduced.duration;
    const deadline = weekStartOf(reduced.end - 1) + 4 * WEEK;
    let paid = false;
    for (const r of a.rests) {
      if (r.start < reduced.end || r.end > deadline) continue;
      // a rest still running at the end of the data ends at or before the deadline only when the data ends
      // before the deadline: then the debt is listed as not evaluated
      if (!r.rightOpen && surplusOf(r) >= owed) {
        surplus.set(r, surplusOf(r) - owed);
        usedAsCompensation.add(r);
        paid = true;
        break;
      }
    }
    out.push({ reduced, owed, deadline, paid });
  }
  return out;
}

export function reducedWeeklyRestCompensation(a: Analysis): RuleOutput {
  const findings: RawFinding[] = [];
  const notes: RuleNote[] = [];
  for (const { reduced, owed, deadline, paid } of compensationLedger(a)) {
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
        `The reduced weekly rest of ${formatDuration(reduced.duration)} from ${formatInstant(reduced.start)} was not ` +
        `compensated: ${formatDuration(owed)} of rest en bloc attached to another rest of at least 9 h were due ` +
        `before ${formatInstant(deadline)}.`,
      evidenceKinds: ['REST'],
    });
  }
  return { findings, notes };
}
