/**
 * The one text rule for every string that reaches storage, decoded from a card file or sent in a request:
 * no C0 control character (U+0000–U+001F, NUL included), no DEL (U+007F), no C1 control (U+0080–U+009F)
 * and no lone UTF-16 surrogate. SQLite and PostgreSQL store such text differently or not at all (PostgreSQL
 * refuses NUL; a lone surrogate becomes U+FFFD on the way to UTF-8), so the same string would be answered
 * differently by the two databases, or not be found again.
 * - `sanitizeText` replaces each offending code unit by U+FFFD (for text the service only displays: names,
 *   registrations, file names);
 * - `hasUnsafeText` tells whether a string breaks the rule (for identifiers, which are refused, not changed).
 */

export const REPLACEMENT_CHARACTER = 0xfffd;

/** true for a UTF-16 code unit that is a C0 or C1 control or DEL. */
export function isControlCodeUnit(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** A code unit as stored: controls become U+FFFD (surrogates are judged in pairs by sanitizeText). */
export function safeCodeUnit(code: number): number {
  return isControlCodeUnit(code) ? REPLACEMENT_CHARACTER : code;
}

// a control, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one
const UNSAFE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

export function hasUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

export function sanitizeText(value: string): string;
export function sanitizeText(value: string | null): string | null;
export function sanitizeText(value: string | null): string | null {
  if (value === null || !UNSAFE.test(value)) return value;
  return value.replace(UNSAFE_ALL, '\ufffd');
}
