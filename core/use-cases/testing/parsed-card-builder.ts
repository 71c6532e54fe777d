/**
 * Builds ParsedCard values for tests of the use cases and of storage adapters, without the decoder.
 * A day is a list of activity changes ('HH:MM' + activity); each runs to the next change or to 24:00 UTC,
 * like the card's own daily records.
 */
import type {
  Activity,
  ActivityIntervalRow,
  EventFaultRow,
  ImportMetadata,
  ParsedCard,
  PositionRow,
  VehicleUsedRow,
} from '../../domain/rows.js';

/** Test input written as the API writes it: ISO text in place of the core's numbers. */
type Written<T, K extends keyof T> = Partial<Omit<T, K>> & { [P in K]?: string | null };

/** Epoch seconds of an ISO timestamp (test input only). */
export function ts(text: string): number {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new RangeError(`not a timestamp: ${text}`);
  return ms / 1000;
}

/** UTC day number of a YYYY-MM-DD date (test input only). */
export function day(date: string): number {
  return ts(`${date}T00:00:00Z`) / 86_400;
}

/** An inclusive date range written as dates (test input). */
export function range(from: string | null, to: string | null): { from: number | null; to: number | null } {
  return { from: from === null ? null : day(from), to: to === null ? null : day(to) };
}

const tsOrNull = (text: string | null | undefined): number | null =>
  text === null || text === undefined ? null : ts(text);

export interface DaySpec {
  date: string;
  /** [time 'HH:MM', activity, options]; the first change should be at 00:00 */
  changes: Array<
    [string, Activity, { inserted?: boolean; manual?: boolean; crew?: boolean; slot?: 'DRIVER' | 'CO_DRIVER' }?]
  >;
  distance_km?: number;
  /** the last interval ends here instead of 24:00 ('HH:MM'), like a download taken that day */
  cut_at?: string;
}

export interface CardSpec {
  card_number?: string;
  days?: DaySpec[];
  events?: Array<Written<EventFaultRow, 'start' | 'end'>>;
  faults?: Array<Written<EventFaultRow, 'start' | 'end'>>;
  vehicles?: Array<Written<VehicleUsedRow, 'first_use' | 'last_use'>>;
  positions?: Array<Written<PositionRow, 'timestamp'>>;
  surname?: string;
}

export function iso(date: string, time: string): string {
  return `${date}T${time}:00Z`;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const dayNumber = day;

export function intervalsOf(day: DaySpec): ActivityIntervalRow[] {
  return day.changes.map(([time, activity, options = {}], i) => {
    const start = iso(day.date, time);
    const next = day.changes[i + 1];
    const end = next
      ? iso(day.date, next[0])
      : day.cut_at
        ? iso(day.date, day.cut_at)
        : iso(nextDate(day.date), '00:00');
    const inserted = options.inserted ?? true;
    return {
      import_id: null,
      card_number: null,
      date: dayNumber(day.date),
      start: ts(start),
      end: ts(end),
      activity,
      duration: ts(end) - ts(start),
      slot: options.slot ?? 'DRIVER',
      crew: options.crew ?? false,
      card_inserted: inserted,
      manual_entry: options.manual ?? false,
    };
  });
}

/** A typical working day: rest, work, driving with a break, rest. */
export function workingDay(date: string, distance_km = 400): DaySpec {
  return {
    date,
    distance_km,
    changes: [
      ['00:00', 'REST'],
      ['06:00', 'WORK'],
      ['06:30', 'DRIVING'],
      ['10:30', 'REST'],
      ['11:15', 'DRIVING'],
      ['15:00', 'WORK'],
      ['15:30', 'REST'],
    ],
  };
}

/** 04:00–08:30 and 09:15–15:45 UTC, card inserted: 11 h of driving, a daily driving time over 10 h (Art. 6(1)). */
export function elevenHourDrivingDay(date: string): DaySpec {
  return {
    date,
    changes: [
      ['00:00', 'REST'],
      ['04:00', 'DRIVING'],
      ['08:30', 'REST'],
      ['09:15', 'DRIVING'],
      ['15:45', 'REST'],
    ],
  };
}

export function datesFrom(first: string, count: number): string[] {
  const out = [first];
  while (out.length < count) out.push(nextDate(out[out.length - 1]!));
  return out;
}

export function buildParsedCard(spec: CardSpec = {}): ParsedCard {
  const cardNumber = spec.card_number ?? 'DRIVER0000000100';
  const days = spec.days ?? [];
  const activities = days.flatMap(intervalsOf);
  const dates = days.map((d) => d.date).sort();
  const metadata: ImportMetadata = {
    generation: 'GEN1',
    card: {
      card_number: cardNumber,
      issuing_member_state: 'FI',
      issuing_authority: 'TEST AUTHORITY',
      issue_date: '2024-01-01',
      validity_begin: '2024-01-01',
      expiry_date: '2029-01-01',
    },
    driver: {
      surname: spec.surname ?? 'TEST_SURNAME',
      first_names: 'TEST',
      birth_date: '1980-05-05',
      preferred_language: 'en',
      licence_issuing_nation: 'FI',
      licence_number: 'L123',
    },
    activity_range: {
      from: dates.length ? day(dates[0]!) : null,
      to: dates.length ? day(dates[dates.length - 1]!) : null,
      days: dates.length,
    },
    warnings: [],
  };
  return {
    metadata,
    activities,
    events: (spec.events ?? []).map(eventRow),
    faults: (spec.faults ?? []).map(eventRow),
    vehicles_used: (spec.vehicles ?? []).map((v) => ({
      import_id: null,
      card_number: null,
      registration: { nation: 'FI', number: 'ABC-123' },
      vin: null,
      odometer_begin_km: null,
      odometer_end_km: null,
      distance_km: null,
      vu_data_block_counter: null,
      ...v,
      first_use: tsOrNull(v.first_use),
      last_use: tsOrNull(v.last_use),
    })),
    positions: (spec.positions ?? []).map((p) => ({
      import_id: null,
      card_number: null,
      latitude: null,
      longitude: null,
      source: 'PLACE',
      type: 'BEGIN',
      country_code: 'FI',
      region_code: null,
      odometer_km: null,
      gnss_accuracy: null,
      ...p,
      timestamp: tsOrNull(p.timestamp),
    })),
    day_distances: days.map((d) => ({
      import_id: null,
      card_number: null,
      date: day(d.date),
      distance_km: d.distance_km ?? 0,
    })),
  };
}

function eventRow(e: Written<EventFaultRow, 'start' | 'end'>): EventFaultRow {
  return {
    import_id: null,
    card_number: null,
    code: 5,
    type: 'POWER_SUPPLY_INTERRUPTION',
    description: 'Power supply interruption',
    vehicle_registration: null,
    ...e,
    start: tsOrNull(e.start),
    end: tsOrNull(e.end),
  };
}
