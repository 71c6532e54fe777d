/**
 * A restore from a backup of originals (adapters/storage/backup/originals-backup.ts): every original is imported
 * again through the import use case (./import-ddd-file.ts), in the order the source stored them, so its rows, the
 * card's history and the fleet row are built by today's code, as a new import would be. What the office recorded
 * about each import stays as recorded: its import_id (the clock and the id generator of the replay answer the
 * recorded ones), archive_id, file name, `imported_at`, status, and the withdrawal with its reason and times.
 *
 * - The recorded SHA-256 is checked before anything is written: an original whose bytes changed, or whose content
 *   is stored already (held twice), is refused (RecordedOriginalChanged): the import would record another hash
 *   than the evidence's, or answer the stored import instead of storing this one.
 * - Status: the recorded one (before a withdrawal, the status it had then) replaces the one the policy gives
 *   today: a file quarantined under DRIVERCARD_REQUIRE_VERIFIED or by an older trust store stays quarantined.
 * - Withdrawals and restores are replayed at their moment among the imports (each one before the first import
 *   stored in a later second; times are whole seconds, so one of the same second as an import comes after it), so
 *   the holder check of a later import (./holder-identity.ts, which leaves withdrawn imports out) and the fleet row
 *   see the imports the source's saw; `finish` replays those after the last import.
 */
import type { EpochSeconds, ImportRow, ImportStatus, ImportWithdrawal, ParsedCard } from '../domain/rows.js';
import type { Hasher } from '../ports/hasher.js';
import type { ImportStore, NewImport } from '../ports/import-store.js';
import type { CardDecoder } from './decode-card-file.js';
import { ImportDddFile } from './import-ddd-file.js';

/** One original as a backup holds it: its bytes and what was recorded about its import. */
export interface RecordedOriginal {
  import_id: string;
  archive_id: string;
  file_name: string | null;
  content_sha256: string;
  imported_at: EpochSeconds;
  status: ImportStatus;
  /** the latest withdrawal (null: never withdrawn) */
  withdrawal: ImportWithdrawal | null;
  content: Uint8Array;
}

/** The original's bytes do not hash to the recorded SHA-256 (or it is stored twice): nothing of it was written. */
export class RecordedOriginalChanged extends Error {
  constructor(readonly import_id: string) {
    super(`the original of import ${import_id} does not match its recorded SHA-256 or is held twice`);
  }
}

export interface ReplayImportsDeps {
  store: ImportStore;
  hasher: Hasher;
  decodeCard: CardDecoder;
  requireVerified?: boolean;
  /** told after an import was stored (the fleet row: ./refresh-fleet-card.ts) */
  onStored?: (row: ImportRow, card: ParsedCard | null) => Promise<void>;
  /** told after a card's imports changed by a replayed withdrawal or restore */
  onCardChanged?: (cardNumber: string) => Promise<void>;
}

interface LifecycleEvent {
  at: EpochSeconds;
  import_id: string;
  kind: 'withdraw' | 'restore';
  reason: string;
}

export class ReplayImports {
  /** withdrawals and restores not replayed yet, in time order */
  private pending: LifecycleEvent[] = [];

  constructor(private readonly deps: ReplayImportsDeps) {}

  /** Imports the original again as recorded; the withdrawals recorded before its moment are replayed first. */
  async replay(original: RecordedOriginal): Promise<void> {
    await this.replayEventsBefore(original.imported_at);
    const sha = this.deps.hasher.sha256Hex(original.content);
    if (sha !== original.content_sha256 || (await this.deps.store.findImport({ kind: 'content_sha256', value: sha })))
      throw new RecordedOriginalChanged(original.import_id);
    const status = original.withdrawal?.previous_status ?? original.status;
    const useCase = new ImportDddFile({
      store: keepingStatus(this.deps.store, status),
      hasher: this.deps.hasher,
      clock: { now: () => new Date(original.imported_at * 1000) },
      ids: { newImportId: () => original.import_id },
      decodeCard: this.deps.decodeCard,
      requireVerified: this.deps.requireVerified ?? false,
      ...(this.deps.onStored && { onStored: this.deps.onStored }),
    });
    await useCase.parse({ file_name: original.file_name, content: original.content, archive_id: original.archive_id });
    this.schedule(original);
  }

  /** Replays the withdrawals and restores recorded after the last import. */
  async finish(): Promise<void> {
    await this.replayEventsBefore(Number.POSITIVE_INFINITY);
  }

  private schedule(original: RecordedOriginal): void {
    const w = original.withdrawal;
    if (w === null) return;
    const id = original.import_id;
    this.pending.push({ at: w.withdrawn_at, import_id: id, kind: 'withdraw', reason: w.reason });
    if (w.restored_at !== null) this.pending.push({ at: w.restored_at, import_id: id, kind: 'restore', reason: '' });
    // stable: a withdrawal and its restore in the same second keep their order
    this.pending.sort((a, b) => a.at - b.at);
  }

  /** The withdrawals and restores recorded before `moment`; those of the same second come after its import. */
  private async replayEventsBefore(moment: number): Promise<void> {
    while (this.pending.length > 0 && this.pending[0]!.at < moment) {
      const event = this.pending.shift()!;
      const result =
        event.kind === 'withdraw'
          ? await this.deps.store.withdrawImport(event.import_id, { reason: event.reason, at: event.at })
          : await this.deps.store.restoreImport(event.import_id, event.at);
      const card = 'import' in result ? result.import.card.card_number : null;
      if (card !== null) await this.deps.onCardChanged?.(card);
    }
  }
}

/** The store, its imports saved with `status` whatever the policy gave (the holder check still runs first). */
function keepingStatus(store: ImportStore, status: ImportStatus): ImportStore {
  const saveImport = (input: NewImport) =>
    store.saveImport({
      ...input,
      import: { ...input.import, status },
      settle: (holder) => ({ ...(input.settle?.(holder) ?? input.import), status }),
    });
  return new Proxy(store, {
    get(target, key) {
      if (key === 'saveImport') return saveImport;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
