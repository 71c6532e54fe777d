/**
 * Calibration rows (VuCalibrationRecord 2.174, TREP 05/25/35) and VU position rows (each day's
 * VuPlaceDailyWorkPeriodRecord → PLACE, VuGNSSADRecord → GNSS_ACCUMULATED_DRIVING) of api-contract.md.
 * - A calibration's `at` is its newTimeValue: the record holds no other time, and a workshop sets the clock at
 *   the calibration (oldTimeValue = newTimeValue when the time was not adjusted).
 * - Calibration purpose names are those of CalibrationPurpose (2.8); 05 and 06 are generation 2 values.
 * - A place's type is BEGIN / END of a daily work period (EntryTypeDailyWorkPeriod, as on a card); places carry
 *   no coordinates in these records. A GNSS position names no card: the record's card is not kept by the decoder.
 *   Ordered by timestamp (unknown last), then source.
 */
import type { VuCalibration, VuDay } from '../domain/vu.js';
import { nationCode } from '../decoder/tables/nation-codes.js';
import { placeType } from './positions.js';
import { isoAt, isoDate, text, vuCardNumber, vuRegistration, type VuRegistrationRow } from './vu-common.js';

const PURPOSE: Record<number, string> = {
  1: 'ACTIVATION',
  2: 'FIRST_INSTALLATION',
  3: 'INSTALLATION',
  4: 'PERIODIC_INSPECTION',
  5: 'VRN_ENTRY_BY_COMPANY',
  6: 'TIME_ADJUSTMENT_WITHOUT_CALIBRATION',
};

export interface CalibrationRow {
  import_id: string | null;
  vin: string | null;
  /** name null for the reserved value, RFU and manufacturer-specific codes */
  purpose: { code: number; name: string | null };
  workshop: { name: string | null; address: string | null; card_number: string | null };
  at: string | null;
  registration: VuRegistrationRow | null;
  w: number;
  k: number;
  l: number;
  tyre_size: string | null;
  authorised_speed_kmh: number;
  odometer_old_km: number | null;
  odometer_new_km: number | null;
  next_calibration_date: string | null;
}

export type VuPositionSource = 'PLACE' | 'GNSS_ACCUMULATED_DRIVING' | 'BORDER_CROSSING' | 'LOAD_UNLOAD';

export interface VuPositionRow {
  import_id: string | null;
  vin: string | null;
  timestamp: string | null;
  latitude: number | null;
  longitude: number | null;
  source: VuPositionSource;
  type: string | null;
  country_code: string | null;
  odometer_km: number | null;
  card_number: string | null;
}

export function calibrationRows(records: readonly VuCalibration[], vin: string | null): CalibrationRow[] {
  return records.map((c) => ({
    import_id: null,
    vin,
    purpose: { code: c.purpose, name: PURPOSE[c.purpose] ?? null },
    workshop: {
      name: text(c.workshopName),
      address: text(c.workshopAddress),
      card_number: vuCardNumber(c.workshopCard),
    },
    at: isoAt(c.newTime),
    registration: c.registration.number.text === null ? null : vuRegistration(c.registration),
    w: c.w,
    k: c.k,
    l: c.l,
    tyre_size: c.tyreSize,
    authorised_speed_kmh: c.authorisedSpeed,
    odometer_old_km: c.oldOdometer,
    odometer_new_km: c.newOdometer,
    next_calibration_date: isoDate(c.nextCalibrationDate),
  }));
}

export function vuPositionRows(days: readonly VuDay[], vin: string | null): VuPositionRow[] {
  const keyed: { row: VuPositionRow; time: number; order: number }[] = [];
  const push = (row: VuPositionRow, time: number | null, order: number): void => {
    keyed.push({ row, time: time ?? Infinity, order });
  };
  const empty = { import_id: null, vin, latitude: null, longitude: null };
  for (const d of days) {
    for (const p of d.places)
      push(
        {
          ...empty,
          timestamp: isoAt(p.entryTime),
          source: 'PLACE',
          type: placeType(p.entryType),
          country_code: nationCode(p.country),
          odometer_km: p.odometer,
          card_number: vuCardNumber(p.card),
        },
        p.entryTime,
        0,
      );
    for (const g of d.positions)
      push(
        {
          ...empty,
          timestamp: isoAt(g.timestamp),
          latitude: g.latitude,
          longitude: g.longitude,
          source: 'GNSS_ACCUMULATED_DRIVING',
          type: null,
          country_code: null,
          odometer_km: g.odometer,
          card_number: null,
        },
        g.timestamp,
        1,
      );
  }
  return keyed.sort((a, b) => a.time - b.time || a.order - b.order).map((k) => k.row);
}
