/**
 * The canned data behind ./canned-service.ts: a synthetic week plan per weekday, imports with authenticity,
 * the fleet's drivers, pre-check findings (one depending on the card-out assumption), the driver status and
 * the event / vehicle / place rows. Deterministic; nothing here reads the clock.
 */

import type { CannedDriver } from './canned-fleet.js';

export const CANNED_CARD = 'DCANNED000000100';
/** A card whose pre-check answers 409 conflicting_data. */
export const CONFLICT_CARD = 'DCONFLICT0000100';
/** A card with no activity data, downloaded recently. */
export const FRESH_CARD = 'DFRESH0000000100';
/** The card of a file whose signatures do not verify (first byte 0x01): imported QUARANTINED. */
export const BROKEN_CARD = 'DBROKEN000000100';
export const CANNED_FIRST_DAY = '2026-02-16';
export const CANNED_LAST_DAY = '2026-03-08';
/** The default test clock. */
export const CANNED_NOW = '2026-03-10T09:00:00Z';
/** The day the imports disagree about (the conflict card). */
export const CONFLICT_DAY = '2026-02-18';

type Act = 'DRIVING' | 'WORK' | 'AVAILABILITY' | 'REST';
interface Piece {
  from: string;
  activity: Act;
  inserted?: boolean;
  manual?: boolean;
  crew?: boolean;
}

/** One synthetic day per weekday (Monday = 0); Wednesday drives 10:30 h, a daily-driving violation. */
function dayPlan(weekday: number): Piece[] {
  const workday: Piece[] = [
    { from: '00:00', activity: 'REST', inserted: false },
    { from: '05:30', activity: 'WORK' },
    { from: '06:00', activity: 'DRIVING' },
    { from: '10:30', activity: 'REST' },
    { from: '11:15', activity: 'DRIVING', crew: weekday === 1 },
    { from: '15:00', activity: 'AVAILABILITY' },
    { from: '15:20', activity: 'WORK' },
    { from: '16:00', activity: 'REST' },
  ];
  if (weekday === 2) {
    return [
      ...workday.slice(0, 5),
      { from: '15:00', activity: 'REST' },
      { from: '15:45', activity: 'DRIVING' },
      { from: '18:00', activity: 'REST' },
    ];
  }
  if (weekday === 5) {
    return [
      { from: '00:00', activity: 'REST', inserted: false, manual: true },
      { from: '07:00', activity: 'WORK', inserted: false, manual: true },
      { from: '09:00', activity: 'REST', inserted: false, manual: true },
    ];
  }
  if (weekday === 6) return [{ from: '00:00', activity: 'REST', inserted: false }];
  return workday;
}

export const DAY = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function dayOverview(card: string, date: string) {
  const start = dayMs(date);
  const inRange =
    date >= CANNED_FIRST_DAY &&
    date <= CANNED_LAST_DAY &&
    (card === CANNED_CARD || card === CONFLICT_CARD || card === BROKEN_CARD);
  const plan = inRange ? dayPlan((new Date(start).getUTCDay() + 6) % 7) : [];
  const totals = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
  const intervals = plan.map((p, i) => {
    const [h, m] = p.from.split(':').map(Number) as [number, number];
    const s = start + (h * 60 + m) * 60_000;
    const next = plan[i + 1]?.from.split(':').map(Number) as [number, number] | undefined;
    const e = next ? start + (next[0] * 60 + next[1]) * 60_000 : start + DAY;
    const inserted = p.inserted ?? true;
    const manual = p.manual ?? false;
    const duration = (e - s) / 1000;
    totals[!inserted && !manual ? 'UNKNOWN' : p.activity] += duration;
    return {
      import_id: 'imp-canned',
      card_number: card,
      date,
      start: iso(s),
      end: iso(e),
      activity: p.activity,
      duration,
      slot: 'DRIVER',
      crew: p.crew ?? false,
      card_inserted: inserted,
      manual_entry: manual,
    };
  });
  return {
    date,
    card_number: card,
    intervals,
    totals,
    distance_km: totals.DRIVING ? Math.round(totals.DRIVING / 45) : 0,
    vehicles: [],
  };
}

export const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isoWeekMonday(week: string): number | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!m) return null;
  const jan4 = Date.UTC(Number(m[1]), 0, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY;
  return monday1 + (Number(m[2]) - 1) * 7 * DAY;
}

export function isoWeekOf(ms: number): string {
  const monday = ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY;
  const thursday = monday + 3 * DAY;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((monday - isoWeekMonday(`${year}-W01`)!) / (7 * DAY)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const WEEK_KEYS = ['DRIVING', 'WORK', 'AVAILABILITY', 'REST', 'UNKNOWN'] as const;

export function weekOf(card: string, monday: number) {
  const days = Array.from({ length: 7 }, (_, i) => dayOverview(card, date(monday + i * DAY)));
  const totals = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
  for (const d of days) for (const k of WEEK_KEYS) totals[k] += d.totals[k];
  return { week: isoWeekOf(monday), start_date: days[0]!.date, end_date: days[6]!.date, days, totals };
}

interface ImportOptions {
  id?: string;
  file?: string;
  from?: string | null;
  to?: string | null;
  status?: 'OK' | 'QUARANTINED';
  authenticity?: string;
  reused?: boolean;
  importedAt?: string;
}

function authenticity(status: string) {
  const bad = status === 'INVALID';
  const efs = ['0002', '0005', '0501', '0502', '0503', '0504', '0505', '0506', '0507', '0508', '0520', '0521'].map(
    (ef) => ({
      ef,
      application: 'TACHOGRAPH',
      result: bad && ef === '0504' ? 'INVALID' : status === 'UNSIGNED' ? 'MISSING' : 'VALID',
    }),
  );
  return {
    status,
    chains: [
      {
        generation: 'GEN1',
        status: bad ? 'VALID' : status === 'VERIFIED' ? 'VALID' : 'UNVERIFIABLE',
        certificates: [
          {
            role: 'ROOT',
            car: 'fd45432020ffff01',
            chr: null,
            nation: null,
            valid_from: null,
            valid_to: null,
            status: 'VALID',
          },
          {
            role: 'MEMBER_STATE',
            car: 'fd45432020ffff01',
            chr: '0d54424d0000ffff',
            nation: 'DE',
            valid_from: null,
            valid_to: null,
            status: 'VALID',
          },
          {
            role: 'CARD',
            car: '0d54424d0000ffff',
            chr: null,
            nation: 'DE',
            valid_from: null,
            valid_to: null,
            status: 'VALID',
          },
        ],
      },
    ],
    efs,
  };
}

export function importRow(card: string, surname: string, o: ImportOptions = {}) {
  const warnings =
    o.authenticity === 'INVALID'
      ? [{ code: 'signature_invalid', message: 'The signature of EF 0504 (driver activity data) does not verify.' }]
      : [];
  return {
    import_id: o.id ?? `imp-${card.toLowerCase()}`,
    archive_id: `arc-${o.id ?? card.toLowerCase()}`,
    file_name: o.file ?? `${surname.toLowerCase()}.ddd`,
    content_sha256: '0'.repeat(64),
    size_bytes: 1,
    imported_at: o.importedAt ?? '2026-03-09T08:00:00Z',
    generation: 'GEN1',
    status: o.status ?? 'OK',
    card: {
      card_number: card,
      issuing_member_state: 'DE',
      issuing_authority: null,
      issue_date: null,
      validity_begin: null,
      expiry_date: null,
    },
    driver: {
      surname,
      first_names: 'Canned',
      birth_date: null,
      preferred_language: null,
      licence_issuing_nation: null,
      licence_number: null,
    },
    activity_range:
      o.from === null
        ? { from: null, to: null, days: 0 }
        : { from: o.from ?? CANNED_FIRST_DAY, to: o.to ?? CANNED_LAST_DAY, days: 21 },
    warnings,
    authenticity: authenticity(o.authenticity ?? 'VERIFIED'),
    reused: o.reused ?? false,
  };
}

export type Import = ReturnType<typeof importRow>;

export const DRIVERS: Record<string, CannedDriver> = {
  [CANNED_CARD]: {
    card_number: CANNED_CARD,
    surname: 'CANNED',
    first_names: 'Canned',
    downloaded_days_ago: 30,
    expires_in_days: 400,
    imports: 1,
    quarantined_imports: 0,
    conflicting_days: 0,
    authenticity_status: 'VERIFIED',
    violations: 2,
  },
  [CONFLICT_CARD]: {
    card_number: CONFLICT_CARD,
    surname: 'CONFLICT',
    first_names: 'Canned',
    downloaded_days_ago: 10,
    expires_in_days: 20,
    imports: 2,
    quarantined_imports: 0,
    conflicting_days: 1,
    authenticity_status: 'UNSIGNED',
    violations: 0,
  },
  [FRESH_CARD]: {
    card_number: FRESH_CARD,
    surname: 'FRESH',
    first_names: 'Canned',
    downloaded_days_ago: 3,
    expires_in_days: 900,
    imports: 1,
    quarantined_imports: 0,
    conflicting_days: 0,
    authenticity_status: 'VERIFIED',
    violations: 0,
  },
  [BROKEN_CARD]: {
    card_number: BROKEN_CARD,
    surname: 'BROKEN',
    first_names: 'Canned',
    downloaded_days_ago: 1,
    expires_in_days: 700,
    imports: 1,
    quarantined_imports: 1,
    conflicting_days: 0,
    authenticity_status: 'INVALID',
    violations: 0,
  },
};

export function startingImports(): Import[] {
  return [
    importRow(CANNED_CARD, 'CANNED'),
    importRow(CONFLICT_CARD, 'CONFLICT', {
      id: 'imp-conflict-a',
      file: 'conflict-a.ddd',
      to: '2026-02-28',
      importedAt: '2026-03-01T08:00:00Z',
      authenticity: 'UNSIGNED',
    }),
    importRow(CONFLICT_CARD, 'CONFLICT', { id: 'imp-conflict-b', file: 'conflict-b.ddd', authenticity: 'UNSIGNED' }),
    importRow(FRESH_CARD, 'FRESH', { from: null }),
  ];
}

/** The days of an inclusive date range, as ms. */
export function daysOf(from: string, to: string): number[] {
  const out: number[] = [];
  for (let ms = dayMs(from); ms <= dayMs(to) && out.length < 400; ms += DAY) out.push(ms);
  return out;
}

export function cardData(card: string, ms: number): boolean {
  const d = date(ms);
  return (
    (card === CANNED_CARD || card === CONFLICT_CARD || card === BROKEN_CARD) &&
    d >= CANNED_FIRST_DAY &&
    d <= CANNED_LAST_DAY
  );
}

export function findings(card: string, from: string, to: string, rest: boolean, untrusted = false) {
  const out: Record<string, unknown>[] = [];
  for (const ms of daysOf(from, to)) {
    if (!cardData(card, ms)) continue;
    const weekday = new Date(ms).getUTCDay();
    if (weekday === 3) {
      out.push({
        rule: 'daily_driving',
        status: 'VIOLATION',
        article: 'Art. 6(1)',
        start: iso(ms + 6 * 3600_000),
        end: iso(ms + 18 * 3600_000),
        value: 10.5 * 3600,
        limit: 10 * 3600,
        excess: 0.5 * 3600,
        severity: 'SI',
        severity_verified: false,
        assumption_dependent: false,
        readings: [],
        untrusted,
        description: 'Daily driving time of 10 h 30 min exceeds the extended limit of 10 h by 30 min.',
        evidence: [],
      });
    }
    if (rest && weekday === 6) {
      out.push({
        rule: 'daily_rest',
        status: 'VIOLATION',
        article: 'Art. 8(2)',
        start: iso(ms + 9 * 3600_000),
        end: iso(ms + 24 * 3600_000),
        value: 8 * 3600,
        limit: 9 * 3600,
        excess: 3600,
        severity: 'MI',
        severity_verified: true,
        assumption_dependent: true,
        readings: ['card_out_time'],
        untrusted: false,
        description: 'The daily rest of 8 h was 1 h shorter than the reduced 9 h.',
        evidence: [],
      });
    }
  }
  return out;
}

export const DRIVER_STATUS = {
  at: '2026-03-08T23:59:00Z',
  driving_today: 0,
  driving_left_today: 9 * 3600,
  daily_driving_limit: 9 * 3600,
  extended_days_left_this_week: 2,
  driving_since_break: 0,
  driving_left_before_break: 4.5 * 3600,
  weekly_driving: 43.5 * 3600,
  weekly_driving_left: 12.5 * 3600,
  fortnightly_driving: 87 * 3600,
  fortnightly_driving_left: 3 * 3600,
  reduced_daily_rests_left: 3,
  next_daily_rest_latest_start: '2026-03-09T20:00:00Z',
  next_weekly_rest_latest_start: '2026-03-14T23:59:00Z',
  compensation_owed: [{ week: '2026-W09', seconds: 9 * 3600, due_by: '2026-03-29T23:59:00Z' }],
};

export function rowsOf(kind: string, card: string, from: string, to: string) {
  const out: Record<string, unknown>[] = [];
  for (const ms of daysOf(from, to)) {
    if (!cardData(card, ms)) continue;
    const weekday = (new Date(ms).getUTCDay() + 6) % 7;
    const base = { import_id: `imp-${card.toLowerCase()}`, card_number: card };
    const reg = { nation: 'DE', number: 'B-CD 1234' };
    if (kind === 'events' && weekday === 0) {
      out.push({
        ...base,
        code: 5,
        type: 'CARD_INSERTION_WHILE_DRIVING',
        description: 'Card insertion while driving',
        start: iso(ms + 6 * 3600_000 + 600_000),
        end: iso(ms + 6 * 3600_000 + 660_000),
        vehicle_registration: reg,
      });
    }
    if (kind === 'vehicles-used' && weekday === 0) {
      out.push({
        ...base,
        registration: reg,
        vin: null,
        first_use: iso(ms + 5.5 * 3600_000),
        last_use: iso(ms + 4 * DAY + 16 * 3600_000),
        odometer_begin_km: 120_000,
        odometer_end_km: 121_800,
        distance_km: 1800,
        vu_data_block_counter: null,
      });
    }
    if (kind === 'positions' && weekday < 5) {
      out.push({
        ...base,
        timestamp: iso(ms + 5.5 * 3600_000),
        latitude: null,
        longitude: null,
        source: 'PLACE',
        type: 'BEGIN',
        country_code: 'DE',
        region_code: null,
        odometer_km: 120_000 + weekday * 360,
        gnss_accuracy: null,
      });
      out.push({
        ...base,
        timestamp: iso(ms + 16 * 3600_000),
        latitude: null,
        longitude: null,
        source: 'PLACE',
        type: 'END',
        country_code: 'DE',
        region_code: null,
        odometer_km: 120_360 + weekday * 360,
        gnss_accuracy: null,
      });
    }
  }
  return { items: out, total: out.length, limit: 500, offset: 0, conflicts: [] };
}

/** Starts the canned service on a free loopback port; `imported` = cards listed from the start; `now` = the test's clock. */
