/**
 * POST /parse: decode a DDD payload and persist it, idempotent by content hash.
 *
 * 1. sha-256 of the payload. Stored already → that import, `reused: true` (no decoding).
 *    If the request names an archive_id that holds OTHER content → ArchiveConflictError.
 * 2. Decode (DddDecodeError propagates: 422) and map to rows; status from the quarantine policy.
 * 3. Save import + original bytes + rows in one transaction. Losing a race against an identical
 *    request resolves to the winner's import (`reused: true`); an archive_id taken meanwhile → conflict.
 * Without archive_id the archive is derived from the content hash: `ddd-` + first 32 hex digits.
 * Bytes are never logged or returned.
 */
import { ArchiveConflictError } from '../domain/errors.js';
import type { ImportRow, ParsedCard } from '../domain/rows.js';
import type { Clock } from '../ports/clock.js';
import type { Hasher } from '../ports/hasher.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { ImportStore } from '../ports/import-store.js';
import type { ImportUseCase, ParseRequest, ParseResponse } from './contracts.js';
import type { CardDecoder } from './decode-card-file.js';
import { importStatusOf } from './quarantine-policy.js';

export interface ImportDddFileDeps {
  store: ImportStore;
  hasher: Hasher;
  clock: Clock;
  ids: IdGenerator;
  /** bytes → rows and day records: the decoder pool in the service, `withDayRecords(decodeCardFile, hasher)` in tests */
  decodeCard: CardDecoder;
  /** DRIVERCARD_REQUIRE_VERIFIED=yes: quarantine every import whose authenticity is not VERIFIED */
  requireVerified?: boolean;
  /** told after an import was stored or found stored (the fleet summary: ./refresh-fleet-card.ts) */
  onStored?: (row: ImportRow, card: ParsedCard | null) => Promise<void>;
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
      if (holder) return holder.content_sha256 === sha ? { ...holder, reused: true } : Promise.reject(archiveConflict(request.archive_id));
    }
    const { card, days } = await decodeCard(request.content);
    const row: ImportRow = {
      import_id: ids.newImportId(),
      archive_id: request.archive_id ?? archiveIdForContent(sha),
      file_name: request.file_name,
      content_sha256: sha,
      size_bytes: request.content.byteLength,
      imported_at: Math.floor(clock.now().getTime() / 1000),
      generation: card.metadata.generation,
      status: importStatusOf(card.metadata.warnings, card.metadata.authenticity?.status ?? null, this.deps.requireVerified ?? false),
      card: card.metadata.card,
      driver: card.metadata.driver,
      activity_range: card.metadata.activity_range,
      warnings: card.metadata.warnings,
      authenticity: card.metadata.authenticity ?? null,
    };
    const saved = await store.saveImport({ import: row, content: request.content, card, days });
    switch (saved.outcome) {
      case 'created':
        await this.deps.onStored?.(saved.import, card);
        return { ...saved.import, reused: false };
      case 'duplicate_content':
        return this.reuse(saved.import, request.archive_id);
      case 'archive_taken': {
        // lost the race against an identical request with the same archive_id: that is a reuse, not a conflict
        const same = await store.findImport({ kind: 'content_sha256', value: sha });
        if (same) return this.reuse(same, request.archive_id);
        throw archiveConflict(row.archive_id);
      }
    }
  }

  /** The content is stored already; an archive_id naming a different archive that exists is a conflict. */
  private async reuse(known: ImportRow, archiveId: string | null): Promise<ParseResponse> {
    if (archiveId !== null && archiveId !== known.archive_id) {
      const holder = await this.deps.store.findImport({ kind: 'archive_id', value: archiveId });
      if (holder) throw archiveConflict(archiveId);
    }
    await this.deps.onStored?.(known, null);
    return { ...known, reused: true };
  }
}

function archiveConflict(_archiveId: string): ArchiveConflictError {
  return new ArchiveConflictError('The archive_id given already holds different content.'); // values are never echoed
}
