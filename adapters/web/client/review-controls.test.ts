/**
 * The follow-up controls of a finding on a fake document: the moves offered are the core policy's, a review is sent
 * with the note and the remembered author, the history is read when the box opens and shown after a review, a
 * refused review says why, and a closed follow-up offers no move.
 */
import t from 'tap';
import { allowedReviewTransitions, REVIEW_STATUSES } from '../../../core/reviews/review-status.js';
import { asFake, installFakeDocument, type FakeElement } from '../testing/fake-dom.js';
import { ApiError } from './api.js';
import { setDisplayTimeZone } from './format.js';
import {
  AUTHOR_KEY,
  browserStorage,
  NEXT_REVIEW_STATUSES,
  reviewControls,
  type ReviewPorts,
} from './review-controls.js';
import type { ReviewHistory } from './types.js';

const uninstall = installFakeDocument();
t.teardown(() => {
  uninstall();
  setDisplayTimeZone('UTC');
});

const ID = 'f_0123456789abcdef0123';
const HASH = 'a'.repeat(64);

function historyOf(...steps: [string, string, string | null][]): ReviewHistory {
  let previous = 'OPEN';
  const entries = steps.map(([status, author, note], i) => {
    const entry = { seq: i + 1, previous_status: previous, status, note, author, at: '2026-03-10T08:00:00Z' };
    previous = status;
    return { ...entry, prev_hash: HASH, hash: HASH };
  }) as ReviewHistory['entries'];
  return {
    finding_id: ID,
    status: previous as ReviewHistory['status'],
    chain_valid: true,
    first_broken_seq: null,
    broken_reason: null,
    entries,
  };
}

function ports(overrides: Partial<ReviewPorts> = {}) {
  const stored = new Map<string, string>();
  const sent: unknown[] = [];
  const saved: ReviewHistory[] = [];
  const p: ReviewPorts = {
    review: async (id, body) => {
      sent.push({ id, ...body });
      return historyOf([body.status, body.author, body.note]);
    },
    history: async () => historyOf(),
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
    reviewed: (h) => void saved.push(h),
    ...overrides,
  };
  return { p, stored, sent, saved };
}

const field = (box: FakeElement, tag: string, name: string) =>
  box.find(tag).find((e) => e.getAttribute('name') === name)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

t.test('the moves offered are the core policy for every status', async (t) => {
  for (const status of REVIEW_STATUSES) t.same(NEXT_REVIEW_STATUSES[status], allowedReviewTransitions(status));
  const open = asFake(reviewControls(ID, 'OPEN', ports().p)) as FakeElement;
  t.same(
    open.find('option').map((o) => o.getAttribute('value')),
    ['CONFIRMED', 'JUSTIFIED'],
  );
  t.match(open.textContent, 'Follow-up: Open (not reviewed yet)');
  const labels = open.find('label').map((l) => l.getAttribute('for'));
  t.same(
    labels,
    ['status', 'note', 'author'].map((n) =>
      field(open, n === 'note' ? 'textarea' : n === 'status' ? 'select' : 'input', n).getAttribute('id'),
    ),
    'every field has its label',
  );
  const closed = asFake(reviewControls(ID, 'ACKNOWLEDGED', ports().p)) as FakeElement;
  t.equal(closed.find('form').length, 0);
  t.match(closed.textContent, 'The follow-up of this finding is closed.');
});

t.test('a review is sent with its note and author; the author is remembered; the history follows', async (t) => {
  const { p, stored, sent, saved } = ports();
  stored.set(AUTHOR_KEY, 'Anna');
  const box = asFake(reviewControls(ID, 'OPEN', p)) as FakeElement;
  t.equal(field(box, 'input', 'author').value, 'Anna', 'the author of the last review in this browser');
  field(box, 'select', 'status').value = 'CONFIRMED';
  field(box, 'textarea', 'note').value = '  tachograph shows it  ';
  field(box, 'input', 'author').value = ' Ben ';
  box.find('form')[0]!.dispatch('submit');
  await settle();
  t.same(sent, [{ id: ID, status: 'CONFIRMED', note: 'tachograph shows it', author: 'Ben' }]);
  t.equal(stored.get(AUTHOR_KEY), 'Ben');
  t.same(
    saved.map((h) => h.status),
    ['CONFIRMED'],
  );
  t.equal(box.dataset.review, 'CONFIRMED');
  t.match(box.textContent, 'Follow-up: Confirmed by the office');
  t.match(box.find('ol', 'review-history')[0]!.textContent, /Confirmed by the office — Ben “tachograph shows it”/);
  t.same(
    box.find('option').map((o) => o.getAttribute('value')),
    ['DRIVER_INFORMED'],
    'the next move is offered at once',
  );
});

t.test('without an author nothing is sent; a refused review says why and can be sent again', async (t) => {
  const { p, sent } = ports({
    review: async () => {
      throw new ApiError(409, 'review_transition_refused', 'The finding is CONFIRMED; it can move to DRIVER_INFORMED.');
    },
  });
  const box = asFake(reviewControls(ID, 'OPEN', { ...p, storage: null })) as FakeElement;
  field(box, 'select', 'status').value = 'CONFIRMED';
  box.find('form')[0]!.dispatch('submit');
  t.match(box.textContent, 'Please enter your name');
  t.same(sent, []);
  field(box, 'input', 'author').value = 'Anna';
  box.find('form')[0]!.dispatch('submit');
  await settle();
  t.match(box.find('p', 'review-message')[0]!.textContent, 'Not saved: ');
  t.match(box.find('p', 'review-message')[0]!.textContent, 'cannot move to that status', 'in the page words');
  t.equal((box.find('button', 'review-save')[0] as unknown as { disabled: boolean }).disabled, false);
});

t.test('review times name the zone as the report and the letter do: its name and offset', async (t) => {
  setDisplayTimeZone('Europe/Berlin');
  t.teardown(() => setDisplayTimeZone('UTC'));
  const { p } = ports();
  const box = asFake(reviewControls(ID, 'OPEN', p)) as FakeElement;
  field(box, 'select', 'status').value = 'CONFIRMED';
  field(box, 'input', 'author').value = 'Ben';
  box.find('form')[0]!.dispatch('submit');
  await settle();
  // 2026-03-10 08:00 UTC is 09:00 in Berlin, winter time (UTC+1)
  t.match(
    box.find('ol', 'review-history')[0]!.textContent,
    '2026-03-10 09:00 Europe/Berlin (UTC+01:00): Confirmed by the office — Ben',
  );
});

t.test('the history is read once, when the box opens; a changed chain is said', async (t) => {
  let reads = 0;
  const changed = { ...historyOf(['CONFIRMED', 'Anna', null]), chain_valid: false, first_broken_seq: 1 };
  const { p } = ports({ history: async () => (reads++, changed) });
  const box = asFake(reviewControls(ID, 'OPEN', p)) as FakeElement & { open?: boolean };
  box.dispatch('toggle');
  t.equal(reads, 0, 'closed: nothing read');
  box.open = true;
  box.dispatch('toggle');
  box.dispatch('toggle');
  await settle();
  t.equal(reads, 1);
  t.match(box.textContent, 'changed in the database after it was written (entry 1)');
  t.match(box.textContent, 'Follow-up: Confirmed by the office', 'the status of the history, newer than the list');
  const failing = asFake(
    reviewControls(ID, 'OPEN', ports({ history: async () => Promise.reject(new Error('offline')) }).p),
  ) as FakeElement & { open?: boolean };
  failing.open = true;
  failing.dispatch('toggle');
  await settle();
  t.match(failing.textContent, 'History not available');
});

t.test('the browser storage is local storage, or none where it is refused', async (t) => {
  const global = globalThis as { localStorage?: unknown };
  t.equal(browserStorage(), null);
  const storage = { getItem: () => null, setItem: () => undefined };
  global.localStorage = storage;
  t.equal(browserStorage(), storage);
  Object.defineProperty(global, 'localStorage', {
    configurable: true,
    get() {
      throw new Error('SecurityError');
    },
  });
  t.equal(browserStorage(), null);
  delete global.localStorage;
});
