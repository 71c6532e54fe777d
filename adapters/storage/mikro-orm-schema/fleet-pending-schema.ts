/**
 * `fleet_pending`: the imports whose card's fleet row (./fleet-schema.ts) has not been computed since they were
 * stored, one row per import, written in the import's own transaction (./import-save.ts) so that the mark is
 * durable with the import. The row of a marked card is computed after the import's answer
 * (core/use-cases/refresh-fleet-card.ts), and at the latest before any process reads the fleet: a mark is removed
 * only once a row computed after it was written. `card_download_s` is the EF Card_Download time of the import's
 * decoded file, which only the file carries and the fleet row keeps (the newest of its marks and of the row).
 */
import { EntitySchema } from '@mikro-orm/core';
import type { ColumnTypes } from './column-types.js';

export interface FleetPendingEntity {
  import_pk: number;
  card_number: string;
  card_download_s: number | null;
}

export const FLEET_PENDING_COLUMNS = [
  'import_pk',
  'card_number',
  'card_download_s',
] as const satisfies readonly (keyof FleetPendingEntity)[];

export function fleetPendingSchemas(types: ColumnTypes = {}): EntitySchema<any>[] {
  const string = types.string === undefined ? {} : { columnType: types.string };
  const seconds = types.seconds === undefined ? {} : { columnType: types.seconds };
  return [
    new EntitySchema<FleetPendingEntity>({
      name: 'FleetPendingEntity',
      tableName: 'fleet_pending',
      properties: {
        import_pk: { type: 'integer', primary: true, autoincrement: false },
        card_number: { type: 'string', ...string },
        card_download_s: { type: 'integer', ...seconds, nullable: true },
      },
      // a card's marks, read in their order and removed together (migration 0008: one index, no choice of plan)
      indexes: [{ name: 'fleet_pending_card_pk_index', properties: ['card_number', 'import_pk'] }],
    }),
  ];
}
