/**
 * An in-memory VehicleUnitStore for tests of the use cases, the analyses and the HTTP routes that read VU downloads
 * (no database; outside the production build: tsconfig.build.json leaves out every `testing/` folder). It sits in
 * core so that core's tests and the adapters' tests share it (core imports neither fixtures nor adapters).
 *
 * Imports go in as the rows of core/rows/vu-download.ts (`new FakeVehicleUnitStore([...])`) or as VU file bytes
 * (`add`: decoded, turned into those rows and the day records). It answers as core/ports/vehicle-unit-store.ts says:
 * WITHDRAWN imports take part in nothing, a QUARANTINED import's rows carry `quarantined: true`, a VIN's rows are
 * merged (each UTC day from the newest import holding it, every other row once by its identity, the newest copy),
 * an `import_id` query reads that import alone, and `range` keeps rows whose day lies in it. Detailed speed is not
 * among the rows vuRows gives: none is served.
 */
import type { ImportRow } from '../../domain/rows.js';
import { decodeVuBytes } from '../../decoder/vu/decode-vu.js';
import {
  pageOfWholeList,
  type Quarantinable,
  type VehicleUnitRecord,
  type VehicleUnitStore,
  type VuDayRow,
  type VuRowList,
  type VuRowOf,
  type VuRowPage,
  type VuRowQuery,
  type VuSpeedRow,
} from '../../ports/vehicle-unit-store.js';
import { isoDate } from '../../rows/vu-common.js';
import { vuRows, type VuRows } from '../../rows/vu-download.js';
import { dayOf, parseIsoDay, parseIsoTimestamp } from '../../time.js';
import type { DateRange, Page } from '../contracts.js';

export interface FakeVuImport {
  import_id: string;
  status: ImportRow['status'];
  imported_at: number;
  content_sha256: string;
  file_name: string | null;
  rows: VuRows;
  /** the download's day records (date and odometer at its midnight); none when left out */
  days?: Array<Pick<VuDayRow, 'date' | 'odometer_midnight_km'>>;
}

/** The import row a stored VU import reads back as (the card fields empty: a VU import has no card). */
export function fakeVuImportRow(i: FakeVuImport): ImportRow {
  return {
    import_id: i.import_id,
    archive_id: i.import_id,
    file_name: i.file_name,
    content_sha256: i.content_sha256,
    size_bytes: 0,
    imported_at: i.imported_at,
    status: i.status,
    generation: 'GEN1',
    card: null,
    driver: null,
    activity_range: { from: null, to: null, days: i.rows.import.activity_range.days },
    warnings: i.rows.import.warnings,
    authenticity: null,
  } as unknown as ImportRow;
}

const inRange = (range: DateRange, day: number | null): boolean =>
  day === null
    ? range.from === null && range.to === null
    : (range.from === null || day >= range.from) && (range.to === null || day <= range.to);

const dayOfIso = (iso: string | null): number | null => (iso === null ? null : dayOf(parseIsoTimestamp(iso)));

const vinOf = (i: FakeVuImport): string => i.rows.import.vehicle.vin ?? '';

const downloadedAt = (i: FakeVuImport): number | null =>
  i.rows.import.downloaded_at === null ? null : parseIsoTimestamp(i.rows.import.downloaded_at);

export class FakeVehicleUnitStore implements VehicleUnitStore {
  constructor(readonly stored: FakeVuImport[] = []) {}

  /** Decodes a VU file and keeps its rows and day records; answers its import id (`vu-<n>`). */
  add(bytes: Uint8Array, options: { quarantined?: boolean } = {}): string {
    const decoded = decodeVuBytes(bytes);
    const import_id = `vu-${this.stored.length + 1}`;
    const days = decoded.days
      .filter((d) => d.date !== null)
      .map((d) => ({ date: isoDate(d.date)!, odometer_midnight_km: d.odometerMidnight }));
    const status = options.quarantined ? 'QUARANTINED' : 'OK';
    const file = { import_id, status, imported_at: 0, content_sha256: import_id, file_name: null } as const;
    this.stored.push({ ...file, rows: vuRows(decoded), days });
    return import_id;
  }

  private live(): FakeVuImport[] {
    return this.stored.filter((i) => i.status !== 'WITHDRAWN');
  }

  async vehicleUnits(): Promise<VehicleUnitRecord[]> {
    const vins = [...new Set(this.live().map(vinOf))].sort();
    return vins.map((vin) => {
      const mine = this.live().filter((i) => vinOf(i) === vin);
      // newest by the VU's clock at the download, then by the order of import (reduce keeps the later on a tie)
      const newest = mine.reduce((a, b) => ((downloadedAt(b) ?? 0) >= (downloadedAt(a) ?? 0) ? b : a));
      const calibrations = mine.flatMap((i) => i.rows.calibrations).filter((c) => c.at !== null);
      const next = calibrations.sort((a, b) => a.at!.localeCompare(b.at!)).at(-1)?.next_calibration_date ?? null;
      return {
        vin,
        registration: newest.rows.import.vehicle.registration,
        vu: newest.rows.import.vu,
        newest_import: fakeVuImportRow(newest),
        downloaded_at: downloadedAt(newest),
        next_calibration: next === null ? null : parseIsoDay(next),
        overspeed_control: newest.rows.import.overspeed_control,
        imports: mine.length,
      };
    });
  }

  async vinsOfRegistration(number: string, nation: string | null): Promise<string[]> {
    return (await this.vehicleUnits())
      .filter((v) => v.registration?.number === number && (nation === null || v.registration?.nation === nation))
      .map((v) => v.vin);
  }

  /** the imports a query reads, in the order of import (newest last) */
  private sources(q: VuRowQuery): FakeVuImport[] {
    return this.live().filter((i) => (q.import_id !== null ? i.import_id === q.import_id : vinOf(i) === q.vin));
  }

  /** per UTC day (of a day record or an activity) the newest import holding it, within the range */
  private servingDay(q: VuRowQuery): Array<[string, FakeVuImport]> {
    const serving = new Map<string, FakeVuImport>();
    for (const i of this.sources(q)) {
      for (const d of i.days ?? []) serving.set(d.date, i);
      for (const a of i.rows.vu_activities) serving.set(a.date, i);
    }
    return [...serving.entries()]
      .filter(([date]) => inRange(q.range, parseIsoDay(date)))
      .sort(([a], [b]) => a.localeCompare(b));
  }

  private tag<T>(i: FakeVuImport, row: T): Quarantinable<T & { import_id: string; vin: string }> {
    return { ...row, import_id: i.import_id, vin: vinOf(i), quarantined: i.status === 'QUARANTINED' };
  }

  async days(q: VuRowQuery): Promise<Array<Quarantinable<VuDayRow>>> {
    return this.servingDay(q).flatMap(([date, i]) =>
      (i.days ?? []).filter((d) => d.date === date).map((d) => this.tag(i, d)),
    );
  }

  async activities(q: VuRowQuery) {
    return this.servingDay(q)
      .flatMap(([date, i]) => i.rows.vu_activities.filter((a) => a.date === date).map((a) => this.tag(i, a)))
      .sort((a, b) => a.start.localeCompare(b.start) || a.slot.localeCompare(b.slot));
  }

  /** rows of every source kept once by `key` (the newest copy), within the range by `day`, ordered by it */
  private once<T>(
    q: VuRowQuery,
    pick: (r: VuRows) => T[],
    key: (row: T) => string,
    day: (row: T) => string | null,
  ): Array<Quarantinable<T & { import_id: string; vin: string }>> {
    const kept = new Map<string, Quarantinable<T & { import_id: string; vin: string }>>();
    for (const i of this.sources(q)) for (const row of pick(i.rows)) kept.set(key(row), this.tag(i, row));
    return [...kept.values()]
      .filter((r) => inRange(q.range, dayOfIso(day(r))))
      .sort((a, b) => (day(a) ?? '~').localeCompare(day(b) ?? '~'));
  }

  async cardInsertions(q: VuRowQuery) {
    return this.once(
      q,
      (r) => r.card_insertions,
      (i) => `${i.card_number}|${i.slot}|${i.inserted_at}`,
      (i) => i.inserted_at,
    );
  }

  async events(q: VuRowQuery) {
    return this.once(
      q,
      (r) => r.vu_events,
      (e) => `${e.code}|${e.start}`,
      (e) => e.start,
    );
  }

  async faults(q: VuRowQuery) {
    return this.once(
      q,
      (r) => r.vu_faults,
      (e) => `${e.code}|${e.start}`,
      (e) => e.start,
    );
  }

  async overspeeding(q: VuRowQuery) {
    return this.once(
      q,
      (r) => r.overspeeding,
      (o) => `${o.start}`,
      (o) => o.start,
    );
  }

  async calibrations(q: VuRowQuery) {
    return this.once(
      q,
      (r) => r.calibrations,
      (c) => `${c.purpose.code}|${c.at}`,
      (c) => c.at,
    );
  }

  async positions(q: VuRowQuery) {
    return this.once(
      q,
      (r) => r.vu_positions,
      (p) => `${p.timestamp}|${p.source}`,
      (p) => p.timestamp,
    );
  }

  async speed(): Promise<Array<Quarantinable<VuSpeedRow>>> {
    return [];
  }

  listPage<L extends VuRowList>(list: L, q: VuRowQuery, page: Page): Promise<VuRowPage<VuRowOf<L>>> {
    return pageOfWholeList(this, list, q, page);
  }
}
