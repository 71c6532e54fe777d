/**
 * A stand-in for the service's JSON endpoints with canned, deterministic data, for browser tests of
 * states the real service rarely produces (409 pre-check, rejected or quarantined files, empty list, a 500,
 * a pre-check that answers late: holdPrechecks / releaseOldestPrecheck), and of the endpoints added for the
 * transport office (fleet list, working time, driver status, authenticity) against the names decided in
 * the HTTP schemas (the schema file of each resource in adapters/http). Serves the page through serveWebAsset with the suggested Content-Security-Policy,
 * like the real adapter should.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STATIC_NOT_EVALUATED } from '../../../core/eu561/ruleset.js';
import { serveWebAsset, WEB_CONTENT_SECURITY_POLICY } from '../../http/web-assets/web-assets.js';
import {
  BROKEN_CARD,
  CANNED_CARD,
  CANNED_FIRST_DAY,
  CANNED_LAST_DAY,
  CANNED_NOW,
  cardData,
  CONFLICT_CARD,
  CONFLICT_DAY,
  DAY,
  dayMs,
  daysOf,
  DRIVER_STATUS,
  DRIVERS,
  findings,
  type Import,
  importRow,
  isoWeekMonday,
  rowsOf,
  startingImports,
  weekOf,
} from './canned-data.js';
import { type CannedDriver, fleetRow, fleetSummaryOf, inTodayList, listFleet, todayOf } from './canned-fleet.js';
import { vehicleUnitAnswer } from './canned-vehicle-units.js';

export {
  BROKEN_CARD,
  CANNED_CARD,
  CANNED_FIRST_DAY,
  CANNED_LAST_DAY,
  CANNED_NOW,
  CONFLICT_CARD,
  CONFLICT_DAY,
  FRESH_CARD,
} from './canned-data.js';

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
  /** From now on, fleet-list pages answer `ms` late (0: at once again). */
  slowFleetList(ms: number): void;
  /** The next request to `pathname` answers 500 internal_error with `correlationId`. */
  failNext(pathname: string, correlationId: string): void;
  close(): Promise<void>;
}

/** What the canned working-time answer did not evaluate (the service lists its static items and the data-dependent ones). */
/** The EU 561 pre-check's own not-evaluated line when its basis holds a period of unknown activity (as the core words it). */
export const CANNED_UNKNOWN_INSIDE = {
  rule: 'all',
  reason:
    '1 period(s) of unknown activity inside the data: rules they could change are reported as INCOMPLETE_DATA, never as violations.',
};

export const CANNED_WTD_NOT_EVALUATED = [
  { rule: 'night_work', reason: 'Art. 7: night time is defined by national law; not evaluated.' },
  {
    rule: 'wtd_average_weekly',
    reason:
      'The data holds 2 full week(s), fewer than the reference period of 17 weeks: the 48 h average is not evaluated.',
  },
];

/** A card of the long fleet (`extraDrivers`): listed, never imported. */
function extraDriver(i: number): CannedDriver {
  return {
    card_number: `DEXTRA${String(i).padStart(10, '0')}`,
    surname: `Extra ${String(i).padStart(4, '0')}`,
    first_names: 'Test',
    downloaded_days_ago: i % 27,
    expires_in_days: 60 + (i % 300),
    imports: 1,
    quarantined_imports: 0,
    conflicting_days: 0,
    authenticity_status: 'VERIFIED',
    violations: i % 3,
  };
}

export async function startCannedService(options: {
  imported: boolean;
  now?: string;
  extraDrivers?: number;
}): Promise<CannedService> {
  const now = options.now ?? CANNED_NOW;
  const requests: string[] = [];
  let holding = false;
  let fleetListDelay = 0;
  const held: { path: string; release: () => void }[] = [];
  const failing = new Map<string, string>();
  let imports: Import[] = options.imported ? startingImports() : [];
  const cardOf = (q: URLSearchParams) => {
    const id = q.get('import_id');
    if (id) return imports.find((i) => i.import_id === id)?.card.card_number ?? '';
    return (q.get('card_number') ?? '').toUpperCase();
  };
  const extra = Array.from({ length: options.extraDrivers ?? 0 }, (_, i) => fleetRow(extraDriver(i), Date.parse(now)));
  const fleet = () => [
    ...[...new Set(imports.map((i) => i.card.card_number))].map((c) => fleetRow(DRIVERS[c]!, Date.parse(now))),
    ...extra,
  ];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/api/')) requests.push(`${url.pathname}${url.search}`);
    const q = url.searchParams;
    const failure = failing.get(url.pathname);
    if (failure) {
      failing.delete(url.pathname);
      return send(res, 500, {
        error: 'internal_error',
        message: 'An unexpected error occurred.',
        correlation_id: failure,
      });
    }
    const card = cardOf(q);
    const from = q.get('date_from') ?? CANNED_FIRST_DAY;
    const to = q.get('date_to') ?? CANNED_LAST_DAY;
    const vehicleUnits = vehicleUnitAnswer(url.pathname, q);
    if (vehicleUnits !== null) return send(res, 200, vehicleUnits);
    const homes = /^\/api\/drivercard\/drivers\/([^/]+)\/home-countries$/.exec(url.pathname);
    if (homes && req.method === 'GET') {
      const unset = { establishment: null, residence: null, establishment_source: null, residence_source: null };
      return send(res, 200, { card_number: decodeURIComponent(homes[1]!), ...unset, updated_at: null });
    }
    switch (url.pathname) {
      case '/api/drivercard/imports':
        return send(res, 200, {
          items: imports.map(({ reused: _r, ...row }) => row),
          total: imports.length,
          limit: 5000,
          offset: 0,
          conflicts: [],
        });
      case '/api/drivercard/drivers':
        if (fleetListDelay) await new Promise((resolve) => setTimeout(resolve, fleetListDelay));
        return send(res, 200, listFleet(fleet(), q));
      case '/api/drivercard/drivers/summary':
        return send(res, 200, fleetSummaryOf(fleet()));
      case '/api/drivercard/today':
        return send(res, 200, todayOf(fleet(), imports, Date.parse(now)));
      case '/api/drivercard/today/drivers':
        return send(res, 200, listFleet(fleet().filter(inTodayList(q.get('list'))), q));
      case '/api/drivercard/parse': {
        if (!/^application\/json/.test(req.headers['content-type'] ?? '')) {
          return send(res, 415, { error: 'unsupported_media_type', message: 'Send the payload as application/json.' });
        }
        const body = JSON.parse(await readBody(req)) as { file_name: string; content_base64: string };
        const bytes = Buffer.from(body.content_base64, 'base64');
        if (bytes[0] === 0x76) {
          return send(res, 422, {
            error: 'unparseable_ddd',
            reason: 'vehicle_unit_download',
            message: 'The file is a vehicle-unit download, not a driver card.',
          });
        }
        const broken = bytes[0] === 0x01;
        const target = broken ? BROKEN_CARD : CANNED_CARD;
        const reused = imports.some((r) => r.card.card_number === target);
        const row = broken
          ? importRow(BROKEN_CARD, 'BROKEN', {
              status: 'QUARANTINED',
              authenticity: 'INVALID',
              file: body.file_name,
              reused,
            })
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
        const conflicts =
          card === CONFLICT_CARD &&
          !q.get('import_id') &&
          items.some((w) => w.start_date <= CONFLICT_DAY && w.end_date >= CONFLICT_DAY)
            ? [CONFLICT_DAY]
            : [];
        return send(res, 200, { items, conflicts });
      }
      case '/api/drivercard/eu561/violations': {
        if (holding) await new Promise<void>((release) => held.push({ path: `${url.pathname}${url.search}`, release }));
        if (card === CONFLICT_CARD && !q.get('import_id')) {
          return send(res, 409, {
            error: 'conflicting_data',
            message: `Imports disagree about ${CONFLICT_DAY}; narrow the basis to one import.`,
            dates: [CONFLICT_DAY],
          });
        }
        const untrusted = card === BROKEN_CARD;
        if (untrusted && q.get('include_quarantined') !== 'true') {
          return send(res, 409, {
            error: 'quarantined_data',
            message: 'The basis holds a quarantined import (its signatures do not verify).',
          });
        }
        const rest = q.get('unknown_as') === 'rest';
        const gaps =
          card === CANNED_CARD && from <= '2026-02-22' && to >= '2026-02-22'
            ? [{ start: '2026-02-22T00:00:00Z', end: '2026-02-23T00:00:00Z', duration: 86_400 }]
            : [];
        return send(res, 200, {
          rule_version: 'canned',
          algorithm_version: 'canned',
          basis: {
            card_number: card,
            import_ids: [],
            date_from: from,
            date_to: to,
            untrusted_imports: untrusted ? [`imp-${card.toLowerCase()}`] : [],
          },
          violations: findings(card, from, to, rest, untrusted),
          data_gaps: gaps,
          warnings: [],
          // as the core answers: what card data never decides, then what this basis left out
          not_evaluated: [...STATIC_NOT_EVALUATED, ...(gaps.length ? [CANNED_UNKNOWN_INSIDE] : [])],
          assumptions: {
            unknown_as: q.get('unknown_as') ?? 'gap',
            card_out_rest_max_seconds: rest ? 86_400 : null,
            text: rest ? ['Card-out time of up to 24 h between records counts as rest.'] : [],
          },
          driver_status: cardData(card, dayMs(to)) || to > CANNED_LAST_DAY ? DRIVER_STATUS : null,
          disclaimer: 'A technical pre-check, not a legal decision.',
        });
      }
      case '/api/drivercard/readings':
        // the names the page shows under a finding (the other fields as the service words them, shortened)
        return send(res, 200, {
          unknown_as: q.get('unknown_as') ?? 'gap',
          items: [
            {
              id: 'card_out_time',
              name: 'Time without card data',
              question: 'What the driver did while no card was inserted.',
              choice: 'A gap to explain.',
              alternative: 'unknown_as=unknown or rest.',
              article: 'Art. 6(5), 34(3)',
              checks: ['eu561', 'wtd'],
            },
          ],
        });
      case '/api/drivercard/annotations':
        // the canned cards carry no annotation (the chart draws none)
        return send(res, 200, { items: [], total: 0 });
      case '/api/drivercard/findings': {
        // the findings of a period as the service lists them: the same refusals as the pre-check, its findings
        // overlapping the period, most serious first (core/use-cases/findings-of-period.ts); never held (the
        // page waits for the pre-check anyway, and the tests count the held pre-checks)
        if (card === CONFLICT_CARD && !q.get('import_id')) {
          return send(res, 409, {
            error: 'conflicting_data',
            message: `Imports disagree about ${CONFLICT_DAY}; narrow the basis to one import.`,
            dates: [CONFLICT_DAY],
          });
        }
        const untrusted = card === BROKEN_CARD;
        if (untrusted && q.get('include_quarantined') !== 'true') {
          return send(res, 409, {
            error: 'quarantined_data',
            message: 'The basis holds a quarantined import (its signatures do not verify).',
          });
        }
        const rank = (s: string | null) => ['MSI', 'VSI', 'SI', 'MI'].indexOf(s ?? '') >>> 0;
        const severities = q.get('severity')?.split(',') ?? null;
        const lo = `${from}T00:00:00Z`;
        const hi = new Date(dayMs(to) + DAY).toISOString().slice(0, 19) + 'Z';
        type F = { start: string; end: string; severity: string | null };
        const listed = findings(
          card,
          new Date(dayMs(from) - 28 * DAY).toISOString().slice(0, 10),
          to,
          q.get('unknown_as') === 'rest',
          untrusted,
        ) as unknown as F[];
        const items = listed
          .filter((f) => f.start < hi && f.end > lo)
          .filter((f) => severities === null || severities.includes(f.severity ?? ''))
          .map((f) => ({ ...f, source: 'eu561', review_status: 'OPEN' }))
          .sort((x, y) => rank(x.severity) - rank(y.severity) || x.start.localeCompare(y.start));
        const monday = dayMs(from) - ((new Date(dayMs(from)).getUTCDay() + 6) % 7) * DAY;
        const context_from = new Date(monday - 21 * DAY).toISOString().slice(0, 10);
        return send(res, 200, {
          items,
          total: items.length,
          limit: 5000,
          offset: 0,
          conflicts: [],
          date_from: from,
          date_to: to,
          context_from,
        });
      }
      case '/api/drivercard/working-time': {
        const mondays = [...new Set(daysOf(from, to).map((ms) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY))];
        const weeks = mondays
          .map((m) => weekOf(card, m))
          .map((w) => ({
            week: w.week,
            working_time: w.totals.DRIVING + w.totals.WORK,
            driving: w.totals.DRIVING,
            work: w.totals.WORK,
            availability: w.totals.AVAILABILITY,
          }));
        return send(res, 200, {
          rule_version: 'canned',
          algorithm_version: 'canned',
          basis: {},
          reference_weeks: 17,
          weeks,
          average_weekly_working_time: null,
          violations: [],
          not_evaluated: CANNED_WTD_NOT_EVALUATED,
          disclaimer: 'canned',
        });
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
    slowFleetList(ms) {
      fleetListDelay = ms;
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
