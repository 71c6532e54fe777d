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
 *   INCOMPLETE_DATA (not listed for a span without any recorded working time: a long absence says nothing). Under
 *   unknown_as=gap (default) every card-out gap, under unknown_as=rest the gaps of at most 5 days, count as rest;
 *   findings existing only under that reading are assumption_dependent and list card_out_time in their readings.
 * - Severity: Directive 2006/22/EC Annex III has no rows for 2002/15 that could be verified: null.
 */
import { dayOf, dayStart, isoDayOrNull, weeksTouching, type UtcDay } from '../time.js';
import { applyCardOutPolicy } from '../eu561/card-out.js';
import { evidenceOf } from '../eu561/evidence.js';
import { assumptionsOf, markReadings, overlaps, timelineOf } from '../eu561/precheck.js';
import { DAY, toIso, toSec, WEEK, weekStartOf } from '../eu561/time.js';
import { innerGaps, periodsOf, type Timeline } from '../eu561/timeline.js';
import type { NotEvaluated, PrecheckInput, PrecheckResult, PrecheckWarning, Violation } from '../eu561/types.js';
import { applyAnnotations } from '../eu561/annotations.js';
import { annotationsSummaryOf, annotationWarnings, settleAnnotations } from '../eu561/annotation-effects.js';
import { findingId } from '../eu561/finding-id.js';
import {
  WTD_ALGORITHM_VERSION,
  WTD_DISCLAIMER,
  WTD_LIMITS,
  WTD_RULE_VERSION,
  WTD_STATIC_NOT_EVALUATED,
  type WtdRuleName,
} from './ruleset.js';
import { readingsInForce, type ReadingId } from '../eu561/readings.js';
import { evaluate, firstFullWeek, workingBetween, type RawWtd } from './wtd-rules.js';

/** The rule names (declared with the ruleset), for the adapters that import them from the check. */
export { WTD_RULE_NAMES, type WtdRuleName } from './ruleset.js';

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

/**
 * The working-time answer: the pre-check's versions, basis (untrusted_imports with include_quarantined=true),
 * disclaimer, assumptions and annotations (always set by runWorkingTime), with the Directive's weeks and findings.
 */
export interface WorkingTimeResult extends Pick<
  PrecheckResult,
  | 'rule_version'
  | 'algorithm_version'
  | 'basis'
  | 'disclaimer'
  | 'assumptions'
  | 'readings'
  | 'annotations'
  | 'annotation_effects'
> {
  reference_weeks: number;
  weeks: WorkingTimeWeek[];
  /** average working time of the full weeks of the data (seconds), null when no week is fully covered */
  average_weekly_working_time: number | null;
  violations: WtdViolation[];
  not_evaluated: NotEvaluated<WtdNotEvaluatedRule>[];
  /** annotations over recorded activity (not applied there) */
  warnings?: PrecheckWarning[];
}

/** The working-time readings (../eu561/readings.ts) each rule's verdict depends on. */
const RULE_READINGS: Record<WtdRuleName, ReadingId[]> = {
  wtd_weekly_max: ['availability_not_working_time'],
  wtd_average_weekly: ['availability_not_working_time', 'wtd_reference_period'],
  wtd_break: ['availability_not_working_time'],
};

const ARTICLE: Record<WtdRuleName, string> = {
  wtd_weekly_max: 'Art. 4(a) Directive 2002/15/EC',
  wtd_average_weekly: 'Art. 4(a) Directive 2002/15/EC',
  wtd_break: 'Art. 5(1) Directive 2002/15/EC',
};

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
    readings: [...RULE_READINGS[f.rule]],
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

/** Marks the findings that exist only because card-out time was taken as rest (unknown_as=gap or rest). */
function markAssumptionDependent(violations: WtdViolation[], strict: readonly WtdViolation[]): void {
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

/** What the check could not evaluate on this data, and the average working time of its full weeks. */
function coverageOf(t0: Timeline, t: Timeline, weeks: number) {
  const notEvaluated: NotEvaluated<WtdNotEvaluatedRule>[] = [...WTD_STATIC_NOT_EVALUATED];
  let average: number | null = null;
  if (t0.knownStart === null || t0.knownEnd === null) {
    notEvaluated.push({ rule: 'all', reason: 'No known activity in the data basis.' });
    return { notEvaluated, average };
  }
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
  return { notEvaluated, average };
}

export function runWorkingTime(input: WorkingTimeInput): WorkingTimeResult {
  const weeks = input.reference_weeks ?? WTD_LIMITS.referenceWeeksDefault;
  const { t0 } = timelineOf(input);
  const unknownAs = input.unknown_as ?? 'gap';
  const summarise = input.evidence !== 'full';
  // the office's annotations as the working-time readings take them (../eu561/annotations.ts), then the card-out policy
  const spans = input.annotations_ignored ? [] : (input.annotations ?? []);
  const annotated = applyAnnotations(t0, spans, 'wtd');
  const tA = annotated.timeline;
  const { timeline: t, assumed } = applyCardOutPolicy(tA, unknownAs);
  const violations = judge(t, t0, weeks, summarise);
  const effects = settleAnnotations(
    violations,
    spans,
    annotated.pieces,
    'wtd',
    () => judge(applyCardOutPolicy(t0, unknownAs).timeline, t0, weeks, summarise),
    (v) => {
      v.finding_id = findingId(input.card_number, v.rule, toSec(v.start), toSec(v.end), WTD_RULE_VERSION);
    },
  );
  if (assumed.length > 0) markAssumptionDependent(violations, judge(tA, t0, weeks, true));
  markReadings(violations, assumed, t0);
  violations.sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0,
  );
  const { notEvaluated, average } = coverageOf(t0, t, weeks);
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
    readings: readingsInForce(unknownAs, ['wtd']),
    annotations: annotationsSummaryOf(spans, input.annotations_ignored === true, annotated.use, 'wtd'),
    annotation_effects: effects,
    warnings: annotationWarnings(spans, annotated.use),
  };
}
