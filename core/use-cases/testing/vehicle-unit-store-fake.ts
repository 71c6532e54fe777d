/**
 * An in-memory VehicleUnitStore for tests of the use cases that read VU downloads (no database): it holds the rows
 * of core/rows/vu-download.ts per import, fills `import_id` and `vin`, and answers the port's queries — a VIN's
 * rows from every import of that VIN (the fixtures here never overlap, so there is nothing to merge), an import's
 * rows alone, `range` on the row's day (activities) or start. Withdrawn imports take part in nothing. Day records and
 * detailed speed are not held (no use case tested with it reads them): those queries answer no rows.
 */
import type { ImportRow } from '../../domain/rows.js';
import {
  pageOfWholeList,
  type Quarantinable,
  type VehicleUnitRecord,
  type VehicleUnitStore,
  type VuRowList,
  type VuRowOf,
  type VuRowPage,
  type VuRowQuery,
} from '../../ports/vehicle-unit-store.js';
import type { Page } from '../contracts.js';
import type { VuRows } from '../../rows/vu-download.js';
import { dayOf, parseIsoDay, parseIsoTimestamp } from '../../time.js';

export interface FakeVuImport {
  import_id: string;
  status: ImportRow['status'];
  imported_at: number;
  content_sha256: string;
  file_name: string | null;
  rows: VuRows;
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

type Keyed = { import_id: string | null; vin: string | null };

export class FakeVehicleUnitStore implements VehicleUnitStore {
  constructor(readonly stored: FakeVuImport[]) {}

  private live(): FakeVuImport[] {
    return this.stored.filter((i) => i.status !== 'WITHDRAWN');
  }

  private vinOf(i: FakeVuImport): string {
    return i.rows.import.vehicle.vin ?? '';
  }

  async vehicleUnits(): Promise<VehicleUnitRecord[]> {
    const byVin = new Map<string, FakeVuImport[]>();
    for (const i of this.live()) byVin.set(this.vinOf(i), [...(byVin.get(this.vinOf(i)) ?? []), i]);
    return [...byVin.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([vin, all]) => {
        const at = (i: FakeVuImport) =>
          i.rows.import.downloaded_at ? parseIsoTimestamp(i.rows.import.downloaded_at) : 0;
        const newest = all.reduce((a, b) => (at(b) > at(a) ? b : a));
        const next = all
          .flatMap((i) => i.rows.calibrations)
          .sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''))
          .at(-1)?.next_calibration_date;
        return {
          vin,
          registration: newest.rows.import.vehicle.registration,
          vu: newest.rows.import.vu,
          newest_import: fakeVuImportRow(newest),
          downloaded_at: newest.rows.import.downloaded_at ? at(newest) : null,
          next_calibration: next ? parseIsoDay(next) : null,
          overspeed_control: newest.rows.import.overspeed_control,
          imports: all.length,
        };
      });
  }

  async vinsOfRegistration(number: string, nation: string | null): Promise<string[]> {
    return (await this.vehicleUnits())
      .filter((v) => v.registration?.number === number && (nation === null || v.registration?.nation === nation))
      .map((v) => v.vin);
  }

  private rows<T extends Keyed>(
    query: VuRowQuery,
    pick: (r: VuRows) => readonly T[],
    dayOfRow: (r: T) => number | null,
  ): Array<Quarantinable<T>> {
    const out: Array<Quarantinable<T>> = [];
    for (const i of this.live()) {
      if (query.import_id !== null ? i.import_id !== query.import_id : this.vinOf(i) !== query.vin) continue;
      for (const r of pick(i.rows)) {
        const d = dayOfRow(r);
        if (d !== null && query.range.from !== null && d < query.range.from) continue;
        if (d !== null && query.range.to !== null && d > query.range.to) continue;
        out.push({ ...r, import_id: i.import_id, vin: this.vinOf(i), quarantined: i.status === 'QUARANTINED' });
      }
    }
    return out;
  }

  days(): ReturnType<VehicleUnitStore['days']> {
    return Promise.resolve([]);
  }
  async activities(q: VuRowQuery) {
    return this.rows(
      q,
      (r) => r.vu_activities,
      (r) => parseIsoDay(r.date),
    );
  }
  async cardInsertions(q: VuRowQuery) {
    return this.rows(
      q,
      (r) => r.card_insertions,
      (r) => startDay(r.inserted_at),
    );
  }
  async events(q: VuRowQuery) {
    return this.rows(
      q,
      (r) => r.vu_events,
      (r) => startDay(r.start),
    );
  }
  async faults(q: VuRowQuery) {
    return this.rows(
      q,
      (r) => r.vu_faults,
      (r) => startDay(r.start),
    );
  }
  async overspeeding(q: VuRowQuery) {
    return this.rows(
      q,
      (r) => r.overspeeding,
      (r) => startDay(r.start),
    );
  }
  async calibrations(q: VuRowQuery) {
    return this.rows(
      q,
      (r) => r.calibrations,
      (r) => startDay(r.at),
    );
  }
  async positions(q: VuRowQuery) {
    return this.rows(
      q,
      (r) => r.vu_positions,
      (r) => startDay(r.timestamp),
    );
  }
  speed(): ReturnType<VehicleUnitStore['speed']> {
    return Promise.resolve([]);
  }
  listPage<L extends VuRowList>(list: L, q: VuRowQuery, page: Page): Promise<VuRowPage<VuRowOf<L>>> {
    return pageOfWholeList(this, list, q, page);
  }
}

const startDay = (iso: string | null): number | null => (iso === null ? null : dayOf(parseIsoTimestamp(iso)));
