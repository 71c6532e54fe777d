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
import { ALGORITHM_VERSION, DISCLAIMER, LIMITS, RULE_VERSION } from './ruleset.js';
import { breaks } from './rules/break.js';
import { consecutiveReducedWeeklyRest } from './rules/consecutive-reduced-weekly-rest.js';
import { dailyDriving } from './rules/daily-driving.js';
import { dailyRest } from './rules/daily-rest.js';
import { reducedWeeklyRestCompensation } from './rules/weekly-rest-compensation.js';
import { weeklyDriving } from './rules/weekly-driving.js';
import { weeklyRest } from './rules/weekly-rest.js';
import { returnHome } from './rules/mobility-package.js';
import { restPlacesOf } from './rest-places.js';
import { analyse, type Analysis } from './shifts.js';
import { DAY, formatInstant, toIso, toSec, weekStartOf } from './time.js';
import { buildTimeline, innerGaps, periodsOf, type Completion, type Gap, type Timeline } from './timeline.js';
import { applyCardOutPolicy } from './card-out.js';
import { orderedReadings, readingsInForce, type ReadingId } from './readings.js';
import { driverStatus } from './driver-status.js';
import { evidenceOf } from './evidence.js';
import { applyAnnotations } from './annotations.js';
import { annotationsSummaryOf, annotationWarnings, settleAnnotations } from './annotation-effects.js';
import { findingId } from './finding-id.js';
import { openEndOf, openEndRows, openEndWarning, type OpenEnd } from './open-end.js';
import { markDerogations } from './derogation-marks.js';
import {
  applyOutOfScope,
  crossingsOf,
  outOfScopeSpans,
  unclosedOutOfScope,
  type Crossing,
} from './specific-conditions.js';
import {
  assumptionsOf,
  coverageNotes,
  outOfScopeWarnings,
  gapWarnings,
  ruleNotes,
  SHORT_GAP_SECONDS,
  staticNotEvaluated,
} from './precheck-notes.js';
import type {
  NotEvaluated,
  PrecheckInput,
  PrecheckResult,
  PrecheckWarning,
  RestPlacesInput,
  Violation,
} from './types.js';

export { assumptionsOf, gapWarnings, SHORT_GAP_SECONDS } from './precheck-notes.js';

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

/** What the rules read besides the timeline: rest places, ferry/train crossings, out-of-scope periods. */
interface Context {
  places: Places | null;
  crossings: readonly Crossing[];
  /** recorded out-of-scope periods and OUT_OF_SCOPE annotations (./specific-conditions.ts) */
  outOfScope: readonly Gap[];
  /** the time after out-of-scope periods closed only by the card's withdrawal */
  unclosed: readonly Gap[];
}

function evaluate(t: Timeline, completion: Completion, ctx: Context): RuleOutput {
  const { places } = ctx;
  const periods = periodsOf(t, completion);
  const a = analyse(periods, t.knownStart!, t.knownEnd!, ctx.crossings);
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
  markDerogations(out, a, ctx.outOfScope, ctx.unclosed);
  return out;
}

export const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  (a.start < b.end && b.start < a.end) || (a.start === b.start && a.end === b.end);

/**
 * How much of a finding `judge` writes out: the evidence in full, summarised, or the verdict alone (rule, status,
 * span) for a comparison that reads nothing else (markAssumptionDependent), which spares the evidence and texts.
 */
type Detail = 'full' | 'summary' | 'verdict';

function toViolation(
  t: Timeline,
  f: RawFinding,
  status: Violation['status'],
  gaps: readonly Gap[],
  detail: Detail,
): Violation {
  let description = f.description;
  if (status === 'INCOMPLETE_DATA' && detail !== 'verdict') {
    const near = gaps.filter((g) => g.start < f.end + DAY && g.end > f.start - DAY);
    const long = near.filter((g) => g.end - g.start >= SHORT_GAP_SECONDS);
    if (long.length) near.splice(0, near.length, ...long);
    const where = near.length
      ? ` (unknown time ${near.map((g) => `${formatInstant(g.start)} to ${formatInstant(g.end)}`).join(', ')})`
      : '';
    description = `Could not be decided because activity is unknown${where}. Depending on that time: ${f.description}`;
  }
  const found: ReturnType<typeof evidenceOf> =
    detail === 'verdict' ? { evidence: [] } : evidenceOf(t.segments, f, detail === 'summary');
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
    readings: orderedReadings(f.readings ?? []),
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
  detail: Detail,
  ctx: Context,
): { violations: Violation[]; notes: RuleNote[] } {
  const inner = innerGaps(t);
  const violations: Violation[] = [];
  const notes: RuleNote[] = [];
  if (t.knownStart === null) return { violations, notes };
  const asRest = evaluate(t, 'rest', ctx);
  notes.push(...asRest.notes);
  if (inner.length === 0) {
    for (const f of asRest.findings) violations.push(toViolation(evidenceT, f, f.status, inner, detail));
    return { violations, notes };
  }
  const asWork = evaluate(t, 'work', ctx);
  notes.push(...asWork.notes);
  const matched = new Set<RawFinding>();
  for (const f of asRest.findings) {
    const twin = asWork.findings.find((g) => g.rule === f.rule && !matched.has(g) && overlaps(f, g));
    if (twin) matched.add(twin);
    if (twin || MONOTONE.has(f.rule)) {
      // a VIOLATION only when both readings say so (e.g. a rest placed at home in one reading, unplaced in the other)
      const status = twin?.status === 'POTENTIAL' ? 'POTENTIAL' : f.status;
      violations.push(toViolation(evidenceT, f, status, inner, detail));
    } else {
      violations.push(toViolation(evidenceT, f, 'INCOMPLETE_DATA', inner, detail));
    }
  }
  for (const g of asWork.findings) {
    if (matched.has(g) || g.rule === 'daily_driving') continue;
    if (MONOTONE.has(g.rule) && asRest.findings.some((f) => f.rule === g.rule && overlaps(f, g))) continue;
    // a break that depends on an unknown stretch long enough to be a daily rest is not reported again: the
    // daily-rest finding about that same stretch says it (one fault once)
    if (g.rule === 'break' && inner.some((gap) => gap.end - gap.start >= LIMITS.reducedDailyRest && overlaps(gap, g)))
      continue;
    violations.push(toViolation(evidenceT, g, 'INCOMPLETE_DATA', inner, detail));
  }
  return { violations, notes };
}

const span = (v: { start: string; end: string }) => ({ start: toSec(v.start), end: toSec(v.end) });

/** How firm a verdict is: a VIOLATION over a POTENTIAL over an INCOMPLETE_DATA. */
const FIRMNESS: Record<Violation['status'], number> = { VIOLATION: 2, POTENTIAL: 1, INCOMPLETE_DATA: 0 };

/**
 * unknown_as=gap or rest: a verdict exists only under the card-out reading when the strict reading (unknown time
 * unknown) has no finding of the same rule over the same time with a verdict at least as firm (a VIOLATION needs a
 * VIOLATION; a POTENTIAL a VIOLATION or POTENTIAL; an INCOMPLETE_DATA any finding).
 */
function markAssumptionDependent(assumed: Violation[], strict: readonly Violation[]): void {
  // the strict findings by rule, their spans read once (a year holds hundreds of findings on each side)
  const byRule = new Map<string, { status: number; start: number; end: number }[]>();
  for (const s of strict) {
    const list = byRule.get(s.rule) ?? [];
    list.push({ status: FIRMNESS[s.status], ...span(s) });
    byRule.set(s.rule, list);
  }
  for (const v of assumed) {
    const firmness = FIRMNESS[v.status];
    const vs = span(v);
    v.assumption_dependent = !(byRule.get(v.rule) ?? []).some((s) => s.status >= firmness && overlaps(s, vs));
  }
}

/** The rules whose verdict reads co-driver availability in crew mode as a break (Art. 7 third paragraph). */
const BREAK_READING_RULES: ReadonlySet<string> = new Set(['break', 'daily_driving']);

/**
 * The readings the pre-check itself adds to a finding: card_out_time when its verdict exists only under the card-out
 * reading or its span holds time that reading filled; co_driver_break when a break rule's span holds availability
 * recorded as co-driver in crew mode (./rules/break.ts).
 */
export function markReadings(
  violations: readonly (Pick<Violation, 'start' | 'end' | 'assumption_dependent' | 'readings'> & { rule: string })[],
  assumed: readonly Gap[],
  t0: Timeline,
): void {
  // the co-driver availability of the timeline, gathered once rather than searched again for every finding
  const coDriver = t0.segments.filter((x) => x.kind === 'AVAILABILITY' && x.crew && x.coDriver);
  for (const v of violations) {
    const s = span(v);
    const added: ReadingId[] = [];
    if (v.assumption_dependent || assumed.some((g) => g.start < s.end && s.start < g.end)) added.push('card_out_time');
    const riding = (x: Timeline['segments'][number]) => x.start < s.end && s.start < x.end;
    if (BREAK_READING_RULES.has(v.rule) && coDriver.some(riding)) added.push('co_driver_break');
    if (added.length) v.readings = orderedReadings([...v.readings, ...added]);
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

/** The timelines of one input: as recorded (t0), with out-of-scope driving as work (./specific-conditions.ts), with
 *  the annotations applied, and with the card-out policy applied (the one the rules judge). */
function prepared(input: PrecheckInput) {
  const { rows, openEnd, t0 } = timelineOf(input);
  const unknownAs = input.unknown_as ?? 'gap';
  const entries = input.specific_conditions ?? [];
  const recordedOutOfScope = outOfScopeSpans(entries, input.intervals, t0.knownEnd);
  const tC = applyOutOfScope(t0, recordedOutOfScope);
  // the office's annotations fill unknown time first (./annotations.ts); the card-out policy then reads what is left
  const spans = input.annotations_ignored ? [] : (input.annotations ?? []);
  const annotated = applyAnnotations(tC, spans, 'eu561');
  const { timeline: t, assumed } = applyCardOutPolicy(annotated.timeline, unknownAs);
  const ctx = (outOfScope: readonly Gap[]): Context => ({
    places: input.rest_places ? { input: input.rest_places, rows: input.intervals } : null,
    crossings: crossingsOf(entries),
    outOfScope,
    unclosed: unclosedOutOfScope(entries, input.intervals, t0.knownEnd),
  });
  const annotatedOutOfScope = spans.filter((s) => s.kind === 'OUT_OF_SCOPE');
  return {
    rows,
    openEnd,
    t0,
    tC,
    unknownAs,
    spans,
    annotated,
    t,
    assumed,
    recordedOutOfScope,
    ctx: ctx([...recordedOutOfScope, ...annotatedOutOfScope]),
    cardOnlyCtx: ctx(recordedOutOfScope),
  };
}

export function runPrecheck(input: PrecheckInput): PrecheckResult {
  const p = prepared(input);
  const { rows, t0, tC, unknownAs, spans, annotated, t, assumed, ctx, cardOnlyCtx } = p;
  const tA = annotated.timeline;
  const detail: Detail = input.evidence === 'full' ? 'full' : 'summary';
  const { violations, notes } = judge(t, t0, detail, ctx);
  if (assumed.length > 0) markAssumptionDependent(violations, judge(tA, t0, 'verdict', ctx).violations);
  markReadings(violations, assumed, t0);
  violations.sort(byStartThenRule);
  const effects = settleAnnotations(
    violations,
    spans,
    annotated.pieces,
    'eu561',
    () => judge(applyCardOutPolicy(tC, unknownAs).timeline, t0, detail, cardOnlyCtx).violations,
    (v) => {
      v.finding_id = findingId(input.card_number, v.rule, toSec(v.start), toSec(v.end), RULE_VERSION);
    },
  );
  const { warnings, notEvaluated } = notesOf(input, p, notes);
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
    readings: readingsInForce(unknownAs, ['eu561']),
    driver_status: t.knownStart === null ? null : driverStatus(t, input.at ? toSec(input.at) : null),
    annotations: annotationsSummaryOf(spans, input.annotations_ignored === true, annotated.use, 'eu561'),
    annotation_effects: effects,
  };
}

/** The answer's warnings and not_evaluated lines, in their order: data, rules, unknown time, annotations, coverage. */
function notesOf(
  input: PrecheckInput,
  p: ReturnType<typeof prepared>,
  notes: readonly RuleNote[],
): { warnings: PrecheckWarning[]; notEvaluated: NotEvaluated[] } {
  const fromRules = ruleNotes(notes);
  const coverage = coverageNotes(p.t);
  const warnings: PrecheckWarning[] = [
    ...(p.openEnd ? [openEndWarning(p.openEnd)] : []),
    ...fromRules.warnings,
    ...gapWarnings(p.annotated.timeline, p.assumed, p.unknownAs),
    ...annotationWarnings(p.spans, p.annotated.use),
    ...outOfScopeWarnings(p.t0, p.recordedOutOfScope),
    ...coverage.warnings,
  ];
  const notEvaluated = [...staticNotEvaluated(input.rest_places), ...fromRules.notEvaluated, ...coverage.notEvaluated];
  return { warnings, notEvaluated };
}

const byStartThenRule = (a: Violation, b: Violation) =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0;
