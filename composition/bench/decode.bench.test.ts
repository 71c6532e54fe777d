import t from 'tap';
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDecode, largestFixture, medianMs, tlvWalkBaseline } from './decode.bench.js';

const SAMPLE = fileURLToPath(new URL('../../../shared/samples/gen1-real-activity.ddd', import.meta.url));

t.test('largestFixture picks the largest file of a prefix', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-fixtures-'));
  writeFileSync(join(dir, 'gen1-small.ddd'), new Uint8Array(10));
  writeFileSync(join(dir, 'gen1-big.ddd'), new Uint8Array(30));
  writeFileSync(join(dir, 'gen2-only.ddd'), new Uint8Array(20));
  writeFileSync(join(dir, 'gen2v2-x.ddd'), new Uint8Array(40));
  writeFileSync(join(dir, 'gen1-big.json'), new Uint8Array(50));
  t.equal(largestFixture(dir, 'gen1'), join(dir, 'gen1-big.ddd'));
  t.equal(largestFixture(dir, 'gen2-'), join(dir, 'gen2-only.ddd'), 'gen2- does not match gen2v2');
  t.equal(largestFixture(dir, 'gen2v2'), join(dir, 'gen2v2-x.ddd'));
  t.equal(largestFixture(dir, 'gen3'), null);
  t.equal(largestFixture(join(dir, 'absent'), 'gen1'), null);
});

t.test('baseline walks TLV blocks and copies their values', async (t) => {
  const bytes = Uint8Array.from([0x00, 0x02, 0x00, 0x00, 0x02, 9, 9, 0x05, 0x01, 0x00, 0x00, 0x01, 7]);
  t.equal(tlvWalkBaseline(bytes), 3);
  t.equal(tlvWalkBaseline(bytes.subarray(0, 9)), 2, 'stops at a truncated block');
});

t.test('medianMs', async (t) => {
  let calls = 0;
  const ms = await medianMs(() => calls++, 5, 2);
  t.equal(calls, 7);
  t.ok(ms >= 0);
  const asyncMs = await medianMs(async () => calls++, 4, 0);
  t.ok(asyncMs >= 0);
});

t.test('benchDecode prints aligned lines, skipping missing generations', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-run-'));
  const lines: string[] = [];
  const hasSample = existsSync(SAMPLE);
  if (hasSample) copyFileSync(SAMPLE, join(dir, 'gen1-sample.ddd'));
  await benchDecode({ fixturesDir: dir, extraFiles: [], iterations: 3, warmup: 1, print: (l) => lines.push(l) });
  const text = lines.join('\n');
  t.match(text, /decode gen2: skipped/);
  t.match(text, /decode gen2v2: skipped/);
  t.match(text, /median of 3 iterations/);
  if (hasSample) {
    t.match(text, /gen1 fixture: gen1-sample\.ddd \(26,493 bytes\)/);
    t.match(text, /decodeDddBytes +[\d.]+ ms\/file +[\d.]+ MB\/s +\d+ files\/s +[\d.]+x baseline +target >= 50 MB\/s/);
    t.match(text, /decodeDdd \(4 KiB chunks\) +[\d.]+ ms\/file/);
    t.match(text, /baseline TLV walk \+ slice +[\d.]+ ms\/file .* 1\.0x baseline/);
    t.match(text, /verify \w+ \(cold\) +[\d.]+ ms\/file +\d+% of decode time/, 'verification cost next to decode time');
    t.match(text, /verify \(same chain, new\) +[\d.]+ ms\/file +\d+% of decode time/);
    t.match(text, /verify \(same file again\) +[\d.]+ ms\/file/);
  } else {
    t.match(text, /decode gen1: skipped/);
  }
});

t.test('benchDecode defaults: repository fixtures, console output', async (t) => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => lines.push(line);
  try {
    await benchDecode({ iterations: 1, warmup: 0 });
  } finally {
    console.log = log;
  }
  t.match(lines[0], /^decode benchmark: median of 1 iterations/);
  t.ok(lines.length >= 2);
});
