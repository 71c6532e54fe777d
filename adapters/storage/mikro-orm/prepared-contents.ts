/**
 * Stored forms of import bodies computed off the event loop: the decoder pool's worker compresses the bytes it has
 * just decoded (./content-codec.ts `encodeContentSync`, checked there by inflating them back) and packs the
 * activity intervals it decoded into the rows of `activity_day` (./activity-pack.ts `packedDays`), and the save
 * takes those forms instead of making them again on the main thread. Keyed by the very bytes object the import use
 * case decodes and then saves, so nothing is held once the request is done; taken once. A body decoded inline, or
 * one whose worker answer came without them, is compressed and packed by the save as before.
 */
import type { PackedDay } from './activity-pack.js';
import type { StoredContent } from './content-codec.js';

export class PreparedContents {
  private readonly prepared = new WeakMap<Uint8Array, StoredContent>();
  private readonly days = new WeakMap<Uint8Array, PackedDay[]>();

  set(bytes: Uint8Array, stored: StoredContent): void {
    this.prepared.set(bytes, stored);
  }

  /** the stored form prepared for these bytes (and forgotten), or undefined */
  take(bytes: Uint8Array): StoredContent | undefined {
    const stored = this.prepared.get(bytes);
    this.prepared.delete(bytes);
    return stored;
  }

  setDays(bytes: Uint8Array, days: PackedDay[]): void {
    this.days.set(bytes, days);
  }

  /** the packed activity days prepared for these bytes (and forgotten), or undefined */
  takeDays(bytes: Uint8Array): PackedDay[] | undefined {
    const days = this.days.get(bytes);
    this.days.delete(bytes);
    return days;
  }
}
