/**
 * What the card's specific conditions (./specific-conditions.ts) do to the findings of one analysis, beside the rules:
 * - rest findings over an out-of-scope period (recorded, or an OUT_OF_SCOPE annotation) are POTENTIAL: whether
 *   Art. 8 reaches the rests around carriage exempted under Art. 3 or Art. 13 is an UNSURE reading;
 * - rest findings over a rest interrupted by a crossing that could only be a regular weekly rest and was not joined
 *   (./ferry-rests.ts: the 8 h journey of Art. 9(1) second subparagraph not shown) are POTENTIAL;
 * - driving findings over the time after an out-of-scope period closed only by the card's withdrawal are POTENTIAL;
 * - every rest joined under Art. 9(1) is named in a FERRY_TRAIN_REST warning (the bunk or cabin assumed), and the rest
 *   findings over it list the reading ferry_train_cabin.
 * Each mark adds its reading to the finding's readings (./readings.ts).
 */
import type { RawFinding, RuleNote, RuleOutput } from './finding.js';
import type { ReadingId } from './readings.js';
import { LIMITS } from './ruleset.js';
import type { Analysis } from './shifts.js';
import { formatDuration, formatInstant } from './time.js';
import type { Gap } from './timeline.js';
import type { RuleName } from './types.js';

/** The rules of Art. 8 (rests), which the out-of-scope and ferry readings can concern. */
const REST_RULES: ReadonlySet<RuleName> = new Set([
  'daily_rest',
  'daily_rest_multi_manning',
  'weekly_rest',
  'reduced_weekly_rest_compensation',
  'consecutive_reduced_weekly_rest',
  'return_home',
]);

/** The rules of Art. 6 and 7 (driving), which an out-of-scope period closed only by a withdrawal can concern. */
const DRIVING_RULES: ReadonlySet<RuleName> = new Set([
  'daily_driving',
  'weekly_driving',
  'fortnightly_driving',
  'break',
]);

const over = (f: RawFinding, g: { start: number; end: number }) => f.start < g.end && g.start < f.end;

/** Adds `id` to the finding's readings (../readings.ts), once. */
function reads(f: RawFinding, id: ReadingId): void {
  if (!f.readings?.includes(id)) f.readings = [...(f.readings ?? []), id];
}

function potential(f: RawFinding, why: string, reading: ReadingId): void {
  if (f.status === 'VIOLATION') f.status = 'POTENTIAL';
  f.description += ` ${why}`;
  reads(f, reading);
}

function joinedNotes(a: Analysis): RuleNote[] {
  return a.rests.flatMap((r) => {
    if (!r.ferry) return [];
    const weekly = r.duration >= LIMITS.reducedWeeklyRest;
    return [
      {
        kind: 'warning',
        rule: weekly ? 'weekly_rest' : 'daily_rest',
        code: 'FERRY_TRAIN_REST',
        message:
          `The rest from ${formatInstant(r.start)} to ${formatInstant(r.end)} was interrupted ${r.ferry.interruptions} time(s) ` +
          `(${formatDuration(r.ferry.interrupted)} in total) around the ferry/train crossing begun ${formatInstant(r.ferry.crossing.begin)} ` +
          `and is counted as one ${weekly ? 'weekly' : 'daily'} rest of ${formatDuration(r.duration)} (Art. 9(1) Regulation (EC) ` +
          'No 561/2006: at most two interruptions, one hour in total). The card does not show the sleeper cabin, bunk or ' +
          'couchette the derogation needs: it is assumed. Driving in the interruptions counts in the weekly driving time only.',
        start: r.start,
        end: r.end,
      } satisfies RuleNote,
    ];
  });
}

/** Driving findings over time an out-of-scope period may have gone on (./specific-conditions.ts unclosedOutOfScope). */
function markUnclosed(findings: RawFinding[], unclosed: readonly Gap[]): void {
  for (const f of findings) {
    const u = DRIVING_RULES.has(f.rule) ? unclosed.find((g) => over(f, g)) : undefined;
    if (!u) continue;
    potential(
      f,
      `An out-of-scope period was closed by the card's withdrawal at ${formatInstant(u.start)} without an end entered; ` +
        'if the vehicle unit did not close it there, the driving after it was out of scope (other work).',
      'out_of_scope_time',
    );
  }
}

/**
 * Marks the findings of `out` (rules on analysis `a`) and adds the ferry notes (header); `unclosed`: the time after
 * out-of-scope periods closed only by a withdrawal.
 */
export function markDerogations(
  out: RuleOutput,
  a: Analysis,
  outOfScope: readonly Gap[],
  unclosed: readonly Gap[] = [],
): void {
  markUnclosed(out.findings, unclosed);
  for (const f of out.findings) {
    if (!REST_RULES.has(f.rule)) continue;
    const scope = outOfScope.find((g) => over(f, g));
    if (scope) {
      potential(
        f,
        `An out-of-scope period (${formatInstant(scope.start)} to ${formatInstant(scope.end)}) lies in it: whether ` +
          'Art. 8 applies to the rests around carriage exempted under Art. 3 or Art. 13 is not settled, so this is not ' +
          'reported as a violation.',
        'out_of_scope_time',
      );
      continue;
    }
    const ferry = a.ferryUnproven.find((u) => over(f, u));
    if (ferry) {
      potential(
        f,
        `The rest interrupted by the ferry/train crossing begun ${formatInstant(ferry.crossing.begin)} would be a regular ` +
          `weekly rest of ${formatDuration(ferry.accumulated)}; Art. 9(1) second subparagraph allows that only on a journey ` +
          'scheduled for 8 h or more with a sleeper cabin, which the card does not show.',
        'ferry_train_cabin',
      );
    } else if (a.rests.some((r) => r.ferry && over(f, r))) reads(f, 'ferry_train_cabin');
  }
  out.notes.push(...joinedNotes(a));
}
