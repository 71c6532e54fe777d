/**
 * The words of the vehicles read from vehicle-unit (VU) downloads, as the page, the vehicle report and the today
 * counts write them: the slots, the due states of download and calibration, driving without a card, a vehicle's
 * name. Keyed by the core's enums where there is one (a slot added there without words here does not compile).
 */
// type-only: the enums of the core (erased from the compiled JavaScript)
import type { Activity } from '../../core/domain/rows.js';
import type { VuSlot } from '../../core/rows/vu-insertions.js';

export const SLOT_NAMES: Record<VuSlot, string> = {
  DRIVER: 'Driver slot',
  CO_DRIVER: 'Co-driver slot',
};

/** The activities a VU records (ActivityChangeInfo 2.1), as a person reads them. */
export const VU_ACTIVITY_NAMES: Record<Exclude<Activity, 'UNKNOWN'>, string> = {
  DRIVING: 'Driving',
  WORK: 'Other work',
  AVAILABILITY: 'Availability',
  REST: 'Break / rest',
};

export const WITHOUT_CARD = 'Driving without a card';
export const OVERSPEEDING = 'Overspeeding';
export const NO_CARD = 'no card';

/** The due states of a vehicle (core/vehicle-units/due-dates.ts). */
export const DUE_WORDS = {
  download_overdue: 'Download overdue',
  download_due: 'Download due',
  calibration_overdue: 'Calibration overdue',
  calibration_due_soon: 'Calibration due within 30 days',
  calibration_due: 'Next calibration',
} as const;

/** A vehicle's name: its registration with the nation, else its VIN. */
export function vehicleName(
  registration: { nation: string | null; number: string | null } | null | undefined,
  vin: string | null,
): string {
  const number = registration?.number?.trim();
  if (!number) return vin ?? '(vehicle not identified)';
  return registration?.nation ? `${number} (${registration.nation})` : number;
}

/** A card holder's name (surname, first names) or the card number when the name is not known. */
export function holderName(holder: { surname: string | null; first_names: string | null } | null, card: string | null) {
  const name = [holder?.surname, holder?.first_names].filter((s) => s != null && s !== '').join(', ');
  return name || card || NO_CARD;
}
