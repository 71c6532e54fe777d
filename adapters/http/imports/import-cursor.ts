/**
 * The cursor of `GET /imports?imported_since=`: an opaque text to the client, `c` and a change number here
 * (core/ports/import-store.ts importChanges). The letter makes an import time or a date sent by mistake a 400
 * invalid_filter instead of a cursor that silently lists nothing.
 */
import { queryParameterSchemas } from '../shared/query.schema.js';

export const IMPORT_CURSOR_PATTERN = queryParameterSchemas.imported_since.pattern;

/** The change number of a cursor the query schema accepted. */
export function changeOfCursor(cursor: string): number {
  return Number(cursor.slice(1));
}

export function cursorOfChange(change: number): string {
  return `c${change}`;
}
