/**
 * `specific_condition`: the specific conditions of each import (EF Specific_Conditions: out of scope and ferry/train
 * crossing begin / end, core/domain/rows.ts SpecificConditionRow), one row per record, keyed like the other row
 * tables by (import_pk, seq); a card's conditions are its imports' rows, identical rows of several imports once
 * (./row-tables.ts). `specific_condition_pending` lists the imports stored before the table existed, whose conditions
 * are read again from their original bytes at start (./migrate.ts backfillSpecificConditions).
 */
import { EntitySchema } from '@mikro-orm/core';
import type { Raw, SqlValue } from '../database/dialect.js';
import type { ColumnTypes } from './column-types.js';
import type { Served } from '../../../core/use-cases/contracts.js';
import type { SpecificCondition, SpecificConditionRow } from '../../../core/domain/rows.js';

export interface SpecificConditionEntity {
  import_pk: number;
  seq: number;
  at_s: number;
  condition_type: string;
}

export const SPECIFIC_CONDITION_COLUMNS = [
  'import_pk',
  'seq',
  'at_s',
  'condition_type',
] as const satisfies readonly (keyof SpecificConditionEntity)[];
/** the columns that make two rows identical */
export const SPECIFIC_CONDITION_CONTENT = ['at_s', 'condition_type'];

/** `specific_condition_pending`: imports stored before their conditions were kept, read again at start (./migrate.ts). */
export interface SpecificConditionPendingEntity {
  import_pk: number;
}

export function specificConditionSchemas(types: ColumnTypes = {}): EntitySchema<any>[] {
  const string = types.string === undefined ? {} : { columnType: types.string };
  const seconds = types.seconds === undefined ? {} : { columnType: types.seconds };
  return [
    new EntitySchema<SpecificConditionEntity>({
      name: 'SpecificConditionEntity',
      tableName: 'specific_condition',
      properties: {
        import_pk: { type: 'integer', primary: true, autoincrement: false },
        seq: { type: 'integer', primary: true, autoincrement: false },
        at_s: { type: 'integer', ...seconds },
        condition_type: { type: 'string', ...string },
      },
    }),
    new EntitySchema<SpecificConditionPendingEntity>({
      name: 'SpecificConditionPendingEntity',
      tableName: 'specific_condition_pending',
      properties: { import_pk: { type: 'integer', primary: true, autoincrement: false } },
    }),
  ];
}

export function specificConditionValues(importPk: number, rows: readonly SpecificConditionRow[]): SqlValue[][] {
  return rows.map((row, seq) => [importPk, seq, row.at, row.condition]);
}

export function specificConditionFromRaw(raw: Raw): Served<SpecificConditionRow> {
  return {
    import_id: raw.i_import_id,
    card_number: raw.i_card_number,
    at: Number(raw.at_s),
    condition: raw.condition_type as SpecificCondition,
    quarantined: raw.i_status === 'QUARANTINED',
  };
}
