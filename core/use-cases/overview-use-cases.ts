/**
 * The overview use cases: the day and week overviews (./day-overview.ts, ./week-overview.ts) and the EU 561/2006
 * and Working Time Directive pre-checks, which gather the served rows of the basis (the same merge as the
 * activities endpoint) and hand them to the pure functions of core/eu561 and core/wtd.
 * The pre-check is a trusted operation: conflicting days (after the prefix rule of served-days.ts) →
 * ConflictingDataError naming them. A card basis reads the card's trusted imports only (./trusted-basis.ts): its
 * QUARANTINED imports are left out and named in `basis.left_out_imports`; an import basis naming a QUARANTINED
 * import → QuarantinedDataError naming it. Nothing is evaluated after the data's end (the newest download): a range
 * reaching past it is read as open there, so no data gap runs beyond the download.
 */
import { ConflictingDataError, InvalidFilterError, QuarantinedDataError } from '../domain/errors.js';
import type { ActivityIntervalRow, ImportRow, UtcDay } from '../domain/rows.js';
import { runPrecheck, type PrecheckInput, type PrecheckResult } from '../eu561/index.js';
import { runWorkingTime, type WorkingTimeResult } from '../wtd/index.js';
import { DAY_SECONDS, dayStart, isoDay, isoDayOrNull } from '../time.js';
import type { ImportStore } from '../ports/import-store.js';
import type { AnnotationStore } from '../ports/annotation-store.js';
import { countryRecordsOf } from '../eu561/rest-places.js';
import type { RestPlacesInput } from '../eu561/types.js';
import type { HomeCountrySettings } from './home-countries.js';
import type {
  Basis,
  DateRange,
  Served,
  DayOverviewResult,
  OverviewUseCases,
  PrecheckOptions,
  WeekOverviewResult,
  WorkingTimeOptions,
} from './contracts.js';
import {
  describeBasis,
  resolveBasis,
  rowScope,
  servedData,
  servedDays,
  unresolvedBasis,
  type ResolvedBasis,
  type ServedData,
} from './data-basis.js';
import { dayOverview } from './day-overview.js';
import { evaluatedEnd, markUntrusted, trustedCardHistory, type LeftOutImport } from './trusted-basis.js';
import { weekOverview } from './week-overview.js';
import { AnswerMemo } from './answer-memo.js';
import { samePrecheckKey, type PrecheckKey } from './precheck-key.js';

/** How many pre-check answers a process keeps for the same question asked again (./answer-memo.ts). */
const PRECHECKS_KEPT = 4;

export class OverviewQueries implements OverviewUseCases {
  /**
   * `annotations`: the office's annotations the checks apply (none when absent); `homes`: the cards' home countries
   * (absent: unknown, so the Mobility Package rules are not evaluated)
   */
  constructor(
    private readonly store: ImportStore,
    private readonly annotations: AnnotationStore | null = null,
    private readonly homes: HomeCountrySettings | null = null,
  ) {}

  /** the last pre-check answers with what they were computed from (a year's answer and input ~2 MB each) */
  private readonly prechecks = new AnswerMemo<PrecheckKey, PrecheckResult>(PRECHECKS_KEPT, samePrecheckKey);

  /** ./day-overview.ts */
  dayOverview(query: { basis: Basis; range: DateRange }): Promise<DayOverviewResult> {
    return dayOverview(this.store, query);
  }

  /** ./week-overview.ts */
  weekOverview(query: { basis: Basis; weeks: string[] | null; range: DateRange }): Promise<WeekOverviewResult> {
    return weekOverview(this.store, query);
  }

  async precheck(query: { basis: Basis; range: DateRange; options?: PrecheckOptions }): Promise<PrecheckResult> {
    const { input, basis, quarantined, records, resolved, leftOut } = await this.trustedInput(
      query.basis,
      query.range,
      query.options?.include_quarantined === true,
    );
    const at = query.options?.at ?? null;
    if (at !== null) {
      const from = basis.date_from === null ? null : dayStart(basis.date_from);
      const to = basis.date_to === null ? null : dayStart(basis.date_to) + DAY_SECONDS;
      const seconds = Date.parse(at) / 1000;
      if (from === null || to === null || !(seconds > from && seconds <= to)) {
        throw new InvalidFilterError(
          'at',
          'Query parameter at must be a time within the evaluated dates of the data basis.',
        );
      }
    }
    const [notes, rest_places, specific_conditions] = await Promise.all([
      this.annotationsOf(input, query.options?.annotations),
      this.restPlacesOf(input, resolved, query.range),
      this.specificConditionsOf(input, resolved, query.range),
    ]);
    const run: PrecheckInput = {
      ...input,
      ...notes,
      rest_places,
      specific_conditions,
      unknown_as: query.options?.unknown_as,
      at,
      evidence: query.options?.evidence,
    };
    const untrusted = query.options?.include_quarantined === true ? { quarantined, records } : null;
    // everything the answer is computed from: the same data asked again is answered from the memo (./answer-memo.ts)
    const { intervals, ...rest } = run;
    const key = { intervals, rest: { rest, date_from: basis.date_from, date_to: basis.date_to, untrusted, leftOut } };
    const kept = this.prechecks.find(key);
    if (kept !== undefined) return kept;
    const result = runPrecheck(run);
    // the answer names the dates actually evaluated, also when the request left the range open
    result.basis.date_from = isoDayOrNull(basis.date_from);
    result.basis.date_to = isoDayOrNull(basis.date_to);
    if (untrusted !== null) markUntrusted(result, untrusted.quarantined, untrusted.records);
    if (leftOut.length > 0) result.basis.left_out_imports = leftOut;
    this.prechecks.keep(key, result);
    return result;
  }

  async workingTime(query: {
    basis: Basis;
    range: DateRange;
    options?: WorkingTimeOptions;
  }): Promise<WorkingTimeResult> {
    const includeQuarantined = query.options?.include_quarantined === true;
    const { input, basis, quarantined, records, leftOut } = await this.trustedInput(
      query.basis,
      query.range,
      includeQuarantined,
    );
    const notes = await this.annotationsOf(input, query.options?.annotations);
    const result = runWorkingTime({
      ...input,
      ...notes,
      unknown_as: query.options?.unknown_as,
      evidence: query.options?.evidence,
      reference_weeks: query.options?.reference_weeks,
    });
    result.basis.date_from = isoDayOrNull(basis.date_from);
    result.basis.date_to = isoDayOrNull(basis.date_to);
    if (includeQuarantined) markUntrusted(result, quarantined, records);
    if (leftOut.length > 0) result.basis.left_out_imports = leftOut;
    return result;
  }

  /** The card's annotations (not withdrawn) over the input's days, or the mark that they are ignored. */
  private async annotationsOf(
    input: PrecheckInput,
    mode: 'apply' | 'ignore' | undefined,
  ): Promise<Pick<PrecheckInput, 'annotations' | 'annotations_ignored'>> {
    if (mode === 'ignore') return { annotations: [], annotations_ignored: true };
    if (this.annotations === null || input.card_number === null || input.intervals.length === 0)
      return { annotations: [] };
    const first = input.intervals.reduce((m, r) => Math.min(m, r.start), Infinity);
    const last = input.intervals.reduce((m, r) => Math.max(m, r.end), -Infinity);
    const from = input.date_from !== null ? dayStart(input.date_from) : first;
    const to = input.date_to !== null ? dayStart(input.date_to) + DAY_SECONDS : last;
    const found = await this.annotations.annotationsOf({
      card_number: input.card_number,
      from,
      to,
      include_withdrawn: false,
    });
    return { annotations: found.map(({ annotation_id, kind, start, end }) => ({ annotation_id, kind, start, end })) };
  }

  /**
   * The Mobility Package input (../eu561/rest-places.ts): the card's home countries and the country records of the
   * basis's positions (places, border crossings). Positions are read one day past the range: the end of a daily
   * work period may be entered at the withdrawal, after midnight.
   */
  private async restPlacesOf(
    input: PrecheckInput,
    resolved: ResolvedBasis,
    range: DateRange,
  ): Promise<RestPlacesInput> {
    const home =
      this.homes !== null && input.card_number !== null ? await this.homes.effective(input.card_number) : null;
    const scope = rowScope(resolved, { from: range.from, to: range.to === null ? null : range.to + 1 });
    const positions = input.intervals.length === 0 ? [] : (await this.store.positions(scope, null)).items;
    return {
      home: home === null ? null : { establishment: home.establishment, residence: home.residence },
      places: [],
      records: countryRecordsOf(positions),
    };
  }

  /**
   * The basis's specific conditions (out of scope, ferry/train crossings; ../eu561/specific-conditions.ts), read from
   * the start of the card's data (an out-of-scope begin long before the range still opens a period in it) to one day
   * past the range (a crossing's end entered after midnight).
   */
  private async specificConditionsOf(
    input: PrecheckInput,
    resolved: ResolvedBasis,
    range: DateRange,
  ): Promise<PrecheckInput['specific_conditions']> {
    if (input.intervals.length === 0) return [];
    const scope = rowScope(resolved, { from: null, to: range.to === null ? null : range.to + 1 });
    return (await this.store.specificConditions(scope)).map(({ at, condition }) => ({ at, condition }));
  }

  /**
   * The pre-check input of a basis fit for a trusted operation (no conflicting days, no quarantined import unless
   * asked for). The range's end is read as open when it lies at or after the data's last day: nothing is recorded
   * after the download, so no gap is drawn there.
   */
  private async trustedInput(basisQuery: Basis, range: DateRange, includeQuarantined = false) {
    const resolved = unresolvedBasis(basisQuery) ?? (await resolveBasis(this.store, basisQuery));
    const read = await this.trustedData(basisQuery, resolved, range, includeQuarantined);
    const { data, openEnd, leftOut, leftOutEnd } = read;
    if (data.conflicts.length > 0) {
      throw new ConflictingDataError(
        data.conflicts,
        `Imports of this card disagree about ${data.conflicts.length} day(s) (${data.conflicts.map(isoDay).join(', ')}); select one import or a date range without them.`,
      );
    }
    const quarantined = resolved.import
      ? resolved.import.status === 'QUARANTINED'
        ? [resolved.import.import_id]
        : []
      : [...new Set(data.records.filter((r) => r.quarantined).map((r) => r.import_id))];
    // a card basis whose days in the range only quarantined imports hold: nothing trusted is left to check
    if (leftOut.length > 0 && data.served.length === 0) {
      const ids = leftOut.map((i) => i.import_id);
      throw new QuarantinedDataError(ids, `The data basis holds only quarantined import(s): ${ids.join(', ')}.`);
    }
    if (quarantined.length > 0 && !includeQuarantined) {
      throw new QuarantinedDataError(
        quarantined,
        `The data basis contains quarantined import(s): ${quarantined.join(', ')}.`,
      );
    }
    const basis = describeBasis(resolved, range, data);
    const [served, driver] = await Promise.all([
      read.activities ?? this.store.activities(servedDays(data), null).then((slice) => slice.items),
      this.driverOf(resolved, basis.import_ids),
    ]);
    const intervals = served.map(intervalOf);
    const input: PrecheckInput = {
      card_number: resolved.card_number,
      surname: driver?.driver.surname ?? null,
      first_names: driver?.driver.first_names ?? null,
      import_ids: basis.import_ids,
      date_from: range.from,
      date_to: evaluatedEnd(range.to, openEnd, leftOutEnd),
      intervals,
      open_end_date: openEnd,
    };
    return { input, basis, quarantined, records: data.records, resolved, leftOut };
  }

  /**
   * The served data of a trusted operation and the data's open end: a card's history from the range's start on
   * (days after the range's end only give the card's last recorded day) and its quarantined imports' records; unless
   * quarantined data is asked for, a card with quarantined records in the range is read from its trusted imports
   * only, those left out named. A card basis is checked to exist in the same round (resolved is then the unresolved
   * card basis). Over an open range a card's served intervals are read in the same statement as its history
   * (`activities`; absent for an import basis, a bounded range, or when quarantined imports are left out).
   */
  private async trustedData(
    basisQuery: Basis,
    resolved: ResolvedBasis,
    range: DateRange,
    includeQuarantined: boolean,
  ): Promise<{
    data: ServedData;
    openEnd: UtcDay | null;
    leftOut: LeftOutImport[];
    leftOutEnd: UtcDay | null;
    activities?: Array<Served<ActivityIntervalRow>>;
  }> {
    if (resolved.import)
      return {
        data: await servedData(this.store, resolved, range),
        openEnd: resolved.import.activity_range.to,
        leftOut: [],
        leftOutEnd: null,
      };
    const cardNumber = resolved.card_number!;
    const [, cardHistory, quarantined] = await Promise.all([
      resolveBasis(this.store, basisQuery),
      // an open range: the intervals in the history's statement (a bounded one would read the days past its end too)
      range.to === null
        ? this.store.cardHistoryActivities(cardNumber, { from: range.from, to: null })
        : this.store.cardHistory(cardNumber, { from: range.from, to: null }).then((h) => ({ ...h, activities: null })),
      this.store.quarantinedDayRecords(cardNumber, range),
    ]);
    const trusted =
      includeQuarantined || quarantined.length === 0
        ? null
        : await trustedCardHistory(this.store, cardNumber, { from: range.from, to: null }, quarantined);
    const history = trusted ?? cardHistory;
    const records = trusted === null ? quarantined : [];
    const to = range.to;
    const data: ServedData = {
      records,
      served: to === null ? history.served : history.served.filter((r) => r.date <= to),
      conflicts: to === null ? history.conflicts : history.conflicts.filter((d) => d <= to),
    };
    // nothing recorded from the range's start on: the card's last day (if any) lies before it
    const last = history.served[history.served.length - 1];
    const openEnd =
      last !== undefined ? last.date : range.from === null ? null : await this.lastRecordedDate(cardNumber);
    const leftOutDays = (trusted?.left_out_days ?? []).filter((d) => range.to === null || d <= range.to);
    const leftOutEnd = leftOutDays[leftOutDays.length - 1] ?? null;
    const leftOut = trusted?.left_out ?? [];
    if (trusted !== null || cardHistory.activities === null) return { data, openEnd, leftOut, leftOutEnd };
    // the served days' intervals, as `activities` of them reads them (the history's rows in the same order)
    return { data, openEnd, leftOut, leftOutEnd, activities: cardHistory.activities };
  }

  /** The newest day the card's history holds (whatever the requested range): the data's open end. */
  private async lastRecordedDate(cardNumber: string): Promise<UtcDay | null> {
    const { served } = await this.store.cardHistory(cardNumber, { from: null, to: null });
    return served[served.length - 1]?.date ?? null;
  }

  /** The driver named by the newest import of the basis. */
  private async driverOf(resolved: ResolvedBasis, importIds: string[]): Promise<ImportRow | null> {
    if (resolved.import) return resolved.import;
    const newest = importIds[importIds.length - 1];
    if (newest !== undefined) return this.store.findImport({ kind: 'import_id', value: newest });
    return this.store.findImport({ kind: 'card_number', value: resolved.card_number! });
  }
}

/** The interval without its `quarantined` mark, as a literal (a rest/spread copy makes slow dictionary-mode objects). */
function intervalOf(row: Served<ActivityIntervalRow>): ActivityIntervalRow {
  return {
    import_id: row.import_id,
    card_number: row.card_number,
    date: row.date,
    start: row.start,
    end: row.end,
    activity: row.activity,
    duration: row.duration,
    slot: row.slot,
    crew: row.crew,
    card_inserted: row.card_inserted,
    manual_entry: row.manual_entry,
  };
}
