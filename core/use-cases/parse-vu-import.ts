/**
 * The import row of a vehicle-unit download (api-contract.md "Vehicle-unit downloads", import): the row every
 * import has, `kind` VEHICLE_UNIT, `card` and `driver` holding nulls (a VU download names no card holder; the HTTP
 * mapper answers them as null), the VU's facts in `vehicle_unit`, the activity range as UTC days, and the status by
 * the one quarantine policy (./quarantine-policy.ts) on the VU's warnings and its verdict.
 */
import type { ActivityRange, ImportRow, ParsedCard } from '../domain/rows.js';
import type { VuImportFacts } from '../domain/vu-import.js';
import type { VuRows } from '../rows/vu-download.js';
import { parseIsoDay } from '../time.js';
import { importStatusOf } from './quarantine-policy.js';

export interface VuImportIds {
  import_id: string;
  archive_id: string;
  file_name: string | null;
  content_sha256: string;
  size_bytes: number;
  imported_at: number;
  requireVerified: boolean;
}

/** A VU import's card fields: a vehicle-unit download holds no card. */
export const NO_CARD: ImportRow['card'] = {
  card_number: null,
  issuing_member_state: null,
  issuing_authority: null,
  issue_date: null,
  validity_begin: null,
  expiry_date: null,
};

/** A VU import's driver fields: a vehicle-unit download names no holder. */
export const NO_DRIVER: ImportRow['driver'] = {
  surname: null,
  first_names: null,
  birth_date: null,
  preferred_language: null,
  licence_issuing_nation: null,
  licence_number: null,
};

function dayOrNull(text: string | null): number | null {
  return text === null ? null : parseIsoDay(text);
}

export function vuImportRow(summary: VuRows['import'], ids: VuImportIds): ImportRow {
  const facts: VuImportFacts = {
    vehicle: summary.vehicle,
    downloaded_at: summary.downloaded_at,
    previous_download: summary.previous_download,
    data_range: summary.data_range,
    trep: summary.trep,
    vu: summary.vu,
    overspeed_control: summary.overspeed_control,
    authenticity: summary.authenticity,
  };
  const range: ActivityRange = {
    from: dayOrNull(summary.activity_range.from),
    to: dayOrNull(summary.activity_range.to),
    days: summary.activity_range.days,
  };
  return {
    import_id: ids.import_id,
    archive_id: ids.archive_id,
    file_name: ids.file_name,
    content_sha256: ids.content_sha256,
    size_bytes: ids.size_bytes,
    imported_at: ids.imported_at,
    generation: summary.generation,
    status: importStatusOf(summary.warnings, summary.authenticity?.status ?? null, ids.requireVerified),
    kind: 'VEHICLE_UNIT',
    card: { ...NO_CARD },
    driver: { ...NO_DRIVER },
    activity_range: range,
    warnings: summary.warnings,
    authenticity: null,
    vehicle_unit: facts,
  };
}

/** The card rows a VU import saves: none (its rows are the VU's, NewImport.vu). */
export function noCardRows(row: ImportRow): ParsedCard {
  return {
    metadata: {
      generation: row.generation,
      card: row.card,
      driver: row.driver,
      activity_range: row.activity_range,
      warnings: row.warnings,
    },
    activities: [],
    events: [],
    faults: [],
    vehicles_used: [],
    positions: [],
    day_distances: [],
    specific_conditions: [],
    card_download_s: null,
  };
}
