/**
 * The specific conditions of the storage port (ImportStore.specificConditions, core/ports/import-store.ts) as a
 * suite the MikroORM adapter runs on SQLite and PostgreSQL: an import's rows, a card's rows merged across its imports
 * (identical rows once, the newest import's copy), the range, withdrawn imports left out, purged imports gone.
 */
import type { TAP } from 'tap';
import type { SpecificCondition, SpecificConditionRow } from '../core/domain/rows.js';
import { buildParsedCard, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { dayOf } from '../core/time.js';
import { newImport, type ClosableStore } from './new-import.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { baseScenario, ch, day } from '../fixtures/scenarios/build.js';
import { at as fixtureAt } from '../fixtures/encoder/time.js';
import { backfillSpecificConditions } from '../adapters/storage/mikro-orm-schema/migrate.js';
import type { SqlImportStore } from '../adapters/storage/open-storage.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];
const OPEN = { from: null, to: null };
const CARD = 'DRIVER0000000100';
const ts = (iso: string) => Date.parse(iso) / 1000;
const row = (at: string, condition: SpecificCondition): SpecificConditionRow => ({
  import_id: null,
  card_number: CARD,
  at: ts(at),
  condition,
});

function cardWith(day: string, conditions: SpecificConditionRow[]) {
  const card = buildParsedCard({ card_number: CARD, days: [workingDay(day)] });
  card.specific_conditions = conditions;
  return card;
}

export function specificConditionsSuite(t: Tap, name: string, makeStore: () => Promise<ClosableStore>): void {
  t.test(`${name}: specific conditions per import and merged per card`, async (t) => {
    const store = await makeStore();
    t.teardown(() => store.close());
    const older = newImport(
      cardWith('2026-03-02', [
        row('2026-03-02T20:00:00Z', 'FERRY_TRAIN_BEGIN'),
        row('2026-03-03T05:00:00Z', 'FERRY_TRAIN_END'),
      ]),
      { imported_at: ts('2026-03-04T08:00:00Z') },
    );
    const newer = newImport(
      cardWith('2026-03-05', [
        row('2026-03-03T05:00:00Z', 'FERRY_TRAIN_END'),
        row('2026-03-05T07:00:00Z', 'OUT_OF_SCOPE_BEGIN'),
        row('2026-03-05T12:00:00Z', 'OUT_OF_SCOPE_END'),
      ]),
      { imported_at: ts('2026-03-06T08:00:00Z') },
    );
    await store.saveImport(older);
    await store.saveImport(newer);
    const view = (rows: readonly SpecificConditionRow[]) =>
      rows.map((r) => [new Date(r.at * 1000).toISOString(), r.condition, r.import_id]);

    t.same(
      view(await store.specificConditions({ kind: 'import', import_id: older.import.import_id, range: OPEN })),
      [
        ['2026-03-02T20:00:00.000Z', 'FERRY_TRAIN_BEGIN', older.import.import_id],
        ['2026-03-03T05:00:00.000Z', 'FERRY_TRAIN_END', older.import.import_id],
      ],
      "one import's rows",
    );
    const card = { kind: 'card', card_number: CARD, range: OPEN } as const;
    t.same(
      view(await store.specificConditions(card)),
      [
        ['2026-03-02T20:00:00.000Z', 'FERRY_TRAIN_BEGIN', older.import.import_id],
        ['2026-03-03T05:00:00.000Z', 'FERRY_TRAIN_END', newer.import.import_id],
        ['2026-03-05T07:00:00.000Z', 'OUT_OF_SCOPE_BEGIN', newer.import.import_id],
        ['2026-03-05T12:00:00.000Z', 'OUT_OF_SCOPE_END', newer.import.import_id],
      ],
      "the card's rows merged: the record both imports hold once (the newest import's copy), in time order",
    );
    const range = { from: dayOf(ts('2026-03-03T00:00:00Z')), to: dayOf(ts('2026-03-04T00:00:00Z')) };
    t.same(
      view(await store.specificConditions({ ...card, range })),
      [['2026-03-03T05:00:00.000Z', 'FERRY_TRAIN_END', newer.import.import_id]],
      'entry times inside the range (UTC days, inclusive)',
    );
    t.same(await store.specificConditions({ ...card, card_number: 'NOBODY0000000000' }), [], 'an unknown card: none');

    await store.withdrawImport(newer.import.import_id, { reason: 'test', at: ts('2026-03-07T00:00:00Z') });
    t.same(
      view(await store.specificConditions(card)),
      [
        ['2026-03-02T20:00:00.000Z', 'FERRY_TRAIN_BEGIN', older.import.import_id],
        ['2026-03-03T05:00:00.000Z', 'FERRY_TRAIN_END', older.import.import_id],
      ],
      'a withdrawn import no longer serves its rows',
    );
    const purged = await store.purgeImports(ts('2026-03-05T00:00:00Z'));
    t.equal(purged.rows.specific_condition, 2, "the purged import's two rows deleted");
    t.same(
      await store.specificConditions({ kind: 'import', import_id: older.import.import_id, range: OPEN }),
      [],
      'none left of the purged import',
    );
  });

  t.test(`${name}: imports stored before the table get their conditions from their original bytes, once`, async (t) => {
    const store = (await makeStore()) as ClosableStore & SqlImportStore;
    t.teardown(() => store.close());
    const scenario = baseScenario({ generation: 'GEN1' });
    const bytes = encodeCard({
      ...scenario,
      days: [day('2026-03-02', 0, [ch('00:00', 'R'), ch('06:00', 'D'), ch('18:00', 'R')], 1)],
      specificConditions: [
        { entryTime: fixtureAt('2026-03-02', 7), type: 1 },
        { entryTime: fixtureAt('2026-03-02', 9), type: 2 },
        { entryTime: fixtureAt('2026-03-02', 20), type: 3 },
      ],
    });
    const card = buildParsedCard({ card_number: scenario.identification.cardNumber, days: [workingDay('2026-03-02')] });
    const stored = newImport(card, { content: bytes }); // as a version before the table stored it: no rows
    await store.saveImport(stored);
    const scope = { kind: 'import', import_id: stored.import.import_id, range: OPEN } as const;
    t.same(await store.specificConditions(scope), []);
    await store.query('INSERT INTO specific_condition_pending (import_pk) SELECT pk FROM imports');
    t.equal(await backfillSpecificConditions(store.db), 1);
    t.same(
      (await store.specificConditions(scope)).map((r) => [new Date(r.at * 1000).toISOString(), r.condition]),
      [
        ['2026-03-02T07:00:00.000Z', 'OUT_OF_SCOPE_BEGIN'],
        ['2026-03-02T09:00:00.000Z', 'OUT_OF_SCOPE_END'],
        ['2026-03-02T20:00:00.000Z', 'FERRY_TRAIN_BEGIN'],
      ],
    );
    t.equal(await backfillSpecificConditions(store.db), 0, 'done once');
  });
}
