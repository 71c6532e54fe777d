/**
 * Art. 7: after a driving period of 4 h 30 a driver takes an uninterrupted break of at least 45 min, unless
 * he takes a rest period; the break may be replaced by a break of at least 15 min followed by a break of at
 * least 30 min (in that order, 2nd paragraph as worded since 561/2006).
 *
 * Reading:
 * - REST counts as a break (Art. 4(d): a break is used exclusively for recuperation; availability is not
 *   a break); WORK and AVAILABILITY neither count as driving nor interrupt the count;
 * - multi-manning exception (Art. 7 third paragraph, inserted by Regulation (EU) 2020/1054): "a driver engaged
 *   in multi-manning may take a break of 45 minutes in a vehicle driven by another driver provided that the
 *   driver taking the break is not involved in assisting the driver driving the vehicle". While the vehicle
 *   moves the tachograph records the co-driver's card as AVAILABILITY (older units allow nothing else), so
 *   AVAILABILITY in the co-driver slot in crew mode ("riding") is taken as a break of the same length. Whether
 *   the driver assisted cannot be seen; the answer carries a MULTI_MANNING_BREAK warning saying so (audit
 *   2026: a crew driving D 4h30 / co-driver 4h30 / D 4h30 was otherwise a VSI break violation on a compliant
 *   crew timeline);
 * - a rest of >= 45 min (which includes every daily and weekly rest) resets the count; so does a rest of
 *   >= 30 min when a rest of >= 15 min was taken earlier in the same driving period (a 30 min then 15 min
 *   sequence is NOT a valid split: the 30 min counts as the first part only);
 * - a finding is reported once per driving period: value = all driving accumulated before the qualifying
 *   break (or the end of the data), compared with 4 h 30. Exactly 4 h 30 is compliant.
 * - before the data starts the count is 0 (driving before the data is unknown, never invented).
 */
import type { Analysis } from '../shifts.js';
import type { RawFinding, RuleNote, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { DRIVING_BANDS, graded } from '../severity.js';
import { formatDuration, formatInstant } from '../time.js';

export function breaks(a: Analysis): RuleOutput {
  const findings: RawFinding[] = [];
  let accumulated = 0;
  let periodStart: number | null = null; // first driving of the current driving period
  let firstPartTaken = false;
  let firstRiding: { start: number; end: number } | null = null;
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
        ...graded(DRIVING_BANDS.break, accumulated),
        description:
          `${formatDuration(accumulated)} of driving from ${formatInstant(periodStart)} without a qualifying break of ` +
          `45 min (or 15 min followed by 30 min): ${formatDuration(accumulated - LIMITS.drivingBeforeBreak)} over the 4 h 30 limit.`,
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
    } else if (p.kind === 'REST' || p.riding) {
      const qualifies = d >= LIMITS.fullBreak || (firstPartTaken && d >= LIMITS.splitBreakSecond);
      if (p.riding && accumulated > 0 && (qualifies || d >= LIMITS.splitBreakFirst))
        firstRiding ??= { start: p.start, end: p.end };
      if (qualifies) close(p.start);
      else if (d >= LIMITS.splitBreakFirst) firstPartTaken = true;
    }
  }
  close(a.dataEnd);
  const notes: RuleNote[] = firstRiding
    ? [
        {
          kind: 'warning',
          rule: 'break',
          code: 'MULTI_MANNING_BREAK',
          message:
            'Availability recorded as co-driver in crew mode was counted as a break (Art. 7 third paragraph, Regulation ' +
            '(EU) 2020/1054: a break may be taken in a vehicle driven by another driver, provided the driver did not assist). ' +
            'The card cannot show whether the driver assisted; the first such period is given.',
          start: firstRiding.start,
          end: firstRiding.end,
        },
      ]
    : [];
  return { findings, notes };
}
