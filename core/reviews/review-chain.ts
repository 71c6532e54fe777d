/**
 * The review history of one finding as a hash chain: each entry carries the SHA-256 of the previous entry
 * (`prev_hash`, 64 zeros for the first) and its own `hash` over its fields and `prev_hash`. Editing an entry
 * in the database changes its recomputed hash (and breaks the link of the entry after it), so
 * `verifyReviewChain` reports the first entry that no longer fits. Hashing goes through the Hasher port.
 */
import type { Hasher } from '../ports/hasher.js';
import { INITIAL_REVIEW_STATUS, isAllowedTransition, type ReviewStatus } from './review-status.js';

export const GENESIS_HASH = '0'.repeat(64);

export interface ReviewEntry {
  finding_id: string;
  /** 1, 2, … in the finding's history */
  seq: number;
  previous_status: ReviewStatus;
  status: ReviewStatus;
  note: string | null;
  author: string;
  /** epoch seconds (server clock) */
  at: number;
  prev_hash: string;
  hash: string;
}

export type UnsealedReviewEntry = Omit<ReviewEntry, 'hash'>;

/** The hash of an entry: SHA-256 of the JSON array of its fields in a fixed order (one text, no key order). */
export function reviewEntryHash(hasher: Hasher, e: UnsealedReviewEntry): string {
  return hasher.sha256HexOfText(
    JSON.stringify([e.finding_id, e.seq, e.previous_status, e.status, e.note, e.author, e.at, e.prev_hash]),
  );
}

/** The next entry after `history` (ordered by seq), sealed with its hash. */
export function nextReviewEntry(
  hasher: Hasher,
  history: readonly ReviewEntry[],
  fields: { finding_id: string; status: ReviewStatus; note: string | null; author: string; at: number },
): ReviewEntry {
  const last = history[history.length - 1];
  const unsealed: UnsealedReviewEntry = {
    finding_id: fields.finding_id,
    seq: (last?.seq ?? 0) + 1,
    previous_status: last?.status ?? INITIAL_REVIEW_STATUS,
    status: fields.status,
    note: fields.note,
    author: fields.author,
    at: fields.at,
    prev_hash: last?.hash ?? GENESIS_HASH,
  };
  return { ...unsealed, hash: reviewEntryHash(hasher, unsealed) };
}

export interface ChainVerdict {
  valid: boolean;
  /** seq of the first entry that does not fit (null when valid) */
  first_broken_seq: number | null;
  reason: string | null;
}

/** Checks every entry: its position, its link to the previous one, its own hash and the transition it records. */
export function verifyReviewChain(hasher: Hasher, history: readonly ReviewEntry[]): ChainVerdict {
  let prevHash = GENESIS_HASH;
  let prevStatus: ReviewStatus = INITIAL_REVIEW_STATUS;
  for (let i = 0; i < history.length; i++) {
    const e = history[i]!;
    const broken = (reason: string): ChainVerdict => ({ valid: false, first_broken_seq: e.seq, reason });
    if (e.seq !== i + 1) return broken(`entry ${i + 1} is missing or out of place (found seq ${e.seq})`);
    if (e.prev_hash !== prevHash) return broken('its prev_hash is not the hash of the entry before it');
    if (reviewEntryHash(hasher, e) !== e.hash)
      return broken('its content does not match its hash (the entry was changed)');
    if (e.previous_status !== prevStatus || !isAllowedTransition(prevStatus, e.status)) {
      return broken(`it records a transition ${e.previous_status} → ${e.status} the history does not allow`);
    }
    prevHash = e.hash;
    prevStatus = e.status;
  }
  return { valid: true, first_broken_seq: null, reason: null };
}
