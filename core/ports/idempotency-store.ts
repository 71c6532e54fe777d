/**
 * The answers of POSTs that created a record, kept under the client's Idempotency-Key
 * (core/use-cases/idempotent-writes.ts). Contract (conformance/idempotency-store.suite.ts, both databases):
 * - `claim` of a key not kept (or forgotten: kept since before `forgetBefore`) records it with the fingerprint and
 *   answers `claimed`; of all the claims of one key at the same moment, in any process, exactly one is `claimed`;
 * - a key kept with another fingerprint answers `reused`; with the same one, `answered` once `answer` stored its
 *   answer, else `in_flight` — unless the claim was made before `staleBefore` and never answered (its process
 *   died): then it is taken over, `claimed` again;
 * - `release` forgets a claim that got no answer (the request failed: the key may be sent again).
 */
import type { EpochSeconds } from '../domain/rows.js';

/** The answer of the request that created: its status, its JSON body as sent, and its Location. */
export interface StoredAnswer {
  status: number;
  body: string;
  location: string | null;
}

export type IdempotencyClaim =
  | { outcome: 'claimed' }
  | { outcome: 'answered'; answer: StoredAnswer }
  | { outcome: 'in_flight' }
  | { outcome: 'reused' };

export interface IdempotencyStore {
  claim(
    key: string,
    fingerprint: string,
    at: { now: EpochSeconds; forgetBefore: EpochSeconds; staleBefore: EpochSeconds },
  ): Promise<IdempotencyClaim>;
  answer(key: string, answer: StoredAnswer): Promise<void>;
  release(key: string): Promise<void>;
}
