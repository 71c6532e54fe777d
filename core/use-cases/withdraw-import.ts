/**
 * Withdraw and restore an import (POST /imports/{id}/withdraw, /restore), and the explicit purge
 * (`drivercard purge --older-than`). Ports: ImportStore (withdrawImport, restoreImport, purgeImports), Clock; told
 * afterwards: `onCardChanged` (the fleet row: ./refresh-fleet-card.ts).
 *
 * - Withdraw: an import the office found wrong (another person's file, a broken download) is marked WITHDRAWN: it
 *   stays stored with its original bytes (evidence), but no basis, list, check or fleet row uses it any more. The
 *   reason (required, 1..500 characters after trimming), the time and the previous status are recorded. The store
 *   merges the card's history again for the import's days in the same transaction, under the card's lock, so a
 *   conflict that import caused disappears. Withdrawing a withdrawn import is a conflict (nothing changes).
 * - Restore: the previous status comes back (the withdrawal stays recorded with `restored_at`); restoring an import
 *   that is not withdrawn is a conflict.
 * - Purge: deletes for good every import saved (`imported_at`) before the given time, whatever its status, with its
 *   bytes and rows; the histories and fleet rows of their cards are rebuilt. Never run automatically; it is the
 *   only deletion of imports there is.
 */
import { ImportStatusConflictError, InvalidPayloadError, NotFoundError } from '../domain/errors.js';
import type { EpochSeconds, ImportRow } from '../domain/rows.js';
import type { Clock } from '../ports/clock.js';
import type { ImportStore, PurgeResult } from '../ports/import-store.js';

export const MAX_WITHDRAWAL_REASON = 500;

export interface ImportLifecycleDeps {
  store: Pick<ImportStore, 'withdrawImport' | 'restoreImport' | 'purgeImports'>;
  clock: Clock;
  /** told after a card's imports changed (its fleet row is recomputed) */
  onCardChanged?: (cardNumber: string) => Promise<void>;
}

export interface ImportLifecycleUseCases {
  withdraw(importId: string, reason: string): Promise<ImportRow>;
  restore(importId: string): Promise<ImportRow>;
  purge(importedBefore: EpochSeconds): Promise<PurgeResult>;
}

export class ImportLifecycle implements ImportLifecycleUseCases {
  constructor(private readonly deps: ImportLifecycleDeps) {}

  async withdraw(importId: string, reason: string): Promise<ImportRow> {
    const text = reason.trim();
    if (text.length === 0 || text.length > MAX_WITHDRAWAL_REASON) {
      throw new InvalidPayloadError(`Field reason must be a text of 1 to ${MAX_WITHDRAWAL_REASON} characters.`);
    }
    const result = await this.deps.store.withdrawImport(importId, { reason: text, at: this.now() });
    if (result.outcome === 'not_found') throw new NotFoundError('The import asked for does not exist.');
    if (result.outcome === 'already_withdrawn') {
      throw new ImportStatusConflictError('WITHDRAWN', 'The import is withdrawn already.');
    }
    await this.changed(result.import);
    return result.import;
  }

  async restore(importId: string): Promise<ImportRow> {
    const result = await this.deps.store.restoreImport(importId, this.now());
    if (result.outcome === 'not_found') throw new NotFoundError('The import asked for does not exist.');
    if (result.outcome === 'not_withdrawn') {
      throw new ImportStatusConflictError(result.import.status, 'Only a withdrawn import can be restored.');
    }
    await this.changed(result.import);
    return result.import;
  }

  async purge(importedBefore: EpochSeconds): Promise<PurgeResult> {
    const result = await this.deps.store.purgeImports(importedBefore);
    for (const card of result.cards) await this.deps.onCardChanged?.(card);
    return result;
  }

  private now(): EpochSeconds {
    return Math.floor(this.deps.clock.now().getTime() / 1000);
  }

  private async changed(row: ImportRow): Promise<void> {
    if (row.card.card_number !== null) await this.deps.onCardChanged?.(row.card.card_number);
  }
}
