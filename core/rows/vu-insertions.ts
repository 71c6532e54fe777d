/**
 * Card insertion rows of a VU download (VuCardIWRecord, data dictionary 2.177): one row per insertion. A day's
 * TREP holds every insertion that overlaps the day (Appendix 7 DDP_030), so an insertion crossing midnight is
 * sent once per day it touches; the copies are one insertion (same card, slot and insertion time). A copy that
 * knows the withdrawal is preferred to one written while the card was still in. Ordered by insertion time
 * (unknown last), then slot.
 */
import type { VuCardInsertion, VuDay } from '../domain/vu.js';
import { isoAt, text, vuCardNumber, vuRegistration, type VuRegistrationRow } from './vu-common.js';

export type VuSlot = 'DRIVER' | 'CO_DRIVER';

/** CardSlotNumber (2.33): 0 driver slot, 1 co-driver slot */
export const VU_SLOTS: readonly VuSlot[] = ['DRIVER', 'CO_DRIVER'];

export interface CardInsertionRow {
  import_id: string | null;
  vin: string | null;
  card_number: string | null;
  holder: { surname: string | null; first_names: string | null };
  card_expiry_date: string | null;
  /** null for a CardSlotNumber other than 0 and 1 */
  slot: VuSlot | null;
  inserted_at: string | null;
  withdrawn_at: string | null;
  odometer_at_insertion_km: number | null;
  odometer_at_withdrawal_km: number | null;
  previous_vehicle: { registration: VuRegistrationRow | null; withdrawn_at: string | null } | null;
  manual_input: boolean;
}

/** The insertions of every day, each once, in order. */
export function distinctInsertions(days: readonly VuDay[]): VuCardInsertion[] {
  const byKey = new Map<string, VuCardInsertion>();
  for (const day of days)
    for (const i of day.insertions) {
      const key = `${vuCardNumber(i.card)}|${i.slot}|${i.insertedAt}`;
      const seen = byKey.get(key);
      if (seen === undefined || (seen.withdrawnAt === null && i.withdrawnAt !== null)) byKey.set(key, i);
    }
  return [...byKey.values()].sort((a, b) => (a.insertedAt ?? Infinity) - (b.insertedAt ?? Infinity) || a.slot - b.slot);
}

function previousVehicle(i: VuCardInsertion): CardInsertionRow['previous_vehicle'] {
  const { registration, withdrawnAt } = i.previousVehicle;
  if (registration.number.text === null && withdrawnAt === null) return null;
  return {
    registration: registration.number.text === null ? null : vuRegistration(registration),
    withdrawn_at: isoAt(withdrawnAt),
  };
}

export function cardInsertionRows(insertions: readonly VuCardInsertion[], vin: string | null): CardInsertionRow[] {
  return insertions.map((i) => ({
    import_id: null,
    vin,
    card_number: vuCardNumber(i.card),
    holder: { surname: text(i.holderSurname), first_names: text(i.holderFirstNames) },
    card_expiry_date: i.cardExpiryDate,
    slot: VU_SLOTS[i.slot] ?? null,
    inserted_at: isoAt(i.insertedAt),
    withdrawn_at: isoAt(i.withdrawnAt),
    odometer_at_insertion_km: i.odometerAtInsertion,
    // no withdrawal yet: the record's withdrawal odometer holds nothing (VUs write 0)
    odometer_at_withdrawal_km: i.withdrawnAt === null ? null : i.odometerAtWithdrawal,
    previous_vehicle: previousVehicle(i),
    manual_input: i.manualInput,
  }));
}
