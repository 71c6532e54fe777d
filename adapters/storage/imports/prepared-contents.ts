/**
 * Stored forms of import bodies computed off the event loop: the decoder pool's worker compresses the bytes it has
 * just decoded (./content-codec.ts `encodeContentSync`, checked there by inflating them back) and the save takes
 * that form instead of compressing again on the main thread. Keyed by the very bytes object the import use case
 * decodes and then saves, so nothing is held once the request is done; taken once. A body decoded inline, or one
 * whose worker answer came without it, is compressed by the save as before.
 */
import type { StoredContent } from './content-codec.js';

export class PreparedContents {
  private readonly prepared = new WeakMap<Uint8Array, StoredContent>();

  set(bytes: Uint8Array, stored: StoredContent): void {
    this.prepared.set(bytes, stored);
  }

  /** the stored form prepared for these bytes (and forgotten), or undefined */
  take(bytes: Uint8Array): StoredContent | undefined {
    const stored = this.prepared.get(bytes);
    this.prepared.delete(bytes);
    return stored;
  }
}
