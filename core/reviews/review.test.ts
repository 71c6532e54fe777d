import t from 'tap';
import { createHash } from 'node:crypto';
import type { Hasher } from '../ports/hasher.js';
import { allowedReviewTransitions, isAllowedTransition, REVIEW_STATUSES } from './review-status.js';
import { GENESIS_HASH, nextReviewEntry, reviewEntryHash, verifyReviewChain, type ReviewEntry } from './review-chain.js';

const hasher: Hasher = {
  sha256Hex: (b) => createHash('sha256').update(b).digest('hex'),
  sha256HexOfText: (s) => createHash('sha256').update(s, 'utf8').digest('hex'),
};

t.test('the status policy: OPEN → CONFIRMED | JUSTIFIED → DRIVER_INFORMED → ACKNOWLEDGED, nothing else', async (t) => {
  const allowed = REVIEW_STATUSES.flatMap((from) => allowedReviewTransitions(from).map((to) => `${from}>${to}`));
  t.same(allowed, [
    'OPEN>CONFIRMED',
    'OPEN>JUSTIFIED',
    'CONFIRMED>DRIVER_INFORMED',
    'JUSTIFIED>DRIVER_INFORMED',
    'DRIVER_INFORMED>ACKNOWLEDGED',
  ]);
  t.notOk(isAllowedTransition('OPEN', 'OPEN'));
  t.notOk(isAllowedTransition('OPEN', 'DRIVER_INFORMED'), 'no skipping the decision');
  t.notOk(isAllowedTransition('CONFIRMED', 'JUSTIFIED'));
  t.notOk(isAllowedTransition('ACKNOWLEDGED', 'OPEN'), 'closed');
});

function chain(): ReviewEntry[] {
  let h: ReviewEntry[] = [];
  for (const [k, status] of (['CONFIRMED', 'DRIVER_INFORMED', 'ACKNOWLEDGED'] as const).entries()) {
    h = [
      ...h,
      nextReviewEntry(hasher, h, {
        finding_id: 'f_0123456789abcdef0123',
        status,
        note: k === 0 ? 'Müller: 2 h over' : null,
        author: 'A',
        at: 1_772_000_000 + k,
      }),
    ];
  }
  return h;
}

t.test('entries link to the previous hash; the hash covers every field', async (t) => {
  const h = chain();
  t.same(
    h.map((e) => [e.seq, e.previous_status, e.status]),
    [
      [1, 'OPEN', 'CONFIRMED'],
      [2, 'CONFIRMED', 'DRIVER_INFORMED'],
      [3, 'DRIVER_INFORMED', 'ACKNOWLEDGED'],
    ],
  );
  t.equal(h[0]!.prev_hash, GENESIS_HASH);
  t.equal(h[1]!.prev_hash, h[0]!.hash);
  // the hash is SHA-256 of the fields as one JSON array, recomputed here by hand for the first entry
  const text = JSON.stringify([
    'f_0123456789abcdef0123',
    1,
    'OPEN',
    'CONFIRMED',
    'Müller: 2 h over',
    'A',
    1_772_000_000,
    GENESIS_HASH,
  ]);
  t.equal(h[0]!.hash, createHash('sha256').update(text).digest('hex'));
  t.equal(reviewEntryHash(hasher, h[0]!), h[0]!.hash);
  t.same(verifyReviewChain(hasher, h), { valid: true, first_broken_seq: null, reason: null });
  t.same(verifyReviewChain(hasher, []), { valid: true, first_broken_seq: null, reason: null });
});

t.test('every kind of edit is reported at the first entry that no longer fits', async (t) => {
  const edited = (k: number, fields: Partial<ReviewEntry>) =>
    chain().map((e, i) => (i === k ? { ...e, ...fields } : e));
  t.match(verifyReviewChain(hasher, edited(1, { note: 'quietly changed' })), {
    valid: false,
    first_broken_seq: 2,
    reason: /changed/,
  });
  t.match(verifyReviewChain(hasher, edited(0, { at: 1 })), { valid: false, first_broken_seq: 1 });
  t.match(verifyReviewChain(hasher, edited(2, { status: 'JUSTIFIED' })), { valid: false, first_broken_seq: 3 });
  // an edited entry re-hashed to look sound breaks the link of the entry after it
  const rehashed = edited(0, { author: 'B' });
  rehashed[0] = { ...rehashed[0]!, hash: reviewEntryHash(hasher, rehashed[0]!) };
  t.match(verifyReviewChain(hasher, rehashed), { valid: false, first_broken_seq: 2, reason: /prev_hash/ });
  // a deleted entry in the middle
  const h = chain();
  t.match(verifyReviewChain(hasher, [h[0]!, h[2]!]), { valid: false, first_broken_seq: 3, reason: /missing/ });
  // a forged transition with correct hashes
  const forged = nextReviewEntry(hasher, [], {
    finding_id: 'f_0123456789abcdef0123',
    status: 'ACKNOWLEDGED',
    note: null,
    author: 'X',
    at: 5,
  });
  t.match(verifyReviewChain(hasher, [forged]), { valid: false, first_broken_seq: 1, reason: /transition/ });
});
