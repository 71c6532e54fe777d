/**
 * Art. 6(1) daily driving time: at most 9 h, extendable to at most 10 h not more than twice during the week.
 *
 * Reading: daily driving time = driving between the end of one daily rest and the beginning of the next daily
 * or weekly rest (Art. 4(k)), i.e. per shift (see ../shifts.ts), not per calendar day. A shift belongs to the
 * fixed week (Art. 4(i), Monday 00:00 – Sunday 24:00 UTC) in which it starts; a shift of more than 9 h uses
 * one of that week's two extensions. A shift over 9 h once both extensions are used is judged against 9 h; a
 * shift over 10 h is judged against 10 h while an extension is left, else against 9 h.
 * Before the data starts nothing is known: extensions used earlier in a partly covered week are not counted,
 * so a third extension is only flagged when three are in the data.
 */
import type { Analysis } from '../shifts.js';
import type { RawFinding, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { DRIVING_BANDS, graded } from '../severity.js';
import { formatDuration, formatInstant, weekStartOf } from '../time.js';

const ARTICLE = 'Art. 6(1) Regulation (EC) No 561/2006';

export function dailyDriving(a: Analysis): RuleOutput {
  const findings: RawFinding[] = [];
  const extensions = new Map<number, number>();
  for (const shift of a.shifts) {
    const driving = a.driving.between(shift.start, shift.end);
    if (driving <= LIMITS.dailyDriving) continue;
    const week = weekStartOf(shift.start);
    const used = extensions.get(week) ?? 0;
    const extendedDay = used + 1;
    extensions.set(week, extendedDay);
    const extensionLeft = used < LIMITS.extensionsPerWeek;
    if (extensionLeft && driving <= LIMITS.dailyDrivingExtended) continue; // a permitted 10 h day
    const limit = extensionLeft ? LIMITS.dailyDrivingExtended : LIMITS.dailyDriving;
    const bands = extensionLeft ? DRIVING_BANDS.daily_10h : DRIVING_BANDS.daily_9h;
    const why = extensionLeft
      ? `the 10 h limit of an extended day (extended day ${extendedDay} of this week)`
      : `the 9 h limit: the two 10 h extensions of this week are already used (extended day ${extendedDay} of this week)`;
    findings.push({
      rule: 'daily_driving',
      status: 'VIOLATION',
      article: ARTICLE,
      start: shift.start,
      end: shift.end,
      value: driving,
      limit,
      excess: driving - limit,
      ...graded(bands, driving),
      description:
        `Daily driving time ${formatDuration(driving)} exceeds ${why} by ${formatDuration(driving - limit)} ` +
        `(the shift from ${formatInstant(shift.start)}).`,
      evidenceKinds: ['DRIVING'],
    });
  }
  return { findings, notes: [] };
}
