/**
 * The office's own records beside the card's data: `annotation` (one row per annotation, its withdrawal written
 * into the same row, never deleted) and `finding_review` (the append-only, hash-chained review history of each
 * finding: one row per entry, keyed by (finding_id, seq) so two concurrent reviews cannot both take the same
 * place in the chain). Times are epoch seconds.
 * Each row also keeps the number of its latest change (`change_number`, unique; ../change-feed/change-numbers.ts):
 * taken from `change_counter` when the annotation is created or withdrawn and when the review entry is appended,
 * so GET /changes lists them in one order with the imports. Not in the column lists below: a backup leaves it out
 * and the restored rows are numbered again (change_number NULL until then).
 */
import { EntitySchema } from '@mikro-orm/core';
import type { ColumnTypes } from './column-types.js';

export interface AnnotationEntity {
  annotation_id: string;
  card_number: string;
  kind: string;
  start_s: number;
  end_s: number;
  note: string | null;
  author: string;
  created_at: number;
  withdrawn_at: number | null;
  withdrawn_by: string | null;
  withdraw_reason: string | null;
  change_number: number | null;
}

export interface FindingReviewEntity {
  finding_id: string;
  seq: number;
  previous_status: string;
  status: string;
  note: string | null;
  author: string;
  at_s: number;
  prev_hash: string;
  hash: string;
  change_number: number | null;
}

export const ANNOTATION_COLUMNS = [
  'annotation_id',
  'card_number',
  'kind',
  'start_s',
  'end_s',
  'note',
  'author',
  'created_at',
  'withdrawn_at',
  'withdrawn_by',
  'withdraw_reason',
] as const satisfies readonly (keyof AnnotationEntity)[];

export const FINDING_REVIEW_COLUMNS = [
  'finding_id',
  'seq',
  'previous_status',
  'status',
  'note',
  'author',
  'at_s',
  'prev_hash',
  'hash',
] as const satisfies readonly (keyof FindingReviewEntity)[];

export function officeRecordSchemas(types: ColumnTypes = {}): EntitySchema<any>[] {
  const string = types.string === undefined ? {} : { columnType: types.string };
  const seconds = types.seconds === undefined ? {} : { columnType: types.seconds };
  return [
    new EntitySchema<AnnotationEntity>({
      name: 'AnnotationEntity',
      tableName: 'annotation',
      properties: {
        annotation_id: { type: 'string', ...string, primary: true },
        card_number: { type: 'string', ...string },
        kind: { type: 'string', ...string },
        start_s: { type: 'integer', ...seconds },
        end_s: { type: 'integer', ...seconds },
        note: { type: 'text', nullable: true },
        author: { type: 'text' },
        created_at: { type: 'integer', ...seconds },
        withdrawn_at: { type: 'integer', ...seconds, nullable: true },
        withdrawn_by: { type: 'text', nullable: true },
        withdraw_reason: { type: 'text', nullable: true },
        change_number: { type: 'integer', nullable: true, unique: 'annotation_change_number_unique' },
      },
      indexes: [{ name: 'annotation_card_start_index', properties: ['card_number', 'start_s'] }],
    }),
    new EntitySchema<FindingReviewEntity>({
      name: 'FindingReviewEntity',
      tableName: 'finding_review',
      properties: {
        finding_id: { type: 'string', ...string, primary: true },
        seq: { type: 'integer', primary: true },
        previous_status: { type: 'string', ...string },
        status: { type: 'string', ...string },
        note: { type: 'text', nullable: true },
        author: { type: 'text' },
        at_s: { type: 'integer', ...seconds },
        prev_hash: { type: 'string', ...string },
        hash: { type: 'string', ...string },
        change_number: { type: 'integer', nullable: true, unique: 'finding_review_change_number_unique' },
      },
    }),
  ];
}
