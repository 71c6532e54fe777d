/**
 * The findings of a period: one definition for the findings endpoint, the week view, the report, its PDF and
 * the findings CSV. A finding belongs to the period when its span [start, end) shares time with the period's
 * days (an empty span: when its instant lies in them). The checks read CONTEXT_WEEKS ISO weeks before the
 * period's first Monday as context, so a finding in the period that depends on earlier days is drawn as it
 * would be over a longer range: the two-week driving limit (Art. 6(3)) needs the week before, the weekly rest
 * (Art. 8(6)) the rest periods before the period's first week and the reduced rests of the weeks before it.
 * EU 561 pre-check and Working Time Directive findings are listed together, each with its `source`; ordered
 * by severity (MSI, VSI, SI, MI, none), then start. Ports: the ImportStore (through OverviewUseCases) and
 * FindingReviews (the review status a `status` filter selects).
 */
import { QuarantinedDataError } from '../domain/errors.js';
import type { UtcDay } from '../domain/rows.js';
import type { DataGap, PrecheckResult, PrecheckWarning, RuleName, Severity, Violation } from '../eu561/index.js';
import type { FindingReviews, ReviewStatus } from '../ports/finding-reviews.js';
import { DAY_SECONDS, dayStart, mondayOf, parseIsoDay, parseIsoTimestamp } from '../time.js';
import type { WorkingTimeResult } from '../wtd/index.js';
import type { Reading } from '../eu561/readings.js';
import type { Basis, DateRange, OverviewUseCases, PrecheckOptions } from './contracts.js';

/** Weeks of data before the period's first Monday that the checks read (as the week view always did). */
export const CONTEXT_WEEKS = 3;

export type FindingSource = 'eu561' | 'wtd';
export const FINDING_SOURCES = ['eu561', 'wtd'] as const satisfies readonly FindingSource[];

/** A finding of either check: the pre-check's shape, plus which check drew it and its review status. */
export type PeriodFinding = Omit<Violation, 'rule'> & {
  rule: RuleName | WorkingTimeResult['violations'][number]['rule'];
  source: FindingSource;
  review_status: ReviewStatus;
  finding_id?: string;
};

export interface FindingsQuery {
  basis: Basis;
  /** the period asked; an open end is the basis's first / last evaluated day */
  range: DateRange;
  /** only findings of these severities (a finding without severity is then left out) */
  severity?: readonly Severity[];
  /** only findings whose review status is one of these */
  status?: readonly ReviewStatus[];
  options?: Pick<PrecheckOptions, 'unknown_as' | 'include_quarantined' | 'evidence'>;
}

export interface FindingsOfPeriod {
  /** the period's days as evaluated (open ends resolved) */
  date_from: UtcDay | null;
  date_to: UtcDay | null;
  /** the first day the checks read */
  context_from: UtcDay | null;
  findings: PeriodFinding[];
  /** the pre-check over the context and period (data gaps and dated warnings filtered to the period) */
  precheck: PrecheckResult;
  /** the working-time check over the same days; null when it could not run on this basis (quarantined data checked anyway) */
  working_time: WorkingTimeResult | null;
  /** the readings in force of both checks, each once (../eu561/readings.ts) */
  readings: Reading[];
}

const SEVERITY_RANK: Record<Severity, number> = { MSI: 4, VSI: 3, SI: 2, MI: 1 };

/** The first day the checks read for a period starting on `from`: CONTEXT_WEEKS weeks before its Monday. */
export function contextStart(from: UtcDay): UtcDay {
  return mondayOf(from) - CONTEXT_WEEKS * 7;
}

/** Whether [start, end) shares time with the days from..to (null ends: unbounded); an empty span is an instant. */
export function overlapsPeriod(
  start: string | null,
  end: string | null,
  from: UtcDay | null,
  to: UtcDay | null,
): boolean {
  if (start === null || end === null) return true;
  const s = parseIsoTimestamp(start);
  const e = parseIsoTimestamp(end);
  const lo = from === null ? -Infinity : dayStart(from);
  const hi = to === null ? Infinity : dayStart(to) + DAY_SECONDS;
  if (!(e > s)) return s >= lo && s < hi;
  return s < hi && e > lo;
}

/** Most serious first (MSI > VSI > SI > MI > none), then the earlier start, EU 561 before working time, then the rule. */
export function compareFindings(a: PeriodFinding, b: PeriodFinding): number {
  const rank = (f: PeriodFinding) => (f.severity === null ? 0 : SEVERITY_RANK[f.severity]);
  return (
    rank(b) - rank(a) ||
    a.start.localeCompare(b.start) ||
    FINDING_SOURCES.indexOf(a.source) - FINDING_SOURCES.indexOf(b.source) ||
    a.rule.localeCompare(b.rule) ||
    a.end.localeCompare(b.end)
  );
}

export class FindingsOfPeriodQuery {
  constructor(
    private readonly overviews: Pick<OverviewUseCases, 'precheck' | 'workingTime'>,
    private readonly reviews: FindingReviews,
  ) {}

  async findings(query: FindingsQuery): Promise<FindingsOfPeriod> {
    const from = query.range.from;
    const context: DateRange = { from: from === null ? null : contextStart(from), to: query.range.to };
    // both checks at once: the same basis and days, the same refusals (409) for conflicting or quarantined data
    const [precheck, working_time] = await Promise.all([
      this.overviews.precheck({ basis: query.basis, range: context, options: query.options }),
      this.workingTime(query, context),
    ]);
    // an open end is the evaluated data's own end (nothing lies beyond it)
    const date_from = from ?? parseIsoDay(precheck.basis.date_from ?? '');
    const date_to = query.range.to ?? parseIsoDay(precheck.basis.date_to ?? '');
    const inPeriod = (x: { start: string | null; end: string | null }) =>
      overlapsPeriod(x.start, x.end, date_from, date_to);
    const all: PeriodFinding[] = [
      ...precheck.violations
        .filter(inPeriod)
        .map((v) => ({ ...v, source: 'eu561' as const, review_status: 'OPEN' as ReviewStatus })),
      ...(working_time?.violations ?? [])
        .filter(inPeriod)
        .map((v) => ({ ...v, source: 'wtd' as const, review_status: 'OPEN' as ReviewStatus })),
    ];
    await this.attachReviews(all);
    const severities = query.severity && query.severity.length > 0 ? new Set(query.severity) : null;
    const statuses = query.status && query.status.length > 0 ? new Set(query.status) : null;
    const findings = all
      .filter((f) => severities === null || (f.severity !== null && severities.has(f.severity)))
      .filter((f) => statuses === null || statuses.has(f.review_status))
      .sort(compareFindings);
    const shown: PrecheckResult = {
      ...precheck,
      violations: precheck.violations.filter(inPeriod),
      data_gaps: precheck.data_gaps.filter((g: DataGap) => inPeriod(g)),
      warnings: precheck.warnings.filter((w: PrecheckWarning) => inPeriod(w)),
    };
    const readings = [
      ...precheck.readings,
      ...(working_time?.readings ?? []).filter((r) => !precheck.readings.some((p) => p.id === r.id)),
    ];
    return { date_from, date_to, context_from: context.from, findings, precheck: shown, working_time, readings };
  }

  /** The working-time check over the same days; quarantined data it refuses leaves it out when checking anyway. */
  private async workingTime(query: FindingsQuery, range: DateRange): Promise<WorkingTimeResult | null> {
    const options = { unknown_as: query.options?.unknown_as, evidence: query.options?.evidence };
    try {
      return await this.overviews.workingTime({ basis: query.basis, range, options });
    } catch (error) {
      if (error instanceof QuarantinedDataError && query.options?.include_quarantined === true) return null;
      throw error;
    }
  }

  private async attachReviews(findings: PeriodFinding[]): Promise<void> {
    const ids = findings.map((f) => f.finding_id).filter((id): id is string => typeof id === 'string');
    if (ids.length === 0) return;
    const statuses = await this.reviews.statusesOf(ids);
    for (const f of findings) if (f.finding_id !== undefined) f.review_status = statuses.get(f.finding_id) ?? 'OPEN';
  }
}
