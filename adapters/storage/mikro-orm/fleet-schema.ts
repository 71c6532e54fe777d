/**
 * The fleet summary table (issue 12): one row per card, written when an import of the card is stored
 * (core/use-cases/refresh-fleet-card.ts) and read by the fleet overview without touching the row tables.
 * Times are epoch seconds, dates epoch days; `last_download_s` is stored beside its two sources so the
 * database can filter and sort by it; `search_text` is the lower-cased names and card number for `q`.
 */
import { EntitySchema } from '@mikro-orm/core';
import type { ColumnTypes } from './schema.js';

export interface FleetCardEntity {
  card_number: string;
  surname: string | null;
  first_names: string | null;
  issuing_member_state: string | null;
  search_text: string;
  /** lower-cased surname and first names, the key of sort=surname */
  name_key: string | null;
  expiry_day: number | null;
  card_download_s: number | null;
  activity_end_s: number | null;
  last_download_s: number | null;
  /** JSON array of epoch days */
  recorded_days: string;
  imports: number;
  quarantined_imports: number;
  conflicting_days: number;
  authenticity_status: string | null;
  f_violation: number;
  f_potential: number;
  f_incomplete: number;
  f_mi: number;
  f_si: number;
  f_vsi: number;
  f_msi: number;
  findings_evaluated: number;
}

export const FLEET_CARD_COLUMNS = [
  'card_number', 'surname', 'first_names', 'issuing_member_state', 'search_text', 'name_key', 'expiry_day',
  'card_download_s', 'activity_end_s', 'last_download_s', 'recorded_days', 'imports', 'quarantined_imports',
  'conflicting_days', 'authenticity_status', 'f_violation', 'f_potential', 'f_incomplete', 'f_mi', 'f_si', 'f_vsi',
  'f_msi', 'findings_evaluated',
] as const satisfies readonly (keyof FleetCardEntity)[];

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
        surname: { type: 'string', ...string, nullable: true },
        first_names: { type: 'string', ...string, nullable: true },
        issuing_member_state: { type: 'string', ...string, nullable: true },
        search_text: { type: 'string', ...string },
        name_key: { type: 'string', ...string, nullable: true },
        expiry_day: { type: 'integer', nullable: true, index: 'fleet_card_expiry_index' },
        card_download_s: { type: 'integer', ...seconds, nullable: true },
        activity_end_s: { type: 'integer', ...seconds, nullable: true },
        last_download_s: { type: 'integer', ...seconds, nullable: true, index: 'fleet_card_last_download_index' },
        recorded_days: { type: 'text' },
        imports: counter,
        quarantined_imports: counter,
        conflicting_days: counter,
        authenticity_status: { type: 'string', ...string, nullable: true },
        f_violation: counter,
        f_potential: counter,
        f_incomplete: counter,
        f_mi: counter,
        f_si: counter,
        f_vsi: counter,
        f_msi: counter,
        findings_evaluated: counter,
      },
    }),
  ];
}
