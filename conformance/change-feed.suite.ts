/**
 * The change feed's contract (core/ports/change-feed.ts) as a suite the storage adapter runs on SQLite and
 * PostgreSQL (conformance/change-feed.test.ts):
 * - imports saved, withdrawn and restored, annotations created and withdrawn and review entries appended, all at
 *   once from several writers, while a poller follows the feed in small pages: the numbers it sees only grow (never
 *   a change twice, never out of order), and every record's latest change is seen, with what happened to it;
 * - the annotations and review entries stored without a number (from before change numbers, or restored from a
 *   backup) are numbered at start after every number handed out, in the order they were made;
 * - `last` is the counter: at least every number listed, and what a cursor above it is told.
 */
import type { TAP } from 'tap';
import { storageOf } from '../adapters/storage/open-storage.js';
import type { Change, ChangeFeed } from '../core/ports/change-feed.js';
import type { Annotation } from '../core/annotations/annotation.js';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { nextReviewEntry, type ReviewEntry } from '../core/reviews/review-chain.js';
import type { ReviewStatus } from '../core/reviews/review-status.js';
import { buildParsedCard, ts, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport, type ReopenableStore } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const T0 = ts('2026-03-02T00:00:00Z');
const hasher = new NodeCryptoHasher();
const WRITERS = 4;
const ROUNDS = 6;
const REVIEW_PATH: readonly ReviewStatus[] = ['CONFIRMED', 'DRIVER_INFORMED', 'ACKNOWLEDGED'];

const cardOf = (w: number) => `CHGCARD0000000${String(w).padStart(2, '0')}`;

const annotation = (id: string, card: string, created_at: number): Annotation => ({
  annotation_id: id,
  card_number: card,
  kind: 'LEAVE',
  start: T0,
  end: T0 + 3600,
  note: null,
  author: 'Office',
  created_at,
  withdrawal: null,
});

/** Everything until a page comes back empty, `limit` at a time; the cursor reached. */
async function follow(feed: ChangeFeed, after: number, seen: Change[], limit = 3): Promise<number> {
  for (;;) {
    const { changes, last } = await feed.changesAfter(after, limit);
    if (changes.length > limit) throw new Error('more changes than the limit');
    if (changes.some((c) => c.change > last)) throw new Error('a change above the counter');
    seen.push(...changes);
    if (changes.length === 0) return after;
    after = changes[changes.length - 1]!.change;
  }
}

/**
 * What one writer does, round after round: an import, an annotation and a review entry; every other round a
 * withdrawal of both; once, a restore of the import withdrawn the round before. `made` gets each record's latest.
 */
async function writer(store: ReopenableStore['store'], w: number, made: Map<string, Change['action']>) {
  const records = storageOf(store).officeRecords;
  const card = cardOf(w);
  const reviews: ReviewEntry[] = [];
  const ids: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const saved = newImport(buildParsedCard({ card_number: card, days: [workingDay(`2026-03-${10 + round}`)] }));
    const id = saved.import.import_id;
    ids.push(id);
    await store.saveImport(saved);
    made.set(`import ${id}`, 'imported');
    const annotationId = `ann_${w}_${round}`;
    await records.addAnnotation(annotation(annotationId, card, T0 + round));
    made.set(`annotation ${annotationId}`, 'created');
    if (round % 2 === 1) {
      await records.withdrawAnnotation(annotationId, { at: T0 + 100 + round, author: 'Office', reason: 'wrong' });
      made.set(`annotation ${annotationId}`, 'withdrawn');
      await store.withdrawImport(id, { reason: 'wrong card', at: T0 + 200 + round });
      made.set(`import ${id}`, 'withdrawn');
    }
    if (round === 2) {
      await store.restoreImport(ids[1]!, T0 + 300 + round);
      made.set(`import ${ids[1]!}`, 'restored');
    }
    const status = REVIEW_PATH[round % REVIEW_PATH.length]!;
    const findingId = `f_${w}_${Math.floor(round / REVIEW_PATH.length)}`;
    const chain = reviews.filter((r) => r.finding_id === findingId);
    const entry = nextReviewEntry(hasher, chain, { finding_id: findingId, status, note: null, author: 'A', at: T0 });
    if (!(await records.appendReview(entry))) throw new Error('a review entry was refused');
    reviews.push(entry);
    made.set(`finding_review ${findingId} ${entry.seq}`, 'reviewed');
  }
}

export function changeFeedSuite(t: Tap, name: string, open: () => Promise<ReopenableStore>): void {
  t.test(`${name}: concurrent writers, one poller: every latest change seen once, in order`, async (t) => {
    const { store } = await open();
    t.teardown(() => store.close());
    const feed = storageOf(store).changes;
    const made = new Map<string, Change['action']>();
    const seen: Change[] = [];
    let writing = true;
    let polls = 0;
    const poller = (async () => {
      let cursor = 0;
      while (writing) {
        cursor = await follow(feed, cursor, seen);
        polls++;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return follow(feed, cursor, seen);
    })();
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(store, w, made));
    await Promise.all(writers).finally(() => (writing = false));
    await poller;
    t.ok(polls > 1, `the poller polled while the writers wrote (${polls} polls)`);
    const numbers = seen.map((c) => c.change);
    t.ok(
      numbers.every((n, i) => i === 0 || n > numbers[i - 1]!),
      'the numbers seen only grow: no change twice, none out of order',
    );
    // the last sighting of each record is its latest change, and says what happened to it
    const reviewSeq = new Map<string, number>();
    const latest = new Map<string, Change>();
    for (const c of seen) {
      if (c.kind !== 'finding_review') {
        latest.set(`${c.kind} ${c.id}`, c);
        continue;
      }
      const seq = (reviewSeq.get(c.id) ?? 0) + 1;
      reviewSeq.set(c.id, seq);
      latest.set(`finding_review ${c.id} ${seq}`, c);
    }
    t.same(
      Object.fromEntries([...latest].map(([key, c]) => [key, c.action])),
      Object.fromEntries(made),
      'every record seen, at its latest change, with what happened to it',
    );
    const actions = new Set(seen.map((c) => `${c.kind} ${c.action}`));
    for (const expected of ['annotation withdrawn', 'import withdrawn', 'import restored', 'finding_review reviewed'])
      t.ok(actions.has(expected), `${expected} seen`);
    const { changes, last } = await feed.changesAfter(0, 5000);
    t.same(
      changes.map((c) => c.change),
      [...latest.values()].map((c) => c.change).sort((x, y) => x - y),
      'from the beginning: every record once, at the latest change the poller saw of it',
    );
    t.equal(last, Math.max(...numbers), 'the counter is the last number handed out');
  });

  t.test(`${name}: each kind's fields, and reviews keep their status`, async (t) => {
    const { store } = await open();
    t.teardown(() => store.close());
    const records = storageOf(store).officeRecords;
    const feed = storageOf(store).changes;
    t.same(await feed.changesAfter(0, 10), { changes: [], last: 0 }, 'a new database: nothing, counter 0');
    const saved = newImport(buildParsedCard({ card_number: 'CHGFIELDS0000001', days: [workingDay('2026-03-10')] }), {
      imported_at: T0 + 10,
    });
    await store.saveImport(saved);
    await records.addAnnotation(annotation('ann_f', 'CHGFIELDS0000001', T0 + 20));
    const entry = nextReviewEntry(hasher, [], {
      finding_id: 'f_f',
      status: 'JUSTIFIED',
      note: 'ok',
      author: 'A',
      at: T0 + 30,
    });
    await records.appendReview(entry);
    t.equal(await records.appendReview(entry), false, 'a taken seq takes no number');
    t.equal(await records.withdrawAnnotation('ann_missing', { at: T0, author: 'A', reason: null }), false);
    const id = saved.import.import_id;
    const base = { vin: null, status: null };
    t.same((await feed.changesAfter(0, 10)).changes, [
      { change: 1, kind: 'import', action: 'imported', id, card_number: 'CHGFIELDS0000001', at: T0 + 10, ...base },
      {
        change: 2,
        kind: 'annotation',
        action: 'created',
        id: 'ann_f',
        card_number: 'CHGFIELDS0000001',
        at: T0 + 20,
        ...base,
      },
      {
        change: 3,
        kind: 'finding_review',
        action: 'reviewed',
        id: 'f_f',
        card_number: null,
        at: T0 + 30,
        vin: null,
        status: 'JUSTIFIED',
      },
    ]);
    await store.withdrawImport(id, { reason: 'wrong', at: T0 + 40 });
    await records.withdrawAnnotation('ann_f', { at: T0 + 50, author: 'B', reason: 'wrong week' });
    await store.restoreImport(id, T0 + 60);
    t.same(
      (await feed.changesAfter(3, 10)).changes.map((c) => [c.change, c.kind, c.action, c.at]),
      [
        [5, 'annotation', 'withdrawn', T0 + 50],
        [6, 'import', 'restored', T0 + 60],
      ],
      'the import withdrawn then restored is listed once, restored; the withdrawal of the annotation listed',
    );
    t.same((await feed.changesAfter(3, 1)).changes.length, 1, 'the limit holds');
    t.equal((await feed.changesAfter(6, 10)).last, 6);
  });

  t.test(`${name}: records without a number are numbered at start, after the others, in the order made`, async (t) => {
    const { store, reopen } = await open();
    const records = storageOf(store).officeRecords;
    await records.addAnnotation(annotation('ann_numbered', 'CHGSTART00000001', T0));
    // as a backup restores them, or an earlier release left them: rows without a change number
    await store.query(
      `INSERT INTO annotation (annotation_id, card_number, kind, start_s, end_s, note, author, created_at)
       VALUES ('ann_late', 'CHGSTART00000001', 'LEAVE', ${T0}, ${T0 + 60}, NULL, 'A', ${T0 + 500}),
              ('ann_early', 'CHGSTART00000001', 'LEAVE', ${T0}, ${T0 + 60}, NULL, 'A', ${T0 + 100})`,
    );
    const entry = nextReviewEntry(hasher, [], {
      finding_id: 'f_s',
      status: 'CONFIRMED',
      note: null,
      author: 'A',
      at: T0 + 300,
    });
    await store.query(
      `INSERT INTO finding_review (finding_id, seq, previous_status, status, note, author, at_s, prev_hash, hash)
       VALUES (?, ?, ?, ?, NULL, 'A', ?, ?, ?)`,
      [entry.finding_id, entry.seq, entry.previous_status, entry.status, entry.at, entry.prev_hash, entry.hash],
    );
    const again = await reopen();
    t.teardown(() => again.close());
    const feed = storageOf(again).changes;
    t.same(
      (await feed.changesAfter(0, 10)).changes.map((c) => [c.change, c.id]),
      [
        [1, 'ann_numbered'],
        [2, 'ann_early'],
        [3, 'f_s'],
        [4, 'ann_late'],
      ],
    );
  });
}
