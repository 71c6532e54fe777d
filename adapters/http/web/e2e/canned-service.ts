/**
 * A stand-in for the service's JSON endpoints with canned, deterministic data, for browser tests of
 * states the real service rarely produces (409 pre-check, rejected or quarantined files, empty list, a 500,
 * a pre-check that answers late: holdPrechecks / releaseOldestPrecheck), and of the endpoints added for the
 * transport office (fleet list, working time, driver status, authenticity) against the names decided in
 * notes/API-ADDITIONS.md. Serves the page through serveWebAsset with the suggested Content-Security-Policy,
 * like the real adapter should.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveWebAsset, WEB_CONTENT_SECURITY_POLICY } from '../index.js';
import { type CannedDriver, fleetRow, fleetSummaryOf, listFleet } from './canned-fleet.js';

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
    return [...workday.slice(0, 5), { from: '15:00', activity: 'REST' }, { from: '15:45', activity: 'DRIVING' }, { from: '18:00', activity: 'REST' }];
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

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

function dayOverview(card: string, date: string) {
  const start = dayMs(date);
  const inRange = date >= CANNED_FIRST_DAY && date <= CANNED_LAST_DAY && (card === CANNED_CARD || card === CONFLICT_CARD);
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
  return { date, card_number: card, intervals, totals, distance_km: totals.DRIVING ? Math.round(totals.DRIVING / 45) : 0, vehicles: [] };
}

const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function isoWeekMonday(week: string): number | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!m) return null;
  const jan4 = Date.UTC(Number(m[1]), 0, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY;
  return monday1 + (Number(m[2]) - 1) * 7 * DAY;
}

function isoWeekOf(ms: number): string {
  const monday = ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY;
  const thursday = monday + 3 * DAY;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((monday - isoWeekMonday(`${year}-W01`)!) / (7 * DAY)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const WEEK_KEYS = ['DRIVING', 'WORK', 'AVAILABILITY', 'REST', 'UNKNOWN'] as const;

function weekOf(card: string, monday: number) {
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
  const efs = ['0002', '0005', '0501', '0502', '0503', '0504', '0505', '0506', '0507', '0508', '0520', '0521'].map((ef) => ({
    ef, application: 'TACHOGRAPH', result: bad && ef === '0504' ? 'INVALID' : status === 'UNSIGNED' ? 'MISSING' : 'VALID',
  }));
  return {
    status,
    chains: [{ generation: 'GEN1', status: bad ? 'VALID' : status === 'VERIFIED' ? 'VALID' : 'UNVERIFIABLE', certificates: [
      { role: 'ROOT', car: 'fd45432020ffff01', chr: null, nation: null, valid_from: null, valid_to: null, status: 'VALID' },
      { role: 'MEMBER_STATE', car: 'fd45432020ffff01', chr: '0d54424d0000ffff', nation: 'DE', valid_from: null, valid_to: null, status: 'VALID' },
      { role: 'CARD', car: '0d54424d0000ffff', chr: null, nation: 'DE', valid_from: null, valid_to: null, status: 'VALID' },
    ] }],
    efs,
  };
}

function importRow(card: string, surname: string, o: ImportOptions = {}) {
  const warnings = o.authenticity === 'INVALID'
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
    card: { card_number: card, issuing_member_state: 'DE', issuing_authority: null, issue_date: null, validity_begin: null, expiry_date: null },
    driver: { surname, first_names: 'Canned', birth_date: null, preferred_language: null, licence_issuing_nation: null, licence_number: null },
    activity_range: o.from === null ? { from: null, to: null, days: 0 } : { from: o.from ?? CANNED_FIRST_DAY, to: o.to ?? CANNED_LAST_DAY, days: 21 },
    warnings,
    authenticity: authenticity(o.authenticity ?? 'VERIFIED'),
    reused: o.reused ?? false,
  };
}

type Import = ReturnType<typeof importRow>;

const DRIVERS: Record<string, CannedDriver> = {
  [CANNED_CARD]: { card_number: CANNED_CARD, surname: 'CANNED', first_names: 'Canned', downloaded_days_ago: 30, expires_in_days: 400, imports: 1, quarantined_imports: 0, conflicting_days: 0, authenticity_status: 'VERIFIED', violations: 2 },
  [CONFLICT_CARD]: { card_number: CONFLICT_CARD, surname: 'CONFLICT', first_names: 'Canned', downloaded_days_ago: 10, expires_in_days: 20, imports: 2, quarantined_imports: 0, conflicting_days: 1, authenticity_status: 'UNSIGNED', violations: 0 },
  [FRESH_CARD]: { card_number: FRESH_CARD, surname: 'FRESH', first_names: 'Canned', downloaded_days_ago: 3, expires_in_days: 900, imports: 1, quarantined_imports: 0, conflicting_days: 0, authenticity_status: 'VERIFIED', violations: 0 },
  [BROKEN_CARD]: { card_number: BROKEN_CARD, surname: 'BROKEN', first_names: 'Canned', downloaded_days_ago: 1, expires_in_days: 700, imports: 1, quarantined_imports: 1, conflicting_days: 0, authenticity_status: 'INVALID', violations: 0 },
};

function startingImports(): Import[] {
  return [
    importRow(CANNED_CARD, 'CANNED'),
    importRow(CONFLICT_CARD, 'CONFLICT', { id: 'imp-conflict-a', file: 'conflict-a.ddd', to: '2026-02-28', importedAt: '2026-03-01T08:00:00Z', authenticity: 'UNSIGNED' }),
    importRow(CONFLICT_CARD, 'CONFLICT', { id: 'imp-conflict-b', file: 'conflict-b.ddd', authenticity: 'UNSIGNED' }),
    importRow(FRESH_CARD, 'FRESH', { from: null }),
  ];
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface CannedService {
  url: string;
  /** the test's clock (ISO) that the fleet's due dates are computed from */
  now: string;
  /** paths (with query) of every API request, in order */
  requests: string[];
  /** From now on, pre-check answers wait until released (false: release every waiting one and stop holding). */
  holdPrechecks(hold: boolean): void;
  /** Pre-check requests waiting for an answer, oldest first (paths with query). */
  heldPrechecks(): string[];
  /** Answers the oldest waiting pre-check; false when none waits. */
  releaseOldestPrecheck(): boolean;
  /** The next request to `pathname` answers 500 internal_error with `correlationId`. */
  failNext(pathname: string, correlationId: string): void;
  close(): Promise<void>;
}

/** The days of an inclusive date range, as ms. */
function daysOf(from: string, to: string): number[] {
  const out: number[] = [];
  for (let ms = dayMs(from); ms <= dayMs(to) && out.length < 400; ms += DAY) out.push(ms);
  return out;
}

function cardData(card: string, ms: number): boolean {
  const d = date(ms);
  return (card === CANNED_CARD || card === CONFLICT_CARD) && d >= CANNED_FIRST_DAY && d <= CANNED_LAST_DAY;
}

function findings(card: string, from: string, to: string, rest: boolean) {
  const out: Record<string, unknown>[] = [];
  for (const ms of daysOf(from, to)) {
    if (!cardData(card, ms)) continue;
    const weekday = new Date(ms).getUTCDay();
    if (weekday === 3) {
      out.push({
        rule: 'daily_driving', status: 'VIOLATION', article: 'Art. 6(1)', start: iso(ms + 6 * 3600_000), end: iso(ms + 18 * 3600_000),
        value: 10.5 * 3600, limit: 10 * 3600, excess: 0.5 * 3600, severity: 'SI', severity_verified: false, assumption_dependent: false, untrusted: false,
        description: 'Daily driving time of 10 h 30 min exceeds the extended limit of 10 h by 30 min.', evidence: [],
      });
    }
    if (rest && weekday === 6) {
      out.push({
        rule: 'daily_rest', status: 'VIOLATION', article: 'Art. 8(2)', start: iso(ms + 9 * 3600_000), end: iso(ms + 24 * 3600_000),
        value: 8 * 3600, limit: 9 * 3600, excess: 3600, severity: 'MI', severity_verified: true, assumption_dependent: true, untrusted: false,
        description: 'The daily rest of 8 h was 1 h shorter than the reduced 9 h.', evidence: [],
      });
    }
  }
  return out;
}

const DRIVER_STATUS = {
  at: '2026-03-08T23:59:00Z', driving_today: 0, driving_left_today: 9 * 3600, daily_driving_limit: 9 * 3600, extended_days_left_this_week: 2,
  driving_since_break: 0, driving_left_before_break: 4.5 * 3600, weekly_driving: 43.5 * 3600, weekly_driving_left: 12.5 * 3600,
  fortnightly_driving: 87 * 3600, fortnightly_driving_left: 3 * 3600, reduced_daily_rests_left: 3,
  next_daily_rest_latest_start: '2026-03-09T20:00:00Z', next_weekly_rest_latest_start: '2026-03-14T23:59:00Z',
  compensation_owed: [{ week: '2026-W09', seconds: 9 * 3600, due_by: '2026-03-29T23:59:00Z' }],
};

function rowsOf(kind: string, card: string, from: string, to: string) {
  const out: Record<string, unknown>[] = [];
  for (const ms of daysOf(from, to)) {
    if (!cardData(card, ms)) continue;
    const weekday = (new Date(ms).getUTCDay() + 6) % 7;
    const base = { import_id: `imp-${card.toLowerCase()}`, card_number: card };
    const reg = { nation: 'DE', number: 'B-CD 1234' };
    if (kind === 'events' && weekday === 0) {
      out.push({ ...base, code: 5, type: 'CARD_INSERTION_WHILE_DRIVING', description: 'Card insertion while driving', start: iso(ms + 6 * 3600_000 + 600_000), end: iso(ms + 6 * 3600_000 + 660_000), vehicle_registration: reg });
    }
    if (kind === 'vehicles-used' && weekday === 0) {
      out.push({ ...base, registration: reg, vin: null, first_use: iso(ms + 5.5 * 3600_000), last_use: iso(ms + 4 * DAY + 16 * 3600_000), odometer_begin_km: 120_000, odometer_end_km: 121_800, distance_km: 1800, vu_data_block_counter: null });
    }
    if (kind === 'positions' && weekday < 5) {
      out.push({ ...base, timestamp: iso(ms + 5.5 * 3600_000), latitude: null, longitude: null, source: 'PLACE', type: 'BEGIN', country_code: 'DE', region_code: null, odometer_km: 120_000 + weekday * 360, gnss_accuracy: null });
      out.push({ ...base, timestamp: iso(ms + 16 * 3600_000), latitude: null, longitude: null, source: 'PLACE', type: 'END', country_code: 'DE', region_code: null, odometer_km: 120_360 + weekday * 360, gnss_accuracy: null });
    }
  }
  return { items: out, total: out.length, limit: 500, offset: 0, conflicts: [] };
}

/** Starts the canned service on a free loopback port; `imported` = cards listed from the start; `now` = the test's clock. */
export async function startCannedService(options: { imported: boolean; now?: string }): Promise<CannedService> {
  const now = options.now ?? CANNED_NOW;
  const requests: string[] = [];
  let holding = false;
  const held: { path: string; release: () => void }[] = [];
  const failing = new Map<string, string>();
  let imports: Import[] = options.imported ? startingImports() : [];
  const cardOf = (q: URLSearchParams) => {
    const id = q.get('import_id');
    if (id) return imports.find((i) => i.import_id === id)?.card.card_number ?? '';
    return (q.get('card_number') ?? '').toUpperCase();
  };
  const fleet = () => [...new Set(imports.map((i) => i.card.card_number))].map((c) => fleetRow(DRIVERS[c]!, Date.parse(now)));
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/api/')) requests.push(`${url.pathname}${url.search}`);
    const q = url.searchParams;
    const failure = failing.get(url.pathname);
    if (failure) {
      failing.delete(url.pathname);
      return send(res, 500, { error: 'internal_error', message: 'An unexpected error occurred.', correlation_id: failure });
    }
    const card = cardOf(q);
    const from = q.get('date_from') ?? CANNED_FIRST_DAY;
    const to = q.get('date_to') ?? CANNED_LAST_DAY;
    switch (url.pathname) {
      case '/api/drivercard/imports':
        return send(res, 200, { items: imports.map(({ reused: _r, ...row }) => row), total: imports.length, limit: 5000, offset: 0, conflicts: [] });
      case '/api/drivercard/drivers':
        return send(res, 200, listFleet(fleet(), q));
      case '/api/drivercard/drivers/summary':
        return send(res, 200, fleetSummaryOf(fleet()));
      case '/api/drivercard/parse': {
        if (!/^application\/json/.test(req.headers['content-type'] ?? '')) {
          return send(res, 415, { error: 'unsupported_media_type', message: 'Send the payload as application/json.' });
        }
        const body = JSON.parse(await readBody(req)) as { file_name: string; content_base64: string };
        const bytes = Buffer.from(body.content_base64, 'base64');
        if (bytes[0] === 0x76) {
          return send(res, 422, { error: 'unparseable_ddd', reason: 'vehicle_unit_download', message: 'The file is a vehicle-unit download, not a driver card.' });
        }
        const broken = bytes[0] === 0x01;
        const target = broken ? BROKEN_CARD : CANNED_CARD;
        const reused = imports.some((r) => r.card.card_number === target);
        const row = broken
          ? importRow(BROKEN_CARD, 'BROKEN', { status: 'QUARANTINED', authenticity: 'INVALID', file: body.file_name, reused })
          : importRow(CANNED_CARD, 'CANNED', { file: body.file_name, reused });
        if (!reused) imports = [row, ...imports];
        return send(res, 200, row);
      }
      case '/api/drivercard/week-overview': {
        const week = q.get('week');
        let mondays: number[];
        if (week) {
          const monday = isoWeekMonday(week);
          if (monday === null) return send(res, 400, { error: 'invalid_filter', message: 'week is not an ISO week.' });
          mondays = [monday];
        } else {
          mondays = [...new Set(daysOf(from, to).map((ms) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY))];
        }
        const items = mondays.map((m) => weekOf(card, m));
        const conflicts = card === CONFLICT_CARD && !q.get('import_id') && items.some((w) => w.start_date <= CONFLICT_DAY && w.end_date >= CONFLICT_DAY) ? [CONFLICT_DAY] : [];
        return send(res, 200, { items, conflicts });
      }
      case '/api/drivercard/eu561/violations': {
        if (holding) await new Promise<void>((release) => held.push({ path: `${url.pathname}${url.search}`, release }));
        if (card === CONFLICT_CARD && !q.get('import_id')) {
          return send(res, 409, { error: 'conflicting_data', message: `Imports disagree about ${CONFLICT_DAY}; narrow the basis to one import.`, dates: [CONFLICT_DAY] });
        }
        const rest = q.get('unknown_as') === 'rest';
        const gaps = card === CANNED_CARD && from <= '2026-02-22' && to >= '2026-02-22'
          ? [{ start: '2026-02-22T00:00:00Z', end: '2026-02-23T00:00:00Z', duration: 86_400 }]
          : [];
        return send(res, 200, {
          rule_version: 'canned', algorithm_version: 'canned', violations: findings(card, from, to, rest), data_gaps: gaps, warnings: [], not_evaluated: [],
          assumptions: { unknown_as: rest ? 'rest' : 'unknown', card_out_rest_max_seconds: rest ? 86_400 : null, text: rest ? ['Card-out time of up to 24 h between records counts as rest.'] : [] },
          driver_status: cardData(card, dayMs(to)) || to > CANNED_LAST_DAY ? DRIVER_STATUS : null,
          disclaimer: 'A technical pre-check, not a legal decision.',
        });
      }
      case '/api/drivercard/working-time': {
        const mondays = [...new Set(daysOf(from, to).map((ms) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY))];
        const weeks = mondays.map((m) => weekOf(card, m)).map((w) => ({
          week: w.week, working_time: w.totals.DRIVING + w.totals.WORK, driving: w.totals.DRIVING, work: w.totals.WORK, availability: w.totals.AVAILABILITY,
        }));
        return send(res, 200, { rule_version: 'canned', algorithm_version: 'canned', basis: {}, reference_weeks: 17, weeks, average_weekly_working_time: null, violations: [], not_evaluated: [], disclaimer: 'canned' });
      }
      case '/api/drivercard/events':
      case '/api/drivercard/faults':
      case '/api/drivercard/vehicles-used':
      case '/api/drivercard/positions':
        return send(res, 200, rowsOf(url.pathname.slice('/api/drivercard/'.length), card, from, to));
    }
    const asset = req.method === 'GET' ? serveWebAsset(url.pathname) : null;
    if (!asset) return send(res, 404, { error: 'not_found', message: 'No such route.' });
    res.writeHead(200, { 'content-type': asset.contentType, 'content-security-policy': WEB_CONTENT_SECURITY_POLICY });
    res.end(asset.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    now,
    requests,
    holdPrechecks(hold) {
      holding = hold;
      if (!hold) for (const h of held.splice(0)) h.release();
    },
    heldPrechecks: () => held.map((h) => h.path),
    releaseOldestPrecheck() {
      const h = held.shift();
      h?.release();
      return h !== undefined;
    },
    failNext(pathname, correlationId) {
      failing.set(pathname, correlationId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const h of held.splice(0)) h.release();
        server.close(() => resolve());
      }),
  };
}
