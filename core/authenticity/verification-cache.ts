/**
 * Memoised public-key checks, keyed by the SHA-256 of the checked bytes and of the key that checked them:
 * - certificates (with the issuer key that opened them): a re-import, or another download of the same card,
 *   repeats no public-key operation on its chain;
 * - EF signatures (key ‖ signature ‖ EF value): a file verified again (the same download re-imported, parsed or
 *   verified by the CLI, an overlapping download carrying the same signed EF) repeats no ECDSA verification.
 * A signature check is a pure function of those bytes, so serving its result again is exact.
 * Bounded: cleared when full (a flood of distinct certificates or EFs cannot grow memory).
 */
import type { SignatureCrypto } from '../ports/signature-crypto.js';
import { hex } from './record-layout.js';

export class VerificationCache {
  private readonly entries = new Map<string, unknown>();
  hits = 0;

  constructor(private readonly capacity = 8192) {}

  memo<T>(crypto: SignatureCrypto, kind: string, parts: readonly Uint8Array[], compute: () => T): T {
    const key = this.keyOf(crypto, kind, parts);
    if (this.entries.has(key)) {
      this.hits++;
      return this.entries.get(key) as T;
    }
    const value = compute();
    this.put(key, value);
    return value;
  }

  /** memo for a check that completes later (the result is stored once it is known) */
  async memoAsync<T>(
    crypto: SignatureCrypto,
    kind: string,
    parts: readonly Uint8Array[],
    compute: () => Promise<T>,
  ): Promise<T> {
    const key = this.keyOf(crypto, kind, parts);
    if (this.entries.has(key)) {
      this.hits++;
      return this.entries.get(key) as T;
    }
    const value = await compute();
    this.put(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  /** kind + SHA-256 of the parts, each preceded by its length (no two part lists share an encoding) */
  private keyOf(crypto: SignatureCrypto, kind: string, parts: readonly Uint8Array[]): string {
    const total = parts.reduce((n, p) => n + p.length + 4, 0);
    const joined = new Uint8Array(total);
    const view = new DataView(joined.buffer);
    let at = 0;
    for (const p of parts) {
      view.setUint32(at, p.length);
      joined.set(p, at + 4);
      at += p.length + 4;
    }
    return kind + ':' + hex(crypto.hash('SHA-256', joined));
  }

  private put(key: string, value: unknown): void {
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(key, value);
  }
}
