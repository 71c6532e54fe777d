/**
 * EF Application_Identification_V2 (0525, generation 2 version 2 only), data dictionary 2.61a, 10 bytes:
 *   DriverCardApplicationIdentificationV2 ::= SEQUENCE {
 *     lengthOfFollowingData LengthOfFollowingData,            -- 2
 *     noOfBorderCrossingRecords NoOfBorderCrossingRecords,    -- 2
 *     noOfLoadUnloadRecords NoOfLoadUnloadRecords,            -- 2
 *     noOfLoadTypeEntryRecords NoOfLoadTypeEntryRecords,      -- 2
 *     vuConfigurationLengthRange VuConfigurationLengthRange   -- 2
 *   }
 */
import type { ApplicationIdentificationV2 } from '../../domain/card.js';
import { readUint16 } from '../primitives/time-real.js';
import { type DecodeContext, fixedSize } from './context.js';

export function decodeApplicationIdentificationV2(
  b: Uint8Array,
  ctx: DecodeContext,
  label: string,
): ApplicationIdentificationV2 | null {
  if (!fixedSize(ctx, label, b.length, 10)) return null;
  return {
    lengthOfFollowingData: readUint16(b, 0),
    noOfBorderCrossingRecords: readUint16(b, 2),
    noOfLoadUnloadRecords: readUint16(b, 4),
    noOfLoadTypeEntryRecords: readUint16(b, 6),
    vuConfigurationLengthRange: readUint16(b, 8),
  };
}
