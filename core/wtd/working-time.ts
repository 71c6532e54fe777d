/**
 * runWorkingTime: Directive 2002/15/EC (working time of mobile road transport workers) on one driver's card
 * activity, as a second ruleset beside EU 561 (pure, no I/O). Same data basis, timeline, card-out policy
 * (`unknown_as`) and finding shape as the EU 561 pre-check (../eu561/precheck.ts).
 *
 * Readings:
 * - Working time (Art. 3(a)) = DRIVING + WORK as recorded; AVAILABILITY is not working time (Art. 3(b)) and is
 *   no break either; REST is a break or rest.
 * - wtd_weekly_max (Art. 4(a)): at most 60 h of working time in a fixed week (Monday 00:00 - Sunday 24:00 UTC,
 *   Art. 3(h)); exactly 60 h is compliant. Weeks partly outside the data are summed over what is known (a lower
 *   bound: an excess found is certain).
 * - wtd_average_weekly (Art. 4(a)): at most 48 h on average over the reference period. The period's alignment is
 *   national: the pre-check uses consecutive periods of `reference_weeks` full weeks starting with the first full
 *   week of the data; a period that does not fit in the data is not evaluated. Average = working time / weeks;
 *   exactly 48 h is compliant.
 * - wtd_break (Art. 5(1)): per working day, the span between two daily rests as the EU 561 pre-check reads it
 *   (../eu561/shifts.ts). (a) No more than 6 consecutive hours of working time: the run of working time between
 *   break parts (REST of at least 15 min) must not exceed 6 h; availability neither adds to the run nor ends it.
 *   (b) The breaks of the day (REST parts of at least 15 min between its working periods) total at least 30 min
 *   when its working time is over 6 h up to 9 h, at least 45 min above 9 h; a day of 6 h or less needs none.
 *   When the day has no break part at all only (a) is reported (one fault once); (b) is not judged on a day the
 *   data ends in (a break may still follow).
 * - Unknown time: both completions (unknown as rest / as work) as in EU 561; what only one shows is
 *   INCOMPLETE_DATA (not listed for a span without any recorded working time: a long absence says nothing). With unknown_as=rest the bounded card-out gaps count as rest, findings existing only under
 *   that assumption are assumption_dependent.
 * - Severity: Directive 2006/22/EC Annex III has no rows for 2002/15 that could be verified: null.
 */
import { dayOf, dayStart, isoDayOrNull, weeksTouching, type UtcDay } from '../time.js';
import { applyCardOutPolicy } from '../eu561/card-out.js';
import { evidenceOf } from '../eu561/evidence.js';
import { assumptionsOf, overlaps, timelineOf } from '../eu561/precheck.js';
import { analyse } from '../eu561/shifts.js';
import { DAY, formatDuration, formatInstant, toIso, toSec, WEEK, weekStartOf } from '../eu561/time.js';
import {
  innerGaps,
  periodsOf,
  type Completion,
  type Period,
  type SegmentKind,
  type Timeline,
} from '../eu561/timeline.js';
import type {
  AnnotationEffect,
  AnnotationsSummary,
  Assumptions,
  NotEvaluated,
  PrecheckInput,
  PrecheckWarning,
  Violation,
} from '../eu561/types.js';
import { applyAnnotations } from '../eu561/annotations.js';
import { annotationsSummaryOf, annotationWarnings, settleAnnotations } from '../eu561/annotation-effects.js';
import { findingId } from '../eu561/finding-id.js';
import {
  WTD_ALGORITHM_VERSION,
  WTD_DISCLAIMER,
  WTD_LIMITS,
  WTD_RULE_VERSION,
  WTD_STATIC_NOT_EVALUATED,
} from './ruleset.js';

/** The Directive 2002/15/EC rules the working-time check evaluates; the API's schema takes its enum from here. */
export const WTD_RULE_NAMES = ['wtd_weekly_max', 'wtd_average_weekly', 'wtd_break'] as const;
export type WtdRuleName = (typeof WTD_RULE_NAMES)[number];

/** The `rule` of a not_evaluated line of the working-time answer: a WTD rule, a static one (./ruleset.ts) or `all`. */
export type WtdNotEvaluatedRule = WtdRuleName | (typeof WTD_STATIC_NOT_EVALUATED)[number]['rule'] | 'all';

export interface WtdViolation extends Omit<Violation, 'rule'> {
  rule: WtdRuleName;
}

export interface WorkingTimeInput extends PrecheckInput {
  /** weeks of the reference period for the 48 h average (1..26, default 17) */
  reference_weeks?: number;
}

export interface WorkingTimeWeek {
  week: string;
  working_time: number;
  driving: number;
  work: number;
  availability: number;
}

export interface WorkingTimeResult {
  rule_version: string;
  algorithm_version: string;
  basis: {
    card_number: string | null;
    import_ids: string[];
    date_from: string | null;
    date_to: string | null;
    untrusted_imports?: string[];
  };
  reference_weeks: number;
  weeks: WorkingTimeWeek[];
  /** average working time of the full weeks of the data (seconds), null when no week is fully covered */
  average_weekly_working_time: number | null;
  violations: WtdViolation[];
  not_evaluated: NotEvaluated<WtdNotEvaluatedRule>[];
  disclaimer: string;
  assumptions: Assumptions;
  /** the annotations applied (always set by runWorkingTime) */
  annotations?: AnnotationsSummary;
  /** card-only findings the annotations removed */
  annotation_effects?: AnnotationEffect[];
  /** annotations over recorded activity (not applied there) */
  warnings?: PrecheckWarning[];
}

interface RawWtd {
  rule: WtdRuleName;
  start: number;
  end: number;
  value: number;
  limit: number;
  excess: number;
  description: string;
  evidenceKinds: readonly SegmentKind[];
}

const ARTICLE: Record<WtdRuleName, string> = {
  wtd_weekly_max: 'Art. 4(a) Directive 2002/15/EC',
  wtd_average_weekly: 'Art. 4(a) Directive 2002/15/EC',
  wtd_break: 'Art. 5(1) Directive 2002/15/EC',
};
const WORKING: readonly SegmentKind[] = ['DRIVING', 'WORK'];
const isWorking = (p: Period) => p.kind === 'DRIVING' || p.kind === 'WORK';

/** The periods overlapping [from, to) (periods are contiguous and ordered: binary search for the first). */
function within(periods: readonly Period[], from: number, to: number): readonly Period[] {
  let lo = 0;
  let hi = periods.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (periods[mid]!.end <= from) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < periods.length && periods[end]!.start < to) end++;
  return periods.slice(lo, end);
}

function workingBetween(periods: readonly Period[], from: number, to: number): number {
  let sum = 0;
  for (const p of within(periods, from, to))
    if (isWorking(p)) sum += Math.max(0, Math.min(p.end, to) - Math.max(p.start, from));
  return sum;
}

function firstFullWeek(dataStart: number): number {
  const w = weekStartOf(dataStart);
  return w === dataStart ? w : w + WEEK;
}

function weeklyMax(periods: readonly Period[], dataStart: number, dataEnd: number): RawWtd[] {
  const out: RawWtd[] = [];
  for (let w = weekStartOf(dataStart); w < dataEnd; w += WEEK) {
    const working = workingBetween(periods, w, w + WEEK);
    if (working <= WTD_LIMITS.weeklyMax) continue;
    out.push({
      rule: 'wtd_weekly_max',
      start: w,
      end: w + WEEK,
      value: working,
      limit: WTD_LIMITS.weeklyMax,
      excess: working - WTD_LIMITS.weeklyMax,
      description:
        `Working time (driving and other work) in the week from ${formatInstant(w)} was ${formatDuration(working)}: ` +
        `${formatDuration(working - WTD_LIMITS.weeklyMax)} over the 60 h maximum of a week.`,
      evidenceKinds: WORKING,
    });
  }
  return out;
}

function averageWeekly(periods: readonly Period[], dataStart: number, dataEnd: number, weeks: number): RawWtd[] {
  const out: RawWtd[] = [];
  for (let w = firstFullWeek(dataStart); w + weeks * WEEK <= dataEnd; w += weeks * WEEK) {
    const end = w + weeks * WEEK;
    const working = workingBetween(periods, w, end);
    if (working <= WTD_LIMITS.averageWeekly * weeks) continue;
    const average = Math.round(working / weeks);
    out.push({
      rule: 'wtd_average_weekly',
      start: w,
      end,
      value: average,
      limit: WTD_LIMITS.averageWeekly,
      excess: average - WTD_LIMITS.averageWeekly,
      description:
        `Average working time over the ${weeks} week(s) from ${formatInstant(w)} was ${formatDuration(average)} a week ` +
        `(${formatDuration(working)} in total): ${formatDuration(average - WTD_LIMITS.averageWeekly)} a week over the 48 h average.`,
      evidenceKinds: WORKING,
    });
  }
  return out;
}

/** Art. 5(1) on one working day [from, to). */
function breaksOfDay(periods: readonly Period[], from: number, to: number, open: boolean): RawWtd[] {
  const out: RawWtd[] = [];
  let run = 0;
  let runStart: number | null = null;
  let longest = { value: 0, start: 0, end: 0 };
  let working = 0;
  let breaks = 0;
  let parts = 0;
  const closeRun = (at: number) => {
    if (runStart !== null && run > longest.value) longest = { value: run, start: runStart, end: at };
    run = 0;
    runStart = null;
  };
  for (const p of periods) {
    if (p.end <= from || p.start >= to) continue;
    const start = Math.max(p.start, from);
    const end = Math.min(p.end, to);
    if (isWorking(p)) {
      runStart ??= start;
      run += end - start;
      working += end - start;
    } else if (p.kind === 'REST' && end - start >= WTD_LIMITS.breakPart && working > 0) {
      closeRun(start);
      breaks += end - start;
      parts++;
    }
  }
  closeRun(to);
  if (longest.value > WTD_LIMITS.consecutiveWork) {
    out.push({
      rule: 'wtd_break',
      start: longest.start,
      end: longest.end,
      value: longest.value,
      limit: WTD_LIMITS.consecutiveWork,
      excess: longest.value - WTD_LIMITS.consecutiveWork,
      description:
        `${formatDuration(longest.value)} of working time without a break of at least 15 min from ${formatInstant(longest.start)}: ` +
        `${formatDuration(longest.value - WTD_LIMITS.consecutiveWork)} over the 6 consecutive hours allowed.`,
      evidenceKinds: [...WORKING, 'REST'],
    });
  }
  if (open || parts === 0 || working <= WTD_LIMITS.breakFrom) return out;
  const needed = working > WTD_LIMITS.longBreakFrom ? WTD_LIMITS.longBreak : WTD_LIMITS.shortBreak;
  if (breaks >= needed) return out;
  out.push({
    rule: 'wtd_break',
    start: from,
    end: to,
    value: breaks,
    limit: needed,
    excess: needed - breaks,
    description:
      `The working day from ${formatInstant(from)} had ${formatDuration(working)} of working time and ` +
      `${formatDuration(breaks)} of breaks (parts of at least 15 min): ${formatDuration(needed)} were needed ` +
      `(${working > WTD_LIMITS.longBreakFrom ? 'over 9 h' : 'over 6 h up to 9 h'} of working time), ${formatDuration(needed - breaks)} short.`,
    evidenceKinds: [...WORKING, 'REST'],
  });
  return out;
}

function evaluate(t: Timeline, completion: Completion, weeks: number): RawWtd[] {
  const periods = periodsOf(t, completion);
  const a = analyse(periods, t.knownStart!, t.knownEnd!);
  const out = [...weeklyMax(periods, a.dataStart, a.dataEnd), ...averageWeekly(periods, a.dataStart, a.dataEnd, weeks)];
  for (const s of a.shifts) out.push(...breaksOfDay(within(periods, s.start, s.end), s.start, s.end, s.rest === null));
  return out;
}

function toViolation(evidenceT: Timeline, f: RawWtd, status: WtdViolation['status'], summarise: boolean): WtdViolation {
  const found = evidenceOf(evidenceT.segments, f, summarise);
  return {
    rule: f.rule,
    status,
    article: ARTICLE[f.rule],
    start: toIso(f.start),
    end: toIso(f.end),
    value: f.value,
    limit: f.limit,
    excess: Math.max(0, f.excess),
    severity: null,
    description:
      status === 'INCOMPLETE_DATA'
        ? `Could not be decided because activity is unknown. Depending on that time: ${f.description}`
        : f.description,
    evidence: found.evidence,
    severity_verified: false,
    assumption_dependent: false,
    ...(found.evidence_summary ? { evidence_summary: found.evidence_summary } : {}),
  };
}

function judge(t: Timeline, evidenceT: Timeline, weeks: number, summarise: boolean): WtdViolation[] {
  if (t.knownStart === null) return [];
  const asRest = evaluate(t, 'rest', weeks);
  if (innerGaps(t).length === 0) return asRest.map((f) => toViolation(evidenceT, f, 'VIOLATION', summarise));
  const asWork = evaluate(t, 'work', weeks);
  const matched = new Set<RawWtd>();
  const out: WtdViolation[] = [];
  for (const f of asRest) {
    const twin = asWork.find((g) => g.rule === f.rule && !matched.has(g) && overlaps(f, g));
    if (twin) matched.add(twin);
    out.push(toViolation(evidenceT, f, twin ? 'VIOLATION' : 'INCOMPLETE_DATA', summarise));
  }
  // a span with no recorded working time at all (a long absence) says nothing: no INCOMPLETE_DATA for it
  const known = periodsOf(t, 'rest');
  for (const g of asWork) {
    if (!matched.has(g) && workingBetween(known, g.start, g.end) > 0)
      out.push(toViolation(evidenceT, g, 'INCOMPLETE_DATA', summarise));
  }
  return out;
}

function weeksOf(t0: Timeline, from: UtcDay | null, to: UtcDay | null): WorkingTimeWeek[] {
  const first = from ?? (t0.segments.length ? dayOf(t0.segments[0]!.start) : null);
  const last = to ?? (t0.segments.length ? dayOf(t0.segments[t0.segments.length - 1]!.end - 1) : null);
  if (first === null || last === null) return [];
  const byWeek = new Map<number, WorkingTimeWeek>();
  const names = weeksTouching(first, last);
  const firstWeek = weekStartOf(dayStart(first));
  names.forEach((week, k) =>
    byWeek.set(firstWeek + k * WEEK, { week, working_time: 0, driving: 0, work: 0, availability: 0 }),
  );
  for (const s of t0.segments) {
    const row = byWeek.get(weekStartOf(s.start));
    if (!row) continue;
    const d = s.end - s.start;
    if (s.kind === 'DRIVING') row.driving += d;
    else if (s.kind === 'WORK') row.work += d;
    else if (s.kind === 'AVAILABILITY') row.availability += d;
    row.working_time = row.driving + row.work;
  }
  return [...byWeek.values()];
}

export function runWorkingTime(input: WorkingTimeInput): WorkingTimeResult {
  const weeks = input.reference_weeks ?? WTD_LIMITS.referenceWeeksDefault;
  const { t0 } = timelineOf(input);
  const unknownAs = input.unknown_as ?? 'unknown';
  // the office's annotations as the working-time readings take them (../eu561/annotations.ts), then the card-out policy
  const spans = input.annotations_ignored ? [] : (input.annotations ?? []);
  const annotated = applyAnnotations(t0, spans, 'wtd');
  const tA = annotated.timeline;
  const { timeline: t, assumed } = applyCardOutPolicy(tA, unknownAs);
  const violations = judge(t, t0, weeks, input.evidence !== 'full');
  const effects = settleAnnotations(
    violations,
    spans,
    annotated.pieces,
    'wtd',
    () => judge(applyCardOutPolicy(t0, unknownAs).timeline, t0, weeks, input.evidence !== 'full'),
    (v) => {
      v.finding_id = findingId(input.card_number, v.rule, toSec(v.start), toSec(v.end), WTD_RULE_VERSION);
    },
  );
  if (assumed.length > 0) {
    const strict = judge(tA, t0, weeks, true);
    for (const v of violations) {
      const firm = v.status !== 'INCOMPLETE_DATA';
      v.assumption_dependent = !strict.some(
        (s) =>
          s.rule === v.rule &&
          (!firm || s.status !== 'INCOMPLETE_DATA') &&
          overlaps({ start: toSec(s.start), end: toSec(s.end) }, { start: toSec(v.start), end: toSec(v.end) }),
      );
    }
  }
  violations.sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0,
  );

  const notEvaluated: NotEvaluated<WtdNotEvaluatedRule>[] = [...WTD_STATIC_NOT_EVALUATED];
  let average: number | null = null;
  if (t0.knownStart === null || t0.knownEnd === null) {
    notEvaluated.push({ rule: 'all', reason: 'No known activity in the data basis.' });
  } else {
    const w0 = firstFullWeek(t0.knownStart);
    const full = Math.floor((t0.knownEnd - w0) / WEEK);
    if (full > 0) average = Math.round(workingBetween(periodsOf(t, 'rest'), w0, w0 + full * WEEK) / full);
    if (full < weeks) {
      notEvaluated.push({
        rule: 'wtd_average_weekly',
        reason: `The data holds ${Math.max(0, full)} full week(s), fewer than the reference period of ${weeks} weeks: the 48 h average is not evaluated.`,
      });
    }
    if (innerGaps(t).length > 0) {
      notEvaluated.push({
        rule: 'all',
        reason: `${innerGaps(t).length} period(s) of unknown activity inside the data: findings they could change are INCOMPLETE_DATA.`,
      });
    }
    if (t0.knownEnd - t0.knownStart < DAY)
      notEvaluated.push({ rule: 'wtd_weekly_max', reason: 'The data covers less than a day.' });
  }
  return {
    rule_version: WTD_RULE_VERSION,
    algorithm_version: WTD_ALGORITHM_VERSION,
    basis: {
      card_number: input.card_number,
      import_ids: [...input.import_ids],
      date_from: isoDayOrNull(input.date_from),
      date_to: isoDayOrNull(input.date_to),
    },
    reference_weeks: weeks,
    weeks: weeksOf(t0, input.date_from, input.date_to),
    average_weekly_working_time: average,
    violations,
    not_evaluated: notEvaluated,
    disclaimer: WTD_DISCLAIMER,
    assumptions: assumptionsOf(unknownAs, assumed, tA),
    annotations: annotationsSummaryOf(spans, input.annotations_ignored === true, annotated.use, 'wtd'),
    annotation_effects: effects,
    warnings: annotationWarnings(spans, annotated.use),
  };
}
