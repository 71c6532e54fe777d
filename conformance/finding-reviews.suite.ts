/**
 * The finding-review port's contract (core/ports/finding-reviews.ts) as a suite the storage adapter runs on SQLite
 * and PostgreSQL (conformance/storage-sqlite.test.ts, conformance/storage-postgres.test.ts): the hash-chained
 * history is appended in seq order, a taken seq is refused (also when several reviews race for it), entries are
 * read back exactly as stored (a transition the policy refuses is kept and shown by the chain check, never
 * corrected), statuses default to OPEN, and an entry edited in the database breaks the chain there.
 */
import type { TAP } from 'tap';
import { storageOf } from '../adapters/storage/open-storage.js';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { nextReviewEntry, verifyReviewChain, type ReviewEntry } from '../core/reviews/review-chain.js';
import type { ReviewStatus } from '../core/reviews/review-status.js';
import type { ReopenableStore } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const T0 = Date.parse('2026-03-02T00:00:00Z') / 1000;
const UNKNOWN = 'f_99999999999999999999';
const hasher = new NodeCryptoHasher();

/** The entries of one finding's history, one per status, each chained to the one before. */
function history(finding_id: string, statuses: readonly ReviewStatus[]): ReviewEntry[] {
  const entries: ReviewEntry[] = [];
  for (const status of statuses) {
    const at = T0 + 60 * entries.length;
    entries.push(nextReviewEntry(hasher, entries, { finding_id, status, note: `${status} note`, author: 'A', at }));
  }
  return entries;
}

export function findingReviewsSuite(t: Tap, name: string, open: () => Promise<ReopenableStore>): void {
  t.test(`${name}: reviews are appended in order, a taken seq is refused, statuses default to OPEN`, async (t) => {
    const { store } = await open();
    t.teardown(() => store.close());
    const records = storageOf(store).officeRecords;
    const [first, second] = history('f_00000000000000000001', ['CONFIRMED', 'DRIVER_INFORMED']);
    t.equal(await records.appendReview(first!), true);
    t.equal(await records.appendReview({ ...first!, status: 'JUSTIFIED' }), false, 'seq 1 is taken: nothing written');
    t.equal(await records.appendReview(second!), true);
    t.same(await records.reviewHistory(first!.finding_id), [first, second], 'ordered by seq, field by field');
    t.same(await records.reviewHistory(UNKNOWN), []);
    const statuses = await records.statusesOf([first!.finding_id, UNKNOWN, first!.finding_id]);
    t.same(
      [...statuses.entries()],
      [
        [first!.finding_id, 'DRIVER_INFORMED'],
        [UNKNOWN, 'OPEN'],
      ],
      'the last entry is the status; a finding nobody reviewed is OPEN',
    );
    t.same(await records.statusesOf([]), new Map());
  });

  t.test(`${name}: of reviews racing for the same seq exactly one is appended`, async (t) => {
    const { store } = await open();
    t.teardown(() => store.close());
    const records = storageOf(store).officeRecords;
    const finding_id = 'f_00000000000000000002';
    const rivals = (['CONFIRMED', 'JUSTIFIED', 'CONFIRMED', 'JUSTIFIED'] as const).map((status, i) =>
      nextReviewEntry(hasher, [], { finding_id, status, note: null, author: `Office ${i}`, at: T0 }),
    );
    const answers = await Promise.all(rivals.map((e) => records.appendReview(e)));
    t.equal(answers.filter(Boolean).length, 1, 'one append answered true');
    t.same(await records.reviewHistory(finding_id), [rivals[answers.indexOf(true)]], "the history holds the winner's");
  });

  t.test(`${name}: an entry is read back exactly as stored, a refused transition included`, async (t) => {
    const { store } = await open();
    t.teardown(() => store.close());
    const records = storageOf(store).officeRecords;
    // OPEN → ACKNOWLEDGED skips the review and the driver's information: the policy refuses it, the store keeps it
    const [skipped] = history('f_00000000000000000003', ['ACKNOWLEDGED']);
    t.equal(await records.appendReview(skipped!), true);
    const stored = await records.reviewHistory(skipped!.finding_id);
    t.same(stored, [skipped], 'not corrected');
    const verdict = verifyReviewChain(hasher, stored);
    t.equal(verdict.first_broken_seq, 1, 'the chain check names the entry');
    t.match(verdict.reason, /transition OPEN → ACKNOWLEDGED/);
  });

  t.test(`${name}: reviews survive a restart; an entry edited in the database breaks the chain there`, async (t) => {
    const opened = await open();
    const records = storageOf(opened.store).officeRecords;
    const finding_id = 'f_0000000000000000000a';
    const entries = history(finding_id, ['JUSTIFIED', 'DRIVER_INFORMED', 'ACKNOWLEDGED']);
    for (const e of entries) t.equal(await records.appendReview(e), true);
    const reopened = await opened.reopen();
    t.teardown(() => reopened.close());
    const again = storageOf(reopened).officeRecords;
    t.same(await again.reviewHistory(finding_id), entries);
    t.equal((await again.statusesOf([finding_id])).get(finding_id), 'ACKNOWLEDGED');
    t.same(verifyReviewChain(hasher, await again.reviewHistory(finding_id)), {
      valid: true,
      first_broken_seq: null,
      reason: null,
    });
    await reopened.query(`UPDATE finding_review SET note = ? WHERE finding_id = ? AND seq = ?`, [
      'JUSTIFIED, quietly',
      finding_id,
      2,
    ]);
    const verdict = verifyReviewChain(hasher, await again.reviewHistory(finding_id));
    t.equal(verdict.valid, false);
    t.equal(verdict.first_broken_seq, 2, 'the edited entry is the first broken one');
  });
}
