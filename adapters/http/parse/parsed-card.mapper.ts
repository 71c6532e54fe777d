/** A whole decoded file → JSON (the CLI's `parse` output and the golden files): every row list mapped. */
import type { DayDistanceRow, ParsedCard } from '../../../core/domain/rows.js';
import { isoDay } from '../../../core/time.js';
import { activityToResponse, type Text } from '../activities/activities.mapper.js';
import { eventFaultToResponse } from '../events-faults/events-faults.mapper.js';
import { metadataToResponse } from '../imports/imports.mapper.js';
import { positionToResponse } from '../positions/positions.mapper.js';
import { vehicleUsedToResponse } from '../vehicles-used/vehicles-used.mapper.js';

export type DayDistanceResponse = Text<DayDistanceRow, 'date'>;

export function dayDistanceToResponse(row: DayDistanceRow): DayDistanceResponse {
  return { ...row, date: isoDay(row.date) };
}

export function parsedCardToResponse(card: ParsedCard) {
  return {
    ...card,
    metadata: metadataToResponse(card.metadata),
    activities: card.activities.map(activityToResponse),
    events: card.events.map(eventFaultToResponse),
    faults: card.faults.map(eventFaultToResponse),
    vehicles_used: card.vehicles_used.map(vehicleUsedToResponse),
    positions: card.positions.map(positionToResponse),
    day_distances: card.day_distances.map(dayDistanceToResponse),
  };
}
