/**
 * Specific condition rows (EF Specific_Conditions, 2.152 / 2.154), from the G2 application when it holds the EF, else
 * from gen1 (./views.ts). SpecificConditionType: '01'H out of scope begin, '02'H out of scope end, '03'H ferry/train
 * crossing (generation 1; generation 2: its begin), '04'H ferry/train crossing end (generation 2 only). Empty slots,
 * records without an entry time and RFU values are skipped. Ordered by entry time, then storage position.
 */
import type { DecodedCard } from '../domain/card.js';
import type { SpecificCondition, SpecificConditionRow } from '../domain/rows.js';
import { pick } from './views.js';

const CONDITION: Record<number, SpecificCondition> = {
  1: 'OUT_OF_SCOPE_BEGIN',
  2: 'OUT_OF_SCOPE_END',
  3: 'FERRY_TRAIN_BEGIN',
  4: 'FERRY_TRAIN_END',
};

export function specificConditionRows(card: DecodedCard, cardNumber: string | null): SpecificConditionRow[] {
  const out: { row: SpecificConditionRow; index: number }[] = [];
  // '04'H is RFU in a generation 1 application
  const gen2 = (card.gen2?.specificConditions ?? null) !== null;
  for (const r of pick(card, 'specificConditions')?.records ?? []) {
    const condition = CONDITION[r.type];
    if (r.empty || r.entryTime === null || condition === undefined || (r.type === 4 && !gen2)) continue;
    out.push({ row: { import_id: null, card_number: cardNumber, at: r.entryTime, condition }, index: r.index });
  }
  out.sort((a, b) => a.row.at - b.row.at || a.index - b.index);
  return out.map((o) => o.row);
}
