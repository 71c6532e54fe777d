/**
 * The annotation and finding-review ports' contract (core/ports/annotation-store.ts, core/ports/finding-reviews.ts)
 * as a suite the MikroORM adapter runs on SQLite and PostgreSQL. `open` gives a fresh, empty database and a way to
 * close and reopen the same one (a restart).
 */
import type { TAP } from 'tap';
import type { MikroOrmImportStore } from '../adapters/storage/open-storage.js';
import { MikroOrmOfficeRecords } from '../adapters/storage/office-records/office-records-store.js';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import type { Annotation } from '../core/annotations/annotation.js';
import { nextReviewEntry, verifyReviewChain, type ReviewEntry } from '../core/reviews/review-chain.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];
export interface ReopenableStore {
  store: MikroOrmImportStore;
  /** closes `store` and opens the same database again */
  reopen(): Promise<MikroOrmImportStore>;
}

const H = 3600;
const T0 = Date.parse('2026-03-02T00:00:00Z') / 1000;
const hasher = new NodeCryptoHasher();

const annotation = (id: string, fields: Partial<Annotation> = {}): Annotation => ({
  annotation_id: id,
  card_number: 'DTEST00000000001',
  kind: 'LEAVE',
  start: T0,
  end: T0 + 24 * H,
  note: null,
  author: 'Office A',
  created_at: T0 + 100 * 24 * H,
  withdrawal: null,
  ...fields,
});

export function officeRecordsSuite(t: Tap, name: string, open: () => Promise<ReopenableStore>): void {
  t.test(`${name}: annotations are kept, listed by card and period, withdrawn once and never deleted`, async (t) => {
    const { store } = await open();
    t.teardown(() => store.close());
    const records = new MikroOrmOfficeRecords(store.db);
    const a = annotation('ann_a', { note: 'Urlaub – Müller, Иванов', kind: 'SICK_LEAVE' });
    const b = annotation('ann_b', { start: T0 + 48 * H, end: T0 + 60 * H, kind: 'ARTICLE_12', note: 'road closed' });
    const other = annotation('ann_c', { card_number: 'DTEST00000000002' });
    for (const x of [b, a, other]) await records.addAnnotation(x);
    t.same(await records.annotation('ann_a'), a, 'read back field by field');
    t.equal(await records.annotation('ann_missing'), null);
    const list = (from: number | null, to: number | null, include_withdrawn = false) =>
      records
        .annotationsOf({ card_number: 'DTEST00000000001', from, to, include_withdrawn })
        .then((l) => l.map((x) => x.annotation_id));
    t.same(await list(null, null), ['ann_a', 'ann_b'], 'ordered by start; only the card asked for');
    t.same(await list(T0 + 24 * H, T0 + 48 * H), [], 'half-open periods: touching is not overlapping');
    t.same(await list(T0 + 23 * H, T0 + 49 * H), ['ann_a', 'ann_b']);
    const w = { at: T0 + 200 * 24 * H, author: 'Office B', reason: 'entered for the wrong week' };
    t.equal(await records.withdrawAnnotation('ann_a', w), true);
    t.equal(
      await records.withdrawAnnotation('ann_a', { ...w, author: 'Office C' }),
      false,
      'a second withdrawal is refused',
    );
    t.equal(await records.withdrawAnnotation('ann_missing', w), false);
    t.same(await list(null, null), ['ann_b'], 'withdrawn: left out of what the checks apply');
    t.same(await list(null, null, true), ['ann_a', 'ann_b']);
    t.same((await records.annotation('ann_a'))!.withdrawal, w, 'the first withdrawal is what is kept');
  });

  t.test(
    `${name}: review history is appended in order, a taken place is refused, statuses default to OPEN`,
    async (t) => {
      const { store } = await open();
      t.teardown(() => store.close());
      const records = new MikroOrmOfficeRecords(store.db);
      const first = nextReviewEntry(hasher, [], {
        finding_id: 'f_00000000000000000001',
        status: 'CONFIRMED',
        note: 'checked',
        author: 'A',
        at: T0,
      });
      t.equal(await records.appendReview(first), true);
      t.equal(await records.appendReview({ ...first, status: 'JUSTIFIED' }), false, 'seq 1 is taken: nothing written');
      const second = nextReviewEntry(hasher, [first], {
        finding_id: first.finding_id,
        status: 'DRIVER_INFORMED',
        note: null,
        author: 'B',
        at: T0 + 60,
      });
      t.equal(await records.appendReview(second), true);
      t.same(await records.reviewHistory(first.finding_id), [first, second]);
      t.same(await records.reviewHistory('f_99999999999999999999'), []);
      const statuses = await records.statusesOf([first.finding_id, 'f_99999999999999999999', first.finding_id]);
      t.same(
        [...statuses.entries()],
        [
          [first.finding_id, 'DRIVER_INFORMED'],
          ['f_99999999999999999999', 'OPEN'],
        ],
      );
      t.same(await records.statusesOf([]), new Map());
    },
  );

  t.test(`${name}: reviews and annotations survive a restart; an edited entry breaks the chain there`, async (t) => {
    const opened = await open();
    const records = new MikroOrmOfficeRecords(opened.store.db);
    let history: ReviewEntry[] = [];
    for (const status of ['JUSTIFIED', 'DRIVER_INFORMED', 'ACKNOWLEDGED'] as const) {
      const e = nextReviewEntry(hasher, history, {
        finding_id: 'f_0000000000000000000a',
        status,
        note: `${status} note`,
        author: 'A',
        at: T0 + history.length,
      });
      t.equal(await records.appendReview(e), true);
      history = [...history, e];
    }
    await records.addAnnotation(annotation('ann_keep'));
    const reopened = await opened.reopen();
    t.teardown(() => reopened.close());
    const again = new MikroOrmOfficeRecords(reopened.db);
    t.same(await again.reviewHistory('f_0000000000000000000a'), history);
    t.equal((await again.statusesOf(['f_0000000000000000000a'])).get('f_0000000000000000000a'), 'ACKNOWLEDGED');
    t.same(await again.annotation('ann_keep'), annotation('ann_keep'));
    t.same(verifyReviewChain(hasher, await again.reviewHistory('f_0000000000000000000a')), {
      valid: true,
      first_broken_seq: null,
      reason: null,
    });
    await reopened.query(`UPDATE finding_review SET note = ? WHERE finding_id = ? AND seq = ?`, [
      'JUSTIFIED, quietly',
      'f_0000000000000000000a',
      2,
    ]);
    const verdict = verifyReviewChain(hasher, await again.reviewHistory('f_0000000000000000000a'));
    t.equal(verdict.valid, false);
    t.equal(verdict.first_broken_seq, 2, 'the edited entry is the first broken one');
  });
}
