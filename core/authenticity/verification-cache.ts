/**
 * Memoised certificate checks, keyed by the SHA-256 of the certificate bytes and of the issuer key that opened
 * them: a re-import (or another download of the same card) repeats no public-key operation on its chain.
 * Bounded: cleared when full (chains are few; a flood of distinct certificates cannot grow memory).
 */
import type { SignatureCrypto } from '../ports/signature-crypto.js';
import { hex } from './record-layout.js';

export class VerificationCache {
  private readonly entries = new Map<string, unknown>();
  hits = 0;

  constructor(private readonly capacity = 4096) {}

  memo<T>(crypto: SignatureCrypto, kind: string, parts: readonly Uint8Array[], compute: () => T): T {
    const total = parts.reduce((n, p) => n + p.length + 4, 0);
    const joined = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
      new DataView(joined.buffer).setUint32(at, p.length);
      joined.set(p, at + 4);
      at += p.length + 4;
    }
    const key = kind + ':' + hex(crypto.hash('SHA-256', joined));
    if (this.entries.has(key)) {
      this.hits++;
      return this.entries.get(key) as T;
    }
    const value = compute();
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
