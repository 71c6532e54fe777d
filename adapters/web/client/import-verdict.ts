/**
 * What one imported file's answer means to the office: a success, or a problem (the file's signatures do not
 * verify, it was quarantined, it names another holder than the one known for its card number, it disagrees with
 * earlier downloads, or it was withdrawn) — never a problem reported as a success. Each problem says the way
 * forward. Pure; shared with node tests.
 */

import type { ParseResult } from './types.js';
import { COUNT_WORDS, counted } from '../../vocabulary/count-words.js';

export type ImportProblemKind = 'holder_mismatch' | 'conflicting_dates' | 'withdrawn';

export interface ImportProblem {
  kind: ImportProblemKind;
  text: string;
  /** what the office can do about it */
  way_forward: string;
}

export interface Verdict {
  state: 'ok' | 'problem';
  text: string;
  card: string | null;
  /** last day with activity (YYYY-MM-DD) or null */
  to: string | null;
  problems: ImportProblem[];
}

type ParseLike = Pick<ParseResult, 'reused' | 'status' | 'card' | 'driver' | 'activity_range'> & {
  authenticity?: { status?: string | null } | null;
  warnings?: { code: string }[] | null;
  /** absent from an older service */
  conflicting_dates?: string[] | null;
  withdrawal?: { reason: string } | null;
};

const AUTH_WORDS: Record<string, string> = {
  VERIFIED: 'authenticity verified',
  INVALID: 'authenticity INVALID (a signature or certificate does not verify)',
  UNVERIFIABLE: 'authenticity could not be verified',
  UNSIGNED: 'the file carries no signatures',
};

/** The problems of an import answer beyond its status, each with the way forward. */
export function importProblems(result: ParseLike): ImportProblem[] {
  const problems: ImportProblem[] = [];
  if (result.warnings?.some((w) => w.code === 'holder_mismatch')) {
    problems.push({
      kind: 'holder_mismatch',
      text: `Another holder: the file's surname, first names or birth date differ from the holder known for card ${result.card?.card_number ?? '–'}. The import is quarantined; the known holder is kept.`,
      way_forward:
        'Check whose card was downloaded. If the file is not this driver\'s, withdraw the import (imports of the card, "Withdraw…").',
    });
  }
  const dates = result.conflicting_dates ?? [];
  if (dates.length > 0 && result.status !== 'WITHDRAWN') {
    problems.push({
      kind: 'conflicting_dates',
      text: `Disagrees with earlier downloads of this card on ${dates.length} day(s): ${dates.join(', ')}. The pre-check of the card refuses these days.`,
      way_forward:
        'Narrow the basis to one import (the import selector of the week view), or withdraw the wrong import (imports of the card, "Withdraw…").',
    });
  }
  if (result.status === 'WITHDRAWN') {
    problems.push({
      kind: 'withdrawn',
      text: `This file was imported before and withdrawn${result.withdrawal?.reason ? ` (${result.withdrawal.reason})` : ''}; it is used nowhere.`,
      way_forward: 'Restore it from the imports of the card if it was withdrawn by mistake.',
    });
  }
  return problems;
}

export function importVerdict(result: ParseLike): Verdict {
  const name = [result.driver?.surname, result.driver?.first_names].filter(Boolean).join(', ') || 'unnamed driver';
  const range = result.activity_range;
  const auth = result.authenticity?.status ?? null;
  const quarantined = result.status === 'QUARANTINED';
  const problems = importProblems(result);
  const problem = quarantined || auth === 'INVALID' || problems.length > 0;
  const status = quarantined ? ': QUARANTINED' : result.status === 'WITHDRAWN' ? ': WITHDRAWN' : '';
  const head = problem
    ? `Problem${status}${result.reused ? ' (already imported)' : ''}`
    : result.reused
      ? 'Already imported (reused)'
      : 'Imported';
  const parts = [
    `${name}`,
    `card ${result.card?.card_number ?? '–'}`,
    `activity ${range?.from ?? '–'} to ${range?.to ?? '–'} (${counted(range?.days ?? 0, COUNT_WORDS.days)})`,
  ];
  if (auth) parts.push(AUTH_WORDS[auth] ?? `authenticity ${auth}`);
  if (quarantined) parts.push('its data is kept apart from the pre-check');
  return {
    state: problem ? 'problem' : 'ok',
    text: `${head}: ${parts.join(' · ')}`,
    card: result.card?.card_number ?? null,
    to: range?.to ?? null,
    problems,
  };
}
