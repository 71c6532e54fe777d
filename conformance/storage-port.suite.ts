/**
 * The storage port's contract (core/ports/import-store.ts) as a suite any adapter runs:
 *   storagePortSuite(t, 'sqlite', () => createSqlStore({ dataDir: tempDir }))
 * Each sub-test gets a fresh, empty store from `makeStore` and closes it at the end. Rows are built
 * directly (core/use-cases/testing), so the suite does not depend on the decoder.
 */
import type { TAP } from 'tap';
import type { ImportRow } from '../core/domain/rows.js';
import { newImport, type ClosableStore, type WithStore } from './new-import.js';
import { storedRowsCases } from './stored-rows.suite.js';
import {
  buildParsedCard,
  datesFrom,
  day,
  range,
  workingDay,
  type DaySpec,
} from '../core/use-cases/testing/parsed-card-builder.js';
import { isoDay } from '../core/time.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];
export type { WithStore };

const ALL = { limit: 5000, offset: 0 };
const OPEN = { from: null, to: null };

export function storagePortSuite(t: Tap, name: string, makeStore: () => Promise<ClosableStore>): void {
  const withStore: WithStore = (title, body) =>
    t.test(`${name}: ${title}`, async (t) => {
      const store = await makeStore();
      try {
        await body(t, store);
      } finally {
        await store.close();
      }
    });

  withStore('ping answers true on an open store', async (t, store) => {
    t.equal(await store.ping(), true);
  });

  withStore('a saved import reads back by id, archive and hash; bytes are never returned', async (t, store) => {
    const card = buildParsedCard({ days: [workingDay('2026-03-02')] });
    const input = newImport(card, { archive_id: 'my-archive' });
    const saved = await store.saveImport(input);
    t.equal(saved.outcome, 'created');
    t.same(saved.import, input.import);
    for (const lookup of [
      { kind: 'import_id', value: input.import.import_id },
      { kind: 'archive_id', value: 'my-archive' },
      { kind: 'content_sha256', value: input.import.content_sha256 },
    ] as const) {
      const found = await store.findImport(lookup);
      t.strictSame(found, input.import, `by ${lookup.kind}`);
    }
    t.equal(await store.findImport({ kind: 'import_id', value: 'nope' }), null);
    const listed = await store.listImports({ card_number: null, range: OPEN }, ALL);
    t.equal(JSON.stringify(listed).includes('content 1'), false, 'no bytes in listings');
    t.same(await store.originalContent(input.import.import_id), input.content, 'the original bytes, exactly');
    t.equal(await store.originalContent('nope'), null);
  });

  withStore('original bytes read back exactly, whatever their content', async (t, store) => {
    const card = buildParsedCard({ days: [workingDay('2026-03-02')] });
    const repetitive = new Uint8Array(30_000).map((_, i) => (i % 251 === 0 ? i & 0xff : 0x20));
    const random = new Uint8Array(4_000).map(() => Math.floor(Math.random() * 256));
    for (const [what, content] of [
      ['compressible', repetitive],
      ['incompressible', random],
      ['empty', new Uint8Array(0)],
    ] as const) {
      const input = newImport(card, { content });
      await store.saveImport(input);
      t.same(await store.originalContent(input.import.import_id), content, `${what}: read back byte for byte`);
    }
  });

  withStore(
    'identical content is stored once; a taken archive_id is refused; nothing partial is written',
    async (t, store) => {
      const card = buildParsedCard({ days: [workingDay('2026-03-02')] });
      const first = newImport(card, { archive_id: 'A' });
      await store.saveImport(first);
      const again = { ...newImport(card, { content: first.content, archive_id: 'B' }) };
      const dup = await store.saveImport(again);
      t.equal(dup.outcome, 'duplicate_content');
      t.equal(dup.import.import_id, first.import.import_id);
      const other = newImport(buildParsedCard({ days: [workingDay('2026-03-03')] }), { archive_id: 'A' });
      const taken = await store.saveImport(other);
      t.equal(taken.outcome, 'archive_taken');
      t.equal(taken.import.import_id, first.import.import_id);
      t.equal((await store.listImports({ card_number: null, range: OPEN }, ALL)).total, 1);
      t.equal(await store.findImport({ kind: 'import_id', value: again.import.import_id }), null);
      t.equal((await store.dayRecords({ kind: 'card', card_number: 'DRIVER0000000100' }, OPEN)).length, 1);
    },
  );

  withStore('20 parallel saves of the same content create exactly one import', async (t, store) => {
    const card = buildParsedCard({ days: datesFrom('2026-02-01', 28).map((d) => workingDay(d)) });
    const content = new TextEncoder().encode('same bytes');
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => store.saveImport(newImport(card, { content }))),
    );
    t.equal(outcomes.filter((o) => o.outcome === 'created').length, 1);
    t.equal(new Set(outcomes.map((o) => o.import.import_id)).size, 1);
    t.equal((await store.listImports({ card_number: null, range: OPEN }, ALL)).total, 1);
    t.equal((await store.dayRecords({ kind: 'card', card_number: 'DRIVER0000000100' }, OPEN)).length, 28);
  });

  withStore('a failing save leaves nothing behind', async (t, store) => {
    const card = buildParsedCard({ days: [workingDay('2026-03-02')] });
    const broken = structuredClone(card);
    (broken.activities[3] as { activity: string }).activity = 'FLYING';
    const input = newImport(broken);
    const error = await store.saveImport(input).then(
      () => null,
      (e: Error) => e,
    );
    t.ok(error instanceof Error, 'rejects');
    t.notMatch(String(error?.message), /content \d|INSERT|VALUES/, 'the error carries no SQL or bound values');
    t.equal(await store.findImport({ kind: 'content_sha256', value: input.import.content_sha256 }), null);
    t.equal((await store.dayRecords({ kind: 'card', card_number: 'DRIVER0000000100' }, OPEN)).length, 0);
    const retry = await store.saveImport({ ...input, card });
    t.equal(retry.outcome, 'created');
    t.equal((await store.activities([{ import_id: input.import.import_id, date: day('2026-03-02') }], null)).total, 7);
  });

  withStore(
    'sequence grows; day records carry fingerprint, distance, quarantine; ordered by date then sequence',
    async (t, store) => {
      const days = datesFrom('2026-03-01', 3).map((d) => workingDay(d, 100));
      const older = newImport(buildParsedCard({ days }));
      const newer = newImport(buildParsedCard({ days: [...days.slice(1), workingDay('2026-03-04', 7)] }), {
        status: 'QUARANTINED',
      });
      await store.saveImport(older);
      await store.saveImport(newer);
      const records = await store.dayRecords({ kind: 'card', card_number: 'DRIVER0000000100' }, OPEN);
      t.same(
        records.map((r) => [isoDay(r.date), r.import_id, r.quarantined]),
        [
          ['2026-03-01', older.import.import_id, false],
          ['2026-03-02', older.import.import_id, false],
          ['2026-03-02', newer.import.import_id, true],
          ['2026-03-03', older.import.import_id, false],
          ['2026-03-03', newer.import.import_id, true],
          ['2026-03-04', newer.import.import_id, true],
        ],
      );
      const seqOld = records[0]!.sequence;
      const seqNew = records[2]!.sequence;
      t.ok(seqNew > seqOld, 'newer import has a larger sequence');
      t.equal(records[1]!.fingerprint, records[2]!.fingerprint, 'identical days share a fingerprint');
      t.equal(records[5]!.distance_km, 7);
      t.equal(records[5]!.card_number, 'DRIVER0000000100');
      const ranged = await store.dayRecords(
        { kind: 'import', import_id: newer.import.import_id },
        range('2026-03-03', '2026-03-03'),
      );
      t.same(
        ranged.map((r) => isoDay(r.date)),
        ['2026-03-03'],
      );
      t.same(await store.dayRecords({ kind: 'card', card_number: 'OTHER' }, OPEN), []);
    },
  );

  withStore('activities read back exactly, in time order, with stable pages and totals', async (t, store) => {
    const days: DaySpec[] = [
      ...datesFrom('2026-03-01', 5).map((d) => workingDay(d)),
      {
        date: '2026-03-06',
        changes: [
          ['00:00', 'REST', { inserted: false }],
          ['08:00', 'WORK', { inserted: false, manual: true }],
          ['09:00', 'DRIVING', { crew: true, slot: 'CO_DRIVER' }],
        ],
      },
    ];
    const card = buildParsedCard({ days });
    // shuffle the input: the store must order by time itself
    const shuffled = { ...card, activities: [...card.activities].reverse() };
    const input = newImport(shuffled, { status: 'QUARANTINED' });
    await store.saveImport(input);
    const served = days.map((d) => ({ import_id: input.import.import_id, date: day(d.date) }));
    const all = await store.activities(served, null);
    const expected = card.activities.map((row) => ({
      ...row,
      import_id: input.import.import_id,
      card_number: 'DRIVER0000000100',
      quarantined: true,
    }));
    t.strictSame(all.items, expected);
    t.equal(all.total, expected.length);
    const pages = [];
    for (let offset = 0; offset < expected.length + 5; offset += 4) {
      const page = await store.activities(served, { limit: 4, offset });
      t.equal(page.total, expected.length);
      pages.push(...page.items);
    }
    t.strictSame(pages, expected, 'pages concatenate to the whole list');
    const some = await store.activities([served[5]!, served[0]!], null);
    t.same(new Set(some.items.map((r) => isoDay(r.date))), new Set(['2026-03-01', '2026-03-06']));
    t.equal(isoDay(some.items[0]!.date), '2026-03-01', 'ordered by time whatever the selection order');
    t.same(await store.activities([], null), { items: [], total: 0 });
    t.same(await store.activities([{ import_id: 'unknown', date: day('2026-03-01') }], null), { items: [], total: 0 });
    const totals = await store.activityTotals(served);
    t.same(totals, {
      DRIVING: 5 * (4 * 3600 + 3 * 3600 + 45 * 60) + 15 * 3600,
      WORK: 5 * 3600 + 3600,
      AVAILABILITY: 0,
      REST: 5 * (6 * 3600 + 45 * 60 + 8.5 * 3600),
      UNKNOWN: 8 * 3600,
    });
    t.same(await store.activityTotals([]), { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 });
  });

  storedRowsCases(withStore);

  withStore('imports list: all, by card, by overlapping range, paged in save order', async (t, store) => {
    const a = newImport(buildParsedCard({ days: datesFrom('2026-01-01', 10).map((d) => workingDay(d)) }));
    const b = newImport(
      buildParsedCard({ card_number: 'OTHERCARD0000001', days: datesFrom('2026-01-20', 5).map((d) => workingDay(d)) }),
    );
    const c = newImport(buildParsedCard({ days: datesFrom('2026-02-01', 10).map((d) => workingDay(d)) }));
    const empty = newImport(buildParsedCard({}));
    for (const input of [a, b, c, empty]) await store.saveImport(input);
    const ids = (r: { items: ImportRow[] }) => r.items.map((i) => i.import_id);
    const all = await store.listImports({ card_number: null, range: OPEN }, ALL);
    t.same(
      ids(all),
      [a, b, c, empty].map((x) => x.import.import_id),
    );
    t.equal(all.total, 4);
    t.same(
      ids(await store.listImports({ card_number: 'DRIVER0000000100', range: OPEN }, ALL)),
      [a, c, empty].map((x) => x.import.import_id),
    );
    t.same(
      ids(await store.listImports({ card_number: null, range: range('2026-01-10', '2026-01-20') }, ALL)),
      [a, b].map((x) => x.import.import_id),
    );
    t.same(ids(await store.listImports({ card_number: null, range: range('2026-02-10', null) }, ALL)), [
      c.import.import_id,
    ]);
    const page = await store.listImports({ card_number: null, range: OPEN }, { limit: 2, offset: 1 });
    t.same(
      ids(page),
      [b, c].map((x) => x.import.import_id),
    );
    t.equal(page.total, 4);
    t.same((await store.listImports({ card_number: null, range: OPEN }, { limit: 2, offset: 10 })).items, []);
    // a page of none counts the list without reading it
    t.same(await store.listImports({ card_number: null, range: OPEN }, { limit: 0, offset: 0 }), {
      items: [],
      total: 4,
    });
    t.same(await store.listImports({ card_number: 'DRIVER0000000100', range: OPEN }, { limit: 0, offset: 0 }), {
      items: [],
      total: ids(await store.listImports({ card_number: 'DRIVER0000000100', range: OPEN }, ALL)).length,
    });
  });
}
