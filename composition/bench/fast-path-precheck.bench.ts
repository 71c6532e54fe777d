/**
 * The EU 561 pre-check rows of the fast-path table (./fast-path.bench.ts), each next to the rule engine alone on the
 * same intervals and the bare h3 handler of the same run: one card-year through HTTP, the same request repeated
 * (answered from the pre-check's memo once computed) and each request another range (computed); the real 145-day
 * card through HTTP.
 */
import { readFileSync } from 'node:fs';
import { resolveBasis, servedData, servedDays } from '../../core/use-cases/data-basis.js';
import { runPrecheck } from '../../core/eu561/precheck.js';
import type { ImportStore } from '../../core/ports/import-store.js';
import { createSqlStore } from '../../adapters/storage/open-storage.js';
import { LAST_DAY, addDays, latency, percentile } from './service.bench.js';
import { bodyOf, type BenchRow } from './service-process.bench.js';

function median(xs: readonly number[]): number {
  return percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
}

/** The rule engine alone on the intervals the pre-check of `card` reads (median of `runs`, ms). */
export async function ruleEngineMs(
  store: ImportStore,
  basis: { kind: 'card_number' | 'import_id'; value: string },
  runs: number,
): Promise<{ ms: number; intervals: number }> {
  const resolved = await resolveBasis(store, basis);
  const data = await servedData(store, resolved, { from: null, to: null });
  // literal copies, as the pre-check use case makes them (a rest copy would make slow dictionary-mode objects)
  const intervals = (await store.activities(servedDays(data), null)).items.map((r) => ({
    import_id: r.import_id,
    card_number: r.card_number,
    date: r.date,
    start: r.start,
    end: r.end,
    activity: r.activity,
    duration: r.duration,
    slot: r.slot,
    crew: r.crew,
    card_inserted: r.card_inserted,
    manual_entry: r.manual_entry,
  }));
  const input = {
    card_number: resolved.card_number,
    surname: null,
    first_names: null,
    import_ids: [],
    date_from: null,
    date_to: null,
    intervals,
  };
  runPrecheck(input);
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const started = performance.now();
    runPrecheck(input);
    times.push(performance.now() - started);
  }
  return { ms: median(times), intervals: intervals.length };
}

/** p50 / p99 (ms) of `count` sequential GETs of `urlOf(0)`, `urlOf(1)`, … after one warm-up; every answer must be 200. */
async function latencyOver(urlOf: (i: number) => string, count: number): Promise<{ p50: number; p99: number }> {
  await (await fetch(urlOf(count))).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(urlOf(i));
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`pre-check answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The year's pre-check through HTTP: the same request repeated (the memo answers), then each another range. */
export async function benchYearPrecheck(
  q: { url: string; card: string; days: number; requests: number },
  engine: { ms: number; intervals: number },
  bare: { p50: number; text: string },
  add: (row: BenchRow) => void,
): Promise<void> {
  const year = await latency(`${q.url}/api/drivercard/eu561/violations?card_number=${q.card}`, q.requests);
  add({
    path: `EU 561 pre-check, one card-year (${q.days} days, ${engine.intervals} intervals), HTTP p50`,
    measured: `${year.p50.toFixed(1)} ms (p99 ${year.p99.toFixed(1)}, ${(year.p99 / year.p50).toFixed(1)}× p50)`,
    baseline:
      `rule engine alone ${engine.ms.toFixed(1)} ms (× ${(year.p50 / engine.ms).toFixed(1)}); ` +
      `${bare.text} (× bare p50 ${(year.p50 / bare.p50).toFixed(1)})`,
    goal: '≤ 15 ms, p99 ≤ 3× p50 (a repeated request: answered from the memo)',
  });
  // the same request again is answered from the pre-check's memo: each of these asks another range, so each is computed
  const firstDay = addDays(LAST_DAY, -(q.days - 1));
  const computed = await latencyOver(
    (i) => `${q.url}/api/drivercard/eu561/violations?card_number=${q.card}&date_from=${addDays(firstDay, i)}`,
    q.requests,
  );
  add({
    path: 'EU 561 pre-check, one card-year, each request another range (computed, not from the memo), HTTP p50',
    measured: `${computed.p50.toFixed(1)} ms (p99 ${computed.p99.toFixed(1)})`,
    baseline:
      `rule engine alone ${engine.ms.toFixed(1)} ms (× ${(computed.p50 / engine.ms).toFixed(1)}); ` +
      `${bare.text} (× bare p50 ${(computed.p50 / bare.p50).toFixed(1)})`,
    goal: '≤ 15 ms, p99 ≤ 3× p50',
  });
}

export async function benchRealPrecheck(
  url: string,
  dataDir: string,
  file: string | null,
  requests: number,
  add: (row: BenchRow) => void,
  bareP50: number,
): Promise<void> {
  if (file === null) {
    add({
      path: 'real 145-day card, pre-check through HTTP, p50',
      measured: 'skipped: no dense card file',
      baseline: '-',
      goal: '≤ 6 ms',
    });
    return;
  }
  const response = await fetch(`${url}/api/drivercard/parse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: bodyOf(new Uint8Array(readFileSync(file)), 'dense.ddd'),
  });
  const imported = (await response.json()) as { import_id?: string; import?: { import_id?: string } };
  const importId = imported.import_id ?? imported.import?.import_id;
  if (response.status !== 200 || importId === undefined)
    throw new Error(`dense card import answered ${response.status}`);
  // the real sample's signatures are random bytes: its import may be quarantined, which the pre-check refuses unless asked
  const precheckUrl = `${url}/api/drivercard/eu561/violations?import_id=${importId}&include_quarantined=true`;
  const real = await latency(precheckUrl, requests);
  const store = await createSqlStore({ dataDir });
  let engine: { ms: number; intervals: number };
  try {
    engine = await ruleEngineMs(store, { kind: 'import_id', value: importId }, 15);
  } finally {
    await store.close();
  }
  add({
    path: `real card (${file.split('/').pop()}), pre-check through HTTP, p50`,
    measured: `${real.p50.toFixed(1)} ms (p99 ${real.p99.toFixed(1)})`,
    baseline:
      `rule engine alone ${engine.ms.toFixed(1)} ms (× ${(real.p50 / engine.ms).toFixed(1)}); ` +
      `bare h3 p50 ${bareP50.toFixed(2)} ms (× bare p50 ${(real.p50 / bareP50).toFixed(1)})`,
    goal: '≤ 6 ms',
  });
}
