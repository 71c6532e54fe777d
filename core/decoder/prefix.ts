/**
 * Classifies the first bytes of a file before TLV reading starts:
 * - nothing → `empty`;
 * - '76 06' → a card download received through a vehicle unit (positive response "Transfer Data",
 *   TREP 06 = card download, DDP_048–050) that kept its 2-byte transfer-response header: stripped, warning
 *   `transfer_header_stripped`;
 * - '76' + any other TREP → a vehicle-unit download, not a driver card → `vehicle_unit_download`;
 * - a first tag that is not a driver-card EF tag → `not_a_ddd_file`.
 * Needs up to PREFIX_LENGTH bytes (fewer only when the file is shorter).
 */
import { DddDecodeError } from './api.js';
import { COMMON_EFS, GEN1_EFS, GEN2_EFS } from './ef/fids.js';

export const PREFIX_LENGTH = 5;
const TRANSFER_SID = 0x76;
const TREP_CARD_DOWNLOAD = 0x06;

export interface PrefixDecision {
  /** bytes to skip before the first TLV block */
  skip: number;
  headerStripped: boolean;
}

/** true when `fid`/`appendix` is a tag a driver-card download may contain */
export function isCardTag(fid: number, appendix: number): boolean {
  switch (appendix) {
    case 0:
      return COMMON_EFS.has(fid) || GEN1_EFS.has(fid);
    case 1:
      return GEN1_EFS.has(fid);
    case 2:
      // EF ICC and EF IC repeated under appendix 02 by real downloading equipment (see card-assembler.ts)
      return GEN2_EFS.has(fid) || COMMON_EFS.has(fid);
    case 3:
      return GEN2_EFS.has(fid);
    default:
      return false;
  }
}

/** true when the first bytes are those of a vehicle-unit download: '76' and a TREP other than 06 (or none yet) */
export function isVehicleUnitDownload(prefix: Uint8Array): boolean {
  return prefix[0] === TRANSFER_SID && !(prefix.length >= 2 && prefix[1] === TREP_CARD_DOWNLOAD);
}

export function classifyPrefix(prefix: Uint8Array): PrefixDecision {
  if (prefix.length === 0) throw new DddDecodeError('empty', 'The file is empty.');
  let skip = 0;
  let headerStripped = false;
  if (prefix[0] === TRANSFER_SID) {
    if (!isVehicleUnitDownload(prefix)) {
      skip = 2;
      headerStripped = true;
    } else {
      throw new DddDecodeError(
        'vehicle_unit_download',
        'The file is a vehicle-unit download (it starts with a transfer-response header of a vehicle unit), not a driver-card download.',
      );
    }
  }
  if (prefix.length - skip < 3 || !isCardTag((prefix[skip] << 8) | prefix[skip + 1], prefix[skip + 2])) {
    if (headerStripped && prefix.length === skip)
      throw new DddDecodeError('empty', 'The file holds only a transfer-response header.');
    throw new DddDecodeError(
      'not_a_ddd_file',
      'The file does not start with a driver-card EF tag: it is not a driver-card download file.',
    );
  }
  return { skip, headerStripped };
}
