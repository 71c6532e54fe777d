/**
 * The real service under attack, over a real loopback socket, on one database backend (run by
 * http-fuzz-sqlite.test.ts and http-fuzz-postgres.test.ts):
 * 1. `defectTable`: each row of the hardening defect table replayed as a request with the answer it must get.
 * 2. `fuzz`: seeded, bounded property run — mutated files of every generation (fixtures/ddd), every query
 *    parameter of every endpoint with hostile values (empty, NUL, controls, unicode, huge, negative, far past /
 *    future dates, repeated), concurrent identical and different uploads. Invariants: no 500, every answer
 *    within ANSWER_BOUND_MS, the process alive (/health), RSS growth bounded, every 200 import served complete
 *    (row totals equal to what the decoder gives for the file). Every request and its normalised answer is
 *    returned, so that the PostgreSQL run can assert both databases answer the same.
 */
import type { TAP } from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeDdd } from '../core/decoder/index.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { Prng } from '../fixtures/encoder/prng.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { gen1Basic } from '../fixtures/scenarios/gen1.js';
import type { ChildService } from './child-service.js';
import { DocumentChecker, type Answer as DocumentAnswer } from './openapi-answers.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

export const DDD_DIR = join(import.meta.dirname, '..', 'fixtures', 'ddd');
/** no answer may take longer (the defect took 24 s and 8 min) */
export const ANSWER_BOUND_MS = 10_000;
/** RSS growth allowed over the whole run (30 parallel 14.7 MiB bodies grew it by 614 MiB before the fix) */
export const RSS_GROWTH_BOUND_MB = 400;

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

export interface Counts {
  inputs: number;
  requests: number;
  errors500: number;
  hangs: number;
  lostImports: number;
  peakRssMb: number;
}

/** One request and its answer with generated values (ids, times, correlation ids) replaced by stable names. */
export interface Exchange {
  request: string;
  status: number;
  body: unknown;
}

export class Client {
  readonly counts: Counts = { inputs: 0, requests: 0, errors500: 0, hangs: 0, lostImports: 0, peakRssMb: 0 };
  readonly exchanges: Exchange[] = [];
  /** every answer received, as the document checker reads it (documentConformance) */
  readonly answers: DocumentAnswer[] = [];
  private readonly ids = new Map<string, string>();

  constructor(readonly service: ChildService) {}

  get baseUrl(): string {
    return this.service.url;
  }

  async send(
    path: string,
    init: {
      method?: string;
      body?: string | Uint8Array;
      headers?: Record<string, string>;
      boundMs?: number;
      retried?: boolean;
    } = {},
  ): Promise<Answer> {
    const started = performance.now();
    this.counts.requests++;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), init.boundMs ?? ANSWER_BOUND_MS);
    try {
      const response = await fetch(this.baseUrl + path, {
        method: init.method ?? 'GET',
        body: init.body as BodyInit | undefined,
        headers: init.headers,
        signal: controller.signal,
      });
      const text = await response.text();
      this.answers.push({
        method: init.method ?? 'GET',
        url: path,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body: Buffer.from(text),
      });
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      if (response.status >= 500 && response.status !== 503) this.counts.errors500++;
      return { status: response.status, body, headers: response.headers, ms: performance.now() - started };
    } catch (error) {
      if (controller.signal.aborted) this.counts.hangs++;
      // a keep-alive connection the server closed just as the request was written: nothing was processed,
      // so the request is sent again once (as any HTTP client does)
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (!controller.signal.aborted && !init.retried && (code === 'EPIPE' || code === 'ECONNRESET')) {
        this.counts.requests--;
        return this.send(path, { ...init, retried: true });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  post(file: Uint8Array, extra: Record<string, unknown> = {}): Promise<Answer> {
    const body = JSON.stringify({
      file_name: 'card.ddd',
      content_base64: Buffer.from(file).toString('base64'),
      ...extra,
    });
    return this.send('/api/drivercard/parse', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
  }

  /** A stable name for a generated id, by order of first appearance (both backends see the same order). */
  name(id: string): string {
    let named = this.ids.get(id);
    if (!named) {
      named = `#${this.ids.size + 1}`;
      this.ids.set(id, named);
    }
    return named;
  }

  record(request: string, answer: Answer): void {
    this.exchanges.push({ request, status: answer.status, body: this.normalise(answer.body) });
  }

  private normalise(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.normalise(v));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === 'imported_at' || k === 'correlation_id') continue;
        out[k] = this.normalise(v);
      }
      return out;
    }
    // import ids are random; archive ids are given or derived from the content (the same on both databases)
    if (typeof value === 'string') return value.replace(/imp_[0-9a-f]{16,}/g, (m) => this.name(m));
    return value;
  }
}

export function fixtureFiles(): Array<{ name: string; bytes: Uint8Array }> {
  return readdirSync(DDD_DIR)
    .filter((n) => n.endsWith('.ddd'))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(DDD_DIR, name))) }));
}

/** The file with its last byte (inside the last signature) changed: different content, the same card. */
export function variantOf(bytes: Uint8Array, k: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out[out.length - 1]! ^= k;
  return out;
}

/** A generation-1 card whose card number holds a 00 byte (IA5 allows it). */
export function cardWithNul(): Uint8Array {
  const scenario = gen1Basic();
  scenario.identification.cardNumber = 'NUL0000\u000012345601';
  return encodeCard(scenario);
}

/** Samples the service's RSS every 25 ms until stopped; answers the peak in MiB. */
export function rssPeak(rss: () => number): { stop(): number } {
  let peak = rss();
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 25);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rss());
    },
  };
}

async function rowTotals(client: Client, importId: string): Promise<Record<string, number> | null> {
  const totals: Record<string, number> = {};
  for (const kind of ['activities', 'events', 'faults', 'vehicles-used', 'positions']) {
    const answer = await client.send(`/api/drivercard/${kind}?import_id=${encodeURIComponent(importId)}&limit=1`);
    if (answer.status !== 200) return null;
    totals[kind] = answer.body.total;
  }
  return totals;
}

async function expectedTotals(bytes: Uint8Array): Promise<Record<string, number>> {
  const parsed = toParsedCard(await decodeDdd(bytes));
  return {
    activities: parsed.activities.length,
    events: parsed.events.length,
    faults: parsed.faults.length,
    'vehicles-used': parsed.vehicles_used.length,
    positions: parsed.positions.length,
  };
}

// ------------------------------------------------------------------------------------------------------------
// 1. The hardening defect table
// ------------------------------------------------------------------------------------------------------------

export async function defectTable(t: Tap, client: Client, backend: string): Promise<void> {
  const files = fixtureFiles();
  const basic = files.find((f) => f.name === 'gen1-basic.ddd')!;
  const imported = await client.post(basic.bytes);
  t.equal(imported.status, 200, 'a fixture imports');
  const card = encodeURIComponent(imported.body.card.card_number);

  await t.test(
    `${backend}: overview and pre-check ranges are bounded (no 4.6 GB answer, no 24 s event-loop block)`,
    async (t) => {
      for (const path of [
        `/api/drivercard/week-overview?card_number=${card}&date_to=9999-12-31`,
        `/api/drivercard/week-overview?card_number=${card}&date_from=2020-01-01&date_to=2026-12-31`,
        `/api/drivercard/day-overview?card_number=${card}&date_from=0001-01-01&date_to=9999-12-31`,
        `/api/drivercard/day-overview?card_number=${card}&date_from=2024-01-01&date_to=2025-01-01`,
        `/api/drivercard/eu561/violations?card_number=${card}&date_from=2020-01-01&date_to=2026-12-31`,
      ]) {
        const answer = await client.send(path);
        t.equal(answer.status, 400, path);
        t.equal(answer.body.error, 'invalid_filter');
        t.ok(['date_from', 'date_to'].includes(answer.body.parameter), 'names the parameter');
        t.match(answer.body.message, /366 days|1985-01-01|2099-12-31/, 'names the bound');
      }
      const year = await client.send(
        `/api/drivercard/day-overview?card_number=${card}&date_from=2024-01-01&date_to=2024-12-31`,
      );
      t.equal(year.status, 200, '366 days (a leap year) is allowed');
      t.equal(year.body.items.length, 366);
      const open = await client.send(`/api/drivercard/week-overview?card_number=${card}`);
      t.equal(open.status, 200, 'an overview without a date answers the activity range');
      t.ok(open.body.items.length >= 1);
      const openDays = await client.send(`/api/drivercard/day-overview?card_number=${card}`);
      t.equal(openDays.status, 200);
      t.equal(openDays.body.items[0].date, imported.body.activity_range.from, 'from the first recorded day');
      t.equal(openDays.body.items.at(-1).date, imported.body.activity_range.to, 'to the last recorded day');
    },
  );

  await t.test(`${backend}: dates outside the tachograph era are 400, not 500`, async (t) => {
    for (const path of [
      `/api/drivercard/week-overview?card_number=${card}&week=0001-W01`,
      `/api/drivercard/week-overview?card_number=${card}&week=9999-W52`,
      `/api/drivercard/eu561/violations?card_number=${card}&date_from=0001-01-01&date_to=0001-01-10`,
      `/api/drivercard/activities?card_number=${card}&date_from=0999-12-31`,
      `/api/drivercard/imports?date_to=9999-12-31`,
      `/api/drivercard/time-summary?card_number=${card}&date_from=1984-12-31`,
    ]) {
      const answer = await client.send(path);
      t.equal(answer.status, 400, path);
      t.equal(answer.body.error, 'invalid_filter');
    }
    const first = await client.send(
      `/api/drivercard/activities?card_number=${card}&date_from=1985-01-01&date_to=2099-12-31`,
    );
    t.equal(first.status, 200, 'the era bounds themselves are accepted on list endpoints');
  });

  await t.test(
    `${backend}: generation-2 files with GNSS positions (decimal accuracy) import and are served`,
    async (t) => {
      for (const f of files.filter((f) => /^gen2/.test(f.name))) {
        const answer = await client.post(f.bytes);
        t.equal(answer.status, 200, f.name);
        const positions = await client.send(`/api/drivercard/positions?import_id=${answer.body.import_id}&limit=5000`);
        t.equal(positions.status, 200);
        const accuracies = positions.body.items
          .map((p: { gnss_accuracy: number | null }) => p.gnss_accuracy)
          .filter((a: unknown) => a !== null);
        // gen2-full records whole-metre accuracies; gen2-card-download-older (the download-time edge) records no GNSS
        if (!['gen2-full.ddd', 'gen2-card-download-older.ddd'].includes(f.name)) {
          t.ok(
            accuracies.some((a: number) => !Number.isInteger(a)),
            `${f.name}: decimal accuracies kept`,
          );
        }
      }
    },
  );

  await t.test(`${backend}: NUL and control characters never reach the database unchecked`, async (t) => {
    const nul = await client.post(cardWithNul());
    t.equal(nul.status, 200, 'a card number holding byte 00 imports');
    t.equal(nul.body.card.card_number, 'NUL0000\ufffd12345601', 'stored with U+FFFD in place of the control');
    const found = await client.send(`/api/drivercard/activities?import_id=${nul.body.import_id}`);
    t.equal(found.status, 200);
    const byCard = await client.send(
      `/api/drivercard/imports?card_number=${encodeURIComponent('NUL0000\ufffd12345601')}`,
    );
    t.equal(byCard.status, 200, 'and found again by that card number');
    t.equal(byCard.body.total, 1);
    for (const path of [
      '/api/drivercard/activities?import_id=%00',
      '/api/drivercard/activities?card_number=AB%00CD',
      '/api/drivercard/events?archive_id=a%01b',
    ]) {
      const answer = await client.send(path);
      t.equal(answer.status, 400, path);
      t.equal(answer.body.error, 'invalid_filter');
    }
    const archive = await client.post(basic.bytes, { archive_id: 'x\u0000y' });
    t.equal(archive.status, 400, 'an archive_id holding NUL is refused');
    t.equal(archive.body.error, 'invalid_payload');
    const named = await client.post(files.find((f) => f.name === 'gen1-full.ddd')!.bytes, {
      file_name: 'a\u0000b\u0007.ddd',
    });
    t.equal(named.status, 200, 'a file name with controls is kept readable');
    t.equal(named.body.file_name, 'a\ufffdb\ufffd.ddd');
  });

  await t.test(`${backend}: an archive_id with a lone surrogate never breaks idempotency`, async (t) => {
    const body = `{"file_name":"s.ddd","archive_id":"s\\udc00x","content_base64":"${Buffer.from(basic.bytes).toString('base64')}"}`;
    for (let i = 0; i < 2; i++) {
      const answer = await client.send('/api/drivercard/parse', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      t.equal(answer.status, 400, `post ${i + 1}: refused (an identifier is not silently changed), never 409`);
      t.equal(answer.body.error, 'invalid_payload');
      t.notMatch(answer.body.message, /\udc00|\ufffd/);
    }
    const valid = await client.post(variantOf(basic.bytes, 1), { archive_id: 'stable-archive-Ω' });
    const again = await client.post(variantOf(basic.bytes, 1), { archive_id: 'stable-archive-Ω' });
    t.same(
      [valid.status, again.status, again.body.reused],
      [200, 200, true],
      'a valid unicode archive_id is idempotent',
    );
  });

  await t.test(`${backend}: 404 and 409 messages do not echo the card number or archive id`, async (t) => {
    const secret = 'ZZSECRET99999901';
    const missing = await client.send(`/api/drivercard/activities?card_number=${secret}`);
    t.equal(missing.status, 404);
    t.notMatch(JSON.stringify(missing.body), secret);
    const missingArchive = await client.send('/api/drivercard/activities?archive_id=secret-archive-42');
    t.equal(missingArchive.status, 404);
    t.notMatch(JSON.stringify(missingArchive.body), 'secret-archive-42');
    const missingImport = await client.send('/api/drivercard/week-overview?import_id=secret-import-42&week=2026-W01');
    t.equal(missingImport.status, 404);
    t.notMatch(JSON.stringify(missingImport.body), 'secret-import-42');
    const conflict = await client.post(variantOf(basic.bytes, 2), { archive_id: 'stable-archive-Ω' });
    t.equal(conflict.status, 409);
    t.notMatch(JSON.stringify(conflict.body), 'stable-archive');
  });
}

// ------------------------------------------------------------------------------------------------------------
// 2. The property run
// ------------------------------------------------------------------------------------------------------------

function mutate(rng: Prng, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes);
  switch (rng.int(0, 4)) {
    case 0: // bit flips
      for (let i = rng.int(1, 8); i > 0; i--) out[rng.int(0, out.length - 1)]! ^= 1 << rng.int(0, 7);
      return out;
    case 1: // byte overwrites, often in a TLV header (0xFF lengths, 0x00 bytes)
      for (let i = rng.int(1, 4); i > 0; i--)
        out[rng.int(0, out.length - 1)] = rng.pick([0x00, 0xff, 0x7f, rng.int(0, 255)]);
      return out;
    case 2: // truncation
      return out.subarray(0, rng.int(0, out.length - 1));
    case 3: {
      // a run of zero bytes (NUL in strings)
      const at = rng.int(0, out.length - 1);
      out.fill(0, at, Math.min(out.length, at + rng.int(1, 40)));
      return out;
    }
    default: {
      // a span duplicated
      const at = rng.int(0, out.length - 1);
      const span = out.subarray(at, Math.min(out.length, at + rng.int(1, 200)));
      const joined = new Uint8Array(out.length + span.length);
      joined.set(out.subarray(0, at + span.length));
      joined.set(span, at + span.length);
      joined.set(out.subarray(at + span.length), at + 2 * span.length);
      return joined;
    }
  }
}

const HOSTILE_VALUES: readonly string[] = [
  '',
  ' ',
  '%00',
  'a%00b',
  '%01',
  '%1F',
  '%7F',
  '%C2%85',
  '%ED%B0%80',
  '%EF%BF%BD',
  '%F0%9F%98%80',
  'Ω',
  '%E2%80%AE',
  '-1',
  '-0',
  '0',
  '1e3',
  '0x10',
  '1.5',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '9'.repeat(400),
  'x'.repeat(5000),
  '0001-01-01',
  '1000-01-01',
  '1984-12-31',
  '1985-01-01',
  '2026-02-30',
  '2026-13-01',
  '2099-12-31',
  '2100-01-01',
  '9999-12-31',
  '+002026-01-01',
  '2026-1-1',
  '2026-01-01T00:00:00Z',
  '2026-W01',
  '0001-W01',
  '2026-W53',
  '2020-W53',
  '9999-W52',
  '2026-W00',
  'true',
  'null',
  '[]',
  '{}',
  '%27%20OR%201=1--',
  '..%2F..%2Fetc',
  '%25',
  '%2B',
];

const ENDPOINTS: ReadonlyArray<{ path: string; params: readonly string[] }> = [
  { path: 'imports', params: ['import_id', 'archive_id', 'card_number', 'date_from', 'date_to', 'limit', 'offset'] },
  { path: 'activities', params: ['import_id', 'archive_id', 'card_number', 'date_from', 'date_to', 'limit', 'offset'] },
  { path: 'events', params: ['card_number', 'date_from', 'date_to', 'limit', 'offset'] },
  { path: 'faults', params: ['card_number', 'date_from', 'date_to', 'limit', 'offset'] },
  { path: 'vehicles-used', params: ['card_number', 'date_from', 'date_to', 'limit', 'offset'] },
  { path: 'positions', params: ['import_id', 'card_number', 'date_from', 'date_to', 'limit', 'offset'] },
  { path: 'time-summary', params: ['import_id', 'card_number', 'date_from', 'date_to'] },
  { path: 'day-overview', params: ['import_id', 'card_number', 'date', 'date_from', 'date_to'] },
  { path: 'week-overview', params: ['import_id', 'card_number', 'week', 'date_from', 'date_to'] },
  { path: 'eu561/violations', params: ['import_id', 'archive_id', 'card_number', 'date_from', 'date_to'] },
];

/** A request: a valid basis (or none), then the hostile parameter, sometimes repeated or doubled up. */
function hostileQuery(rng: Prng, param: string, value: string, basis: string): string {
  const parts: string[] = [];
  if (!['import_id', 'archive_id', 'card_number'].includes(param) || rng.bool(0.3)) parts.push(basis);
  parts.push(`${param}=${value}`);
  if (rng.bool(0.15)) parts.push(`${param}=${value}`); // repeated parameter
  if (rng.bool(0.1)) parts.push(`${rng.pick(['date_from', 'date_to', 'week', 'limit'])}=${rng.pick(HOSTILE_VALUES)}`);
  return parts.join('&');
}

export interface FuzzOptions {
  seed: number;
  /** mutated files per fixture */
  mutationsPerFile: number;
  /** hostile values tried per (endpoint, parameter) */
  valuesPerParameter: number;
}

export const DEFAULT_FUZZ: FuzzOptions = { seed: 11_2026, mutationsPerFile: 6, valuesPerParameter: 12 };

export async function fuzz(
  t: Tap,
  client: Client,
  backend: string,
  options: FuzzOptions = DEFAULT_FUZZ,
): Promise<Counts> {
  const rng = new Prng(options.seed);
  const files = fixtureFiles();
  const rss = () => client.service.rssMb();
  const peak = rssPeak(rss);
  const startRss = rss();
  const cards: string[] = [];

  await t.test(`${backend}: mutated files of every generation: no 500, every 200 import served complete`, async (t) => {
    let ok = 0;
    for (const file of files) {
      for (let m = 0; m <= options.mutationsPerFile; m++) {
        const bytes = m === 0 ? file.bytes : mutate(rng, file.bytes);
        client.counts.inputs++;
        const answer = await client.post(bytes);
        client.record(`POST ${file.name} #${m}`, answer);
        if (![200, 422].includes(answer.status))
          t.fail(`${file.name} #${m}: status ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        if (answer.status !== 200) continue;
        ok++;
        if (answer.body.card?.card_number) cards.push(answer.body.card.card_number);
        const served = await rowTotals(client, answer.body.import_id);
        const expected = await expectedTotals(bytes);
        if (served === null || JSON.stringify(served) !== JSON.stringify(expected)) {
          client.counts.lostImports++;
          t.fail(
            `${file.name} #${m}: import served incomplete ${JSON.stringify(served)} != ${JSON.stringify(expected)}`,
          );
        }
      }
    }
    t.ok(ok > files.length / 2, `${ok} imports answered 200`);
  });

  await t.test(`${backend}: hostile query parameters on every endpoint: never 500, never a hang`, async (t) => {
    const card = cards[0] ?? 'DF00000123456001';
    const basis = `card_number=${encodeURIComponent(card)}`;
    const seen = new Map<number, number>();
    for (const endpoint of ENDPOINTS) {
      for (const param of endpoint.params) {
        for (let i = 0; i < options.valuesPerParameter; i++) {
          const query = hostileQuery(rng, param, rng.pick(HOSTILE_VALUES), basis);
          const path = `/api/drivercard/${endpoint.path}?${query}`;
          client.counts.inputs++;
          const answer = await client.send(path);
          client.record(`GET ${path}`, answer);
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
          if (![200, 400, 404, 409].includes(answer.status)) t.fail(`${path}: status ${answer.status}`);
          else if (answer.status !== 200 && typeof answer.body?.message !== 'string') t.fail(`${path}: no JSON error`);
        }
      }
    }
    t.comment(`${backend}: statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
    t.notOk(seen.has(500));
  });

  await t.test(`${backend}: concurrent identical and different uploads`, async (t) => {
    const gen2 = files.find((f) => f.name === 'gen2-crew-gnss.ddd')!.bytes;
    const variant = new Uint8Array(gen2);
    variant[variant.length - 1]! ^= 0x01; // a different file (the signature block), the same card
    client.counts.inputs += 12;
    const same = await Promise.all(
      Array.from({ length: 8 }, () => client.post(variant, { archive_id: 'concurrent-same' })),
    );
    t.same(
      same.map((a) => a.status),
      Array(8).fill(200),
      'identical: every answer 200',
    );
    t.equal(same.filter((a) => a.body.reused === false).length, 1, 'exactly one import, the others reused');
    t.equal(new Set(same.map((a) => a.body.import_id)).size, 1);
    const different = await Promise.all(
      Array.from({ length: 4 }, (_, i) => {
        const bytes = new Uint8Array(gen2);
        bytes[bytes.length - 2]! ^= i + 1;
        return client.post(bytes);
      }),
    );
    t.same(
      different.map((a) => a.status),
      Array(4).fill(200),
      'different: every answer 200',
    );
    for (const answer of [...same.slice(0, 1), ...different]) {
      const served = await rowTotals(client, answer.body.import_id);
      if (JSON.stringify(served) !== JSON.stringify(await expectedTotals(gen2))) {
        client.counts.lostImports++;
        t.fail('a concurrent import is served incomplete');
      }
    }
  });

  const health = await client.send('/health');
  t.equal(health.status, 200, `${backend}: the service is alive after the run`);
  t.ok(client.service.alive(), `${backend}: the process is alive`);
  client.counts.peakRssMb = Math.round(peak.stop());
  const growth = client.counts.peakRssMb - startRss;
  t.ok(
    growth < RSS_GROWTH_BOUND_MB,
    `${backend}: RSS grew by ${Math.round(growth)} MiB (bound ${RSS_GROWTH_BOUND_MB})`,
  );
  t.equal(client.counts.errors500, 0, `${backend}: no 500`);
  t.equal(client.counts.hangs, 0, `${backend}: no hang`);
  t.equal(client.counts.lostImports, 0, `${backend}: no lost import`);
  const c = client.counts;
  t.comment(
    `http-fuzz ${backend}: inputs=${c.inputs} requests=${c.requests} 500s=${c.errors500} hangs=${c.hangs} lost_imports=${c.lostImports} peak_rss_mb=${c.peakRssMb}`,
  );
  return client.counts;
}

/** 30 parallel 14.7 MiB bodies: every answer is an answer (200/422 or 503 with Retry-After), RSS stays bounded. */
export async function parallelBodies(t: Tap, client: Client, backend: string, parallel = 30): Promise<number> {
  const rng = new Prng(7);
  const raw = rng.bytes(11 * 1024 * 1024); // 14.7 MiB once base64-encoded in the JSON body
  // one shared byte buffer: the client holds 14.7 MiB, not 30 copies, so the RSS growth is the service's
  const body = Buffer.from(
    JSON.stringify({ file_name: 'big.ddd', content_base64: Buffer.from(raw).toString('base64') }),
  );
  const rss = () => client.service.rssMb();
  const before = rss();
  const peak = rssPeak(rss);
  const settled = await Promise.allSettled(
    Array.from({ length: parallel }, () =>
      // a body waits at most 10 s for room (then 503), then is processed; 440 MiB cross loopback: 60 s bound
      client.send('/api/drivercard/parse', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        boundMs: 60_000,
      }),
    ),
  );
  const failed = settled
    .filter((r) => r.status === 'rejected')
    .map((r) => String((r as PromiseRejectedResult).reason?.cause?.code ?? (r as PromiseRejectedResult).reason));
  t.same(failed, [], `${backend}: every parallel body got an answer`);
  if (failed.length > 0 || !client.service.alive())
    t.comment(`service output: ${client.service.output().slice(-2000)}`);
  t.ok(client.service.alive(), `${backend}: the service survived the parallel bodies`);
  const answers = settled
    .filter((r) => r.status === 'fulfilled')
    .map((r) => (r as PromiseFulfilledResult<Answer>).value);
  const top = peak.stop();
  const statuses = [...new Set(answers.map((a) => a.status))].sort();
  t.ok(
    statuses.every((s) => s === 422 || s === 503),
    `${backend}: answers ${statuses.join(',')}`,
  );
  for (const a of answers.filter((a) => a.status === 503))
    t.ok(a.headers.get('retry-after'), '503 carries Retry-After');
  const growth = Math.round(top - before);
  t.comment(
    `parallel-bodies ${backend}: ${parallel} x ${(body.length / 1024 / 1024).toFixed(1)} MiB, RSS ${Math.round(before)} -> ${Math.round(top)} MiB (+${growth})`,
  );
  t.ok(growth < RSS_GROWTH_BOUND_MB, `${backend}: RSS growth ${growth} MiB under ${RSS_GROWTH_BOUND_MB}`);
  return growth;
}

/**
 * Every answer the client received — the defect table's, the fuzzed queries', the mutated files' — held to the
 * OpenAPI document the service publishes, strictly (./openapi-answers.ts, the checker of the recorded answers): a
 * status, error code or field the document does not name fails.
 */
export async function documentConformance(t: Tap, client: Client, backend: string): Promise<void> {
  await t.test(`${backend}: every answer of the run conforms to the published document, strictly`, async (t) => {
    const document = await client.send('/openapi.json');
    t.equal(document.status, 200);
    const checker = new DocumentChecker(document.body);
    const failures: string[] = [];
    for (const answer of client.answers) {
      const problems = checker.problems(answer);
      // the request's path and the rule broken (the fixtures hold no personal data)
      if (problems.length > 0)
        failures.push(`${answer.method} ${answer.url.slice(0, 120)} ${answer.status}: ${problems[0]}`);
    }
    t.ok(client.answers.length > 100, `${client.answers.length} answers checked`);
    t.same(failures.slice(0, 20), [], `${failures.length} answers contradict the document`);
  });
}
