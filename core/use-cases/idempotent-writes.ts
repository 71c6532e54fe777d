/**
 * Idempotent writes: a POST that creates (an annotation, a finding review) sent again with the same
 * Idempotency-Key answers what the first one answered and creates nothing; the same key with another request is
 * refused (IdempotencyKeyReusedError). A request is known by its fingerprint: the SHA-256 of its operation and of
 * its body with the keys of every object sorted (so the order a client writes fields in does not matter).
 * Only an answer that created something is kept; a request that failed releases its key, to be sent again.
 * Keys are kept KEY_KEPT_S (24 h) at least; a claim whose request never got an answer for CLAIM_STALE_S (its process
 * died) is taken over by the next request with the key — which creates again if the first one had created but was
 * killed before its answer was stored.
 */
import { DomainError } from '../domain/errors.js';
import type { Clock } from '../ports/clock.js';
import type { Hasher } from '../ports/hasher.js';
import type { IdempotencyStore, StoredAnswer } from '../ports/idempotency-store.js';

/** How long a key and its answer are kept (seconds): a key sent again within it gets the first answer. */
export const KEY_KEPT_S = 48 * 3600;
/** How long a claim may wait for its answer before the next request with the key takes it over (seconds). */
export const CLAIM_STALE_S = 60;

/** The same Idempotency-Key was sent with another request (409 idempotency_key_reused). */
export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'idempotency_key_reused';
  constructor() {
    super('This Idempotency-Key was sent with another request; send a new key for a new request.');
  }
}

/** What a request with a key does: create (then `answer` or `release`), replay a kept answer, or wait. */
export type IdempotentStart = { kind: 'create' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'in_flight' };

export class IdempotentWrites {
  constructor(private readonly deps: { store: IdempotencyStore; clock: Clock; hasher: Hasher }) {}

  /** The fingerprint of a request: its operation and its body, object keys sorted. */
  fingerprint(operation: string, body: unknown): string {
    return this.deps.hasher.sha256HexOfText(`${operation}\n${canonicalJson(body)}`);
  }

  async start(key: string, fingerprint: string): Promise<IdempotentStart> {
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    const at = { now, forgetBefore: now - KEY_KEPT_S, staleBefore: now - CLAIM_STALE_S };
    const claim = await this.deps.store.claim(key, fingerprint, at);
    if (claim.outcome === 'reused') throw new IdempotencyKeyReusedError();
    if (claim.outcome === 'answered') return { kind: 'replay', answer: claim.answer };
    return claim.outcome === 'claimed' ? { kind: 'create' } : { kind: 'in_flight' };
  }

  answer(key: string, answer: StoredAnswer): Promise<void> {
    return this.deps.store.answer(key, answer);
  }

  release(key: string): Promise<void> {
    return this.deps.store.release(key);
  }
}

/** JSON with the keys of every object sorted (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
