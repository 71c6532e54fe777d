/**
 * The finding directory and the review workflow's use of it: an id is known when a card's checks draw it under one
 * of the readings; refused data under one reading does not hide the finding of another; a review of an unknown id is
 * NotFoundError and stores nothing, while a finding already reviewed stays reviewable without a look-up.
 */
import t from 'tap';
import { ConflictingDataError, NotFoundError, QuarantinedDataError } from '../domain/errors.js';
import type { ReviewEntry } from '../reviews/review-chain.js';
import { CheckedFindings, DIRECTORY_READINGS } from './finding-directory.js';
import { FindingReviewWorkflow } from './finding-reviews.js';
import type { FindingsQuery } from './findings-of-period.js';
import { sha256Hex } from '../eu561/finding-id.js';

const ID_A = 'f_0000000000000000000a';
const ID_B = 'f_0000000000000000000b';

function directory(cards: string[], answer: (card: string, query: FindingsQuery) => string[]) {
  const asked: string[] = [];
  const found = new CheckedFindings({
    cards: async () => cards,
    findings: async (query) => {
      asked.push(`${query.basis.value}:${JSON.stringify(query.options)}`);
      t.same(query.range, { from: null, to: null }, 'all of the card data');
      return { findings: answer(query.basis.value, query).map((finding_id) => ({ finding_id })) };
    },
  });
  return { found, asked };
}

t.test('a finding is known when some card draws it under some reading', async (t) => {
  const { found, asked } = directory(['C1', 'C2'], (card, q) =>
    card === 'C2' && q.options?.unknown_as === 'rest' ? [ID_B] : card === 'C1' ? [ID_A] : [],
  );
  t.equal(await found.has(ID_A), true);
  t.same(asked, ['C1:{}'], 'the default reading of the first card answers first');
  t.equal(await found.has(ID_B), true, 'an alternative reading of another card');
  t.same(
    asked.slice(1),
    [
      'C1:{}',
      'C2:{}',
      'C1:{"unknown_as":"unknown"}',
      'C2:{"unknown_as":"unknown"}',
      'C1:{"unknown_as":"rest"}',
      'C2:{"unknown_as":"rest"}',
    ],
    'readings outside',
  );
  t.equal(await found.has('f_00000000000000000fff'), false);
  t.equal(asked.length, 7 + DIRECTORY_READINGS.length * 2, 'an unknown id: every reading of every card');
});

t.test('a review naming its card checks that card alone; a wrong card falls back to the whole fleet', async (t) => {
  const fleet = ['C1', 'C2', 'C3', 'C4'];
  let listed = 0;
  const asked: string[] = [];
  const found = new CheckedFindings({
    cards: async () => (listed++, fleet),
    findings: async (query) => {
      asked.push(query.basis.value);
      const drawn = query.basis.value === 'C3' && query.options?.unknown_as === 'rest' ? [ID_A] : [];
      return { findings: drawn.map((finding_id) => ({ finding_id })) };
    },
  });
  t.equal(await found.has(ID_A, 'C3'), true);
  t.same([...new Set(asked)], ['C3'], 'one card touched');
  t.equal(asked.length, 3, 'the readings of that card until one draws it');
  t.equal(listed, 0, 'the fleet is not even listed');
  asked.length = 0;
  t.equal(await found.has(ID_A, 'C1'), true, 'a wrong hint: found in the rest of the fleet');
  t.equal(
    asked.filter((c) => c === 'C1').length,
    DIRECTORY_READINGS.length,
    'the hinted card is checked once per reading',
  );
  t.same(
    [...new Set(asked)],
    ['C1', 'C2', 'C3', 'C4'].filter((c) => asked.includes(c)),
  );
  asked.length = 0;
  t.equal(await found.has(ID_B, 'C2'), false);
  t.equal(
    asked.length,
    fleet.length * DIRECTORY_READINGS.length,
    'an unknown id: every card under every reading, once',
  );
  asked.length = 0;
  t.equal(await found.has(ID_B, null), false);
  t.equal(asked.length, fleet.length * DIRECTORY_READINGS.length, 'no hint: the same search');
});

t.test('data the checks refuse under one reading leaves the others; other errors pass through', async (t) => {
  const { found } = directory(['C1'], (_card, q) => {
    if (q.options?.include_quarantined !== true) throw new QuarantinedDataError(['i1'], 'quarantined');
    if (q.options.unknown_as === 'rest') throw new ConflictingDataError([1], 'conflicting');
    return [ID_A];
  });
  t.equal(await found.has(ID_A), true);
  t.equal(await found.has(ID_B), false);
  const broken = directory(['C1'], () => {
    throw new Error('database gone');
  }).found;
  await t.rejects(broken.has(ID_A), /database gone/);
});

t.test('the review workflow refuses an unknown finding and stores nothing', async (t) => {
  const stored: ReviewEntry[] = [];
  let lookups = 0;
  const hints: (string | null)[] = [];
  const workflow = new FindingReviewWorkflow({
    reviews: {
      statusesOf: async () => new Map(),
      appendReview: async (entry) => (stored.push(entry), true),
      reviewHistory: async (id) => stored.filter((e) => e.finding_id === id),
    },
    hasher: {
      sha256Hex: (b: Uint8Array) => sha256Hex(Array.from(b, (c) => String.fromCharCode(c)).join('')),
      sha256HexOfText: sha256Hex,
    },
    clock: { now: () => new Date('2026-03-10T08:00:00Z') },
    findings: { has: async (id, card) => (lookups++, hints.push(card ?? null), id === ID_A) },
  });
  const unknown = await workflow.review(ID_B, { status: 'CONFIRMED', note: null, author: 'Anna' }).catch((e) => e);
  t.ok(unknown instanceof NotFoundError, 'an unknown finding is NotFoundError (404 not_found)');
  t.same(stored, []);
  t.match(await workflow.review(ID_A, { status: 'CONFIRMED', note: null, author: 'Anna', card_number: 'C7' }), {
    status: 'CONFIRMED',
  });
  t.same(hints, [null, 'C7'], 'the card a review names is handed to the look-up');
  t.match(await workflow.review(ID_A, { status: 'DRIVER_INFORMED', note: 'told', author: 'Anna' }), {
    status: 'DRIVER_INFORMED',
    entries: [{ seq: 1 }, { seq: 2 }],
  });
  t.equal(lookups, 2, 'a finding with a history is not looked up again');
});
