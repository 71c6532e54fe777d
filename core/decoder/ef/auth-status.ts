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
import { readTimeReal } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export function decodeAuthStatusRecords(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): AuthStatusRecords | null {
  const set = readPointedRecordSet(b, expected, ctx, label, 5, (b, o, index): AuthStatusRecord => {
    const timestamp = readTimeReal(b, o);
    return { index, timestamp, authenticationStatus: b[o + 4]!, empty: timestamp === null };
  });
  return set && { pointerNewestRecord: set.pointer, records: set.records };
}
