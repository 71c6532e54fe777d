/**
 * Imports to store in the conformance suites: a NewImport built from parsed-card rows (core/use-cases/testing), with
 * unique content unless given, and the store type the suites open and close.
 */
import type { TAP } from 'tap';
import { createHash } from 'node:crypto';
import type { ImportRow, ImportStatus, ParsedCard } from '../core/domain/rows.js';
import type { ImportStore, NewImport } from '../core/ports/import-store.js';
import type { Hasher } from '../core/ports/hasher.js';
import type { SqlImportStore } from '../adapters/storage/open-storage.js';
import { dayRecordsOf } from '../core/use-cases/day-records.js';
import { ts } from '../core/use-cases/testing/parsed-card-builder.js';

export type ClosableStore = ImportStore & { close(): Promise<void> };

/** A fresh database's store and a way to close and reopen the same database (a restart). */
export interface ReopenableStore {
  store: SqlImportStore;
  /** closes `store` and opens the same database again */
  reopen(): Promise<SqlImportStore>;
}

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];
/** one sub-test on a fresh store of the adapter under test, closed at its end (./storage-port.suite.ts) */
export type WithStore = (title: string, body: (t: Tap, store: ClosableStore) => Promise<void>) => void;

const hasher: Hasher = {
  sha256Hex: (bytes) => createHash('sha256').update(bytes).digest('hex'),
  sha256HexOfText: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
};

let counter = 0;

/** A NewImport for a card, with unique content unless `content` is given. */
export function newImport(
  card: ParsedCard,
  options: { archive_id?: string; content?: Uint8Array; status?: ImportStatus; imported_at?: number } = {},
): NewImport {
  counter++;
  const content = options.content ?? new TextEncoder().encode(`content ${counter} ${Math.random()}`);
  const sha = hasher.sha256Hex(content);
  const row: ImportRow = {
    // an import not verified (built rows) reads back with authenticity null, as every import row carries it
    authenticity: null,
    ...card.metadata,
    import_id: `imp_test_${counter}_${sha.slice(0, 8)}`,
    archive_id: options.archive_id ?? `arc_${sha.slice(0, 16)}`,
    file_name: `card-${counter}.ddd`,
    content_sha256: sha,
    size_bytes: content.length,
    imported_at: options.imported_at ?? ts('2026-03-02T06:15:00Z'),
    status: options.status ?? 'OK',
  };
  return { import: row, content, card, days: dayRecordsOf(card, hasher) };
}
