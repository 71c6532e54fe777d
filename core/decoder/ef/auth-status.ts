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
import { U8, declare } from '../primitives/record.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { type DecodeContext, readPointedRecordSet } from './context.js';

export const AUTH_STATUS_RECORD = declare({ entryTime: TIME_REAL, authenticationStatus: U8 });
const R = AUTH_STATUS_RECORD.read;

export function decodeAuthStatusRecords(
  b: Uint8Array,
  expected: number | null,
  ctx: DecodeContext,
  label: string,
): AuthStatusRecords | null {
  const set = readPointedRecordSet(b, expected, ctx, label, AUTH_STATUS_RECORD.len, (b, o, index): AuthStatusRecord => {
    const timestamp = R.entryTime(b, o);
    return { index, timestamp, authenticationStatus: R.authenticationStatus(b, o), empty: timestamp === null };
  });
  return set && { pointerNewestRecord: set.pointer, records: set.records };
}
