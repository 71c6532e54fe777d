/**
 * The office annotates what the week view shows: each finding and each data gap of the pre-check gets an
 * "Annotate…" button opening a small form (kind, period prefilled from the item, note, author) that records an
 * annotation (POST api/drivercard/annotations); the view then reloads, so the findings show its effect. Findings the
 * annotations created, changed or may justify are marked, and the findings they removed are listed. The period is
 * typed in local time of the display zone, named beside the fields, and sent in UTC (./local-input.ts: a time the
 * spring change skips is refused, one the autumn change repeats is taken as the first and the form says so); a
 * prefilled time left as it was is sent as the item's own instant (the second 02:30 of an autumn night stays so).
 */
import { el, technicalDetail } from './dom.js';
import { errorCodeText, sentence } from '../../vocabulary/people-text.js';
import { ANNOTATION_KIND_NAMES } from '../../vocabulary/office-words.js';
import { displayTimeZone, formatDateTime } from './format.js';
import { localInputValue, utcOfLocalInput, type LocalReading } from './local-input.js';
import type { Finding, PrecheckResult } from './types.js';

const KINDS: [string, string][] = Object.entries(ANNOTATION_KIND_NAMES).map(([kind, name]) => [
  kind,
  kind === 'ARTICLE_12' ? `${name} (needs a note)` : name,
]);

interface AnnotatedFinding extends Finding {
  finding_id?: string;
  annotations_applied?: string[];
  possibly_justified?: boolean;
}

interface AnnotatedResult extends PrecheckResult {
  annotation_effects?: {
    annotation_ids: string[];
    finding: { rule: string; status: string; start: string; end: string };
  }[];
}

function field(label: string, input: HTMLElement): HTMLLabelElement {
  return el('label', { class: 'annotate-field' }, `${label} `, input);
}

/** A local date-time field prefilled with an instant (kept in data-utc while the text is the prefilled one). */
function timeInput(name: string, iso: string, timeZone: string): HTMLInputElement {
  const value = localInputValue(iso, timeZone);
  return el('input', {
    attrs: { name, type: 'datetime-local', value, step: value.length > 16 ? '1' : '60' },
    data: { utc: iso, prefill: value },
  });
}

/** The field's instant in UTC: the prefilled instant when the text is unchanged, else the typed local time read. */
export function fieldInstant(input: TimeField, timeZone: string, label: string): LocalReading {
  const { utc, prefill } = input.dataset;
  if (utc !== undefined && input.value.trim() === prefill) return { ok: true, iso: utc, note: null };
  return utcOfLocalInput(input.value, timeZone, label);
}

export function annotateForm(card: string, start: string, end: string, onSaved: () => void): HTMLFormElement {
  const zone = displayTimeZone();
  const kind = el(
    'select',
    { attrs: { name: 'kind' } },
    ...KINDS.map(([value, text]) => el('option', { text, attrs: { value } })),
  );
  const from = timeInput('start', start, zone);
  const to = timeInput('end', end, zone);
  const note = el('input', { attrs: { name: 'note', size: '40', maxlength: '2000' } });
  const author = el('input', { attrs: { name: 'author', size: '20', required: 'required', maxlength: '200' } });
  const message = el('p', { class: 'annotate-message', attrs: { role: 'status' } });
  const form = el(
    'form',
    { class: 'annotate-form' },
    field('Kind', kind),
    field(`From (${zone})`, from),
    field(`To (${zone})`, to),
    el('span', { class: 'annotate-zone', text: `local time in ${zone}`, data: { zone } }),
    field('Note', note),
    field('Entered by', author),
    el('button', { text: 'Save annotation', attrs: { type: 'submit' } }),
    message,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const fields = { kind: kind.value, from, to, note: note.value, author: author.value };
    const read = annotationBody(card, fields, zone);
    if ('refused' in read) {
      message.textContent = `Not saved: ${read.refused}`;
      form.dataset.saved = 'false';
      return;
    }
    message.textContent = read.notes === '' ? 'Saving…' : `Saving… ${read.notes}`;
    postAnnotation(read, form, message, onSaved);
  });
  return form;
}

type TimeField = { value: string; dataset: Record<string, string | undefined> };

/**
 * The request body of the form's fields, the period in UTC (with what was said about an autumn time taken as the
 * earlier one), or why nothing is sent.
 */
export function annotationBody(
  card: string,
  f: { kind: string; from: TimeField; to: TimeField; note: string; author: string },
  zone: string,
): { body: Record<string, string | null>; notes: string } | { refused: string } {
  if (f.kind === 'ARTICLE_12' && f.note.trim() === '')
    return {
      refused:
        'an Art. 12 departure needs a note. Say why the driver departed from the rules (Art. 12 asks the driver to give the reason).',
    };
  const startAt = fieldInstant(f.from, zone, 'From');
  const endAt = fieldInstant(f.to, zone, 'To');
  if (!startAt.ok || !endAt.ok)
    return { refused: [startAt, endAt].flatMap((r) => (r.ok ? [] : [r.message])).join(' ') };
  return {
    body: {
      card_number: card,
      kind: f.kind,
      start: startAt.iso,
      end: endAt.iso,
      note: f.note.trim() || null,
      author: f.author.trim(),
    },
    notes: [startAt.note, endAt.note].filter((n): n is string => n !== null).join(' '),
  };
}

function postAnnotation(
  read: { body: Record<string, string | null>; notes: string },
  form: HTMLFormElement,
  message: HTMLElement,
  onSaved: () => void,
): void {
  void fetch('api/drivercard/annotations', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(read.body),
  })
    .then(async (response) => {
      const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
      if (response.status === 201) {
        message.textContent = read.notes === '' ? 'Saved. Recomputing the findings…' : `Saved. ${read.notes}`;
        form.dataset.saved = 'true';
        onSaved();
      } else {
        message.replaceChildren(
          `Not saved: ${sentence(errorCodeText(answer.error ?? ''))}`,
          technicalDetail(`${response.status} ${answer.error ?? ''}: ${answer.message ?? ''}`),
        );
        form.dataset.saved = 'false';
      }
    })
    .catch(() => {
      message.textContent = 'Not saved: the service could not be reached.';
    });
}

/** The whole of a gap the list shows [start, end) (the list's answer ends with the days it was asked about). */
export type WholeGap = (start: string, end: string) => Promise<{ start: string; end: string }>;

/**
 * The gap holding [start, end) in `gaps` (an answer over all of the card's data), else [start, end) itself: an
 * annotation of a gap then takes all of it, not only the part inside the shown week.
 */
export function gapHolding(
  gaps: readonly { start: string; end: string }[],
  start: string,
  end: string,
): { start: string; end: string } {
  const s = Date.parse(start);
  const e = Date.parse(end);
  const whole = gaps.find((g) => Date.parse(g.start) <= s && Date.parse(g.end) >= e);
  return whole ? { start: whole.start, end: whole.end } : { start, end };
}

/**
 * An "Annotate…" button on every finding and data gap of the rendered findings (their show buttons carry the period).
 * A gap's form is prefilled with the whole gap when `wholeGap` can tell it (else with the gap as listed).
 */
export function addAnnotateControls(
  container: HTMLElement,
  result: PrecheckResult,
  card: string,
  onSaved: () => void,
  wholeGap?: WholeGap,
): void {
  for (const item of container.querySelectorAll<HTMLLIElement>('li.finding, li.gap-item')) {
    const span = item.querySelector<HTMLElement>('[data-start][data-end]');
    if (!span || item.querySelector('.annotate-open')) continue;
    const open = el('button', { class: 'link annotate-open', text: 'Annotate…', attrs: { type: 'button' } });
    const listed = { start: span.dataset.start!, end: span.dataset.end! };
    open.addEventListener('click', () => {
      const existing = item.querySelector('form.annotate-form');
      if (existing) return existing.remove();
      const isGap = item.classList.contains('gap-item');
      const period =
        isGap && wholeGap ? wholeGap(listed.start, listed.end).catch(() => listed) : Promise.resolve(listed);
      void period.then((p) => {
        if (!item.querySelector('form.annotate-form')) item.append(annotateForm(card, p.start, p.end, onSaved));
      });
    });
    item.append(' ', open);
  }
  markAnnotated(container, result as AnnotatedResult);
}

function markAnnotated(container: HTMLElement, result: AnnotatedResult): void {
  result.violations.forEach((f: AnnotatedFinding, i) => {
    const item = container.querySelector<HTMLElement>(`li.finding[data-finding="${i}"]`);
    if (!item) return;
    if (f.possibly_justified)
      item.append(
        el('span', {
          class: 'flag flag-justifiable',
          text: 'possibly justified (annotation)',
          data: { flag: 'justifiable' },
        }),
      );
    else if (f.annotations_applied?.length)
      item.append(
        el('span', { class: 'flag flag-annotated', text: 'because of an annotation', data: { flag: 'annotated' } }),
      );
  });
  const removed = result.annotation_effects ?? [];
  if (removed.length === 0) return;
  container.append(
    el('h4', { text: `Settled by the office's annotations (${removed.length})` }),
    el(
      'ul',
      { class: 'annotation-effects' },
      ...removed.map((e) =>
        el('li', {
          text: `${e.finding.rule.replace(/_/g, ' ')} (${e.finding.status.replace(/_/g, ' ')}), ${formatDateTime(e.finding.start)} – ${formatDateTime(e.finding.end)} ${displayTimeZone()}`,
        }),
      ),
    ),
  );
}
