/**
 * The annotation port's contract (core/ports/annotation-store.ts) as a suite the storage adapter runs on SQLite and
 * PostgreSQL (conformance/storage-sqlite.test.ts, conformance/storage-postgres.test.ts): annotations are kept field
 * by field, listed by card and half-open period in the promised order, withdrawn once (also when two offices
 * withdraw at the same moment) and never deleted, across a restart. `open` gives a fresh database.
 */
import type { TAP } from 'tap';
import { storageOf } from '../adapters/storage/open-storage.js';
import type { Annotation } from '../core/annotations/annotation.js';
import type { AnnotationStore } from '../core/ports/annotation-store.js';
import type { ReopenableStore } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const H = 3600;
const T0 = Date.parse('2026-03-02T00:00:00Z') / 1000;
const CARD = 'DTEST00000000001';

const annotation = (id: string, fields: Partial<Annotation> = {}): Annotation => ({
  annotation_id: id,
  card_number: CARD,
  kind: 'LEAVE',
  start: T0,
  end: T0 + 24 * H,
  note: null,
  author: 'Office A',
  created_at: T0 + 100 * 24 * H,
  withdrawal: null,
  ...fields,
});

/** The ids of the card's annotations overlapping [from, to). */
const listOf =
  (records: AnnotationStore) =>
  (from: number | null, to: number | null, include_withdrawn = false): Promise<string[]> =>
    records
      .annotationsOf({ card_number: CARD, from, to, include_withdrawn })
      .then((l) => l.map((x) => x.annotation_id));

export function annotationsSuite(t: Tap, name: string, open: () => Promise<ReopenableStore>): void {
  t.test(`${name}: annotations are kept field by field and listed by card and half-open period`, async (t) => {
    const { store } = await open();
    t.teardown(() => store.close());
    const records = storageOf(store).officeRecords;
    const a = annotation('ann_a', { note: 'Urlaub – Müller, Иванов', kind: 'SICK_LEAVE' });
    const b = annotation('ann_b', { start: T0 + 48 * H, end: T0 + 60 * H, kind: 'ARTICLE_12', note: 'road closed' });
    const other = annotation('ann_c', { card_number: 'DTEST00000000002' });
    for (const x of [b, a, other]) await records.addAnnotation(x);
    t.same(await records.annotation('ann_a'), a, 'read back field by field');
    t.equal(await records.annotation('ann_missing'), null);
    const list = listOf(records);
    t.same(await list(null, null), ['ann_a', 'ann_b'], 'ordered by start; only the card asked for');
    t.same(await list(T0 + 24 * H, T0 + 48 * H), [], 'half-open periods: touching is not overlapping');
    t.same(await list(T0 + 23 * H, T0 + 49 * H), ['ann_a', 'ann_b']);
    t.same(await list(T0 + 30 * H, null), ['ann_b'], 'open end: everything ending after the start');
    t.same(await list(null, T0 + 30 * H), ['ann_a'], 'open start: everything starting before the end');
  });

  t.test(`${name}: annotations starting together are ordered by creation, then by id`, async (t) => {
    const { store } = await open();
    t.teardown(() => store.close());
    const records = storageOf(store).officeRecords;
    const late = annotation('ann_1', { created_at: T0 + 300 });
    const early = annotation('ann_9', { created_at: T0 + 100 });
    const tieB = annotation('ann_b', { created_at: T0 + 200 });
    const tieA = annotation('ann_a', { created_at: T0 + 200 });
    const before = annotation('ann_z', { start: T0 - H, created_at: T0 + 900 });
    for (const x of [late, tieB, early, before, tieA]) await records.addAnnotation(x);
    t.same(await listOf(records)(null, null), ['ann_z', 'ann_9', 'ann_a', 'ann_b', 'ann_1']);
  });

  t.test(`${name}: an annotation is withdrawn once, kept with its first withdrawal, never deleted`, async (t) => {
    const { store, reopen } = await open();
    const records = storageOf(store).officeRecords;
    await records.addAnnotation(annotation('ann_a'));
    await records.addAnnotation(annotation('ann_b', { start: T0 + 48 * H, end: T0 + 60 * H }));
    const w = { at: T0 + 200 * 24 * H, author: 'Office B', reason: 'entered for the wrong week' };
    t.equal(await records.withdrawAnnotation('ann_a', w), true);
    t.equal(await records.withdrawAnnotation('ann_a', { ...w, author: 'Office C' }), false, 'a second is refused');
    t.equal(await records.withdrawAnnotation('ann_missing', w), false, 'an unknown annotation is refused');
    const list = listOf(records);
    t.same(await list(null, null), ['ann_b'], 'withdrawn: left out of what the checks apply');
    t.same(await list(null, null, true), ['ann_a', 'ann_b'], 'and listed when asked for');
    const reopened = await reopen();
    t.teardown(() => reopened.close());
    const again = storageOf(reopened).officeRecords;
    t.same((await again.annotation('ann_a'))!.withdrawal, w, 'the first withdrawal is kept, across a restart');
    t.same(await listOf(again)(null, null, true), ['ann_a', 'ann_b'], 'nothing deleted');
  });

  t.test(`${name}: of two withdrawals at the same moment exactly one is recorded`, async (t) => {
    const { store } = await open();
    t.teardown(() => store.close());
    const records = storageOf(store).officeRecords;
    await records.addAnnotation(annotation('ann_race'));
    const offices = ['Office A', 'Office B', 'Office C', 'Office D'];
    const answers = await Promise.all(
      offices.map((author) => records.withdrawAnnotation('ann_race', { at: T0 + 5, author, reason: null })),
    );
    t.equal(answers.filter(Boolean).length, 1, 'one withdrawal answered true');
    const kept = (await records.annotation('ann_race'))!.withdrawal;
    t.equal(kept?.author, offices[answers.indexOf(true)], "the kept withdrawal is the winner's");
  });
}
