/**
 * The page's date fields: text fields that read and show dates as YYYY-MM-DD, as everything else on the page, the
 * documents and the API do. A browser's own date input shows its locale's format instead (11/01/2026 in an English
 * Chromium), so the fields are plain text with a pattern, a placeholder naming the format and a check that the date
 * exists; typing, pasting and the keyboard work as in any text field, and each field keeps its label.
 * Pure apart from the field it is given; shared by the page's static fields (../page.ts) and its built ones.
 */

/** What a date field says when its text is no date. */
export const DATE_FIELD_HINT = 'Enter a date as YYYY-MM-DD, e.g. 2026-03-02.';

/**
 * The attributes of a date field (besides its id, class, label and value); the browser's own check of the pattern
 * names the format with the title when a form is sent.
 */
export const DATE_FIELD_ATTRS = {
  type: 'text',
  pattern: '\\d{4}-\\d{2}-\\d{2}',
  placeholder: 'YYYY-MM-DD',
  maxlength: '10',
  autocomplete: 'off',
  spellcheck: 'false',
  title: DATE_FIELD_HINT,
} as const;

/** The date of a text when it is a YYYY-MM-DD day of the calendar (2026-02-30 is not); null otherwise. */
export function isoDateOf(text: string): string | null {
  const date = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date ? date : null;
}

/**
 * Reads a date field and marks it: its date, `null` when empty, `undefined` when its text is no date (the field is
 * then marked invalid for the screen reader's sake; its title names the format).
 */
export function readDateField(input: HTMLInputElement): string | null | undefined {
  const text = input.value.trim();
  const date = text === '' ? null : isoDateOf(text);
  const wrong = text !== '' && date === null;
  if (wrong) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
  return wrong ? undefined : date;
}

/** The attributes as HTML, for the page's static fields. */
export function dateFieldHtml(): string {
  return Object.entries(DATE_FIELD_ATTRS)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
}
