/**
 * What a vehicle-unit import holds beyond the import row every download has (api-contract.md "Vehicle-unit
 * downloads", import): the vehicle, the VU's clock at this download, the previous download, the downloadable period,
 * the TREPs present, the VU's identification, the overspeed control data and the authenticity per TREP. Times are
 * ISO 8601 UTC text as the VU rows give them (core/rows/vu-import.ts writes them).
 */
import type { VuAuthenticity } from './vu-authenticity.js';

/** What was downloaded: a driver card (every card import) or a vehicle unit. */
export const IMPORT_KINDS = ['DRIVER_CARD', 'VEHICLE_UNIT'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface VuImportFacts {
  vehicle: { vin: string | null; registration: { nation: string | null; number: string | null } | null };
  downloaded_at: string | null;
  previous_download: { at: string | null; card_number: string | null; company_or_workshop: string | null } | null;
  data_range: { from: string | null; to: string | null };
  trep: string[];
  vu: {
    manufacturer_name: string | null;
    part_number: string | null;
    serial_number: number;
    software_version: string | null;
  } | null;
  /** VuOverSpeedingControlData of this download (null without TREP 03) */
  overspeed_control: {
    last_control_at: string | null;
    first_overspeed_since: string | null;
    overspeed_events_since: number;
  } | null;
  /** every TREP's signature and the VU and member-state certificates; null when not verified */
  authenticity: VuAuthenticity | null;
}
