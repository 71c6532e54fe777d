/**
 * Art. 8(6) weekly rest (as amended by 2020/1054).
 *
 * Readings:
 * - a weekly rest is a continuous REST of at least 24 h: regular >= 45 h, reduced 24 h..45 h (Art. 4(h)).
 * - Six 24-hour periods: a weekly rest must start no later than 144 h after the end of the previous weekly
 *   rest. When the data starts with activity, the previous weekly rest ended at the latest at the start of
 *   the data, so a first weekly rest starting more than 144 h after that is certainly late; when the data
 *   starts with rest, that rest is taken as the previous weekly rest (it may have begun earlier). A rest still
 *   running at the end of the data that started in time may be a weekly rest and is never flagged.
 * - Insufficient reduced weekly rest (source: Commission Regulation (EU) 2016/403 Annex I as amended by
 *   2022/694, row "insufficient reduced weekly rest period, less than 24 h": MI 22h–<24h, SI 20h–<22h, VSI <20h;
 *   bands UNCERTAIN, see ../severity.ts): when no rest of 24 h or more starts within the six 24-hour periods, but
 *   a rest of at least 20 h does, that rest is read as the weekly rest the driver took, too short: one finding
 *   with value = its length, limit = 24 h, excess = 24 h - value. Of several such rests the longest counts
 *   (ties: the earliest). It ends the weekly period: the next six 24-hour periods count from its end, so the
 *   fault is reported once (no late-weekly-rest finding for the same missing rest, no cascade on the following
 *   weeks). Below 20 h the late-weekly-rest finding (measured as the delay) stays.
 *   Why 20 h (the pre-check's own threshold, not the Regulation's; the 2016/403 rows go down to "< 20 h VSI"):
 *   a weekly rest cut to 20-24 h is recognisable as one, while below 20 h a rest is what the longest daily rests
 *   of ordinary weeks look like (11 h, up to a long night or a day off of 13-19 h); reading one of those as a
 *   "weekly rest of 12 h" (VSI) would guess which rest the driver meant, so the fault stays "no weekly rest in
 *   time". Compliant weeks are never affected: the search runs only when no rest of 24 h starts in time, so long
 *   daily rests before a weekly rest in time are not judged (tested: a week with a 19 h and a 21 h daily rest and
 *   a 45 h weekly rest in time gives nothing; a 23 h rest followed by a 45 h rest in time neither).
 *   Such a rest is not a reduced weekly rest for the two-week rule and the compensation (Art. 4(h): at least
 *   24 h): it is not counted and owes no compensation; a pair of weeks overlapping it is not reported again
 *   (one fault once, as for a late weekly rest: the pair lacks exactly the weekly rest already reported).
 *   Unknown time: when unknown time next to it could make it 24 h, the finding exists only when the unknown time
 *   is read as work: INCOMPLETE_DATA (../precheck.ts); when it cannot reach 24 h the fault is shown by the data
 *   and reported as a VIOLATION with the length most favourable to the driver (unknown time read as rest).
 * - Two consecutive fixed weeks (Art. 8(6) first subparagraph): at least two weekly rests, one of them
 *   regular. Each weekly rest counts in one week only (Art. 8(9): a rest falling in two weeks "may be counted in
 *   either week, but not in both"); which week takes a rest that crosses Monday 00:00 is the driver's choice,
 *   searched exactly in ./weekly-rest-assignment.ts (the counting most favourable to the driver, with the long-rest
 *   reading: a rest of 90 h or more crossing Monday 00:00 is two regular weekly rests, one in each week). A pair is
 *   reported only when every allowed counting infringes; the finding names the weeks, the rests it considered and
 *   the week each was counted in. Only pairs of weeks fully inside the data are checked, and a pair already
 *   holding a late or insufficient weekly rest (one fault once) is not reported again.
 * - Reading-dependent: where some national guidance counts a rest of 69 h or more (45 h in one week, 24 h in the
 *   other) in both weeks, a pair finding that reading avoids is POTENTIAL with the warning LONG_REST_READING.
 * - Two reduced weekly rests in the pair may be justified by the 2020/1054 derogation for international goods
 *   transport (third subparagraph: two consecutive reduced weekly rests outside the Member State of
 *   establishment when, in any four consecutive weeks, at least four weekly rests of which two regular are taken,
 *   counted with the same assignment). The card cannot show the transport type or place, so when the four-week
 *   condition holds (or cannot be checked because the data is too short) the finding is POTENTIAL, else VIOLATION.
 *   Given where the rests started and the home countries (optional input), ./mobility-package.ts decides it:
 *   lawful, VIOLATION, or still POTENTIAL when the card cannot place a rest.
 */
import type { Analysis, RestPeriod } from '../shifts.js';
import { weeklyRestsOf } from '../shifts.js';
import type { ReadingId } from '../readings.js';
import type { RawFinding, RuleNote, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { DRIVING_BANDS, REST_BANDS, graded } from '../severity.js';
import { formatDuration, formatInstant, WEEK } from '../time.js';
import type { RestPlacesInput } from '../types.js';
import { derogationDecision, homesOf, type DerogationDecision } from './mobility-package.js';
import {
  assignWeeklyRests,
  compensationDebts,
  longRestReadingMatters,
  type CompensationDebt,
  type PairVerdict,
  type Placement,
} from './weekly-rest-assignment.js';

const ARTICLE = 'Art. 8(6) Regulation (EC) No 561/2006 as amended by Regulation (EU) 2020/1054';

function lateWeeklyRest(anchorAt: number, startAt: number, openEnded: boolean): RawFinding {
  const deadline = anchorAt + LIMITS.weeklyRestDeadline;
  const delay = startAt - deadline;
  return {
    rule: 'weekly_rest',
    status: 'VIOLATION',
    article: ARTICLE,
    start: anchorAt,
    end: startAt,
    value: startAt - anchorAt,
    limit: LIMITS.weeklyRestDeadline,
    excess: delay,
    ...graded(DRIVING_BANDS.six_day_delay, delay),
    description: openEnded
      ? `No weekly rest (24 h or more) started within six 24-hour periods after the previous weekly rest ended ` +
        `(${formatInstant(anchorAt)}); by the end of the data ${formatDuration(delay)} had passed beyond the limit.`
      : `The weekly rest began ${formatDuration(delay)} after the end of the sixth 24-hour period ` +
        `(${formatInstant(deadline)}) following the end of the previous weekly rest (${formatInstant(anchorAt)}); ` +
        `it began ${formatInstant(startAt)}.`,
    evidenceKinds: ['REST'],
  };
}

function insufficientWeeklyRest(anchorAt: number, r: RestPeriod): RawFinding {
  const short = LIMITS.reducedWeeklyRest - r.duration;
  return {
    rule: 'weekly_rest',
    status: 'VIOLATION',
    article: ARTICLE,
    start: r.start,
    end: r.end,
    value: r.duration,
    limit: LIMITS.reducedWeeklyRest,
    excess: short,
    ...graded(REST_BANDS.weekly_reduced, r.duration),
    description:
      `No rest of 24 h or more started within six 24-hour periods after the previous weekly rest ended ` +
      `(${formatInstant(anchorAt)}); the longest rest started in that time, ${formatDuration(r.duration)} from ` +
      `${formatInstant(r.start)}, is taken as the weekly rest: an insufficient reduced weekly rest, ` +
      `${formatDuration(short)} short of the 24 h minimum.`,
    evidenceKinds: ['REST'],
    readings: ['insufficient_weekly_rest'],
  };
}

/** Index of the first rest starting at or after `from` (rests are in time order). */
function firstFrom(rests: readonly RestPeriod[], from: number): number {
  let lo = 0;
  let hi = rests.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rests[mid]!.start < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The longest closed rest of 20 h .. < 24 h starting in [from, deadline] (ties: the earliest), or null. */
function longestShortRest(rests: readonly RestPeriod[], from: number, deadline: number): RestPeriod | null {
  let best: RestPeriod | null = null;
  for (let q = firstFrom(rests, from); q < rests.length && rests[q]!.start <= deadline; q++) {
    const r = rests[q]!;
    if (r.leftOpen || r.rightOpen || r.duration < LIMITS.insufficientWeeklyRestFloor) continue;
    if (!best || r.duration > best.duration) best = r;
  }
  return best;
}

/** A rest still running at the end of the data that started in time may be the weekly rest. */
function openRestInTime(a: Analysis, anchor: number, deadline: number): boolean {
  const last = a.rests[a.rests.length - 1];
  return !!last && last.rightOpen && last.start >= anchor && last.start <= deadline;
}

/** Art. 8(6) second sentence: late weekly rests and insufficient reduced weekly rests (< 24 h), in time order. */
export function sixDayPeriods(a: Analysis): RawFinding[] {
  const first = a.rests[0];
  const weekly = weeklyRestsOf(a).filter((r) => !(r.leftOpen && r === first));
  const out: RawFinding[] = [];
  let anchor = first && first.leftOpen ? first.end : a.dataStart;
  for (let c = 0; ;) {
    const deadline = anchor + LIMITS.weeklyRestDeadline;
    const next = weekly[c];
    if (next && next.start <= deadline) {
      anchor = next.end;
      c++;
      continue;
    }
    if (!next && (a.dataEnd <= deadline || openRestInTime(a, anchor, deadline))) break;
    const short = longestShortRest(a.rests, anchor, deadline);
    if (short) {
      out.push(insufficientWeeklyRest(anchor, short));
      anchor = short.end;
      continue;
    }
    out.push(lateWeeklyRest(anchor, next ? next.start : a.dataEnd, !next));
    if (!next) break;
    anchor = next.end;
    c++;
  }
  return out;
}

/** The compensation debts under the counting the two-week rule uses (./weekly-rest-assignment.ts). */
export function compensationDebtsOf(a: Analysis): CompensationDebt[] {
  return compensationDebts(a, sixDayPeriods(a));
}

/** "45 h from Sat 7 Mar 2026 19:00 UTC (crosses Monday 00:00, counted in the week from Mon 9 Mar 2026 00:00 UTC)" */
function placementText(p: Placement, pairStart: number): string {
  const what = `${formatDuration(p.rest.duration)} from ${formatInstant(p.rest.start)}`;
  if (p.weeks.length > 1) return `${what} (90 h or more: counted as a regular weekly rest in each week it overlaps)`;
  const week = `the week from ${formatInstant(p.weeks[0]!)}`;
  if (p.overlaps.length === 1) return `${what} (in ${week})`;
  const outside = p.weeks[0]! < pairStart || p.weeks[0]! >= pairStart + 2 * WEEK;
  return `${what} (crosses Monday 00:00, counted in ${week}${outside ? ', not in these two weeks' : ''})`;
}

function consideredText(v: PairVerdict, placements: readonly Placement[]): string {
  const end = v.start + 2 * WEEK;
  const near = placements.filter((p) => p.rest.start < end && p.rest.end > v.start);
  if (!near.length) return '';
  let text = ` Weekly rests considered: ${near.map((p) => placementText(p, v.start)).join('; ')}.`;
  if (near.some((p) => p.chosen)) {
    text +=
      ' A weekly rest falling in two weeks counts in one of them, not in both (Art. 8(9)); this counting is the most ' +
      'favourable to the driver: every other way of counting the rests that cross Monday 00:00 leaves at least as many infringements.';
  }
  return text;
}

const LONG_REST_TEXT =
  ' Reading-dependent: some national guidance counts a rest of 69 h or more, with at least 45 h in one week and 24 h ' +
  'in the other, as a weekly rest in both weeks; under that reading these weeks hold their weekly rests. The pre-check ' +
  'counts a rest in both weeks only from 90 h (two regular weekly rests).';

function pairText(v: PairVerdict): string {
  const n = v.counted.length;
  const longest = v.counted.reduce((m, c) => Math.max(m, c.rest.duration), 0);
  const short = formatDuration(LIMITS.regularWeeklyRest - longest);
  if (n >= 2) {
    return (
      `Two consecutive weeks from ${formatInstant(v.start)} hold only reduced weekly rests (longest ` +
      `${formatDuration(longest)}); at least one regular weekly rest of 45 h was needed (${short} short)` +
      (v.fourWeeksHold
        ? '. This may be allowed for international goods transport under Regulation (EU) 2020/1054, which the card cannot show.'
        : '; the four-week condition of the 2020/1054 derogation is not met either.')
    );
  }
  const detail = !n
    ? ''
    : longest >= LIMITS.regularWeeklyRest
      ? ` (the one taken, ${formatDuration(longest)}, is regular: a second weekly rest of at least 24 h is missing)`
      : ` (the longest, ${formatDuration(longest)}, is ${short} short of 45 h)`;
  return (
    `Only ${n} weekly rest in the two consecutive weeks from ${formatInstant(v.start)} to ${formatInstant(v.start + 2 * WEEK)}; ` +
    `at least two (one of them a regular 45 h rest) were needed${detail}.`
  );
}

/**
 * What the pair is measured by: the longest weekly rest against 45 h; when the one rest of the pair is regular, the
 * missing second weekly rest (0 h) against the 24 h of a reduced weekly rest.
 */
function measure(v: PairVerdict): { value: number; limit: number; bands: (typeof REST_BANDS)['weekly_regular'] } {
  const longest = v.counted.reduce((m, c) => Math.max(m, c.rest.duration), 0);
  if (v.counted.length === 1 && v.counted[0]!.regular) {
    return { value: 0, limit: LIMITS.reducedWeeklyRest, bands: REST_BANDS.weekly_reduced };
  }
  return { value: longest, limit: LIMITS.regularWeeklyRest, bands: REST_BANDS.weekly_regular };
}

/** The readings a pair's verdict depends on: the 90 h long-rest reading, the 2020/1054 derogation (../readings.ts). */
function pairReadings(v: PairVerdict, readingDependent: boolean, decided: DerogationDecision | null): ReadingId[] {
  const out: ReadingId[] = [];
  if (readingDependent) out.push('long_rest_two_weekly_rests');
  if (v.status === 'POTENTIAL' || decided) out.push('reduced_weekly_rest_derogation');
  return out;
}

function pairFinding(
  v: PairVerdict,
  placements: readonly Placement[],
  readingDependent: boolean,
  decided: DerogationDecision | null,
): RawFinding {
  const { value, limit, bands } = measure(v);
  return {
    rule: 'weekly_rest',
    status: decided?.status ?? (readingDependent ? 'POTENTIAL' : v.status),
    article: `${ARTICLE}; Art. 8(9)`,
    start: v.start,
    end: v.start + 2 * WEEK,
    value,
    limit,
    excess: limit - value,
    ...graded(bands, value),
    description:
      pairText(v) + consideredText(v, placements) + (readingDependent ? LONG_REST_TEXT : '') + (decided?.reason ?? ''),
    evidenceKinds: ['REST'],
    readings: pairReadings(v, readingDependent, decided),
  };
}

function pairNotes(v: PairVerdict, readingDependent: boolean, decided: DerogationDecision | null): RuleNote[] {
  const span = { start: v.start, end: v.start + 2 * WEEK };
  const notes: RuleNote[] = [];
  if (v.status === 'POTENTIAL' && (!decided || decided.status === 'POTENTIAL')) {
    notes.push({
      kind: 'warning',
      rule: 'weekly_rest',
      code: 'DEROGATION_POSSIBLE',
      message:
        'Two consecutive reduced weekly rests may be allowed by Art. 8(6) third subparagraph (international goods ' +
        'transport outside the Member State of establishment); the pre-check does not decide it.',
      ...span,
    });
  }
  if (readingDependent) {
    notes.push({
      kind: 'warning',
      rule: 'weekly_rest',
      code: 'LONG_REST_READING',
      message:
        'A rest of 69 h or more crossing Monday 00:00 counts in both weeks under some national guidance (45 h + 24 h), ' +
        'and only from 90 h in the pre-check: the two-week finding of these weeks depends on that reading.',
      ...span,
    });
  }
  return notes;
}

const HOMES_UNKNOWN: RuleNote = {
  kind: 'not_evaluated',
  rule: 'weekly_rest',
  code: 'HOME_COUNTRIES_UNKNOWN',
  message:
    'Art. 8(6) fourth subparagraph: two consecutive reduced weekly rests are allowed only when they start outside the ' +
    'Member State of establishment and the country of residence; these home countries are not known.',
  start: null,
  end: null,
};

/** With the places of the rests (./mobility-package.ts): whether the 2020/1054 derogation decides a POTENTIAL pair. */
function decide(
  a: Analysis,
  v: PairVerdict,
  dependent: boolean,
  places: RestPlacesInput | undefined,
): DerogationDecision | null {
  if (!places || !homesOf(places) || dependent || v.status !== 'POTENTIAL') return null;
  return derogationDecision(a, v, places);
}

/**
 * Art. 8(6) first subparagraph with Art. 8(9): the pairs of weeks that the most favourable counting leaves
 * without two weekly rests or without a regular one. `missed` are the six-day findings (one fault once). With
 * `places`, a pair of reduced rests is decided by the derogation's place condition (./mobility-package.ts).
 */
export function twoWeekPairs(a: Analysis, missed: readonly RawFinding[], places?: RestPlacesInput): RuleOutput {
  const main = assignWeeklyRests(a, missed);
  const alt =
    main.pairs.length && longRestReadingMatters(a) ? assignWeeklyRests(a, missed, 'LONG_REST_FROM_69H') : null;
  const findings: RawFinding[] = [];
  const notes: RuleNote[] = [];
  for (const v of main.pairs) {
    const other = alt?.pairs.find((x) => x.start === v.start);
    const dependent = alt !== null && (!other || (v.status === 'VIOLATION' && other.status === 'POTENTIAL'));
    const decided = decide(a, v, dependent, places);
    if (decided && decided.status === null) {
      const message = `Two consecutive reduced weekly rests allowed by Art. 8(6) third subparagraph: ${decided.reason}`;
      notes.push({
        kind: 'warning',
        rule: 'weekly_rest',
        code: 'DEROGATION_APPLIED',
        message,
        start: v.start,
        end: v.start + 2 * WEEK,
      });
      continue;
    }
    findings.push(pairFinding(v, main.placements, dependent, decided));
    notes.push(...pairNotes(v, dependent, decided));
  }
  if (places && !homesOf(places) && main.pairs.some((v) => v.status === 'POTENTIAL')) notes.push(HOMES_UNKNOWN);
  return { findings, notes };
}

/** The weekly-rest rule; `places` (optional) are where the weekly rests started and the home countries. */
export function weeklyRest(a: Analysis, places?: RestPlacesInput): RuleOutput {
  const missed = sixDayPeriods(a);
  const pairs = twoWeekPairs(a, missed, places);
  return { findings: [...missed, ...pairs.findings], notes: pairs.notes };
}
