/**
 * Odometer readings of CardVehicleRecord (Annex IC 2.37: vehicleOdometerBegin / vehicleOdometerEnd, OdometerShort
 * 2.113, whole km). Readings chosen here (and stated in the README):
 * - ROLL-OVER: a first-generation VU's odometer runs from 0 to 999,999.9 km (Annex IB) and then restarts at 0, so
 *   its readings are known modulo 1,000,000 km. (OdometerShort itself can hold up to 9,999,999 km, the smart
 *   tachograph's range; a reading above 999,999 km proves the larger range, and the wrap is then taken at
 *   10,000,000 km.) A reading B lower than the previous reading E by more than the tolerance is a roll-over when
 *   the forward distance through the wrap, B + modulus − E, is at most WRAP_MAX_KM (100,000 km: more than a heavy
 *   vehicle drives in half a year). Any larger drop is the odometer running backwards (instrument replaced,
 *   tampering, a wrong record), never a roll-over: a drop of that size is the likelier story than nearly a
 *   million km driven unseen. Symmetrically, a rise of more than modulus − WRAP_MAX_KM is a step back across the
 *   wrap.
 * - TOLERANCE: readings are whole km (the VU measures finer and records whole km), so the withdrawal reading of
 *   one card and the insertion reading of the next differ by up to 1 km without the vehicle moving, and a short
 *   manoeuvre between a withdrawal and the next insertion (yard, ferry deck) adds about 1 km. Differences of at
 *   most TOLERANCE_KM = 2 km are therefore neither unaccounted kilometres nor a backwards odometer.
 */
export const ODOMETER_MODULUS_KM = 1_000_000;
export const ODOMETER_MAX_KM = ODOMETER_MODULUS_KM - 1;
/** the wrap of an odometer whose readings exceed 999,999 km (OdometerShort's operating range, 2.113) */
export const ODOMETER_MODULUS_LARGE_KM = 10_000_000;
export const WRAP_MAX_KM = 100_000;
export const TOLERANCE_KM = 2;

/** How a reading `to` follows a reading `from` (both whole km). */
export type OdometerStep = { kind: 'forward'; km: number; rollover: boolean } | { kind: 'backwards'; km: number };

/**
 * The step from one reading to a later one: `forward` with the km driven (0 within the tolerance, also when the
 * later reading is up to TOLERANCE_KM lower), through a roll-over when it wrapped; else `backwards` with the
 * (negative) difference.
 */
export function odometerStep(from: number, to: number): OdometerStep {
  const delta = to - from;
  const modulus = Math.max(from, to) > ODOMETER_MAX_KM ? ODOMETER_MODULUS_LARGE_KM : ODOMETER_MODULUS_KM;
  // a forward jump of nearly the whole range is a small step back across the wrap
  if (delta > modulus - WRAP_MAX_KM) return { kind: 'backwards', km: delta - modulus };
  if (delta >= -TOLERANCE_KM) return { kind: 'forward', km: Math.max(0, delta), rollover: false };
  const wrapped = delta + modulus;
  if (wrapped <= WRAP_MAX_KM) return { kind: 'forward', km: wrapped, rollover: true };
  return { kind: 'backwards', km: delta };
}

/** km beyond the tolerance: a forward step of at most TOLERANCE_KM is no distance at all between two uses. */
export function beyondTolerance(km: number): boolean {
  return km > TOLERANCE_KM;
}
