/**
 * EF Driving_Licence_Info (0521), 53 bytes (2.18):
 *   CardDrivingLicenceInformation ::= SEQUENCE {
 *     drivingLicenceIssuingAuthority Name,        -- 36
 *     drivingLicenceIssuingNation NationNumeric,  -- 1
 *     drivingLicenceNumber IA5String(SIZE(16))    -- 16
 *   }
 */
import type { DrivingLicenceInfo } from '../../domain/card.js';
import { U8, declare } from '../primitives/record.js';
import { NAME, ia5 } from '../primitives/strings.js';
import { type DecodeContext, fixedSize } from './context.js';

export const CARD_DRIVING_LICENCE_INFORMATION = declare({
  drivingLicenceIssuingAuthority: NAME,
  drivingLicenceIssuingNation: U8,
  drivingLicenceNumber: ia5(16),
});
const R = CARD_DRIVING_LICENCE_INFORMATION.read;

export function decodeDrivingLicenceInfo(b: Uint8Array, ctx: DecodeContext, label: string): DrivingLicenceInfo | null {
  if (!fixedSize(ctx, label, b.length, CARD_DRIVING_LICENCE_INFORMATION.len)) return null;
  return {
    issuingAuthority: R.drivingLicenceIssuingAuthority(b, 0),
    issuingNation: R.drivingLicenceIssuingNation(b, 0),
    licenceNumber: R.drivingLicenceNumber(b, 0),
  };
}
