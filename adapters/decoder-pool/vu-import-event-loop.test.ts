/**
 * A large vehicle-unit download (30 days of detailed speed: about 2.7 MB, 43,000 rows) imported through POST /parse
 * of the service's own container (SQLite) while GET /health is asked every few milliseconds. Each GET's time is
 * counted from the moment it was due, not from when a blocked event loop got round to sending it, so a stall shows
 * as the time it lasted. With the decoder pool (the service), the median GET during the import stays within a
 * bound relative to the same GET alone; decoding on the event loop (the container given its own VU verifier)
 * exceeds that bound, which shows the measure can tell the two apart.
 */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServiceContainer, type ContainerOverrides } from '../../composition/container.js';
import { loadConfig } from '../../composition/config.js';
import { generatedVu } from '../../composition/bench/vu-decode.bench.js';
import { createVuVerifier } from '../../composition/trust-store-loader.js';
import { createHttpApp } from '../http/app.js';

type Tap = Parameters<Parameters<typeof t.test>[0]>[0];

/** the median GET during the import at most this many times the median GET alone */
const BOUND = 20;
const EVERY_MS = 4;
const body = JSON.stringify({
  file_name: 'large-vu.ddd',
  content_base64: Buffer.from(generatedVu('GEN1', 30, 30)).toString('base64'),
});

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function service(t: Tap, overrides: ContainerOverrides) {
  const dataDir = await mkdtemp(join(tmpdir(), 'drivercard-vu-loop-'));
  const services = createServiceContainer(loadConfig({}, { dataDir }), { fleetDrain: false, web: null, ...overrides });
  const bundle = await services.useCases();
  const { app } = createHttpApp({
    ...bundle,
    restLog: { record: () => undefined, close: async () => undefined },
    allowedHosts: () => new Set(['127.0.0.1:5055']),
    maxPayloadBytes: 1 << 23,
    web: null,
  });
  t.teardown(async () => {
    await services.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });
  const fetch = async (path: string, init?: RequestInit): Promise<Response> =>
    app.fetch(new Request(`http://127.0.0.1:5055${path}`, init));
  return { fetch };
}

/**
 * GET /health every EVERY_MS while `work` runs (at least `min` of them), each timed from when it was due; the
 * GETs are sent one after another, the next as soon as it is due and the previous answered.
 */
async function getsDuring(fetch: (path: string) => Promise<Response>, work: Promise<unknown> | null, min: number) {
  let done = work === null;
  void work?.finally(() => (done = true));
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; !done || times.length < min; i++) {
    const due = start + i * EVERY_MS;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const response = await fetch('/health');
    if (response.status !== 200) throw new Error(`GET /health answered ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - due);
    if (work === null && times.length >= min) break;
  }
  return times;
}

/** The median GET alone and during one import of the large download, and the import's answer. */
async function measure(t: Tap, overrides: ContainerOverrides) {
  const { fetch } = await service(t, overrides);
  await getsDuring(fetch, null, 50); // warm-up: routes, statements, JIT
  const alone = median(await getsDuring(fetch, null, 100));
  const began = performance.now();
  const post = fetch('/api/drivercard/parse', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  }).then(async (response) => ({ status: response.status, json: (await response.json()) as Record<string, any> }));
  const during = await getsDuring(fetch, post, 10);
  const answer = await post;
  return { alone, during: median(during), gets: during.length, answer, importMs: performance.now() - began };
}

t.test('a large VU download imported through the decoder pool does not stall a concurrent GET', async (t) => {
  const pooled = await measure(t, {});
  t.equal(pooled.answer.status, 200, 'imported');
  t.match(pooled.answer.json, { kind: 'VEHICLE_UNIT', reused: false });
  const ratio = pooled.during / pooled.alone;
  t.ok(
    ratio <= BOUND,
    `median GET during the import ${pooled.during.toFixed(2)} ms, alone ${pooled.alone.toFixed(2)} ms: ${ratio.toFixed(1)}x (bound ${BOUND}x, ${pooled.gets} GETs, import ${pooled.importMs.toFixed(0)} ms)`,
  );

  const inline = await measure(t, { vuVerifier: createVuVerifier(null) });
  t.equal(inline.answer.status, 200);
  const inlineRatio = inline.during / inline.alone;
  t.ok(
    inlineRatio > BOUND,
    `decoded on the event loop: ${inline.during.toFixed(2)} ms against ${inline.alone.toFixed(2)} ms, ${inlineRatio.toFixed(1)}x, import ${inline.importMs.toFixed(0)} ms`,
  );
});
