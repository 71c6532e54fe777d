/**
 * EF Places_Authentication (0526) and EF GNSS_Places_Authentication (0527), generation 2 version 2
 * (2.26a, 2.79a, 2.79b, 2.116b):
 *   CardPlaceAuthDailyWorkPeriod ::= SEQUENCE {
 *     placeAuthPointerNewestRecord INTEGER(0..NoOfCardPlaceRecords-1),       -- 2
 *     placeAuthStatusRecords SET SIZE(NoOfCardPlaceRecords) OF PlaceAuthStatusRecord
 *   }
 *   GNSSAuthAccumulatedDriving ::= SEQUENCE {
 *     gnssAuthADPointerNewestRecord INTEGER(0..NoOfGNSSADRecords-1),         -- 2
 *     gnssAuthStatusADRecords SET SIZE(NoOfGNSSADRecords) OF GNSSAuthStatusADRecord
 *   }
 *   PlaceAuthStatusRecord / GNSSAuthStatusADRecord ::= SEQUENCE {
 *     entryTime / timeStamp TimeReal,                       -- 4
 *     authenticationStatus PositionAuthenticationStatus     -- 1
 *   }                                                       -- 5 bytes (TCS_154: 562 = 2 + 112 × 5, 1682 = 2 + 336 × 5)
 */
import type { AuthStatusRecord, AuthStatusRecords } from '../../domain/card.js';
import { readTimeReal, readUint16 } from '../primitives/time-real.js';
import { type DecodeContext, recordLayout } from './context.js';

export function decodeAuthStatusRecords(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): AuthStatusRecords | null {
  const layout = recordLayout(ctx, label, b.length, 2, 5, expected);
  if (layout === null) return null;
  const records: AuthStatusRecord[] = new Array(layout.count);
  for (let i = 0; i < layout.count; i++) {
    const o = 2 + i * layout.stride;
    const timestamp = readTimeReal(b, o);
    records[i] = { index: i, timestamp, authenticationStatus: b[o + 4], empty: timestamp === null };
  }
  return { pointerNewestRecord: readUint16(b, 0), records };
}
