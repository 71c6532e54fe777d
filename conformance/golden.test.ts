/**
 * Golden run: every fixtures/ddd/*.ddd is decoded (decodeDdd → toParsedCard) and compared with
 * fixtures/golden/<name>.json; the generator must reproduce the committed bytes and JSON exactly.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { DddDecodeError, decodeDdd } from '../core/decoder/index.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { goldenOf } from '../fixtures/golden.js';
import { allFixtures } from '../fixtures/scenarios/index.js';
import { actualOf } from './compare.js';

const root = join(import.meta.dirname, '..', 'fixtures');
const fixtures = allFixtures();
const byName = new Map(fixtures.map((f) => [f.name, f]));

t.test('the generator is deterministic and the committed files are current', async (t) => {
  const files = readdirSync(join(root, 'ddd'))
    .filter((f) => f.endsWith('.ddd'))
    .sort();
  t.same(files, fixtures.map((f) => `${f.name}.ddd`).sort(), 'one .ddd per named fixture');
  for (const f of fixtures) {
    const committed = new Uint8Array(readFileSync(join(root, 'ddd', `${f.name}.ddd`)));
    t.ok(Buffer.from(committed).equals(Buffer.from(f.bytes)), `${f.name}.ddd re-encodes identically`);
    const golden = readFileSync(join(root, 'golden', `${f.name}.json`), 'utf8');
    t.equal(golden, `${JSON.stringify(goldenOf(f), null, 2)}\n`, `${f.name}.json is current`);
  }
  const again = allFixtures();
  t.ok(
    again.every((f, i) => Buffer.from(f.bytes).equals(Buffer.from(fixtures[i]!.bytes))),
    'two runs give the same bytes',
  );
});

for (const file of readdirSync(join(root, 'ddd'))
  .filter((f) => f.endsWith('.ddd'))
  .sort()) {
  const name = file.replace(/\.ddd$/, '');
  t.test(name, async (t) => {
    const bytes = new Uint8Array(readFileSync(join(root, 'ddd', file)));
    const golden = JSON.parse(readFileSync(join(root, 'golden', `${name}.json`), 'utf8'));
    const fixture = byName.get(name);
    if (golden.error) {
      const err = await decodeDdd(bytes).then(
        () => null,
        (e: unknown) => e,
      );
      t.ok(err instanceof DddDecodeError, 'decoding fails with DddDecodeError');
      t.equal((err as DddDecodeError | null)?.reason, golden.error.reason, 'reason');
      return;
    }
    const actual = actualOf(toParsedCard(await decodeDdd(bytes)));
    const expect = fixture?.expect.kind === 'ok' ? fixture.expect : null;
    const { warnings, ...meta } = actual.import;
    const { warnings: goldenWarnings, ...goldenMeta } = golden.import;
    t.same(meta, goldenMeta, 'import metadata');
    if (expect?.warnings === 'some')
      t.ok((warnings as unknown[]).length > 0, `warnings reported: ${JSON.stringify(warnings)}`);
    else t.same(warnings, goldenWarnings, 'no warnings');
    if (expect?.activities === 'subset') {
      const wanted = new Set(golden.activities.map((r: unknown) => JSON.stringify(r)));
      const extra = actual.activities.filter((r) => !wanted.has(JSON.stringify(r)));
      t.same(extra, [], 'every decoded interval is an expected one');
      t.ok(actual.activities.length > 0, 'undamaged days are still decoded');
    } else {
      t.same(actual.activities, golden.activities, 'activities');
    }
    t.same(actual.events, golden.events, 'events');
    t.same(actual.faults, golden.faults, 'faults');
    t.same(actual.vehicles_used, golden.vehicles_used, 'vehicles used');
    t.same(actual.positions, golden.positions, 'positions');
  });
}
