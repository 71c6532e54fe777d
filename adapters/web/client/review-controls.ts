/**
 * The office's follow-up of one finding on the page: its review status, a form to move it on (the statuses the
 * service allows from the current one, a note, the author — remembered in this browser), and its history as
 * GET …/reviews answers it. After a saved review the page's counts are read again (`reviewed`), so "today"'s
 * open findings follow. Everything is built with el(): no inline script or handler (the page's CSP).
 */

import type { ReviewStatus } from '../../../core/reviews/review-status.js';
import { el } from './dom.js';
import { errorText } from './errors.js';
import { displayTimeZone } from './format.js';
import { formatLocalStamp } from '../../vocabulary/local-time.js';
import { reviewStatusName } from '../../vocabulary/office-words.js';
import type { ReviewHistory } from './types.js';

/**
 * The moves the review policy allows (core/reviews/review-status.ts, which the page cannot load at run time:
 * review-controls.test.ts holds the two equal). The service refuses any other move (409).
 */
export const NEXT_REVIEW_STATUSES: Record<ReviewStatus, readonly ReviewStatus[]> = {
  OPEN: ['CONFIRMED', 'JUSTIFIED'],
  CONFIRMED: ['DRIVER_INFORMED'],
  JUSTIFIED: ['DRIVER_INFORMED'],
  DRIVER_INFORMED: ['ACKNOWLEDGED'],
  ACKNOWLEDGED: [],
};

/** The key under which this browser remembers who reviews. */
export const AUTHOR_KEY = 'drivercard.review-author';

export interface ReviewPorts {
  review(findingId: string, body: { status: string; note: string | null; author: string }): Promise<ReviewHistory>;
  history(findingId: string): Promise<ReviewHistory>;
  /** where the author is remembered (null: nowhere, e.g. storage refused) */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** a review was saved: the counts the page shows are read again */
  reviewed(history: ReviewHistory): void;
}

/** This browser's local storage, or null where it is refused (private windows, storage turned off). */
export function browserStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function historyList(history: ReviewHistory): HTMLElement {
  if (history.entries.length === 0) return el('p', { class: 'empty-note', text: 'Not reviewed yet.' });
  const list = el(
    'ol',
    { class: 'review-history' },
    ...history.entries.map((e) =>
      el(
        'li',
        { data: { status: e.status } },
        `${formatLocalStamp(e.at, displayTimeZone())}: ${reviewStatusName(e.status)} — ${e.author}`,
        ...(e.note ? [el('span', { class: 'review-note', text: ` “${e.note}”` })] : []),
      ),
    ),
  );
  if (history.chain_valid) return list;
  return el(
    'div',
    {},
    el('p', {
      class: 'warning',
      text: `This history was changed in the database after it was written (entry ${history.first_broken_seq ?? '?'}).`,
    }),
    list,
  );
}

let formCount = 0;

/** The form that moves the finding on from `status`; empty when its follow-up is closed. */
function reviewForm(findingId: string, status: ReviewStatus, ports: ReviewPorts, done: (h: ReviewHistory) => void) {
  const next = NEXT_REVIEW_STATUSES[status] ?? [];
  if (next.length === 0) return el('p', { class: 'cell-note', text: 'The follow-up of this finding is closed.' });
  const id = `review-${++formCount}`;
  const select = el('select', { attrs: { id: `${id}-status`, name: 'status' } });
  for (const s of next) select.append(el('option', { text: reviewStatusName(s), attrs: { value: s } }));
  const note = el('textarea', { attrs: { id: `${id}-note`, name: 'note', rows: '2', maxlength: '2000' } });
  const author = el('input', {
    attrs: { id: `${id}-author`, name: 'author', type: 'text', required: '', maxlength: '200', autocomplete: 'name' },
  });
  author.value = ports.storage?.getItem(AUTHOR_KEY) ?? '';
  const message = el('p', { class: 'review-message', attrs: { role: 'status' } });
  const save = el('button', { class: 'review-save', text: 'Save review', attrs: { type: 'submit' } });
  const form = el(
    'form',
    { class: 'review-form', attrs: { 'aria-label': 'Review this finding' } },
    el('label', { text: 'New status ', attrs: { for: `${id}-status` } }),
    select,
    ' ',
    el('label', { text: 'Note ', attrs: { for: `${id}-note` } }),
    note,
    ' ',
    el('label', { text: 'Your name ', attrs: { for: `${id}-author` } }),
    author,
    ' ',
    save,
    message,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const who = author.value.trim();
    if (!who) {
      message.textContent = 'Please enter your name: the history says who reviewed the finding.';
      return;
    }
    ports.storage?.setItem(AUTHOR_KEY, who);
    save.disabled = true;
    message.textContent = 'Saving…';
    const text = note.value.trim();
    ports.review(findingId, { status: select.value, note: text || null, author: who }).then(done, (error) => {
      save.disabled = false;
      message.textContent = `Not saved: ${errorText(error)}`;
    });
  });
  return form;
}

/**
 * The follow-up of a finding, closed until opened (a details element: the keyboard opens it); the history is read
 * when it opens. `status` is the review status the list answered.
 */
export function reviewControls(findingId: string, status: ReviewStatus, ports: ReviewPorts): HTMLElement {
  const summary = el('summary', { text: `Follow-up: ${reviewStatusName(status)}` });
  const body = el('div', { class: 'review-body' });
  const box = el('details', { class: 'review', data: { finding: findingId, review: status } }, summary, body);
  const draw = (history: ReviewHistory | null, current: ReviewStatus) => {
    box.dataset.review = current;
    summary.textContent = `Follow-up: ${reviewStatusName(current)}`;
    body.replaceChildren(
      reviewForm(findingId, current, ports, (saved) => {
        draw(saved, saved.status);
        ports.reviewed(saved);
      }),
      history ? historyList(history) : el('p', { class: 'empty-note', text: 'Reading the history…' }),
    );
  };
  draw(null, status);
  let read = false;
  box.addEventListener('toggle', () => {
    if (read || !(box as HTMLDetailsElement).open) return;
    read = true;
    ports.history(findingId).then(
      (h) => draw(h, h.status),
      (error) => body.append(el('p', { class: 'warning', text: `History not available: ${errorText(error)}` })),
    );
  });
  return box;
}
