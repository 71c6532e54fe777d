/**
 * A stand-in for the service's JSON endpoints with canned, deterministic data, for browser tests of
 * states the real service rarely produces (409 pre-check, rejected file, empty list, a pre-check that answers
 * late: holdPrechecks / releaseOldestPrecheck). Serves the page
 * through serveWebAsset with the suggested Content-Security-Policy, like the real adapter should.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveWebAsset, WEB_CONTENT_SECURITY_POLICY } from '../index.js';

export const CANNED_CARD = 'DCANNED000000100';
/** A card whose pre-check answers 409 conflicting_data. */
export const CONFLICT_CARD = 'DCONFLICT0000100';
export const CANNED_FIRST_DAY = '2026-02-16';
export const CANNED_LAST_DAY = '2026-03-08';

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
  const inRange = date >= CANNED_FIRST_DAY && date <= CANNED_LAST_DAY && card === CANNED_CARD;
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

function isoWeekMonday(week: string): number | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!m) return null;
  const jan4 = Date.UTC(Number(m[1]), 0, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY;
  return monday1 + (Number(m[2]) - 1) * 7 * DAY;
}

function importRow(card: string, surname: string, reused: boolean) {
  return {
    import_id: 'imp-canned',
    archive_id: 'arc-canned',
    file_name: 'canned.ddd',
    content_sha256: '0'.repeat(64),
    size_bytes: 1,
    imported_at: '2026-03-09T08:00:00Z',
    generation: 'GEN2',
    status: 'OK',
    card: { card_number: card, issuing_member_state: 'DE', issuing_authority: null, issue_date: null, validity_begin: null, expiry_date: null },
    driver: { surname, first_names: 'Canned', birth_date: null, preferred_language: null, licence_issuing_nation: null, licence_number: null },
    activity_range: { from: CANNED_FIRST_DAY, to: CANNED_LAST_DAY, days: 21 },
    warnings: [],
    reused,
  };
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
  /** paths (with query) of every API request, in order */
  requests: string[];
  /** From now on, pre-check answers wait until released (false: release every waiting one and stop holding). */
  holdPrechecks(hold: boolean): void;
  /** Pre-check requests waiting for an answer, oldest first (paths with query). */
  heldPrechecks(): string[];
  /** Answers the oldest waiting pre-check; false when none waits. */
  releaseOldestPrecheck(): boolean;
  close(): Promise<void>;
}

/** Starts the canned service on a free loopback port; `imported` = cards listed from the start. */
export async function startCannedService(options: { imported: boolean }): Promise<CannedService> {
  const requests: string[] = [];
  let holding = false;
  const held: { path: string; release: () => void }[] = [];
  let imports = options.imported ? [importRow(CANNED_CARD, 'CANNED', false), importRow(CONFLICT_CARD, 'CONFLICT', false)] : [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/api/')) requests.push(`${url.pathname}${url.search}`);
    const q = url.searchParams;
    switch (url.pathname) {
      case '/api/drivercard/imports':
        return send(res, 200, { items: imports.map(({ reused: _r, ...row }) => row), total: imports.length, limit: 5000, offset: 0, conflicts: [] });
      case '/api/drivercard/parse': {
        if (!/^application\/json/.test(req.headers['content-type'] ?? '')) {
          return send(res, 415, { error: 'unsupported_media_type', message: 'Send the payload as application/json.' });
        }
        const body = JSON.parse(await readBody(req)) as { file_name: string; content_base64: string };
        const bytes = Buffer.from(body.content_base64, 'base64');
        if (bytes[0] === 0x76) {
          return send(res, 422, { error: 'unparseable_ddd', reason: 'vehicle_unit_download', message: 'The file is a vehicle-unit download, not a driver card.' });
        }
        const reused = imports.some((r) => r.card.card_number === CANNED_CARD);
        if (!reused) imports = [importRow(CANNED_CARD, 'CANNED', false), ...imports];
        return send(res, 200, importRow(CANNED_CARD, 'CANNED', reused));
      }
      case '/api/drivercard/week-overview': {
        const week = q.get('week') ?? '';
        const monday = isoWeekMonday(week);
        if (monday === null) return send(res, 400, { error: 'invalid_filter', message: 'week is not an ISO week.' });
        const card = q.get('card_number') ?? '';
        const days = Array.from({ length: 7 }, (_, i) => dayOverview(card, new Date(monday + i * DAY).toISOString().slice(0, 10)));
        const totals = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
        for (const d of days) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += d.totals[k];
        return send(res, 200, { items: [{ week, start_date: days[0]!.date, end_date: days[6]!.date, days, totals }] });
      }
      case '/api/drivercard/eu561/violations': {
        if (holding) await new Promise<void>((release) => held.push({ path: `${url.pathname}${url.search}`, release }));
        const card = q.get('card_number');
        if (card === CONFLICT_CARD) {
          return send(res, 409, { error: 'conflicting_data', message: 'Imports disagree about 2026-02-18; narrow the basis to one import.', dates: ['2026-02-18'] });
        }
        const from = q.get('date_from') ?? CANNED_FIRST_DAY;
        const to = q.get('date_to') ?? CANNED_LAST_DAY;
        const violations = [];
        for (let ms = dayMs(from); ms <= dayMs(to); ms += DAY) {
          const date = new Date(ms).toISOString().slice(0, 10);
          if (card !== CANNED_CARD || date < CANNED_FIRST_DAY || date > CANNED_LAST_DAY || new Date(ms).getUTCDay() !== 3) continue;
          violations.push({
            rule: 'daily_driving', status: 'VIOLATION', article: 'Art. 6(1)', start: iso(ms + 6 * 3600_000), end: iso(ms + 18 * 3600_000),
            value: 10.5 * 3600, limit: 10 * 3600, excess: 0.5 * 3600, severity: 'SI',
            description: 'Daily driving time of 10:30 exceeds the extended limit of 10:00.', evidence: [],
          });
        }
        const gaps = card === CANNED_CARD && from <= '2026-02-22' && to >= '2026-02-22'
          ? [{ start: '2026-02-22T00:00:00Z', end: '2026-02-23T00:00:00Z', duration: 86_400 }]
          : [];
        return send(res, 200, { rule_version: 'canned', algorithm_version: 'canned', violations, data_gaps: gaps, warnings: [], not_evaluated: [], disclaimer: 'A technical pre-check, not a legal decision.' });
      }
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const h of held.splice(0)) h.release();
        server.close(() => resolve());
      }),
  };
}
