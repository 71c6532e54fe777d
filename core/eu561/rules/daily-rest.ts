/**
 * Art. 8(2) daily rest (single driver) and Art. 8(5) multi-manning daily rest; the shifts and the class of
 * each rest come from ../shifts.ts (readings documented there).
 *
 * - a regular (>= 11 h) or split (3 h then 9 h) rest is always compliant;
 * - a reduced rest (9 h..11 h inside the window) is compliant at most three times between two weekly rests
 *   (Art. 8(4)); the fourth and later are reported against 11 h. Reductions taken before the data starts are
 *   unknown and not counted;
 * - a rest of less than 9 h inside the window (or none at all) is reported against 9 h while a reduction is
 *   still available, else against 11 h;
 * - multi-manning: at least 9 h within 30 h (rule daily_rest_multi_manning).
 */
import type { Analysis, DailyRest, Shift } from '../shifts.js';
import type { RawFinding, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { REST_BANDS, graded } from '../severity.js';
import { formatDuration, formatInstant } from '../time.js';

type Rested = Shift & { rest: DailyRest };

const windowText = (shift: Rested) =>
  `within ${shift.rest.multiManning ? 30 : 24} h of the end of the previous rest (${formatInstant(shift.start)})`;

/** Art. 8(4): a reduced daily rest beyond the third since the last weekly rest, measured against 11 h. */
function reductionBeyondThird(shift: Rested, reduced: number): RawFinding {
  const rest = shift.rest;
  return {
    rule: 'daily_rest',
    status: 'VIOLATION',
    article: 'Art. 8(2) and 8(4) Regulation (EC) No 561/2006',
    start: rest.start,
    end: Math.min(rest.end, rest.windowEnd),
    value: rest.portion,
    limit: LIMITS.regularDailyRest,
    excess: LIMITS.regularDailyRest - rest.portion,
    ...graded(REST_BANDS.daily_regular, rest.portion),
    description:
      `Reduced daily rest of ${formatDuration(rest.portion)} ${windowText(shift)} is reduced rest number ${reduced} ` +
      `since the last weekly rest; only three are allowed, so 11 h were needed: ${formatDuration(LIMITS.regularDailyRest - rest.portion)} short.`,
    evidenceKinds: ['REST'],
  };
}

/** Art. 8(5): less than 9 h of rest within 30 h in multi-manning. */
function multiManningShortfall(shift: Rested): RawFinding {
  const rest = shift.rest;
  return {
    rule: 'daily_rest_multi_manning',
    status: 'VIOLATION',
    article: 'Art. 8(5) Regulation (EC) No 561/2006',
    start: shift.start,
    end: rest.windowEnd,
    value: rest.portion,
    limit: LIMITS.multiManningRest,
    excess: LIMITS.multiManningRest - rest.portion,
    ...graded(REST_BANDS.multi_manning, rest.portion),
    description:
      `Multi-manning: the longest rest ${windowText(shift)} is ${formatDuration(rest.portion)}; ` +
      `a daily rest of at least 9 h was needed: ${formatDuration(LIMITS.multiManningRest - rest.portion)} short.`,
    evidenceKinds: ['REST'],
  };
}

/** Art. 8(2): a daily rest too short inside its window, or none, against 9 h while a reduction is left, else 11 h. */
function insufficientDailyRest(shift: Rested, reduced: number): RawFinding {
  const rest = shift.rest;
  const reductionLeft = reduced < LIMITS.reducedDailyRestsBetweenWeeklyRests;
  const limit = reductionLeft ? LIMITS.reducedDailyRest : LIMITS.regularDailyRest;
  const bands = reductionLeft ? REST_BANDS.daily_reduced : REST_BANDS.daily_regular;
  const what =
    rest.kind === 'MISSING'
      ? `No daily rest of at least 9 h was started ${windowText(shift)}; the longest rest in that time is ${formatDuration(rest.portion)}`
      : `Only ${formatDuration(rest.portion)} of the daily rest fall ${windowText(shift)}`;
  const need = reductionLeft
    ? 'at least 9 h (reduced daily rest) were needed'
    : '11 h were needed because the three reduced daily rests are used';
  return {
    rule: 'daily_rest',
    status: 'VIOLATION',
    article: 'Art. 8(2) Regulation (EC) No 561/2006',
    start: shift.start,
    end: rest.windowEnd,
    value: rest.portion,
    limit,
    excess: limit - rest.portion,
    ...graded(bands, rest.portion),
    description: `${what}; ${need}: ${formatDuration(limit - rest.portion)} short.`,
    evidenceKinds: ['REST'],
  };
}

export function dailyRest(a: Analysis): RuleOutput {
  const findings: RawFinding[] = [];
  let reduced = 0;
  for (const shift of a.shifts) {
    if (!shift.rest) continue;
    const rested = shift as Rested;
    const kind = rested.rest.kind;
    if (kind === 'REDUCED') {
      reduced++;
      if (reduced > LIMITS.reducedDailyRestsBetweenWeeklyRests) findings.push(reductionBeyondThird(rested, reduced));
    } else if (kind === 'INSUFFICIENT' || kind === 'MISSING') {
      findings.push(rested.rest.multiManning ? multiManningShortfall(rested) : insufficientDailyRest(rested, reduced));
    }
    // after a weekly rest (>= 24 h) the count of reduced daily rests starts again (Art. 8(4))
    if (rested.rest.duration >= LIMITS.reducedWeeklyRest) reduced = 0;
  }
  return { findings, notes: [] };
}
