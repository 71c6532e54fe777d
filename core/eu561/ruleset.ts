/**
 * The versioned ruleset: Regulation (EC) No 561/2006 Articles 6, 7 and 8 as amended by Regulation (EU)
 * 2020/1054. Bump RULE_VERSION when a limit or a legal reading changes, ALGORITHM_VERSION when the computation
 * changes without a change of rule.
 */
import { HOUR, MIN } from './time.js';

// 2026.2: Art. 7 third paragraph (2020/1054) — riding as co-driver in crew mode counts as a break (audit).
// 2026.3: Art. 8(6) — a rest of 20 h to < 24 h taken where a weekly rest was due is an insufficient reduced weekly
// rest (2016/403 Annex I), no longer a late weekly rest (./rules/weekly-rest.ts).
// 2026.4: Art. 8(6) third subparagraph — a third reduced weekly rest in a row is an infringement under every reading
// (rule consecutive_reduced_weekly_rest); a single rest of 90 h or more running from one week into the next holds
// the weekly rest of both weeks of a pair; severity bands mark whether their row was verified.
// 2026.5: Art. 8(9) — a weekly rest falling in two weeks counts in one of them, not in both, the same week for the
// two-week rule, the four-week condition and the compensation deadline (./rules/weekly-rest-assignment.ts); a pair
// whose only rest is regular is measured as the missing second weekly rest (0 h against 24 h).
// RULE_VERSION is part of every finding_id (./finding-id.ts): a bump renames every finding and detaches the office's
// reviews. It is not bumped for Art. 9(1) and the out-of-scope periods (1.2.0 below): they read the card's specific
// conditions, which no earlier answer read; a finding of a card without them is unchanged, and a finding they change
// keeps its meaning (a rest or driving limit of Arts. 6 to 8), so its id stays.
export const RULE_VERSION = 'EC561/2006+EU2020/1054:2026.5';
// 1.1.0: unknown_as (card-out time policy), driver_status, evidence summaries.
// 1.2.0: the card's specific conditions: rests interrupted by a ferry/train crossing joined under Art. 9(1)
// (./ferry-rests.ts); driving out of scope is other work and rest findings over it are POTENTIAL
// (./specific-conditions.ts).
export const ALGORITHM_VERSION = '1.2.0';

export const LIMITS = {
  /** Art. 6(1) */
  dailyDriving: 9 * HOUR,
  dailyDrivingExtended: 10 * HOUR,
  extensionsPerWeek: 2,
  /** Art. 6(2) */
  weeklyDriving: 56 * HOUR,
  /** Art. 6(3) */
  fortnightlyDriving: 90 * HOUR,
  /** Art. 7 */
  drivingBeforeBreak: 4.5 * HOUR,
  fullBreak: 45 * MIN,
  splitBreakFirst: 15 * MIN,
  splitBreakSecond: 30 * MIN,
  /** Art. 4(g), 8(2) */
  regularDailyRest: 11 * HOUR,
  reducedDailyRest: 9 * HOUR,
  splitDailyRestFirst: 3 * HOUR,
  splitDailyRestSecond: 9 * HOUR,
  reducedDailyRestsBetweenWeeklyRests: 3,
  dailyRestWindow: 24 * HOUR,
  /** Art. 8(5) */
  multiManningWindow: 30 * HOUR,
  multiManningRest: 9 * HOUR,
  /** Art. 4(h), 8(6) */
  regularWeeklyRest: 45 * HOUR,
  reducedWeeklyRest: 24 * HOUR,
  weeklyRestDeadline: 6 * 24 * HOUR,
  /** pre-check reading: the shortest rest reported as an insufficient reduced weekly rest (./rules/weekly-rest.ts) */
  insufficientWeeklyRestFloor: 20 * HOUR,
} as const;

export const DISCLAIMER =
  'This is a technical pre-check of the selected driver-card data against Regulation (EC) No 561/2006 as ' +
  'amended by Regulation (EU) 2020/1054. It is not a legal decision and not an authority finding. Only the ' +
  'selected data basis is evaluated; periods without card data are not filled in. National exceptions and ' +
  'derogations, AETR and Article 12 (unforeseen events) are never decided automatically; Article 9 (ferry/train) and ' +
  'out-of-scope periods only as far as the specific conditions recorded on the card show them.';

/** What card data cannot decide; listed in every answer. Their `rule` ids are part of the NotEvaluatedRule enum (./types.ts). */
export const STATIC_NOT_EVALUATED = [
  {
    rule: 'return_home',
    reason:
      'Art. 8(8a): a regular weekly rest started in a home country within each four consecutive weeks is checked only with the home countries and the places of the rests.',
  },
  {
    rule: 'regular_weekly_rest_in_vehicle',
    reason: 'Art. 8(8): where a regular weekly rest was taken (not in the vehicle) is not recorded on the card.',
  },
  {
    rule: 'ferry_train',
    reason:
      'Art. 9(1): a rest interrupted around a ferry/train crossing recorded on the card (at most twice, one hour in total, 11 h of rest or more) is counted as one rest, assuming the sleeper cabin, bunk or couchette the card does not show (warning FERRY_TRAIN_REST); a regular weekly rest so interrupted only after a recorded crossing of 8 h or more, else the rest findings over it are POTENTIAL. The second part of a split daily rest (9 h after 3 h) is joined the same way; an interrupted first part, and crossings the card did not record, are evaluated as ordinary rests.',
  },
  {
    rule: 'article_12',
    reason:
      'Art. 12: departures to reach a suitable stopping place or home in exceptional circumstances are never decided automatically.',
  },
  {
    rule: 'reduced_weekly_rest_derogation',
    reason:
      'Art. 8(6) third subparagraph (2020/1054): two consecutive reduced weekly rests are allowed in international goods transport outside the Member State of establishment; the card does not show this, so such cases are reported as POTENTIAL.',
  },
  {
    rule: 'national_derogations',
    reason:
      'Art. 13 and 14 national exceptions, AETR and the occasional passenger transport derogations (Art. 8(6a), Regulation (EU) 2024/1258) are not evaluated.',
  },
  {
    rule: 'working_time_directive',
    reason:
      'Directive 2002/15/EC (working time, night work, breaks from work) is outside this pre-check: see GET /api/drivercard/working-time.',
  },
  {
    rule: 'compensation_before_next_weekly_rest',
    reason:
      'Art. 8(6) fourth subparagraph (2020/1054): after two consecutive reduced weekly rests taken under the derogation, the next weekly rest must be preceded by their compensation; whether the derogation was used is not on the card, so this is not checked (the compensation deadline of Art. 8(6) second subparagraph is).',
  },
  {
    rule: 'break_in_multi_manning_vehicle',
    reason:
      'Art. 7 third paragraph (2020/1054): in multi-manning a break may be taken in a vehicle driven by another driver if the driver does not assist; availability recorded as co-driver in crew mode is counted as such a break, whether the driver assisted is not decided (warning MULTI_MANNING_BREAK).',
  },
] as const satisfies readonly { rule: string; reason: string }[];

/** The ids of STATIC_NOT_EVALUATED. */
export type StaticNotEvaluatedRule = (typeof STATIC_NOT_EVALUATED)[number]['rule'];
