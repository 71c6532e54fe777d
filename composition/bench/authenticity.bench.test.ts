import t from 'tap';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeDddBytes } from '../../core/decoder/index.js';
import {
  benchAuthenticity,
  benchSettings,
  dropPercent,
  importMsPerFile,
  laterDownloads,
} from './authenticity.bench.js';
import { readFileSync } from 'node:fs';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'ddd');

t.test('dropPercent: the throughput lost against the run without verification', async (t) => {
  t.equal(dropPercent(10, 10), 0);
  t.equal(dropPercent(10, 20), 50, 'twice the time per import: half the throughput');
  t.ok(dropPercent(10, 9) < 0, 'faster with: a negative drop');
});

t.test('laterDownloads: distinct files of one card under one chain', async (t) => {
  const files = laterDownloads(
    new Uint8Array(await import('node:fs').then((fs) => fs.readFileSync(join(FIXTURES, 'gen1-basic.ddd')))),
    3,
  );
  t.equal(new Set(files.map((f) => Buffer.from(f).toString('base64'))).size, 3, 'distinct content');
  const times = files.map((f) => decodeDddBytes(f).gen1?.cardDownload?.lastCardDownload);
  t.equal(times[1]! - times[0]!, 60);
  t.equal(
    decodeDddBytes(files[0]!).gen1?.identification?.cardNumber,
    decodeDddBytes(files[2]!).gen1?.identification?.cardNumber,
  );
});

t.test('importMsPerFile: every mode imports the files (verified ones VERIFIED)', async (t) => {
  const files = laterDownloads(
    new Uint8Array((await import('node:fs')).readFileSync(join(FIXTURES, 'gen2-full.ddd'))),
    3,
  );
  for (const mode of ['without', 'concurrent', 'sequential'] as const) {
    const ms = await importMsPerFile(files, mode, 2);
    t.ok(ms > 0 && Number.isFinite(ms), `${mode}: ${ms.toFixed(1)} ms per import`);
  }
});

t.test('benchAuthenticity prints the cost rows and the throughput drop per generation', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-auth-'));
  copyFileSync(join(FIXTURES, 'gen2-full.ddd'), join(dir, 'gen2-x.ddd'));
  const lines: string[] = [];
  await benchAuthenticity({
    fixturesDir: dir,
    imports: 3,
    rounds: 1,
    iterations: 2,
    twentyEightDay: false,
    print: (l) => lines.push(l),
  });
  const text = lines.join('\n');
  t.match(text, /authenticity gen1: skipped/);
  t.match(text, /gen2: gen2-x\.ddd signed/);
  t.notMatch(text, /28-day/, 'the 28-day card left out when asked');
  t.match(text, /decodeDddBytes \(signed file\) +[\d.]+ ms\/file/);
  t.match(text, /verify verified, first file of a chain +[\d.]+ ms\/file +\d+% of decode/);
  t.match(text, /same chain, new content, at once +[\d.]+ ms\/file/);
  t.match(text, /the same file again \(cached\) +[\d.]+ ms\/file/);
  t.match(text, /import, 1 in flight, without verification +[\d.]+ ms\/file +\d+ imports\/s\n/);
  t.match(text, /import, 4 in flight, verified, EF checks at once +[\d.]+ ms\/file +\d+ imports\/s +drop +-?\d+ %/);
  t.match(text, /import, 4 in flight, verified, EF checks 1 by 1 /);
  const card: string[] = [];
  await benchAuthenticity({
    fixturesDir: mkdtempSync(join(tmpdir(), 'bench-auth-empty-')),
    imports: 3,
    rounds: 1,
    iterations: 2,
    print: (l) => card.push(l),
  });
  t.match(card.join('\n'), /gen1: 28-day card \(service bench\) signed \([\d,]+ bytes\)\n {2}decodeDddBytes/);
  t.match(card.join('\n'), /import, 1 in flight, verified, EF checks at once +[\d.]+ ms\/file/);
});

t.test('importMsPerFile refuses to time imports that do not verify', async (t) => {
  const unsigned = readFileSync(join(FIXTURES, 'gen2-full.ddd'));
  const files = [0, 1, 2].map((i) => {
    const copy = new Uint8Array(unsigned);
    copy[copy.length - 1] ^= i; // distinct content, still the encoder's random certificates
    return copy;
  });
  await t.rejects(importMsPerFile(files, 'concurrent', 1), /bench import 0: QUARANTINED INVALID/);
});

t.test('benchSettings: bounded defaults', async (t) => {
  const s = benchSettings({});
  t.equal(s.count, 25, '24 timed imports and the warm-up one');
  t.equal(s.rounds, 2);
  t.equal(s.iterations, 30);
  t.match(s.fixturesDir, /fixtures[\\/]ddd$/);
  t.equal(typeof s.print, 'function');
  t.equal(benchSettings({ imports: 0, rounds: 0, iterations: 0 }).count, 4, 'never fewer than 3 timed imports');
});
