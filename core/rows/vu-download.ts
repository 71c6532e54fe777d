/**
 * Every row of a decoded VU download in the shape of api-contract.md "Vehicle-unit downloads" (no ids: nothing
 * is stored yet, `import_id` is null), for `drivercard parse` and, later, the import.
 */
import type { DecodedVu } from '../domain/vu.js';
import { vuActivityRows, type VuActivityRow } from './vu-activities.js';
import { overspeedControl, overspeedingRows, vuEventRows, type OverspeedingRow, type VuEventRow } from './vu-events.js';
import { vuImportSummary, type VuImportSummary } from './vu-import.js';
import { cardInsertionRows, distinctInsertions, type CardInsertionRow } from './vu-insertions.js';
import { calibrationRows, vuPositionRows, type CalibrationRow, type VuPositionRow } from './vu-technical.js';

export interface VuRows {
  import: VuImportSummary & { overspeed_control: ReturnType<typeof overspeedControl> };
  vu_activities: VuActivityRow[];
  card_insertions: CardInsertionRow[];
  vu_events: VuEventRow[];
  vu_faults: VuEventRow[];
  overspeeding: OverspeedingRow[];
  calibrations: CalibrationRow[];
  vu_positions: VuPositionRow[];
}

export function vuRows(vu: DecodedVu): VuRows {
  const vin = vu.overview?.vin ?? null;
  const insertions = distinctInsertions(vu.days);
  const ef = vu.eventsFaults;
  return {
    import: { ...vuImportSummary(vu), overspeed_control: overspeedControl(ef) },
    vu_activities: vuActivityRows(vu.days, insertions, vu.overview?.currentDateTime ?? null, vin),
    card_insertions: cardInsertionRows(insertions, vin),
    vu_events: vuEventRows(ef?.events ?? [], vin),
    vu_faults: vuEventRows(ef?.faults ?? [], vin),
    overspeeding: overspeedingRows(ef?.overspeeding ?? [], vin),
    calibrations: calibrationRows(vu.technical?.calibrations ?? [], vin),
    vu_positions: vuPositionRows(vu.days, vin),
  };
}
