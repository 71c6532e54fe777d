/**
 * The today view's kept open findings (core/ports/open-findings-store.ts): `open_findings_card`, one row per card
 * with its data generation and the inputs, range and number of the kept ids (`token` names the kept set), and
 * `open_finding_id`, the ids of each kept set. Derived data: dropping both tables loses nothing but time.
 */
import { EntitySchema } from '@mikro-orm/core';
import type { ColumnTypes } from './column-types.js';

export interface OpenFindingsCardEntity {
  card_number: string;
  generation: number;
  token: string | null;
  kept_generation: number | null;
  kept_total: number | null;
  rules: string | null;
  from_day: number | null;
  to_day: number | null;
  annotations: number | null;
  withdrawn_annotations: number | null;
  establishment: string | null;
  residence: string | null;
}

export interface OpenFindingIdEntity {
  card_number: string;
  token: string;
  finding_id: string;
}

export function openFindingsSchemas(types: ColumnTypes = {}): EntitySchema<any>[] {
  const string = types.string === undefined ? {} : { columnType: types.string };
  return [
    new EntitySchema<OpenFindingsCardEntity>({
      name: 'OpenFindingsCardEntity',
      tableName: 'open_findings_card',
      properties: {
        card_number: { type: 'string', ...string, primary: true },
        generation: { type: 'integer' },
        token: { type: 'string', ...string, nullable: true },
        kept_generation: { type: 'integer', nullable: true },
        kept_total: { type: 'integer', nullable: true },
        rules: { type: 'text', nullable: true },
        from_day: { type: 'integer', nullable: true },
        to_day: { type: 'integer', nullable: true },
        annotations: { type: 'integer', nullable: true },
        withdrawn_annotations: { type: 'integer', nullable: true },
        establishment: { type: 'string', ...string, nullable: true },
        residence: { type: 'string', ...string, nullable: true },
      },
    }),
    new EntitySchema<OpenFindingIdEntity>({
      name: 'OpenFindingIdEntity',
      tableName: 'open_finding_id',
      properties: {
        card_number: { type: 'string', ...string, primary: true },
        token: { type: 'string', ...string, primary: true },
        finding_id: { type: 'string', ...string, primary: true },
      },
      // from a review to the kept sets holding its finding
      indexes: [{ name: 'open_finding_id_finding_index', properties: ['finding_id'] }],
    }),
  ];
}
