/**
 * EF Specific_Conditions (0522).
 * Generation 1 (TCS_150): 280 bytes = 56 × SpecificConditionRecord, no pointer.
 * Generation 2 (2.153, TCS_154):
 *   SpecificConditions ::= SEQUENCE {
 *     conditionPointerNewestRecord INTEGER(0..NoOfSpecificConditionRecords-1),  -- 2
 *     specificConditionRecords SET SIZE(NoOfSpecificConditionRecords) OF SpecificConditionRecord
 *   }
 *   SpecificConditionRecord ::= SEQUENCE { entryTime TimeReal, specificConditionType SpecificConditionType } -- 5
 */
import type { SpecificConditionRecord, SpecificConditions } from '../../domain/card.js';
import { readTimeReal, readUint16 } from '../primitives/time-real.js';
import { type DecodeContext, recordLayout } from './context.js';

export function decodeSpecificConditions(
  b: Uint8Array,
  df: 1 | 2,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): SpecificConditions | null {
  const header = df === 1 ? 0 : 2;
  const layout = recordLayout(ctx, label, b.length, header, 5, df === 1 ? 56 : expected);
  if (layout === null) return null;
  const records: SpecificConditionRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = header + i * layout.stride;
    const entryTime = readTimeReal(b, o);
    records[i] = { index: i, entryTime, type: b[o + 4], empty: entryTime === null && b[o + 4] === 0 };
  }
  return { conditionPointerNewestRecord: df === 1 ? null : readUint16(b, 0), records };
}
