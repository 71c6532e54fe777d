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

export interface DaySpec {
  date: string;
  /** [time 'HH:MM', activity, options]; the first change should be at 00:00 */
  changes: Array<[string, Activity, { inserted?: boolean; manual?: boolean; crew?: boolean; slot?: 'DRIVER' | 'CO_DRIVER' }?]>;
  distance_km?: number;
  /** the last interval ends here instead of 24:00 ('HH:MM'), like a download taken that day */
  cut_at?: string;
}

export interface CardSpec {
  card_number?: string;
  days?: DaySpec[];
  events?: Array<Partial<EventFaultRow>>;
  faults?: Array<Partial<EventFaultRow>>;
  vehicles?: Array<Partial<VehicleUsedRow>>;
  positions?: Array<Partial<PositionRow>>;
  surname?: string;
}

export function iso(date: string, time: string): string {
  return `${date}T${time}:00Z`;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export function intervalsOf(day: DaySpec): ActivityIntervalRow[] {
  return day.changes.map(([time, activity, options = {}], i) => {
    const start = iso(day.date, time);
    const next = day.changes[i + 1];
    const end = next ? iso(day.date, next[0]) : day.cut_at ? iso(day.date, day.cut_at) : iso(nextDate(day.date), '00:00');
    const inserted = options.inserted ?? true;
    return {
      import_id: null,
      card_number: null,
      date: day.date,
      start,
      end,
      activity,
      duration: (Date.parse(end) - Date.parse(start)) / 1000,
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
    activity_range: { from: dates[0] ?? null, to: dates[dates.length - 1] ?? null, days: dates.length },
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
      first_use: null,
      last_use: null,
      odometer_begin_km: null,
      odometer_end_km: null,
      distance_km: null,
      vu_data_block_counter: null,
      ...v,
    })),
    positions: (spec.positions ?? []).map((p) => ({
      import_id: null,
      card_number: null,
      timestamp: null,
      latitude: null,
      longitude: null,
      source: 'PLACE',
      type: 'BEGIN',
      country_code: 'FI',
      region_code: null,
      odometer_km: null,
      gnss_accuracy: null,
      ...p,
    })),
    day_distances: days.map((d) => ({ import_id: null, card_number: null, date: d.date, distance_km: d.distance_km ?? 0 })),
  };
}

function eventRow(e: Partial<EventFaultRow>): EventFaultRow {
  return {
    import_id: null,
    card_number: null,
    code: 5,
    type: 'POWER_SUPPLY_INTERRUPTION',
    description: 'Power supply interruption',
    start: null,
    end: null,
    vehicle_registration: null,
    ...e,
  };
}
