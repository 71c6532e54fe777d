/**
 * CSV text for spreadsheets and payroll (RFC 4180): comma separated, CRLF line ends, a header row, fields
 * quoted when they hold a comma, a quote or a line break (quotes doubled), UTF-8.
 * Formula injection: a text cell starting with = + - @ (or a tab / carriage return) would be run as a
 * formula by spreadsheet programs; such cells get a leading apostrophe. Numbers are written as numbers.
 */
export type Cell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(header: readonly string[], rows: readonly Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Seconds as h:mm (negative durations keep their sign: -0:05). */
export function hmm(seconds: number | null): string | null {
  if (seconds === null) return null;
  const sign = seconds < 0 ? '-' : '';
  const minutes = Math.floor(Math.abs(seconds) / 60);
  return `${sign}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
