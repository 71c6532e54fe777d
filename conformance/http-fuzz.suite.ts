/**
 * The real service under attack, over a real loopback socket, on one database backend (run by
 * http-fuzz-sqlite.test.ts and http-fuzz-postgres.test.ts; the defect table is ./http-defect-table.suite.ts):
 * `fuzz`: seeded, bounded property run — mutated files of every generation (fixtures/ddd), every query
 * parameter of every endpoint with hostile values (empty, NUL, controls, unicode, huge, negative, far past /
 * future dates, repeated), concurrent identical and different uploads. Invariants: no 500, every answer
 * within ANSWER_BOUND_MS, the process alive (/health), RSS growth bounded, every 200 import served complete
 * (row totals equal to what the decoder gives for the file). Every request and its normalised answer is
 * returned, so that the PostgreSQL run can assert both databases answer the same. Then `parallelBodies` and
 * `documentConformance` (every answer of the run held to the published document).
 */
import { Prng } from '../fixtures/encoder/prng.js';
import {
  expectedTotals,
  fixtureFiles,
  rowTotals,
  rssPeak,
  RSS_GROWTH_BOUND_MB,
  type Answer,
  type Client,
  type Counts,
  type Tap,
} from './http-fuzz-client.js';
import { DocumentChecker } from './openapi-answers.js';

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
