/**
 * Authenticity benchmark ("verification cost per generation next to decode time; import throughput must
 * not drop by more than 10 % because of it"). For the largest fixture of each generation (decode.bench.ts) and the
 * 28-day gen1 card of the service benchmark, made
 * into distinct later downloads of one card under the test PKI (fixtures/pki: EF Card_Download set to a new time,
 * every EF signed again; gen2 ECDSA signatures differ on every signing, as a card's do):
 *
 * 1. verification cost, ms per file (median), next to decodeDddBytes of the same file:
 *    - first file of a chain (a fresh verifier: every certificate checked),
 *    - same chain, new content (certificates from the cache, every EF signature checked), EF signatures one after
 *      the other on this thread and concurrently (thread pool: what an import does),
 *    - the same file again (certificates and gen2 EF results from the cache);
 * 2. import throughput through the import use case, the decoder pool and SQLite (what `serve` runs), the same
 *    files in the same run, without verification, with verification (EF signatures concurrently, the service's
 *    path) and with the EF signatures one after the other (the path before the concurrent one); one import in
 *    flight and 4 in flight; the drop in % against "without". After an untimed short run of each mode, best of
 *    `rounds` rounds, each on a fresh database. Counts are bounded. On a shared machine the import rows are
 *    noisy: compare rows of one run only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeDddBytes } from '../../core/decoder/index.js';
import type { DecodedCard } from '../../core/domain/card.js';
import { CardAuthenticityVerifier, buildTrustStore, type TrustStore } from '../../core/authenticity/index.js';
import { verifyingCardDecoder, withDayRecords } from '../../core/use-cases/decode-card-file.js';
import { NodeSignatureCrypto } from '../../adapters/crypto/node-signature-crypto.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { DecoderPool } from '../../adapters/decoder-pool/decoder-pool.js';
import { createSqlStore, storageOf } from '../../adapters/storage/open-storage.js';
import { signDdd, testTrustFiles, withCardDownload } from '../../fixtures/pki/test-pki.js';
import { createServiceContainer } from '../container.js';
import { loadConfig } from '../config.js';
import { cardNumberOf, twentyEightDayCard } from '../../fixtures/scenarios/twenty-eight-day.js';
import { LAST_DAY } from './service.bench.js';
import { GENERATION_PREFIXES, largestFixture, medianMs, repoRoot } from './decode.bench.js';

export interface AuthenticityBenchOptions {
  /** folder with the fixtures (default: <repo>/fixtures/ddd) */
  fixturesDir?: string;
  /** timed imports per run (default 24) */
  imports?: number;
  /** rounds per import mode, the best one kept (default 2) */
  rounds?: number;
  /** timed verifications per cost row (default 30) */
  iterations?: number;
  print?: (line: string) => void;
  /** also measure the 28-day gen1 card of the service benchmark (default true) */
  twentyEightDay?: boolean;
}

export type ImportMode = 'without' | 'concurrent' | 'sequential';

/** `count` distinct downloads of the card of `file`, signed by the test PKI, one minute apart. */
export function laterDownloads(file: Uint8Array, count: number): Uint8Array[] {
  const card = decodeDddBytes(file);
  const days = (card.gen1 ?? card.gen2)?.driverActivity?.days ?? [];
  const after = (days[days.length - 1]?.date ?? 1_700_000_000) + 86_400 + 3_600;
  return Array.from({ length: count }, (_, i) => signDdd(withCardDownload(file, after + 60 * i)));
}

/** Throughput drop in % of `withMs` (ms per import) against `withoutMs`. */
export function dropPercent(withoutMs: number, withMs: number): number {
  return 100 * (1 - withoutMs / withMs);
}

/** Milliseconds per import of `files[1..]` (files[0] warms the worker and the chain cache), `inFlight` at a time. */
export async function importMsPerFile(
  files: readonly Uint8Array[],
  mode: ImportMode,
  inFlight: number,
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-bench-auth-'));
  const store = await createSqlStore({ dataDir: dir });
  const crypto = new NodeSignatureCrypto();
  const trustFiles = testTrustFiles();
  const verifier = new CardAuthenticityVerifier(crypto, buildTrustStore(trustFiles, crypto).store);
  const pool = new DecoderPool(
    mode === 'without'
      ? {}
      : {
          trustFiles,
          sequentialSignatures: mode === 'sequential',
          inlineDecoder: withDayRecords(verifyingCardDecoder(verifier), new NodeCryptoHasher()),
        },
  );
  const services = createServiceContainer(loadConfig({}, { dataDir: dir }), {
    storage: async () => storageOf(store),
    cardDecoder: pool.decode,
    fleetDrain: false,
  });
  const { imports } = await services.useCases();
  const expected = mode === 'without' ? null : 'VERIFIED';
  const one = async (content: Uint8Array, n: number): Promise<void> => {
    const answer = await imports.parse({ file_name: `bench-${n}.ddd`, content, archive_id: null });
    if (answer.reused || (answer.authenticity?.status ?? null) !== expected)
      throw new Error(`bench import ${n}: ${answer.status} ${answer.authenticity?.status}`);
  };
  try {
    await one(files[0]!, 0);
    let next = 1;
    const started = performance.now();
    const lane = async (): Promise<void> => {
      while (next < files.length) {
        const n = next++;
        await one(files[n]!, n);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
    return (performance.now() - started) / (files.length - 1);
  } finally {
    await pool.close();
    await services.dispose(); // the fleet rows computed first, then the store closed
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (v: number): string => v.toFixed(2).padStart(8) + ' ms/file';

async function costRows(
  files: readonly Uint8Array[],
  iterations: number,
  print: (line: string) => void,
): Promise<void> {
  const crypto = new NodeSignatureCrypto();
  const trust: TrustStore = buildTrustStore(testTrustFiles(), crypto).store;
  const cards: DecodedCard[] = files.map((f) => decodeDddBytes(f));
  const decodeMs = await medianMs(() => decodeDddBytes(files[0]!), iterations, 5);
  const warm = new CardAuthenticityVerifier(crypto, trust);
  const status = warm.verify(cards[0]!).authenticity.status;
  let i = 0;
  const nextCard = (): DecodedCard => cards[1 + (i++ % (cards.length - 1))]!;
  // a new verifier per new-content iteration keeps EF results out of reach, the chain memo is copied in by one warm-up
  const chainWarm = (): CardAuthenticityVerifier => {
    const v = new CardAuthenticityVerifier(crypto, trust);
    v.verify(cards[0]!);
    return v;
  };
  const coldMs = await medianMs(() => new CardAuthenticityVerifier(crypto, trust).verify(cards[0]!), iterations, 3);
  const fresh = Array.from({ length: iterations + 3 }, chainWarm);
  let f = 0;
  const sequentialMs = await medianMs(() => fresh[f++ % fresh.length]!.verify(nextCard()), iterations, 3);
  const fresh2 = Array.from({ length: iterations + 3 }, chainWarm);
  f = 0;
  const concurrentMs = await medianMs(() => fresh2[f++ % fresh2.length]!.verifyAsync(nextCard()), iterations, 3);
  const againMs = await medianMs(() => warm.verifyAsync(cards[0]!), iterations, 3);
  const share = (v: number): string => `${((100 * v) / decodeMs).toFixed(0).padStart(6)}% of decode`;
  print(`  decodeDddBytes (signed file)              ${ms(decodeMs)}`);
  print(`  verify ${status.toLowerCase()}, first file of a chain     ${ms(coldMs)}${share(coldMs)}`);
  print(`  verify, same chain, new content, 1 by 1   ${ms(sequentialMs)}${share(sequentialMs)}`);
  print(`  verify, same chain, new content, at once  ${ms(concurrentMs)}${share(concurrentMs)}`);
  print(`  verify, the same file again (cached)      ${ms(againMs)}${share(againMs)}`);
}

async function throughputRows(
  files: readonly Uint8Array[],
  rounds: number,
  print: (line: string) => void,
): Promise<void> {
  // an untimed short run of each mode first: code paths compiled, SQLite and workers started once
  for (const mode of ['without', 'concurrent', 'sequential'] as const)
    await importMsPerFile(files.slice(0, 4), mode, 1);
  for (const inFlight of [1, 4]) {
    const best: Record<ImportMode, number> = { without: Infinity, concurrent: Infinity, sequential: Infinity };
    for (let r = 0; r < rounds; r++) {
      for (const mode of ['without', 'concurrent', 'sequential'] as const)
        best[mode] = Math.min(best[mode], await importMsPerFile(files, mode, inFlight));
    }
    const row = (label: string, mode: ImportMode): string =>
      `  import, ${inFlight} in flight, ${label.padEnd(28)}${ms(best[mode])}${(1000 / best[mode]).toFixed(0).padStart(6)} imports/s` +
      (mode === 'without' ? '' : `   drop ${dropPercent(best.without, best[mode]).toFixed(0).padStart(3)} %`);
    print(row('without verification', 'without'));
    print(row('verified, EF checks at once', 'concurrent'));
    print(row('verified, EF checks 1 by 1', 'sequential'));
  }
}

/** The options with their defaults (`count`: the timed imports plus the warm-up one). */
export function benchSettings(options: AuthenticityBenchOptions): {
  print: (line: string) => void;
  count: number;
  rounds: number;
  iterations: number;
  fixturesDir: string;
} {
  return {
    print: options.print ?? ((line: string) => console.log(line)),
    count: Math.max(3, options.imports ?? 24) + 1,
    rounds: Math.max(1, options.rounds ?? 2),
    iterations: Math.max(1, options.iterations ?? 30),
    fixturesDir: options.fixturesDir ?? join(repoRoot(), 'fixtures', 'ddd'),
  };
}

export async function benchAuthenticity(options: AuthenticityBenchOptions = {}): Promise<void> {
  const { print, count, rounds, iterations, fixturesDir } = benchSettings(options);
  print(
    `authenticity benchmark: test PKI, distinct later downloads of one card per generation; verification medians of ${iterations}; ` +
      `imports through the use case + decoder pool + SQLite, ${count - 1} timed per run, best of ${rounds} rounds; drop = 1 − throughput with / without`,
  );
  const targets: Array<{ title: string; bytes: Uint8Array }> = [];
  for (const [generation, prefix] of GENERATION_PREFIXES) {
    const path = largestFixture(fixturesDir, prefix);
    if (path === null) print(`authenticity ${generation}: skipped (no fixtures/ddd/${prefix}*.ddd yet)`);
    else
      targets.push({ title: `${generation}: ${path.split(/[\\/]/).pop()}`, bytes: new Uint8Array(readFileSync(path)) });
  }
  // the 28-day gen1 card of the service benchmark: a typical download, whose storage costs a few ms
  if (options.twentyEightDay !== false)
    targets.push({
      title: 'gen1: 28-day card (service bench)',
      bytes: twentyEightDayCard(1000, cardNumberOf(0), LAST_DAY),
    });
  for (const { title, bytes } of targets) {
    const files = laterDownloads(bytes, count);
    print(`${title} signed (${files[0]!.length.toLocaleString('en-US')} bytes)`);
    await costRows(files, iterations, print);
    await throughputRows(files, rounds, print);
  }
}
