/**
 * The vehicle-unit port: what the use cases read of stored VU downloads (api-contract.md "Vehicle-unit
 * downloads"). A VU import is saved through the ImportStore with the card imports (one `imports` table: one
 * content hash, one archive_id, withdraw/restore/purge alike); this port reads its rows.
 *
 * Contract (checked on both databases by conformance/vehicle-unit-store.suite.ts):
 * - Rows come in the shapes of core/rows/vu-*.ts with `import_id` and `vin` filled. Rows of a QUARANTINED import
 *   carry `quarantined: true`; WITHDRAWN imports take part in nothing (as for cards).
 * - Successive downloads of one VU overlap (a VU keeps about a year of days and hands over all of them, Annex IC
 *   Appendix 7 DDP_012/Annex IC 3.12.3), so a VIN's rows are merged: each UTC day's activities and day record come
 *   from the newest import (largest sequence) holding that day; insertions, events, faults, overspeeding,
 *   calibrations and positions are each kept once (the newest copy) by their identity (card and insertion time;
 *   code and start; purpose and time; timestamp and source).
 * - A `VuRowQuery` with `import_id` reads that import alone (no merge); with `vin` the VIN's merged rows.
 *   Lists are ordered by time, then slot / a stable key; `range` keeps rows whose day (or start) lies in it.
 * - `listPage` answers one page of a list, exactly `limit` rows from `offset` of what the list's own method answers,
 *   and how many rows that whole list holds.
 */
import type { EpochSeconds, ImportRow, UtcDay } from '../domain/rows.js';
import type { VuActivityRow } from '../rows/vu-activities.js';
import type { OverspeedingRow, VuEventRow } from '../rows/vu-events.js';
import type { VuImportSummary } from '../rows/vu-import.js';
import type { CardInsertionRow } from '../rows/vu-insertions.js';
import type { CalibrationRow, VuPositionRow } from '../rows/vu-technical.js';
import type { DateRange, Page } from '../use-cases/contracts.js';

/**
 * One UTC day a VU recorded and its OdometerValueMidnight: the odometer at the END of that day, 24:00 UTC (Appendix 7
 * response message content, TREP 02/22/32: "odometer at end of downloaded day"), not at its 00:00. The day of the
 * download has not reached that midnight; the analyses leave its value out (../vehicle-units/timeline.ts).
 */
export interface VuDayRow {
  import_id: string;
  vin: string;
  date: string;
  odometer_midnight_km: number | null;
}

/** A detailed-speed block (TREP 04/24): one minute, one speed per second. */
export interface VuSpeedRow {
  import_id: string;
  vin: string;
  start: string;
  speeds_kmh: number[];
}

/** The overspeed control data of the newest download (VuOverSpeedingControlData). */
export interface OverspeedControlRow {
  last_control_at: string | null;
  first_overspeed_since: string | null;
  overspeed_events_since: number | null;
}

/** One VIN's newest download and what the fleet of vehicles needs of it. */
export interface VehicleUnitRecord {
  vin: string;
  registration: VuImportSummary['vehicle']['registration'];
  vu: VuImportSummary['vu'];
  /** the newest non-withdrawn import of this VIN (by the VU's clock at the download, then sequence) */
  newest_import: ImportRow;
  downloaded_at: EpochSeconds | null;
  /** the newest calibration's next_calibration_date over every stored download of the VIN, UTC day */
  next_calibration: UtcDay | null;
  overspeed_control: OverspeedControlRow | null;
  /** imports of this VIN that are not withdrawn */
  imports: number;
}

export type Quarantinable<T> = T & { quarantined: boolean };

export interface VuRowQuery {
  /** exactly one of the two */
  vin: string | null;
  import_id: string | null;
  range: DateRange;
}

/** The lists of rows, by the port's method that reads them. */
export const VU_ROW_LISTS = [
  'activities',
  'cardInsertions',
  'events',
  'faults',
  'overspeeding',
  'calibrations',
  'positions',
  'speed',
] as const;
export type VuRowList = (typeof VU_ROW_LISTS)[number];
export type VuRowOf<L extends VuRowList> = Awaited<ReturnType<VehicleUnitStore[L]>>[number];

/** One page of a list and the number of rows of the whole list. */
export interface VuRowPage<T> {
  items: T[];
  total: number;
}

export interface VehicleUnitStore {
  /** one record per VIN with a stored, non-withdrawn VU import, ordered by VIN */
  vehicleUnits(): Promise<VehicleUnitRecord[]>;
  /** the VINs whose registration matches (number; nation when given) */
  vinsOfRegistration(number: string, nation: string | null): Promise<string[]>;
  days(query: VuRowQuery): Promise<Array<Quarantinable<VuDayRow>>>;
  activities(query: VuRowQuery): Promise<Array<Quarantinable<VuActivityRow>>>;
  cardInsertions(query: VuRowQuery): Promise<Array<Quarantinable<CardInsertionRow>>>;
  events(query: VuRowQuery): Promise<Array<Quarantinable<VuEventRow>>>;
  faults(query: VuRowQuery): Promise<Array<Quarantinable<VuEventRow>>>;
  overspeeding(query: VuRowQuery): Promise<Array<Quarantinable<OverspeedingRow>>>;
  calibrations(query: VuRowQuery): Promise<Array<Quarantinable<CalibrationRow>>>;
  positions(query: VuRowQuery): Promise<Array<Quarantinable<VuPositionRow>>>;
  speed(query: VuRowQuery): Promise<Array<Quarantinable<VuSpeedRow>>>;
  listPage<L extends VuRowList>(list: L, query: VuRowQuery, page: Page): Promise<VuRowPage<VuRowOf<L>>>;
}

/** listPage of a store that reads whole lists (in-memory stores): the page sliced from the list. */
export async function pageOfWholeList<L extends VuRowList>(
  store: VehicleUnitStore,
  list: L,
  query: VuRowQuery,
  page: Page,
): Promise<VuRowPage<VuRowOf<L>>> {
  const rows = (await store[list](query)) as Array<VuRowOf<L>>;
  return { items: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
}
