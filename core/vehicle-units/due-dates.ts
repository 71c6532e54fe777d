/**
 * When a vehicle unit must next be downloaded and calibrated: the one rule the fleet of vehicles, the today counts,
 * the page and the vehicle report read.
 *
 * - Download: a VU's data must be downloaded at least every 90 days (Commission Regulation (EU) No 581/2010,
 *   Art. 1(2)(a)); the download is due 90 days after the newest download (the VU's clock at that download,
 *   TREP 01 CurrentDateTime) and overdue once the clock passes that instant.
 * - Calibration: a tachograph is inspected at least every two years (Regulation (EU) No 165/2014 Art. 23(1)); the
 *   workshop writes the date into the calibration record (nextCalibrationDate, Annex IC 2.174), so the calibration
 *   is due on that UTC day, overdue from the day after it, and due soon within CALIBRATION_DUE_SOON_DAYS days
 *   (today included, not overdue).
 */
import type { EpochSeconds, UtcDay } from '../time.js';
import { DAY_SECONDS, dayOf } from '../time.js';

export const VU_DOWNLOAD_INTERVAL_DAYS = 90;
/** Days ahead in which a calibration counts as due soon (the today count "within 30 days"). */
export const CALIBRATION_DUE_SOON_DAYS = 30;

export interface VuDueDates {
  /** the instant the next download is due; null when no download time is known */
  download_due_s: EpochSeconds | null;
  download_overdue: boolean;
  next_calibration_day: UtcDay | null;
  calibration_overdue: boolean;
  /** not overdue, due at most CALIBRATION_DUE_SOON_DAYS days after today (as a card "expiring within 30 days") */
  calibration_due_soon: boolean;
}

export function vuDueDates(
  vehicle: { downloaded_at: EpochSeconds | null; next_calibration: UtcDay | null },
  nowS: EpochSeconds,
): VuDueDates {
  const due = vehicle.downloaded_at === null ? null : vehicle.downloaded_at + VU_DOWNLOAD_INTERVAL_DAYS * DAY_SECONDS;
  const next = vehicle.next_calibration;
  const today = dayOf(nowS);
  const overdue = next !== null && today > next;
  return {
    download_due_s: due,
    download_overdue: due !== null && nowS > due,
    next_calibration_day: next,
    calibration_overdue: overdue,
    calibration_due_soon: next !== null && !overdue && next - today <= CALIBRATION_DUE_SOON_DAYS,
  };
}
