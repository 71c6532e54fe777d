/**
 * DecodedCard → the API rows of one import (ParsedCard). import_id is null here (the service assigns it).
 * Views come from the G2 application when it holds the EF, else from gen1 (./views.ts). Certificates,
 * signatures and raw bytes are never read.
 */
import type { DecodedCard } from '../domain/card.js';
import type { DayDistanceRow, ParsedCard, Warning } from '../domain/rows.js';
import { dayOf } from '../time.js';
import { activityRows } from './activities.js';
import { eventFaultRows } from './events-faults.js';
import { metadataOf } from './metadata.js';
import { positionRows } from './positions.js';
import { specificConditionRows } from './specific-conditions.js';
import { vehicleRows } from './vehicles-used.js';
import { normalisedCardNumber, pick } from './views.js';

export function toParsedCard(card: DecodedCard): ParsedCard {
  const cardNumber = normalisedCardNumber(card);
  const warnings: Warning[] = card.warnings.map((w) => ({ code: w.code, message: w.message }));
  const activities = activityRows(card, cardNumber, warnings);
  const days = pick(card, 'driverActivity')?.days ?? [];
  const dayDistances: DayDistanceRow[] = days.map((d) => ({
    import_id: null,
    card_number: cardNumber,
    date: dayOf(d.date),
    distance_km: d.dayDistance,
  }));
  return {
    metadata: metadataOf(card, cardNumber, warnings),
    activities,
    events: eventFaultRows(pick(card, 'events'), cardNumber),
    faults: eventFaultRows(pick(card, 'faults'), cardNumber),
    vehicles_used: vehicleRows(pick(card, 'vehiclesUsed'), cardNumber),
    positions: positionRows(card, cardNumber),
    day_distances: dayDistances,
    specific_conditions: specificConditionRows(card, cardNumber),
    card_download_s: pick(card, 'cardDownload')?.lastCardDownload ?? null,
  };
}
