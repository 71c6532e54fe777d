import t from 'tap';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeVuBytes } from '../../core/decoder/vu/decode-vu.js';
import { benchVuDecode, generatedVu } from './vu-decode.bench.js';

t.test('generatedVu: the asked number of days and a day of detailed speed, every generation', async (t) => {
  for (const generation of ['GEN1', 'GEN2', 'GEN2V2'] as const) {
    const vu = decodeVuBytes(generatedVu(generation, 4));
    t.equal(vu.generation, generation);
    t.equal(vu.days.length, 4);
    t.equal(new Set(vu.days.map((d) => d.date)).size, 4, 'distinct days');
    t.equal(vu.speed.length, 1440);
    t.same(vu.warnings, []);
  }
});

t.test('benchVuDecode prints card and VU lines with their ratio', async (t) => {
  const lines: string[] = [];
  await benchVuDecode({ sample: null, days: 2, iterations: 3, warmup: 1, print: (l) => lines.push(l) });
  const text = lines.join('\n');
  t.match(text, /median of 3 iterations after 1 warm-up/);
  t.match(text, /card gen1 \S+\.ddd \(\d+ bytes\)/);
  t.match(text, /VU real sample: skipped/);
  for (const label of ['gen1 generated', 'gen1 generated, 4 KiB chunks', 'gen2 generated', 'gen2v2 generated'])
    t.match(text, new RegExp(`VU ${label} \\(\\d+ bytes\\) +[\\d.]+ ms/file +[\\d.]+ MB/s +[\\d.]+x card time per MB`));
});

t.test('without card fixtures the VU lines carry no ratio', async (t) => {
  const lines: string[] = [];
  const empty = mkdtempSync(join(tmpdir(), 'vu-bench-'));
  await benchVuDecode({
    sample: null,
    fixturesDir: empty,
    days: 1,
    iterations: 1,
    warmup: 0,
    print: (l) => lines.push(l),
  });
  t.notMatch(lines.join('\n'), /card time per MB/);
  t.match(lines.join('\n'), /VU gen2 generated/);
});

t.test('generatedVu: detailed speed for several days, each minute once, ending with the last day', async (t) => {
  const vu = decodeVuBytes(generatedVu('GEN2', 3, 3));
  t.equal(vu.speed.length, 3 * 1440);
  const begins = vu.speed.map((b) => b.begin!);
  t.equal(new Set(begins).size, begins.length, 'distinct minutes');
  const lastDay = Math.max(...vu.days.map((d) => d.date!));
  t.equal(Math.floor(Math.max(...begins) / 86_400), Math.floor(lastDay / 86_400), 'the last minute on the last day');
  t.equal(Math.max(...begins) - Math.min(...begins), (3 * 1440 - 1) * 60, 'three days of minutes');
});
