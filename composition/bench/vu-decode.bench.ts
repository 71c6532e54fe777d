/**
 * VU decode benchmark, beside card decoding in the same run. Measures, after a warm-up, the median time per file
 * of `decodeVuBytes` on the real VU sample (../shared/samples/vehicle-unit-download.ddd, when present) and on a
 * generated download of each generation (our VU encoder: `days` days of activities and a day of detailed speed,
 * 1,440 one-minute blocks, as the sample holds), the gen1 one also streamed in 4 KiB chunks; and `decodeDddBytes`
 * on the largest card fixture of each generation. Prints MB/s (10^6 bytes) and, per VU line, its time per MB
 * against the card files' (goal: at most 1.5 times).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { decodeDddBytes } from '../../core/decoder/index.js';
import { decodeVuBytes, decodeVuChunks } from '../../core/decoder/vu/decode-vu.js';
import { encodeVu } from '../../fixtures/encoder/vu/encode-vu.js';
import type { VuScenario, VuScenarioGeneration } from '../../fixtures/encoder/vu/model.js';
import { vuScenario } from '../../fixtures/scenarios/vu-scenarios.js';
import { GENERATION_PREFIXES, largestFixture, medianMs, repoRoot } from './decode.bench.js';

export const VU_GOAL_RATIO = 1.5;
const CHUNK = 4096;
const DAY = 86_400;

export interface VuBenchOptions {
  /** the real VU sample (default ../shared/samples/vehicle-unit-download.ddd when it exists; null: none) */
  sample?: string | null;
  /** card fixtures folder (default <repo>/fixtures/ddd) */
  fixturesDir?: string;
  /** days of activities in the generated downloads (default 30) */
  days?: number;
  iterations?: number;
  warmup?: number;
  print?: (line: string) => void;
}

/**
 * A download of `days` days, each the second scenario day's activities shifted, and detailed speed for every minute
 * of `speedDays` days (1,440 one-minute blocks a day) ending with the last day.
 */
export function generatedVu(generation: VuScenarioGeneration, days: number, speedDays = 1): Uint8Array {
  const base = vuScenario(generation);
  const pattern = base.days[1]!;
  const first = pattern.date - (days - 1) * DAY;
  const shift = <T extends { insertedAt: number; withdrawnAt: number | null }>(i: T, by: number): T => ({
    ...i,
    insertedAt: i.insertedAt + by,
    withdrawnAt: i.withdrawnAt === null ? null : i.withdrawnAt + by,
  });
  const scenario: VuScenario = {
    ...base,
    days: Array.from({ length: days }, (_, d) => {
      const by = first + d * DAY - pattern.date;
      return { ...pattern, date: pattern.date + by, insertions: pattern.insertions.map((i) => shift(i, by)) };
    }),
    speed: Array.from({ length: 1440 * speedDays }, (_, m) => ({
      begin: pattern.date - (speedDays - 1) * DAY + m * 60,
      speeds: Array.from({ length: 60 }, (_, s) => (m + s) % 120),
    })),
  };
  return encodeVu(scenario, 'blank').bytes;
}

function mbPerS(size: number, ms: number): number {
  return size / 1e6 / (ms / 1000);
}

export async function benchVuDecode(options: VuBenchOptions = {}): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  const iterations = options.iterations ?? 200;
  const warmup = options.warmup ?? 50;
  const root = repoRoot();
  const defaultSample = resolve(root, '..', 'shared', 'samples', 'vehicle-unit-download.ddd');
  const sample = options.sample === undefined ? (existsSync(defaultSample) ? defaultSample : null) : options.sample;
  const fixturesDir = options.fixturesDir ?? join(root, 'fixtures', 'ddd');
  print(`vu decode: median of ${iterations} iterations after ${warmup} warm-up`);

  const cardMsPerMb: number[] = [];
  for (const [generation, prefix] of GENERATION_PREFIXES) {
    const path = largestFixture(fixturesDir, prefix);
    if (path === null) continue;
    const bytes = new Uint8Array(readFileSync(path));
    const ms = await medianMs(() => decodeDddBytes(bytes), iterations, warmup);
    cardMsPerMb.push(ms / (bytes.length / 1e6));
    print(`  card ${generation} ${basename(path)} (${bytes.length} bytes)`.padEnd(64) + line(bytes.length, ms));
  }
  const cardReference = cardMsPerMb.length === 0 ? null : cardMsPerMb.reduce((a, b) => a + b) / cardMsPerMb.length;

  const vuFiles: Array<{ label: string; bytes: Uint8Array; chunked?: boolean }> = [];
  if (sample !== null) vuFiles.push({ label: 'VU real sample', bytes: new Uint8Array(readFileSync(sample)) });
  else print('  VU real sample: skipped (../shared/samples/vehicle-unit-download.ddd absent)');
  for (const generation of ['GEN1', 'GEN2', 'GEN2V2'] as const) {
    const bytes = generatedVu(generation, options.days ?? 30);
    vuFiles.push({ label: `VU ${generation.toLowerCase()} generated`, bytes });
    if (generation === 'GEN1') vuFiles.push({ label: 'VU gen1 generated, 4 KiB chunks', bytes, chunked: true });
  }
  for (const f of vuFiles) {
    const chunks = Array.from({ length: Math.ceil(f.bytes.length / CHUNK) }, (_, i) =>
      f.bytes.subarray(i * CHUNK, (i + 1) * CHUNK),
    );
    const ms = await medianMs(() => (f.chunked ? decodeVuChunks(chunks) : decodeVuBytes(f.bytes)), iterations, warmup);
    const ratio = cardReference === null ? null : ms / (f.bytes.length / 1e6) / cardReference;
    const verdict =
      ratio === null
        ? ''
        : `${ratio.toFixed(2).padStart(7)}x card time per MB  goal <= ${VU_GOAL_RATIO}x: ${ratio <= VU_GOAL_RATIO ? 'met' : 'NOT MET'}`;
    print(`  ${f.label} (${f.bytes.length} bytes)`.padEnd(64) + line(f.bytes.length, ms) + verdict);
  }
}

function line(size: number, ms: number): string {
  return `${ms.toFixed(4).padStart(10)} ms/file${mbPerS(size, ms).toFixed(1).padStart(9)} MB/s  `;
}
