/**
 * Art. 7: after a driving period of 4 h 30 a driver takes an uninterrupted break of at least 45 min, unless
 * he takes a rest period; the break may be replaced by a break of at least 15 min followed by a break of at
 * least 30 min (in that order, 2nd paragraph as worded since 561/2006).
 *
 * Reading:
 * - only REST counts as a break (Art. 4(d): a break is used exclusively for recuperation; availability is not
 *   a break); WORK and AVAILABILITY neither count as driving nor interrupt the count;
 * - a rest of >= 45 min (which includes every daily and weekly rest) resets the count; so does a rest of
 *   >= 30 min when a rest of >= 15 min was taken earlier in the same driving period (a 30 min then 15 min
 *   sequence is NOT a valid split: the 30 min counts as the first part only);
 * - a finding is reported once per driving period: value = all driving accumulated before the qualifying
 *   break (or the end of the data), compared with 4 h 30. Exactly 4 h 30 is compliant.
 * - before the data starts the count is 0 (driving before the data is unknown, never invented).
 */
import type { Analysis } from '../shifts.js';
import type { RawFinding, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { DRIVING_BANDS, severityOf } from '../severity.js';
import { formatDuration } from '../time.js';

export function breaks(a: Analysis): RuleOutput {
  const findings: RawFinding[] = [];
  let accumulated = 0;
  let periodStart: number | null = null; // first driving of the current driving period
  let firstPartTaken = false;
  const close = (end: number) => {
    if (accumulated > LIMITS.drivingBeforeBreak && periodStart !== null) {
      findings.push({
        rule: 'break',
        status: 'VIOLATION',
        article: 'Art. 7 Regulation (EC) No 561/2006',
        start: periodStart,
        end,
        value: accumulated,
        limit: LIMITS.drivingBeforeBreak,
        excess: accumulated - LIMITS.drivingBeforeBreak,
        severity: severityOf(DRIVING_BANDS.break, accumulated),
        description:
          `${formatDuration(accumulated)} of driving without a qualifying break of 45 min ` +
          `(or 15 min followed by 30 min); the limit is 4 h 30.`,
        evidenceKinds: ['DRIVING', 'REST'],
      });
    }
    accumulated = 0;
    periodStart = null;
    firstPartTaken = false;
  };
  for (const p of a.periods) {
    const d = p.end - p.start;
    if (p.kind === 'DRIVING') {
      if (periodStart === null) periodStart = p.start;
      accumulated += d;
    } else if (p.kind === 'REST') {
      if (d >= LIMITS.fullBreak || (firstPartTaken && d >= LIMITS.splitBreakSecond)) close(p.start);
      else if (d >= LIMITS.splitBreakFirst) firstPartTaken = true;
    }
  }
  close(a.dataEnd);
  return { findings, notes: [] };
}
