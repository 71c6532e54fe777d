/**
 * What lets an integration follow changes and repeat a POST safely:
 * - `change_counter`: one row (`id` 1) holding the last change number handed out. A write that changes an import
 *   (its save, withdrawal or restore) takes the next number by updating this row in its own transaction, as its
 *   last write before the commit (../imports/import-changes.ts). The row's lock is held until the commit, so the
 *   numbers are handed out in commit order on PostgreSQL (a second writer waits for the first one's commit and then
 *   reads its number) as on SQLite (one writer at a time): a reader that sees number N sees every number below it.
 *   The import keeps its latest number in `imports.change_number` (unique).
 * - `idempotency_key`: the answer of a POST that created a record, under the client's `Idempotency-Key`
 *   (../idempotency/idempotency-store.ts): the request's fingerprint, and once answered its status, body and
 *   Location; `created_at` (epoch seconds) says when a key may be forgotten.
 */
import { EntitySchema } from '@mikro-orm/core';
import type { ColumnTypes } from './column-types.js';

export interface ChangeCounterEntity {
  id: number;
  last: number;
}

export interface IdempotencyKeyEntity {
  key: string;
  fingerprint: string;
  /** null while the first request is being answered */
  status: number | null;
  body: string | null;
  location: string | null;
  created_at: number;
}

export function changesSchemas(types: ColumnTypes = {}): EntitySchema<any>[] {
  const string = types.string === undefined ? {} : { columnType: types.string };
  const seconds = types.seconds === undefined ? {} : { columnType: types.seconds };
  return [
    new EntitySchema<ChangeCounterEntity>({
      name: 'ChangeCounterEntity',
      tableName: 'change_counter',
      properties: {
        id: { type: 'integer', primary: true, autoincrement: false },
        last: { type: 'integer' },
      },
    }),
    new EntitySchema<IdempotencyKeyEntity>({
      name: 'IdempotencyKeyEntity',
      tableName: 'idempotency_key',
      properties: {
        key: { type: 'string', ...string, primary: true },
        fingerprint: { type: 'string', ...string },
        status: { type: 'integer', nullable: true },
        body: { type: 'text', nullable: true },
        location: { type: 'text', nullable: true },
        created_at: { type: 'integer', ...seconds, index: 'idempotency_key_created_at_index' },
      },
    }),
  ];
}
