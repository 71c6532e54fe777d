/**
 * The reads of stored vehicle-unit downloads (api-contract.md "Vehicle-unit downloads"): the fleet of vehicles (one
 * record per VIN) and the VU's rows of one selection — a VIN (its downloads merged, core/ports/vehicle-unit-store.ts),
 * a registration (with its nation when given: the VINs that carried it, each merged, in VIN order) or one import —
 * in the list envelope. An import_id that names no VU import, or a withdrawn one, is not found.
 */
import { NotFoundError } from '../domain/errors.js';
import type { ImportStore } from '../ports/import-store.js';
import type {
  VehicleUnitRecord,
  VehicleUnitStore,
  VuRowList,
  VuRowOf,
  VuRowQuery,
} from '../ports/vehicle-unit-store.js';
import type { DateRange, ListResult, Page } from './contracts.js';

export type VehicleUnitSelection =
  | { kind: 'vin'; value: string }
  | { kind: 'registration'; number: string; nation: string | null }
  | { kind: 'import_id'; value: string };

export { VU_ROW_LISTS, type VuRowList, type VuRowOf } from '../ports/vehicle-unit-store.js';

function paged<T>(rows: readonly T[], page: Page): ListResult<T> {
  return {
    items: rows.slice(page.offset, page.offset + page.limit),
    total: rows.length,
    limit: page.limit,
    offset: page.offset,
    conflicts: [],
  };
}

export class VehicleUnitQueries {
  constructor(private readonly deps: { vehicleUnits: VehicleUnitStore; imports: ImportStore }) {}

  /** One record per VIN (all, or the VINs of the selection; an import selects its VIN). */
  async vehicleUnits(selection: VehicleUnitSelection | null, page: Page): Promise<ListResult<VehicleUnitRecord>> {
    const all = await this.deps.vehicleUnits.vehicleUnits();
    if (selection === null) return paged(all, page);
    const vins = new Set((await this.queries(selection, { from: null, to: null })).map((q) => q.vin));
    return paged(
      all.filter((r) => vins.has(r.vin)),
      page,
    );
  }

  async rows<L extends VuRowList>(
    list: L,
    selection: VehicleUnitSelection,
    range: DateRange,
    page: Page,
  ): Promise<ListResult<VuRowOf<L>>> {
    // the selection's lists one after the other (a registration's VINs in order), each paged by the store: of
    // each, the rows the page still lacks from where the page starts within it, and its total
    const items: Array<VuRowOf<L>> = [];
    let total = 0;
    for (const query of await this.queries(selection, range)) {
      const offset = Math.max(0, page.offset - total);
      const part = await this.deps.vehicleUnits.listPage(list, query, { limit: page.limit - items.length, offset });
      items.push(...part.items);
      total += part.total;
    }
    return { items, total, limit: page.limit, offset: page.offset, conflicts: [] };
  }

  /** The port's queries of a selection: one per VIN, or the one import (checked to be a stored VU import). */
  private async queries(selection: VehicleUnitSelection, range: DateRange): Promise<VuRowQuery[]> {
    switch (selection.kind) {
      case 'vin':
        return [{ vin: selection.value, import_id: null, range }];
      case 'registration': {
        const vins = await this.deps.vehicleUnits.vinsOfRegistration(selection.number, selection.nation);
        return vins.map((vin) => ({ vin, import_id: null, range }));
      }
      case 'import_id': {
        const row = await this.deps.imports.findImport({ kind: 'import_id', value: selection.value });
        if (row === null || row.kind !== 'VEHICLE_UNIT' || row.status === 'WITHDRAWN')
          throw new NotFoundError('The vehicle-unit import asked for (import_id) does not exist.');
        return [{ vin: row.vehicle_unit?.vehicle.vin ?? null, import_id: row.import_id, range }];
      }
    }
  }
}
