/** A change (epoch seconds, a number) as its JSON answer (ISO text, a cursor). */
import type { Change } from '../../../core/ports/change-feed.js';
import { isoTimestamp } from '../../../core/time.js';
import { cursorOfChange } from '../imports/import-cursor.js';
import type { ChangeResponse } from './changes.schema.js';

export function changeToResponse(c: Change): ChangeResponse {
  return {
    change: cursorOfChange(c.change),
    kind: c.kind,
    action: c.action,
    id: c.id,
    card_number: c.card_number,
    vin: c.vin,
    at: isoTimestamp(c.at),
    status: c.status,
  };
}
