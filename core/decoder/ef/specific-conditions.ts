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
import { U16, U8, declare } from '../primitives/record.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { type DecodeContext, recordLayout } from './context.js';

export const SPECIFIC_CONDITION_RECORD = declare({ entryTime: TIME_REAL, specificConditionType: U8 });
const R = SPECIFIC_CONDITION_RECORD.read;
/** conditionPointerNewestRecord, generation 2 only */
export const CONDITION_POINTER = U16;
/** gen1 (TCS_150): 56 records, no pointer */
const GEN1_RECORDS = 56;

export function decodeSpecificConditions(
  b: Uint8Array,
  df: 1 | 2,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): SpecificConditions | null {
  const header = df === 1 ? 0 : CONDITION_POINTER.len;
  const layout = recordLayout(
    ctx,
    label,
    b.length,
    header,
    SPECIFIC_CONDITION_RECORD.len,
    df === 1 ? GEN1_RECORDS : expected,
  );
  if (layout === null) return null;
  const records: SpecificConditionRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = header + i * layout.stride;
    const entryTime = R.entryTime(b, o);
    const type = R.specificConditionType(b, o);
    records[i] = { index: i, entryTime, type, empty: entryTime === null && type === 0 };
  }
  return { conditionPointerNewestRecord: df === 1 ? null : CONDITION_POINTER.get(b, 0), records };
}
