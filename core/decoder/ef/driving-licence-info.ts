/**
 * EF Driving_Licence_Info (0521), 53 bytes (2.18):
 *   CardDrivingLicenceInformation ::= SEQUENCE {
 *     drivingLicenceIssuingAuthority Name,        -- 36
 *     drivingLicenceIssuingNation NationNumeric,  -- 1
 *     drivingLicenceNumber IA5String(SIZE(16))    -- 16
 *   }
 */
import type { DrivingLicenceInfo } from '../../domain/card.js';
import { readIa5, readName } from '../primitives/strings.js';
import { type DecodeContext, fixedSize } from './context.js';

export function decodeDrivingLicenceInfo(b: Uint8Array, ctx: DecodeContext, label: string): DrivingLicenceInfo | null {
  if (!fixedSize(ctx, label, b.length, 53)) return null;
  return { issuingAuthority: readName(b, 0), issuingNation: b[36], licenceNumber: readIa5(b, 37, 16) };
}
