/**
 * Decode benchmark. For the largest fixture of each generation in fixtures/ddd/ (names starting with `gen1`,
 * `gen2-`, `gen2v2`) it measures, after a warm-up, the median per-iteration time of:
 * - `decodeDddBytes` (synchronous, whole file): the throughput figure, with its target (≥ 50 MB/s);
 * - `decodeDdd` (streaming) over 4 KiB chunks;
 * - a baseline measured in the same run: walking the TLV headers and copying each value (`slice()`),
 * and prints MB/s (10^6 bytes), files/s, ms/file and the ratio decode/baseline as plain aligned lines.
 * The real sample ../shared/samples/gen1-real-activity.ddd is measured too when it exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { decodeDdd, decodeDddBytes } from '../../core/decoder/index.js';
import type { DecodedCard } from '../../core/domain/card.js';
import { CardAuthenticityVerifier, buildTrustStore } from '../../core/authenticity/index.js';
import { NodeSignatureCrypto } from '../../adapters/crypto/node-signature-crypto.js';
import { signDdd, testTrustFiles } from '../../fixtures/pki/test-pki.js';

export interface BenchOptions {
  /** folder with the fixtures (default: <repo>/fixtures/ddd) */
  fixturesDir?: string;
  /** extra files to measure (default: the real gen1 sample when present) */
  extraFiles?: string[];
  /** timed iterations per measurement (default 200, never fewer than 200 unless set explicitly) */
  iterations?: number;
  /** untimed warm-up iterations (default 50) */
  warmup?: number;
  /** where lines go (default console.log) */
  print?: (line: string) => void;
}

export const TARGET_MB_PER_S = 50;
const CHUNK = 4096;

/** The generations and the file-name prefixes their fixtures start with. */
export const GENERATION_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['gen1', 'gen1'],
  ['gen2', 'gen2-'],
  ['gen2v2', 'gen2v2'],
];

/** The repository root: the nearest folder above this module holding package.json (works from dist/ too). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'core'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** The largest `.ddd` in `dir` whose name starts with `prefix`, or null. */
export function largestFixture(dir: string, prefix: string): string | null {
  if (!existsSync(dir)) return null;
  let best: string | null = null;
  let bestSize = -1;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || !name.toLowerCase().endsWith('.ddd')) continue;
    const size = statSync(join(dir, name)).size;
    if (size > bestSize) {
      best = join(dir, name);
      bestSize = size;
    }
  }
  return best;
}

/** Median of the per-iteration times (ms) of `fn` after `warmup` untimed runs. */
export async function medianMs(fn: () => unknown, iterations: number, warmup: number): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const r = fn();
    if (r instanceof Promise) await r;
    times[i] = performance.now() - t0;
  }
  times.sort();
  const mid = iterations >> 1;
  return iterations % 2 === 1 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
}

/** Baseline: walk the TLV headers (DDP_041..046) and copy each value. Returns bytes copied (kept live). */
export function tlvWalkBaseline(bytes: Uint8Array): number {
  let p = 0;
  let copied = 0;
  const n = bytes.length;
  while (p + 5 <= n) {
    const length = (bytes[p + 3]! << 8) | bytes[p + 4]!;
    const v = p + 5;
    if (length === 0xffff || v + length > n) break;
    copied += bytes.slice(v, v + length).length;
    p = v + length;
  }
  return copied;
}

function pad(s: string, width: number, right = false): string {
  return right ? s.padStart(width) : s.padEnd(width);
}

interface Row {
  label: string;
  ms: number;
  size: number;
  baselineMs: number;
  target: boolean;
}

function formatRow(r: Row): string {
  const mbs = r.size / 1e6 / (r.ms / 1000);
  const filesPerS = 1000 / r.ms;
  const ratio = r.ms / r.baselineMs;
  const target = r.target ? `target >= ${TARGET_MB_PER_S} MB/s: ${mbs >= TARGET_MB_PER_S ? 'met' : 'NOT MET'}` : '';
  return (
    `  ${pad(r.label, 26)}` +
    `${pad(r.ms.toFixed(4), 10, true)} ms/file` +
    `${pad(mbs.toFixed(1), 10, true)} MB/s` +
    `${pad(filesPerS.toFixed(0), 9, true)} files/s` +
    `${pad(ratio.toFixed(1) + 'x', 9, true)} baseline` +
    (target ? `   ${target}` : '')
  );
}

/**
 * Verification cost next to decode time, on the file signed by the test PKI (fixtures/pki):
 * - cold: a fresh verifier (every certificate and every EF signature checked);
 * - same chain, new file: the chain memoised, the EF signatures of another signing of the file checked (gen2
 *   signatures differ on every signing, as a card's differ on every download): the cost of a new download;
 * - same file again: certificates and gen2 EF results from the cache (./authenticity.bench.ts has the import
 *   throughput with and without verification).
 * A file whose chain does not verify (the real sample) is measured as is.
 */
async function verificationRows(
  bytes: Uint8Array,
  decodeMs: number,
  iterations: number,
  warmup: number,
): Promise<string[]> {
  const crypto = new NodeSignatureCrypto();
  const trust = buildTrustStore(testTrustFiles(), crypto).store;
  const n = Math.min(iterations, 50);
  const w = Math.min(warmup, 5);
  const decodeSigned = (): DecodedCard => {
    try {
      return decodeDddBytes(signDdd(bytes));
    } catch {
      return decodeDddBytes(bytes);
    }
  };
  const card = decodeSigned();
  const warm = new CardAuthenticityVerifier(crypto, trust);
  const status = warm.verify(card).authenticity.status;
  const coldMs = await medianMs(() => new CardAuthenticityVerifier(crypto, trust).verify(card), n, w);
  // one verifier per iteration, its chain memoised by `card`, checking another signing of the file
  const runs = Array.from({ length: n + w }, () => {
    const v = new CardAuthenticityVerifier(crypto, trust);
    v.verify(card);
    return { v, other: decodeSigned() };
  });
  let i = 0;
  const newFileMs = await medianMs(
    () => {
      const r = runs[i++ % runs.length]!;
      return r.v.verify(r.other);
    },
    n,
    w,
  );
  const againMs = await medianMs(() => warm.verify(card), n, w);
  const row = (label: string, ms: number) =>
    `  ${pad(label, 26)}${pad(ms.toFixed(4), 10, true)} ms/file${pad(((100 * ms) / decodeMs).toFixed(0) + '%', 10, true)} of decode time`;
  return [
    row(`verify ${status.toLowerCase()} (cold)`, coldMs),
    row('verify (same chain, new)', newFileMs),
    row('verify (same file again)', againMs),
  ];
}

export async function benchDecode(options: BenchOptions = {}): Promise<void> {
  const print = options.print ?? ((line: string) => console.log(line));
  const iterations = options.iterations ?? 200;
  const warmup = options.warmup ?? 50;
  const root = repoRoot();
  const fixturesDir = options.fixturesDir ?? join(root, 'fixtures', 'ddd');
  const realSample = resolve(root, '..', 'shared', 'samples', 'gen1-real-activity.ddd');
  const extra = options.extraFiles ?? (existsSync(realSample) ? [realSample] : []);

  const targets: Array<{ title: string; path: string }> = [];
  for (const [generation, prefix] of GENERATION_PREFIXES) {
    const path = largestFixture(fixturesDir, prefix);
    if (path === null) {
      print(`decode ${generation}: skipped (no fixtures/ddd/${prefix}*.ddd yet)`);
      continue;
    }
    targets.push({ title: `${generation} fixture`, path });
  }
  for (const path of extra) targets.push({ title: 'real sample', path });

  print(
    `decode benchmark: median of ${iterations} iterations after ${warmup} warm-up, ` +
      `Node ${process.version}; MB = 10^6 bytes; "baseline" = decode time / TLV walk + slice() time`,
  );
  for (const { title, path } of targets) {
    const bytes = new Uint8Array(readFileSync(path));
    const name = path.split(/[\\/]/).pop()!;
    const chunks: Uint8Array[] = [];
    for (let p = 0; p < bytes.length; p += CHUNK) chunks.push(bytes.subarray(p, p + CHUNK));

    let sink = 0;
    const baselineMs = await medianMs(() => (sink += tlvWalkBaseline(bytes)), iterations, warmup);
    const syncMs = await medianMs(() => (sink += decodeDddBytes(bytes).blocks.length), iterations, warmup);
    const streamMs = await medianMs(async () => (sink += (await decodeDdd(chunks)).blocks.length), iterations, warmup);
    print(`${title}: ${name} (${bytes.length.toLocaleString('en-US')} bytes)`);
    print(formatRow({ label: 'decodeDddBytes', ms: syncMs, size: bytes.length, baselineMs, target: true }));
    print(
      formatRow({ label: 'decodeDdd (4 KiB chunks)', ms: streamMs, size: bytes.length, baselineMs, target: false }),
    );
    print(
      formatRow({ label: 'baseline TLV walk + slice', ms: baselineMs, size: bytes.length, baselineMs, target: false }),
    );
    for (const line of await verificationRows(bytes, syncMs, iterations, warmup)) print(line);
    if (sink < 0) print('unreachable');
  }
}
