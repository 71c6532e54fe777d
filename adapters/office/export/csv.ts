/**
 * CSV text for spreadsheets and payroll (RFC 4180): comma separated (or semicolon, as German and Polish
 * spreadsheet programs expect), CRLF line ends, a header row, fields quoted when they hold the separator, a
 * quote or a line break (quotes doubled), UTF-8 (the HTTP answer starts with a byte order mark, so a
 * spreadsheet program opens Müller and Иванов as UTF-8).
 * Formula injection: a text cell starting with = + - @ (or a tab / carriage return) would be run as a
 * formula by spreadsheet programs; such cells get a leading apostrophe. Numbers are written as numbers.
 */
import { hoursMinutes } from '../../vocabulary/durations.js';

export type Cell = string | number | boolean | null;
export const DELIMITERS = [',', ';'] as const;
export type Delimiter = (typeof DELIMITERS)[number];
/** The UTF-8 byte order mark a CSV file starts with. */
export const UTF8_BOM = '\uFEFF';

/**
 * The separator a spreadsheet program of the office's locale reads: `;` where the locale writes decimals with a
 * comma (de, pl, fr, es, it, nl, …: their spreadsheets list with semicolons, since the comma is taken), `,`
 * otherwise; a locale the runtime does not know gives `,`.
 */
export function delimiterForLocale(locale: string): Delimiter {
  try {
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
    return decimal === ',' ? ';' : ',';
  } catch {
    return ',';
  }
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell, delimiter: Delimiter = ','): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  const special = delimiter === ',' ? /[",\r\n]/ : /[";\r\n]/;
  return special.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(header: readonly string[], rows: readonly Cell[][], delimiter: Delimiter = ','): string {
  return (
    [header, ...rows].map((row) => row.map((cell) => csvCell(cell, delimiter)).join(delimiter)).join('\r\n') + '\r\n'
  );
}

/**
 * A file name naming what a document holds: `kind_Surname_CARD_from_to.csv` (parts that are unknown left out).
 * `ascii`: letters without accents, digits, `._-` only (the plain `filename`); `utf8`: the same with the
 * name as recorded (the `filename*` of RFC 6266), path and control characters removed.
 */
export function documentFileName(
  kind: string,
  parts: readonly (string | null | undefined)[],
  extension: string,
): { ascii: string; utf8: string } {
  const kept = [kind, ...parts]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => p.trim().replace(/\s+/g, '-'));
  const utf8 = `${kept.join('_').replace(/[\u0000-\u001f\u007f"\\/:*?<>|;]/g, '')}.${extension}`;
  const ascii = utf8
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]/g, '');
  return { ascii, utf8 };
}

/** Seconds as h:mm (the vocabulary's hours and minutes; an empty cell for none). */
export const hmm = (seconds: number | null): string | null => (seconds === null ? null : hoursMinutes(seconds));
