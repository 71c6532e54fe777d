/**
 * The fleet summary table: one row per card, written when an import of the card is stored
 * (core/use-cases/refresh-fleet-card.ts) and read by the fleet overview without touching the row tables.
 * The row is stored whole as JSON (`record_json`); beside it only the columns the database filters, sorts
 * and counts by (epoch seconds, epoch days, counts, lower-cased text).
 */
import { EntitySchema } from '@mikro-orm/core';
import type { ColumnTypes } from './column-types.js';
import { POSTGRES_SEARCH, TRIGRAM_INDEX } from '../fleet/fleet-search.js';

export interface FleetCardEntity {
  card_number: string;
  /** the whole FleetCardRecord as JSON: a listing reads this one column per row (fast in both drivers) */
  record_json: string;
  /** lower-cased surname, first names and card number, for `q` */
  search_text: string;
  /** lower-cased surname and first names, the key of sort=surname */
  name_key: string | null;
  expiry_day: number | null;
  last_download_s: number | null;
  f_violation: number;
  f_potential: number;
  f_incomplete: number;
  /** the most serious finding's rank (core/fleet/fleet-card.ts findingRank), the first key of sort=findings */
  f_rank: number;
  /** 1 when the pre-check could not evaluate the card's last 4 weeks */
  f_unevaluated: number;
}

/** The fleet's counters (./fleet-counts.ts), kept by triggers on `fleet_card`. */
export interface FleetCountEntity {
  kind: number;
  bucket: number;
  n: number;
}

export const FLEET_CARD_COLUMNS = [
  'card_number',
  'record_json',
  'search_text',
  'name_key',
  'expiry_day',
  'last_download_s',
  'f_violation',
  'f_potential',
  'f_incomplete',
  'f_rank',
  'f_unevaluated',
] as const satisfies readonly (keyof FleetCardEntity)[];

/**
 * The default order of the fleet list (sort=due, ascending: last download, then expiry, unknown values last,
 * then card number), as an index with the very expressions of the ORDER BY (../fleet/fleet-store.ts), so a
 * listing walks the index instead of sorting every row with its record.
 */
export const DUE_INDEX =
  'CREATE INDEX IF NOT EXISTS fleet_card_due_index ON fleet_card ((CASE WHEN last_download_s IS NULL THEN 1 ELSE 0 END), ' +
  'last_download_s, (CASE WHEN expiry_day IS NULL THEN 1 ELSE 0 END), expiry_day, card_number)';

/**
 * The default order of the fleet list (sort=findings, descending: the most serious finding, then not evaluated, then
 * the counts, then card number in byte order) as an index with the columns of its ORDER BY, for the same reason.
 */
export const findingsIndex = (byteOrder = ''): string =>
  'CREATE INDEX IF NOT EXISTS fleet_card_findings_index ON fleet_card (f_rank DESC, f_unevaluated DESC, f_violation DESC, ' +
  `f_potential DESC, f_incomplete DESC, card_number${byteOrder})`;

export function fleetEntitySchemas(types: ColumnTypes = {}): EntitySchema<any>[] {
  const string = types.string === undefined ? {} : { columnType: types.string };
  const seconds = types.seconds === undefined ? {} : { columnType: types.seconds };
  const counter = { type: 'integer', default: 0 } as const;
  return [
    new EntitySchema<FleetCardEntity>({
      name: 'FleetCardEntity',
      tableName: 'fleet_card',
      properties: {
        card_number: { type: 'string', ...string, primary: true },
        record_json: { type: 'text' },
        search_text: { type: 'string', ...string },
        name_key: { type: 'string', ...string, nullable: true },
        expiry_day: { type: 'integer', nullable: true, index: 'fleet_card_expiry_index' },
        last_download_s: { type: 'integer', ...seconds, nullable: true, index: 'fleet_card_last_download_index' },
        f_violation: counter,
        f_potential: counter,
        f_incomplete: counter,
        f_rank: counter,
        f_unevaluated: counter,
      },
      indexes: [
        { name: 'fleet_card_due_index', expression: DUE_INDEX },
        { name: 'fleet_card_findings_index', expression: findingsIndex(types.byteOrder) },
        // the summary's counts of cards not evaluated and of evaluated cards with violations
        { name: 'fleet_card_evaluation_index', properties: ['f_unevaluated', 'f_violation'] },
        // `q` on PostgreSQL (fleet-search.ts; compared by name: the block creates pg_trgm first, or warns)
        ...(types.trigramIndex === true ? [{ name: TRIGRAM_INDEX, expression: POSTGRES_SEARCH }] : []),
      ],
    }),
    new EntitySchema<FleetCountEntity>({
      name: 'FleetCountEntity',
      tableName: 'fleet_count',
      properties: {
        kind: { type: 'integer', primary: true },
        bucket: { type: 'integer', primary: true },
        n: { type: 'integer' },
      },
    }),
  ];
}
