/**
 * What one imported file's answer means to the office: a success, or a problem (the file's signatures do not
 * verify, or it was quarantined) — never a problem reported as a success. Pure; shared with node tests.
 */

import type { ParseResult } from './types.js';

export interface Verdict {
  state: 'ok' | 'problem';
  text: string;
  card: string | null;
  /** last day with activity (YYYY-MM-DD) or null */
  to: string | null;
}

type ParseLike = Pick<ParseResult, 'reused' | 'status' | 'card' | 'driver' | 'activity_range'> & {
  authenticity?: { status?: string | null } | null;
};

const AUTH_WORDS: Record<string, string> = {
  VERIFIED: 'authenticity verified',
  INVALID: 'authenticity INVALID (a signature or certificate does not verify)',
  UNVERIFIABLE: 'authenticity could not be verified',
  UNSIGNED: 'the file carries no signatures',
};

export function importVerdict(result: ParseLike): Verdict {
  const name = [result.driver?.surname, result.driver?.first_names].filter(Boolean).join(', ') || 'unnamed driver';
  const range = result.activity_range;
  const auth = result.authenticity?.status ?? null;
  const quarantined = result.status === 'QUARANTINED';
  const problem = quarantined || auth === 'INVALID';
  const head = problem
    ? `Problem${quarantined ? ': QUARANTINED' : ''}${result.reused ? ' (already imported)' : ''}`
    : result.reused ? 'Already imported (reused)' : 'Imported';
  const parts = [
    `${name}`,
    `card ${result.card?.card_number ?? '–'}`,
    `activity ${range?.from ?? '–'} to ${range?.to ?? '–'} (${range?.days ?? 0} days)`,
  ];
  if (auth) parts.push(AUTH_WORDS[auth] ?? `authenticity ${auth}`);
  if (quarantined) parts.push('its data is kept apart from the pre-check');
  return { state: problem ? 'problem' : 'ok', text: `${head}: ${parts.join(' · ')}`, card: result.card?.card_number ?? null, to: range?.to ?? null };
}
