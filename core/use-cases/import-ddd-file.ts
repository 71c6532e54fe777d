/**
 * POST /parse: decode a DDD payload and persist it, idempotent by content hash.
 *
 * 1. sha-256 of the payload. Stored already → that import, `reused: true` (no decoding), when the request names no
 *    archive_id or the stored one; any other archive_id → ArchiveConflictError (naming the stored archive when
 *    the id given is free).
 * 2. Decode (DddDecodeError propagates: 422) and map to rows.
 * 3. Save import + original bytes + rows in one transaction. Inside it, under the card's lock, the store hands
 *    the card's stored holder to the holder check (`NewImport.settle`): a known card number whose stored holder
 *    differs from the file's holder (./holder-identity.ts) adds the warning `holder_mismatch`, and the status comes
 *    from the quarantine policy (which quarantines it). Checked under the lock, two parallel imports of a new card
 *    under different holders end as a sequential pair does: the first stored keeps its status, the second is
 *    flagged. The stored holder is never changed by an import. Losing a race against an identical
 *    request resolves to the winner's import (`reused: true`); an archive_id taken meanwhile → conflict.
 * A vehicle-unit download (first bytes `76` and a TREP other than 06, core/decoder/prefix.ts) goes to `decodeVu`
 * instead of the card decoder and is saved the same way (one imports table: same hash, archive_id and status rules),
 * with `kind` VEHICLE_UNIT, `card`/`driver` holding nulls, its facts in `vehicle_unit` and its rows beside it
 * (./parse-vu-import.ts); without `decodeVu` the card decoder refuses it (`vehicle_unit_download`).
 * Without archive_id the archive is derived from the content hash: `ddd-` + first 32 hex digits.
 * The answer's `conflicting_dates` are the import's own days on which the card's imports disagree after the merge
 * (./served-days.ts), new or reused alike; [] when none (or when the import has no card number).
 * Bytes are never logged or returned.
 */
import { ArchiveConflictError } from '../domain/errors.js';
import type { ImportRow, ImportStatus, ParsedCard, UtcDay, Warning } from '../domain/rows.js';
import type { Clock } from '../ports/clock.js';
import type { Hasher } from '../ports/hasher.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { ImportStore, StoredVuRows } from '../ports/import-store.js';
import type { ImportUseCase, ParseRequest, ParseResponse } from './contracts.js';
import type { CardDecoder } from './decode-card-file.js';
import { HOLDER_MISMATCH, importStatusOf } from './quarantine-policy.js';
import { holderDiffers, type CardHolder } from './holder-identity.js';
import type { DecodedVuFile, VuDecoder } from './decode-vu-file.js';
import { isVehicleUnitDownload } from '../decoder/prefix.js';
import { vuImportRow, noCardRows } from './parse-vu-import.js';

export interface ImportDddFileDeps {
  store: ImportStore;
  hasher: Hasher;
  clock: Clock;
  ids: IdGenerator;
  /** bytes → rows and day records: the decoder pool in the service, `withDayRecords(decodeCardFile, hasher)` in tests */
  decodeCard: CardDecoder;
  /** bytes of a vehicle-unit download → its rows (./decode-vu-file.ts); absent: VU downloads are refused */
  decodeVu?: VuDecoder;
  /** DRIVERCARD_REQUIRE_VERIFIED=yes: quarantine every import whose authenticity is not VERIFIED */
  requireVerified?: boolean;
  /** told after an import was stored or found stored (the fleet summary: ./refresh-fleet-card.ts) */
  onStored?: (row: ImportRow, card: ParsedCard | null) => Promise<void>;
}

/** What the save stores beside a VU import row: the rows the pool prepared, or the decoded rows without the summary. */
function storedVuRows(decoded: DecodedVuFile): StoredVuRows {
  if ('prepared' in decoded) return { prepared: decoded.prepared };
  const { import: _summary, ...rows } = decoded.rows;
  return { rows, days: decoded.days, speed: decoded.speed };
}

export function archiveIdForContent(sha256: string): string {
  return `ddd-${sha256.slice(0, 32)}`;
}

export class ImportDddFile implements ImportUseCase {
  constructor(private readonly deps: ImportDddFileDeps) {}

  async parse(request: ParseRequest): Promise<ParseResponse> {
    const { store, hasher, clock, ids, decodeCard } = this.deps;
    const sha = hasher.sha256Hex(request.content);
    const known = await store.findImport({ kind: 'content_sha256', value: sha });
    if (known) return this.reuse(known, request.archive_id);
    if (request.archive_id !== null) {
      const holder = await store.findImport({ kind: 'archive_id', value: request.archive_id });
      // an identical request may have stored it between the two look-ups
      if (holder)
        return holder.content_sha256 === sha
          ? this.reuse(holder, null)
          : Promise.reject(archiveConflict(request.archive_id));
    }
    if (this.deps.decodeVu && isVehicleUnitDownload(request.content.subarray(0, 2)))
      return this.parseVu(request, sha, this.deps.decodeVu);
    const { card, days, stored_form } = await decodeCard(request.content);
    const row: ImportRow = {
      import_id: ids.newImportId(),
      archive_id: request.archive_id ?? archiveIdForContent(sha),
      file_name: request.file_name,
      content_sha256: sha,
      size_bytes: request.content.byteLength,
      imported_at: Math.floor(clock.now().getTime() / 1000),
      generation: card.metadata.generation,
      status: this.statusOf(card.metadata.warnings, card.metadata.authenticity),
      card: card.metadata.card,
      driver: card.metadata.driver,
      activity_range: card.metadata.activity_range,
      warnings: card.metadata.warnings,
      authenticity: card.metadata.authenticity ?? null,
    };
    const saved = await store.saveImport({
      import: row,
      content: request.content,
      ...(stored_form && { stored_form }),
      card,
      days,
      settle: (stored) => this.checkedHolder(row, stored),
    });
    return this.answer(saved, request, sha, card, days);
  }

  /** A VU download: decoded by `decodeVu`, saved with its rows (no card history, no holder check). */
  private async parseVu(request: ParseRequest, sha: string, decodeVu: VuDecoder): Promise<ParseResponse> {
    const { ids, clock } = this.deps;
    const decoded = await decodeVu(request.content);
    const row = vuImportRow(decoded.rows.import, {
      import_id: ids.newImportId(),
      archive_id: request.archive_id ?? archiveIdForContent(sha),
      file_name: request.file_name,
      content_sha256: sha,
      size_bytes: request.content.byteLength,
      imported_at: Math.floor(clock.now().getTime() / 1000),
      requireVerified: this.deps.requireVerified ?? false,
    });
    const saved = await this.deps.store.saveImport({
      import: row,
      content: request.content,
      ...(decoded.stored_form && { stored_form: decoded.stored_form }),
      card: noCardRows(row),
      days: [],
      vu: storedVuRows(decoded),
    });
    return this.answer(saved, request, sha, null, []);
  }

  /** The parse answer of a save's outcome (a card's `card`/`days`; null/[] for a VU, which has no card history). */
  private async answer(
    saved: Awaited<ReturnType<ImportStore['saveImport']>>,
    request: ParseRequest,
    sha: string,
    card: ParsedCard | null,
    days: ReadonlyArray<{ date: UtcDay }>,
  ): Promise<ParseResponse> {
    const { store } = this.deps;
    switch (saved.outcome) {
      case 'created': {
        // told once durable: the fleet summary is computed after the answer, from the mark the save wrote (told
        // while the disk synced, its work delayed the sync's completion and the answer: 1 client, SQLite,
        // ~0.9 → ~0.5 ms an fsync, +15–25 % files/s)
        if (card !== null) card.metadata.warnings = saved.import.warnings;
        await this.deps.onStored?.(saved.import, card);
        const conflicting =
          saved.conflicting_dates === undefined
            ? await this.conflictingDates(
                saved.import,
                days.map((d) => d.date),
              )
            : withinActivityRange(saved.import, saved.conflicting_dates);
        return { ...saved.import, reused: false, conflicting_dates: conflicting };
      }
      case 'duplicate_content':
        return this.reuse(saved.import, request.archive_id);
      case 'archive_taken': {
        // lost the race against an identical request with the same archive_id: that is a reuse, not a conflict
        const same = await store.findImport({ kind: 'content_sha256', value: sha });
        if (same) return this.reuse(same, request.archive_id);
        throw archiveConflict(saved.import.archive_id);
      }
    }
  }

  /**
   * The content is stored already: answered with its import when the request names no archive_id or the one it is
   * kept under. Another archive_id is a conflict, naming the stored archive and import: an archive holds one import
   * and a content one archive, so the new id is neither recorded nor silently dropped.
   */
  private async reuse(known: ImportRow, archiveId: string | null): Promise<ParseResponse> {
    if (archiveId !== null && archiveId !== known.archive_id) {
      const holder = await this.deps.store.findImport({ kind: 'archive_id', value: archiveId });
      if (holder) throw archiveConflict(archiveId);
      throw new ArchiveConflictError(
        'The content is stored already under another archive_id (named in archive_id, with its import_id).',
        { archive_id: known.archive_id, import_id: known.import_id },
      );
    }
    await this.deps.onStored?.(known, null);
    const conflicting = known.status === 'WITHDRAWN' ? [] : await this.conflictingDates(known, null);
    return { ...known, reused: true, conflicting_dates: conflicting };
  }

  private statusOf(warnings: readonly Warning[], authenticity: ImportRow['authenticity']): ImportStatus {
    return importStatusOf(warnings, authenticity?.status ?? null, this.deps.requireVerified ?? false);
  }

  /** The row with `holder_mismatch` (and the status it gives) when the stored holder is someone else. */
  private checkedHolder(row: ImportRow, stored: CardHolder | null): ImportRow {
    if (stored === null || !holderDiffers(stored, row.driver)) return row;
    const warnings = [...row.warnings, HOLDER_MISMATCH_WARNING];
    return { ...row, warnings, status: this.statusOf(warnings, row.authenticity) };
  }

  /** The import's days that are conflicts of its card's history (`days` null: read from the store). */
  private async conflictingDates(row: ImportRow, days: UtcDay[] | null): Promise<UtcDay[]> {
    const cardNumber = row.card.card_number;
    const { from, to } = row.activity_range;
    if (cardNumber === null || from === null || to === null) return [];
    const { conflicts } = await this.deps.store.cardHistory(cardNumber, { from, to });
    if (conflicts.length === 0) return [];
    const own = new Set(
      days ??
        (await this.deps.store.dayRecords({ kind: 'import', import_id: row.import_id }, { from, to })).map(
          (d) => d.date,
        ),
    );
    return conflicts.filter((d) => own.has(d));
  }
}

/** The dates within the import's activity range (none without a card number or a range), as conflictingDates reads. */
function withinActivityRange(row: ImportRow, dates: readonly UtcDay[]): UtcDay[] {
  const { from, to } = row.activity_range;
  if (row.card.card_number === null || from === null || to === null) return [];
  return dates.filter((d) => d >= from && d <= to);
}

const HOLDER_MISMATCH_WARNING: Warning = {
  code: HOLDER_MISMATCH,
  // names are personal data: the message says which field differs, never the values
  message:
    'The card holder (surname, first names or birth date) differs from the holder stored for this card number; the import is quarantined and the stored holder is kept.',
};

function archiveConflict(_archiveId: string): ArchiveConflictError {
  return new ArchiveConflictError('The archive_id given already holds different content.'); // values are never echoed
}
