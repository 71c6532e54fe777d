/**
 * A vehicle unit's due dates for the office, at a given UTC day `today`:
 * - Download: the undertaking downloads a vehicle unit's data at least every 90 days (Annex IC, Reg. (EU)
 *   2016/799, 3.18 (196a): "90 days for data from vehicle unit"). `download_due` is the UTC day of the newest
 *   download plus 90 days; the download is overdue once today is past that day.
 * - Calibration: periodic inspection at least once within two years of the last one (Annex IC 6.4 (409));
 *   `next_calibration_date` is the workshop's nextCalibrationDate of the newest calibration record (2.174).
 *   Overdue once today is past it; due soon when it lies today or within CALIBRATION_DUE_SOON_DAYS (30) days.
 */
import type { EpochSeconds, UtcDay } from '../time.js';
import { dayOf } from '../time.js';

export const VU_DOWNLOAD_INTERVAL_DAYS = 90;
export const CALIBRATION_DUE_SOON_DAYS = 30;

export interface VehicleUnitDueDates {
  download_due: UtcDay | null;
  download_overdue: boolean;
  next_calibration_date: UtcDay | null;
  calibration_overdue: boolean;
  calibration_due_soon: boolean;
}

/** The due dates of one vehicle unit from its newest download and calibration (null: none known). Pure. */
export function vehicleUnitDueDates(
  vu: { downloaded_at: EpochSeconds | null; next_calibration: UtcDay | null },
  today: UtcDay,
): VehicleUnitDueDates {
  const due = vu.downloaded_at === null ? null : dayOf(vu.downloaded_at) + VU_DOWNLOAD_INTERVAL_DAYS;
  const next = vu.next_calibration;
  return {
    download_due: due,
    download_overdue: due !== null && today > due,
    next_calibration_date: next,
    calibration_overdue: next !== null && today > next,
    calibration_due_soon: next !== null && today <= next && next - today <= CALIBRATION_DUE_SOON_DAYS,
  };
}
