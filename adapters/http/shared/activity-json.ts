/**
 * The JSON text of the answers made of activity intervals, written directly: the activities list and
 * the day and week overviews (whose days hold the same interval rows). Each is the same text, byte for byte, as
 * JSON.stringify of the response mapper's object in ./responses.ts (listToResponse(…, activityToResponse),
 * dayOverviewToResponse, weekOverviewToResponse), which stay the definition of these answers: see
 * ./activity-json.test.ts, which changes every field in turn. A month of one card is ~360 intervals, ~100 KB;
 * mapping them to objects with ISO text and stringifying those took ~0.5 ms of the answer's ~1 ms of work.
 *
 * ISO text (house rule: written here, in the HTTP adapter, from the core's day numbers and seconds): a day's
 * `YYYY-MM-DD` is formatted once per answer and shared by the `date`, `start` and `end` of its intervals; only
 * the time of day is formatted per value (isoClock). Strings are quoted once per answer (import ids, card
 * numbers and the enum values repeat on every row). With an IntervalTextCache, the text of a run of rows (one
 * import's day) is kept across answers and reused while the rows are equal, value for value.
 */
import type { ActivityIntervalRow, VehicleRegistration } from '../../../core/domain/rows.js';
import type { DayOverview } from '../../../core/overview/day-overview.js';
import type { WeekOverview } from '../../../core/overview/week-overview.js';
import type { ActivityTotals } from '../../../core/overview/time-totals.js';
import type { DayOverviewResult, ListResult, WeekOverviewResult } from '../../../core/use-cases/contracts.js';
import { DAY_SECONDS, isoClock, isoDay } from '../../../core/time.js';

/** An interval row as the store serves it: `quarantined` marks the rows of a quarantined import. */
export type ActivityJsonRow = ActivityIntervalRow & { quarantined?: boolean };

/**
 * The fields written, in the order of the row types and of the mapped objects' keys (the mappers copy the row and
 * overwrite its time fields in place). A field added to one of these types fails the type check below until the
 * writer writes it.
 */
export const ACTIVITY_FIELDS = [
  'import_id',
  'card_number',
  'date',
  'start',
  'end',
  'activity',
  'duration',
  'slot',
  'crew',
  'card_inserted',
  'manual_entry',
] as const satisfies readonly (keyof ActivityIntervalRow)[];
export const DAY_FIELDS = [
  'date',
  'card_number',
  'intervals',
  'totals',
  'distance_km',
  'vehicles',
] as const satisfies readonly (keyof DayOverview)[];
export const WEEK_FIELDS = [
  'week',
  'start_date',
  'end_date',
  'days',
  'totals',
] as const satisfies readonly (keyof WeekOverview)[];

/** true when `F` names every key of `T` */
type Complete<T, F extends readonly (keyof T)[]> = [Exclude<keyof T, F[number]>] extends [never] ? true : false;
const everyFieldWritten: [
  Complete<ActivityIntervalRow, typeof ACTIVITY_FIELDS>,
  Complete<DayOverview, typeof DAY_FIELDS>,
  Complete<WeekOverview, typeof WEEK_FIELDS>,
] = [true, true, true];
void everyFieldWritten;

/** A number as JSON.stringify writes it (non-finite numbers are null). */
function numberText(value: number): string {
  return Number.isFinite(value) ? '' + value : 'null';
}

function booleanText(value: boolean): string {
  return value ? 'true' : 'false';
}

/** Whether two interval rows agree on every value the JSON of a row is written from. */
function sameRow(a: ActivityJsonRow, b: ActivityJsonRow): boolean {
  return (
    a.start === b.start &&
    a.end === b.end &&
    a.date === b.date &&
    a.import_id === b.import_id &&
    a.card_number === b.card_number &&
    a.activity === b.activity &&
    a.duration === b.duration &&
    a.slot === b.slot &&
    a.crew === b.crew &&
    a.card_inserted === b.card_inserted &&
    a.manual_entry === b.manual_entry &&
    a.quarantined === b.quarantined
  );
}

interface RunText {
  /** the rows the text was written from */
  rows: ActivityJsonRow[];
  /** `{…},{…}`: the rows' JSON objects, comma-separated (a flat string) */
  text: string;
}

/**
 * The JSON text of runs of interval rows (the rows of one import and one day, as a list or a day overview holds
 * them), kept across answers while every value of the run's rows stays equal: FleetListWriter's approach. The rows
 * of a stored day never change, so a card's month asked again is compared, not formatted. Kept texts are
 * bounded by their characters; the oldest go first.
 */
export class IntervalTextCache {
  private readonly runs = new Map<string, RunText>();
  private chars = 0;

  /**
   * `maxChars`: characters of text kept at most (about bytes of JSON; the rows compared are kept with them, about as
   * much again). The default, a million, keeps a few hundred card-weeks: the weeks an office has open, asked again.
   * Four millions held ~9 MB more of the service's resident set under the soak's queries of ever new cards, which
   * hit it rarely.
   */
  constructor(private readonly maxChars = 1_000_000) {}

  /** The text of rows[from, to) written by `write`, or the kept text of equal rows. */
  runText(
    rows: readonly ActivityJsonRow[],
    from: number,
    to: number,
    write: (from: number, to: number) => string,
  ): string {
    const first = rows[from]!;
    const key = `${first.import_id}\u0000${first.date}\u0000${first.start}\u0000${to - from}`;
    const kept = this.runs.get(key);
    if (kept !== undefined && sameRun(kept.rows, rows, from, to)) return kept.text;
    const text = write(from, to);
    if (kept !== undefined) {
      this.runs.delete(key);
      this.chars -= kept.text.length;
    }
    if (text.length <= this.maxChars) {
      while (this.chars + text.length > this.maxChars) this.dropOldest();
      this.runs.set(key, { rows: rows.slice(from, to), text });
      this.chars += text.length;
    }
    return text;
  }

  private dropOldest(): void {
    const [key, oldest] = this.runs.entries().next().value!;
    this.runs.delete(key);
    this.chars -= oldest.text.length;
  }

  /** runs and characters kept (tests) */
  get size(): { runs: number; chars: number } {
    return { runs: this.runs.size, chars: this.chars };
  }
}

/** Whether rows[from, to) equal the kept rows (of the same length: the length is part of the run's key). */
function sameRun(
  kept: readonly ActivityJsonRow[],
  rows: readonly ActivityJsonRow[],
  from: number,
  to: number,
): boolean {
  for (let i = from; i < to; i++) if (!sameRow(kept[i - from]!, rows[i]!)) return false;
  return true;
}

/** The writer of one answer: its caches live as long as the answer's text is written (runs: across answers). */
class ActivityJsonWriter {
  private readonly days = new Map<number, string>();
  private readonly quoted = new Map<string, string>();

  constructor(private readonly runs: IntervalTextCache | null) {}

  /** `"YYYY-MM-DD"` without quotes, formatted once per day. */
  private dayText(day: number): string {
    let text = this.days.get(day);
    if (text === undefined) {
      text = isoDay(day);
      this.days.set(day, text);
    }
    return text;
  }

  /** The same text as isoTimestamp(seconds). */
  private timestampText(seconds: number): string {
    const day = Math.floor(seconds / DAY_SECONDS);
    return this.dayText(day) + 'T' + isoClock(seconds - day * DAY_SECONDS) + 'Z';
  }

  private stringText(value: string | null): string {
    if (value === null) return 'null';
    let text = this.quoted.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      this.quoted.set(value, text);
    }
    return text;
  }

  interval(row: ActivityJsonRow): string {
    const quarantined = row.quarantined;
    return (
      '{"import_id":' +
      this.stringText(row.import_id) +
      ',"card_number":' +
      this.stringText(row.card_number) +
      ',"date":"' +
      this.dayText(row.date) +
      '","start":"' +
      this.timestampText(row.start) +
      '","end":"' +
      this.timestampText(row.end) +
      '","activity":' +
      this.stringText(row.activity) +
      ',"duration":' +
      numberText(row.duration) +
      ',"slot":' +
      this.stringText(row.slot) +
      ',"crew":' +
      booleanText(row.crew) +
      ',"card_inserted":' +
      booleanText(row.card_inserted) +
      ',"manual_entry":' +
      booleanText(row.manual_entry) +
      (quarantined === undefined ? '}' : ',"quarantined":' + booleanText(quarantined) + '}')
    );
  }

  /** `[…]` of the rows, written run by run (rows of one import and one day). */
  intervals(rows: readonly ActivityJsonRow[]): string {
    const runs: string[] = [];
    for (let from = 0; from < rows.length;) {
      const first = rows[from]!;
      let to = from + 1;
      while (to < rows.length && rows[to]!.date === first.date && rows[to]!.import_id === first.import_id) to++;
      runs.push(
        this.runs === null
          ? this.runText(rows, from, to)
          : this.runs.runText(rows, from, to, (a, b) => this.runText(rows, a, b)),
      );
      from = to;
    }
    return '[' + runs.join(',') + ']';
  }

  /** The rows' objects comma-separated, as one flat string (join copies its parts). */
  private runText(rows: readonly ActivityJsonRow[], from: number, to: number): string {
    const texts: string[] = new Array(to - from);
    for (let i = from; i < to; i++) texts[i - from] = this.interval(rows[i]!);
    return texts.join(',');
  }

  dates(days: readonly number[]): string {
    let text = '[';
    for (let i = 0; i < days.length; i++) text += (i === 0 ? '"' : ',"') + this.dayText(days[i]!) + '"';
    return text + ']';
  }

  day(day: DayOverview): string {
    return (
      '{"date":"' +
      this.dayText(day.date) +
      '","card_number":' +
      this.stringText(day.card_number) +
      ',"intervals":' +
      this.intervals(day.intervals) +
      ',"totals":' +
      totalsText(day.totals) +
      ',"distance_km":' +
      numberText(day.distance_km) +
      ',"vehicles":' +
      vehiclesText(day.vehicles) +
      '}'
    );
  }

  week(week: WeekOverview): string {
    let days = '[';
    for (let i = 0; i < week.days.length; i++) days += (i === 0 ? '' : ',') + this.day(week.days[i]!);
    return (
      '{"week":' +
      this.stringText(week.week) +
      ',"start_date":"' +
      this.dayText(week.start_date) +
      '","end_date":"' +
      this.dayText(week.end_date) +
      '","days":' +
      days +
      '],"totals":' +
      totalsText(week.totals) +
      '}'
    );
  }
}

/** Totals and vehicles are a few values per day: JSON.stringify writes them (core objects, no time fields). */
function totalsText(totals: ActivityTotals): string {
  return JSON.stringify(totals);
}

function vehiclesText(vehicles: readonly VehicleRegistration[]): string {
  return JSON.stringify(vehicles);
}

/**
 * JSON.stringify(listToResponse(list, activityToResponse)), byte for byte. `runs`: texts kept across answers
 * (none by default).
 */
export function activityListText(list: ListResult<ActivityJsonRow>, runs: IntervalTextCache | null = null): string {
  const writer = new ActivityJsonWriter(runs);
  return (
    '{"items":' +
    writer.intervals(list.items) +
    ',"total":' +
    numberText(list.total) +
    ',"limit":' +
    numberText(list.limit) +
    ',"offset":' +
    numberText(list.offset) +
    ',"conflicts":' +
    writer.dates(list.conflicts) +
    '}'
  );
}

/** JSON.stringify(dayOverviewToResponse(result)), byte for byte; `runs` as for activityListText. */
export function dayOverviewText(result: DayOverviewResult, runs: IntervalTextCache | null = null): string {
  const writer = new ActivityJsonWriter(runs);
  let items = '[';
  for (let i = 0; i < result.items.length; i++) items += (i === 0 ? '' : ',') + writer.day(result.items[i]!);
  return '{"items":' + items + '],"conflicts":' + writer.dates(result.conflicts) + '}';
}

/** JSON.stringify(weekOverviewToResponse(result)), byte for byte; `runs` as for activityListText. */
export function weekOverviewText(result: WeekOverviewResult, runs: IntervalTextCache | null = null): string {
  const writer = new ActivityJsonWriter(runs);
  let items = '[';
  for (let i = 0; i < result.items.length; i++) items += (i === 0 ? '' : ',') + writer.week(result.items[i]!);
  return '{"items":' + items + '],"conflicts":' + writer.dates(result.conflicts) + '}';
}

/** The JSON text of interval runs kept across answers (the activities, day and week overview routes share it). */
export const intervalTexts = new IntervalTextCache();
