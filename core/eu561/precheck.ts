/**
 * runPrecheck: the EU 561/2006 pre-check of one driver's card activity (pure, no I/O).
 *
 * Flow: rows -> gap-aware timeline (./timeline.ts) -> two completions of the unknown time (as REST and as WORK)
 * -> shifts (./shifts.ts) -> every rule (./rules/*) -> findings compared across the completions:
 * - in both completions: the data shows it whatever the unknown time was -> VIOLATION (or POTENTIAL);
 * - in one completion only: unknown or missing time could change the outcome -> INCOMPLETE_DATA, severity null.
 *   A daily-driving finding that exists only when unknown time is taken as work is dropped: it can only come
 *   from a daily rest that is itself missing, and that fault is reported once, as the daily-rest finding.
 * - Driving-based rules (daily, weekly, fortnightly driving, breaks) are monotone in the unknown time: taking it
 *   as REST gives the least driving per shift and the most breaks, so what they find in the REST completion is
 *   shown by the data whatever the unknown time was (unknown time is never driving: the vehicle unit records
 *   driving only with a card inserted).
 */
import type { ActivityIntervalRow } from '../domain/rows.js';
import { dayOf, dayStart, isoDayOrNull, parseIsoWeek, weeksTouching } from '../time.js';
import { timeTotals } from '../overview/time-totals.js';
import type { RawFinding, RuleNote, RuleOutput } from './finding.js';
import { ALGORITHM_VERSION, DISCLAIMER, LIMITS, RULE_VERSION, STATIC_NOT_EVALUATED } from './ruleset.js';
import { breaks } from './rules/break.js';
import { consecutiveReducedWeeklyRest } from './rules/consecutive-reduced-weekly-rest.js';
import { dailyDriving } from './rules/daily-driving.js';
import { dailyRest } from './rules/daily-rest.js';
import { reducedWeeklyRestCompensation } from './rules/weekly-rest-compensation.js';
import { weeklyDriving } from './rules/weekly-driving.js';
import { weeklyRest } from './rules/weekly-rest.js';
import { homesOf, returnHome } from './rules/mobility-package.js';
import { restPlacesOf } from './rest-places.js';
import { analyse, type Analysis } from './shifts.js';
import { DAY, formatDuration, formatInstant, toIso, toSec, weekStartOf } from './time.js';
import { buildTimeline, innerGaps, periodsOf, type Completion, type Gap, type Timeline } from './timeline.js';
import { applyCardOutPolicy, CARD_OUT_REST_MAX_SECONDS } from './card-out.js';
import { driverStatus } from './driver-status.js';
import { evidenceOf } from './evidence.js';
import { applyAnnotations } from './annotations.js';
import { annotationsSummaryOf, annotationWarnings, settleAnnotations } from './annotation-effects.js';
import { findingId } from './finding-id.js';
import { openEndOf, openEndRows, openEndWarning, type OpenEnd } from './open-end.js';
import type {
  Assumptions,
  NotEvaluated,
  PrecheckInput,
  PrecheckResult,
  PrecheckWarning,
  RestPlacesInput,
  UnknownAs,
  Violation,
} from './types.js';

const MONOTONE: ReadonlySet<string> = new Set(['daily_driving', 'weekly_driving', 'fortnightly_driving', 'break']);

export const RULES: readonly ((a: Analysis) => RuleOutput)[] = [
  dailyDriving,
  weeklyDriving,
  breaks,
  dailyRest,
  weeklyRest,
  reducedWeeklyRestCompensation,
  consecutiveReducedWeeklyRest,
];

/** The Mobility Package input of the rules: the places of the weekly rests and the rows that placed them. */
interface Places {
  input: RestPlacesInput;
  rows: readonly ActivityIntervalRow[];
}

function evaluate(t: Timeline, completion: Completion, places: Places | null): RuleOutput {
  const periods = periodsOf(t, completion);
  const a = analyse(periods, t.knownStart!, t.knownEnd!);
  const out: RuleOutput = { findings: [], notes: [] };
  // the weekly rests differ between the completions: each is placed on its own timeline (./rest-places.ts)
  const placed = places ? restPlacesOf(a, places.input, places.rows) : undefined;
  for (const rule of RULES) {
    const r = rule === weeklyRest ? weeklyRest(a, placed) : rule(a);
    out.findings.push(...r.findings);
    out.notes.push(...r.notes);
  }
  if (placed) {
    const home = returnHome(a, placed);
    out.findings.push(...home.findings);
    // without home countries the static not_evaluated line says so (mobilityNotEvaluated)
    out.notes.push(...home.notes.filter((n) => n.code !== 'HOME_COUNTRIES_UNKNOWN'));
  }
  return out;
}

export const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  (a.start < b.end && b.start < a.end) || (a.start === b.start && a.end === b.end);

function toViolation(
  t: Timeline,
  f: RawFinding,
  status: Violation['status'],
  gaps: readonly Gap[],
  summarise: boolean,
): Violation {
  let description = f.description;
  if (status === 'INCOMPLETE_DATA') {
    const near = gaps.filter((g) => g.start < f.end + DAY && g.end > f.start - DAY);
    const long = near.filter((g) => g.end - g.start >= SHORT_GAP_SECONDS);
    if (long.length) near.splice(0, near.length, ...long);
    const where = near.length
      ? ` (unknown time ${near.map((g) => `${formatInstant(g.start)} to ${formatInstant(g.end)}`).join(', ')})`
      : '';
    description = `Could not be decided because activity is unknown${where}. Depending on that time: ${f.description}`;
  }
  const found = evidenceOf(t.segments, f, summarise);
  return {
    rule: f.rule,
    status,
    article: f.article,
    start: toIso(f.start),
    end: toIso(f.end),
    value: f.value,
    limit: f.limit,
    excess: Math.max(0, f.excess),
    severity: status === 'INCOMPLETE_DATA' ? null : f.severity,
    description,
    evidence: found.evidence,
    severity_verified: status !== 'INCOMPLETE_DATA' && f.severity !== null && f.severityVerified === true,
    assumption_dependent: false,
    ...(found.evidence_summary ? { evidence_summary: found.evidence_summary } : {}),
  };
}

function summaryOf(input: PrecheckInput, t: Timeline, rows: readonly ActivityIntervalRow[]): PrecheckResult['summary'] {
  const totals = timeTotals(rows);
  const byWeek = new Map<number, number>(); // Monday 00:00 (epoch s) -> driving seconds
  for (const s of t.segments) {
    if (s.kind !== 'DRIVING') continue;
    const week = weekStartOf(s.start);
    byWeek.set(week, (byWeek.get(week) ?? 0) + (s.end - s.start));
  }
  const first = input.date_from ?? (t.segments.length ? dayOf(t.segments[0]!.start) : null);
  const last = input.date_to ?? (t.segments.length ? dayOf(t.segments[t.segments.length - 1]!.end - 1) : null);
  const weeks = first !== null && last !== null ? weeksTouching(first, last) : [];
  return {
    driving: totals.DRIVING,
    work: totals.WORK,
    availability: totals.AVAILABILITY,
    rest: totals.REST,
    unknown: totals.UNKNOWN,
    weeks: weeks.map((week) => ({ week, driving: byWeek.get(dayStart(parseIsoWeek(week)!.start)) ?? 0 })),
  };
}

export { openEndOf } from './open-end.js';

/** The findings of one timeline (rules on both completions, compared); evidence read from `evidenceOf`. */
function judge(
  t: Timeline,
  evidenceT: Timeline,
  summarise: boolean,
  places: Places | null,
): { violations: Violation[]; notes: RuleNote[] } {
  const inner = innerGaps(t);
  const violations: Violation[] = [];
  const notes: RuleNote[] = [];
  if (t.knownStart === null) return { violations, notes };
  const asRest = evaluate(t, 'rest', places);
  notes.push(...asRest.notes);
  if (inner.length === 0) {
    for (const f of asRest.findings) violations.push(toViolation(evidenceT, f, f.status, inner, summarise));
    return { violations, notes };
  }
  const asWork = evaluate(t, 'work', places);
  notes.push(...asWork.notes);
  const matched = new Set<RawFinding>();
  for (const f of asRest.findings) {
    const twin = asWork.findings.find((g) => g.rule === f.rule && !matched.has(g) && overlaps(f, g));
    if (twin) matched.add(twin);
    if (twin || MONOTONE.has(f.rule)) {
      // a VIOLATION only when both readings say so (e.g. a rest placed at home in one reading, unplaced in the other)
      const status = twin?.status === 'POTENTIAL' ? 'POTENTIAL' : f.status;
      violations.push(toViolation(evidenceT, f, status, inner, summarise));
    } else {
      violations.push(toViolation(evidenceT, f, 'INCOMPLETE_DATA', inner, summarise));
    }
  }
  for (const g of asWork.findings) {
    if (matched.has(g) || g.rule === 'daily_driving') continue;
    if (MONOTONE.has(g.rule) && asRest.findings.some((f) => f.rule === g.rule && overlaps(f, g))) continue;
    // a break that depends on an unknown stretch long enough to be a daily rest is not reported again: the
    // daily-rest finding about that same stretch says it (one fault once)
    if (g.rule === 'break' && inner.some((gap) => gap.end - gap.start >= LIMITS.reducedDailyRest && overlaps(gap, g)))
      continue;
    violations.push(toViolation(evidenceT, g, 'INCOMPLETE_DATA', inner, summarise));
  }
  return { violations, notes };
}

const span = (v: Violation) => ({ start: toSec(v.start), end: toSec(v.end) });

/**
 * unknown_as=rest: a finding exists only under the assumption when the strict reading (unknown time unknown)
 * has no finding of the same rule over the same time with a verdict at least as firm (a VIOLATION or POTENTIAL
 * needs a VIOLATION or POTENTIAL; an INCOMPLETE_DATA needs any finding).
 */
function markAssumptionDependent(assumed: Violation[], strict: readonly Violation[]): void {
  for (const v of assumed) {
    const firm = v.status !== 'INCOMPLETE_DATA';
    v.assumption_dependent = !strict.some(
      (s) => s.rule === v.rule && (!firm || s.status !== 'INCOMPLETE_DATA') && overlaps(span(s), span(v)),
    );
  }
}

/** The rows of the requested range, the open end of the data and the timeline built from them. */
export function timelineOf(input: PrecheckInput): {
  rows: readonly ActivityIntervalRow[];
  openEnd: OpenEnd | null;
  t0: Timeline;
} {
  const rangeStart = input.date_from !== null ? dayStart(input.date_from) : null;
  const rangeEnd = input.date_to !== null ? dayStart(input.date_to) + DAY : null;
  const rows =
    input.date_from === null && input.date_to === null
      ? input.intervals
      : input.intervals.filter(
          (r) =>
            (input.date_from === null || r.date >= input.date_from) &&
            (input.date_to === null || r.date <= input.date_to),
        );
  const openEnd = openEndOf(rows, input.open_end_date);
  return { rows, openEnd, t0: buildTimeline(openEndRows(rows, openEnd), rangeStart, rangeEnd) };
}

export function runPrecheck(input: PrecheckInput): PrecheckResult {
  const { rows, openEnd, t0 } = timelineOf(input);
  const unknownAs = input.unknown_as ?? 'unknown';
  // the office's annotations fill unknown time first (./annotations.ts); the card-out policy then reads what is left
  const spans = input.annotations_ignored ? [] : (input.annotations ?? []);
  const annotated = applyAnnotations(t0, spans, 'eu561');
  const tA = annotated.timeline;
  const { timeline: t, assumed } = applyCardOutPolicy(tA, unknownAs);
  const inner = innerGaps(t);

  const places: Places | null = input.rest_places ? { input: input.rest_places, rows: input.intervals } : null;
  const judged = judge(t, t0, input.evidence !== 'full', places);
  const violations = judged.violations;
  const notes = judged.notes;
  if (assumed.length > 0) markAssumptionDependent(violations, judge(tA, t0, true, places).violations);
  violations.sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0,
  );
  const effects = settleAnnotations(
    violations,
    spans,
    annotated.pieces,
    'eu561',
    () => judge(applyCardOutPolicy(t0, unknownAs).timeline, t0, input.evidence !== 'full', places).violations,
    (v) => {
      v.finding_id = findingId(input.card_number, v.rule, toSec(v.start), toSec(v.end), RULE_VERSION);
    },
  );

  const warnings: PrecheckWarning[] = [];
  if (openEnd) warnings.push(openEndWarning(openEnd));
  const seen = new Set<string>();
  const notEvaluated: NotEvaluated[] = staticNotEvaluated(input.rest_places);
  for (const n of notes) {
    const key = `${n.kind}|${n.code}|${n.start}|${n.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (n.kind === 'warning') {
      warnings.push({
        code: n.code,
        message: n.message,
        start: n.start === null ? null : toIso(n.start),
        end: n.end === null ? null : toIso(n.end),
      });
    } else {
      notEvaluated.push({ rule: n.rule, reason: n.message });
    }
  }
  warnings.push(...gapWarnings(tA, assumed), ...annotationWarnings(spans, annotated.use));
  if (t.knownStart === null) {
    warnings.push({
      code: 'NO_ACTIVITY_DATA',
      message: 'The data basis holds no known activity; no rule was evaluated.',
      start: null,
      end: null,
    });
    notEvaluated.push({ rule: 'all', reason: 'No known activity in the data basis.' });
  } else if (inner.length) {
    notEvaluated.push({
      rule: 'all',
      reason: `${inner.length} period(s) of unknown activity inside the data: rules they could change are reported as INCOMPLETE_DATA, never as violations.`,
    });
  }
  if (t.knownStart !== null && t.knownEnd! - t.knownStart < 14 * DAY) {
    notEvaluated.push({
      rule: 'fortnightly_driving',
      reason: 'The data covers less than two weeks; the two-week limits are checked only on what is known.',
    });
  }

  return {
    rule_version: RULE_VERSION,
    algorithm_version: ALGORITHM_VERSION,
    basis: {
      card_number: input.card_number,
      import_ids: [...input.import_ids],
      date_from: isoDayOrNull(input.date_from),
      date_to: isoDayOrNull(input.date_to),
    },
    driver: { card_number: input.card_number, surname: input.surname, first_names: input.first_names },
    summary: summaryOf(input, t0, rows),
    violations,
    warnings,
    data_gaps: t0.gaps.map((g) => ({ start: toIso(g.start), end: toIso(g.end), duration: g.end - g.start })),
    not_evaluated: notEvaluated,
    disclaimer: DISCLAIMER,
    assumptions: assumptionsOf(unknownAs, assumed, tA),
    driver_status: t.knownStart === null ? null : driverStatus(t, input.at ? toSec(input.at) : null),
    annotations: annotationsSummaryOf(spans, input.annotations_ignored === true, annotated.use, 'eu561'),
    annotation_effects: effects,
  };
}

/** The Mobility Package lines of STATIC_NOT_EVALUATED: evaluated once the home countries are known. */
const MOBILITY_RULES: ReadonlySet<string> = new Set([
  'return_home',
  'reduced_weekly_rest_derogation',
  'compensation_before_next_weekly_rest',
]);

const HOMES_UNKNOWN_REASON =
  ' The rest places are read from the card, but the home countries (Member State of establishment, country of ' +
  "residence) are not known: set DRIVERCARD_HOME_COUNTRY or the card's home countries.";

/**
 * STATIC_NOT_EVALUATED for this input: with the home countries known the Mobility Package rules are evaluated
 * (./rules/mobility-package.ts) and their lines dropped; without them (or without rest places) they stay, saying why.
 */
function staticNotEvaluated(places: RestPlacesInput | undefined): NotEvaluated[] {
  if (!places) return [...STATIC_NOT_EVALUATED];
  const known = homesOf(places) !== null;
  return STATIC_NOT_EVALUATED.flatMap((e) => {
    if (!MOBILITY_RULES.has(e.rule)) return [e];
    return known ? [] : [{ rule: e.rule, reason: e.reason + HOMES_UNKNOWN_REASON }];
  });
}

/** Gaps shorter than this are not listed one by one (a card moved between slots or vehicles): one summary warning. */
export const SHORT_GAP_SECONDS = 5 * 60;

/** DATA_GAP / DATA_MISSING warnings, short gaps merged into one SHORT_DATA_GAPS warning. */
export function gapWarnings(t0: Timeline, assumed: readonly Gap[]): PrecheckWarning[] {
  const inner = innerGaps(t0);
  const out: PrecheckWarning[] = [];
  const short: Gap[] = [];
  for (const g of t0.gaps) {
    const isInner = inner.includes(g);
    if (isInner && g.end - g.start < SHORT_GAP_SECONDS) {
      short.push(g);
      continue;
    }
    const what = `Activity unknown for ${formatDuration(g.end - g.start)} (${formatInstant(g.start)} to ${formatInstant(g.end)})`;
    let message: string;
    if (assumed.includes(g))
      message = `${what}: no card record and no manual entry. Counted as rest (unknown_as=rest).`;
    else if (isInner) {
      message =
        `${what}: no card record and no manual entry. It is not counted as rest or work` +
        `${assumed.length || g.end - g.start > CARD_OUT_REST_MAX_SECONDS ? ` (longer than the ${formatDuration(CARD_OUT_REST_MAX_SECONDS)} counted as rest under unknown_as=rest)` : ''}` +
        '; findings it could change are INCOMPLETE_DATA.';
    } else {
      message = `${what} ${t0.knownStart === null || g.end <= t0.knownStart ? 'before the first' : 'after the last'} known activity; this time is not evaluated.`;
    }
    out.push({
      code:
        g.end - g.start >= DAY && t0.segments.some((s) => s.missing && s.start >= g.start && s.end <= g.end)
          ? 'DATA_MISSING'
          : 'DATA_GAP',
      message,
      start: toIso(g.start),
      end: toIso(g.end),
    });
  }
  if (short.length) {
    const total = short.reduce((sum, g) => sum + g.end - g.start, 0);
    out.push({
      code: 'SHORT_DATA_GAPS',
      message:
        `${short.length} short period(s) of unknown activity (each under ${formatDuration(SHORT_GAP_SECONDS)}, ${formatDuration(total)} in total, ` +
        `the first ${formatInstant(short[0]!.start)}, the last ${formatInstant(short[short.length - 1]!.start)}), typically a card moved ` +
        'between slots or vehicles; they are listed in data_gaps and merged here.',
      start: toIso(short[0]!.start),
      end: toIso(short[short.length - 1]!.end),
    });
  }
  return out;
}

export function assumptionsOf(unknownAs: UnknownAs, assumed: readonly Gap[], t0: Timeline): Assumptions {
  if (unknownAs === 'unknown') {
    return {
      unknown_as: 'unknown',
      card_out_rest_max_seconds: null,
      text: [
        'Time with no card inserted and no manual entry is not counted as rest or work: findings it could change are ' +
          'INCOMPLETE_DATA (unknown_as=unknown). With unknown_as=rest such time between duties counts as rest.',
      ],
    };
  }
  const total = assumed.reduce((sum, g) => sum + g.end - g.start, 0);
  const left = innerGaps(t0).length - assumed.length;
  return {
    unknown_as: 'rest',
    card_out_rest_max_seconds: CARD_OUT_REST_MAX_SECONDS,
    text: [
      `Time with no card inserted and no manual entry between the first and the last recorded activity is counted as rest ` +
        `when it lasts at most ${formatDuration(CARD_OUT_REST_MAX_SECONDS)} (unknown_as=rest, office practice for card-out ` +
        `periods between duties): ${assumed.length} period(s), ${formatDuration(total)} in total.`,
      left > 0
        ? `${left} longer period(s) stay unknown: findings they could change are INCOMPLETE_DATA.`
        : 'No longer period of unknown activity is left inside the data.',
      'Time before the first and after the last recorded activity is never counted.',
      'Findings that exist only under this assumption are marked assumption_dependent.',
    ],
  };
}
