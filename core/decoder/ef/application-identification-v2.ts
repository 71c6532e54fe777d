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
import { U16, declare } from '../primitives/record.js';
import { type DecodeContext, fixedSize } from './context.js';

export const DRIVER_CARD_APPLICATION_IDENTIFICATION_V2 = declare({
  lengthOfFollowingData: U16,
  noOfBorderCrossingRecords: U16,
  noOfLoadUnloadRecords: U16,
  noOfLoadTypeEntryRecords: U16,
  vuConfigurationLengthRange: U16,
});
const R = DRIVER_CARD_APPLICATION_IDENTIFICATION_V2.read;

export function decodeApplicationIdentificationV2(
  b: Uint8Array,
  ctx: DecodeContext,
  label: string,
): ApplicationIdentificationV2 | null {
  if (!fixedSize(ctx, label, b.length, DRIVER_CARD_APPLICATION_IDENTIFICATION_V2.len)) return null;
  return {
    lengthOfFollowingData: R.lengthOfFollowingData(b, 0),
    noOfBorderCrossingRecords: R.noOfBorderCrossingRecords(b, 0),
    noOfLoadUnloadRecords: R.noOfLoadUnloadRecords(b, 0),
    noOfLoadTypeEntryRecords: R.noOfLoadTypeEntryRecords(b, 0),
    vuConfigurationLengthRange: R.vuConfigurationLengthRange(b, 0),
  };
}
