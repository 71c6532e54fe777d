/** The EU 561 pre-check over the whole of one decoded file, as the real-sample tests run it. */
import { runPrecheck } from '../core/eu561/precheck.js';
import type { PrecheckInput } from '../core/eu561/types.js';
import type { ParsedCard } from '../core/domain/rows.js';
import type { UtcDay } from '../core/time.js';

export function precheckOfFile(
  card: ParsedCard,
  openEndDate: UtcDay | null,
  unknownAs?: PrecheckInput['unknown_as'],
): ReturnType<typeof runPrecheck> {
  return runPrecheck({
    card_number: card.metadata.card.card_number,
    surname: null,
    first_names: null,
    import_ids: ['sample'],
    date_from: null,
    date_to: null,
    intervals: card.activities,
    open_end_date: openEndDate,
    ...(unknownAs !== undefined ? { unknown_as: unknownAs } : {}),
  });
}
