/**
 * `vu_row`: the rows of vehicle-unit imports (core/rows/vu-*.ts and the day and speed rows of
 * core/ports/vehicle-unit-store.ts), one table for every kind of row (`row_kind`), each row's JSON in `body`
 * (docs/decisions/vu-storage.md says why). Keyed like the card's row tables by (import_pk, row_kind, seq); `vin`,
 * `day` (the row's UTC day) and `start_s` (the time it is ordered by) are columns, so a VIN's rows of one kind in a
 * range are an index range; `ident` is the row's identity across overlapping downloads (the merge of
 * adapters/storage/vehicle-units/vehicle-unit-store.ts keeps one copy per identity: the newest import's).
 */
import { EntitySchema } from '@mikro-orm/core';
import type { ColumnTypes } from './column-types.js';

export interface VuRowEntity {
  import_pk: number;
  row_kind: string;
  seq: number;
  vin: string;
  day: number | null;
  start_s: number | null;
  ident: string;
  body: string;
}

export const VU_ROW_COLUMNS = [
  'import_pk',
  'row_kind',
  'seq',
  'vin',
  'day',
  'start_s',
  'ident',
  'body',
] as const satisfies readonly (keyof VuRowEntity)[];

export function vuRowSchemas(types: ColumnTypes = {}): EntitySchema<any>[] {
  const string = types.string === undefined ? {} : { columnType: types.string };
  const seconds = types.seconds === undefined ? {} : { columnType: types.seconds };
  return [
    new EntitySchema<VuRowEntity>({
      name: 'VuRowEntity',
      tableName: 'vu_row',
      properties: {
        import_pk: { type: 'integer', primary: true, autoincrement: false },
        row_kind: { type: 'string', ...string, primary: true },
        seq: { type: 'integer', primary: true, autoincrement: false },
        vin: { type: 'string', ...string },
        day: { type: 'integer', nullable: true },
        start_s: { type: 'integer', ...seconds, nullable: true },
        ident: { type: 'text' },
        body: { type: 'text' },
      },
      indexes: [{ name: 'vu_row_vin_kind_day_index', properties: ['vin', 'row_kind', 'day'] }],
    }),
  ];
}
