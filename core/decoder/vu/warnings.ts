/**
 * The warnings of the vehicle-unit decoder (`{ code, message }`, message in English, never file bytes). Stable
 * codes: a code is never renamed. A damaged part of a VU file is a warning, as a damaged card EF is.
 */
import type { Warning } from '../../domain/rows.js';

export const VU_DECODE_WARNING_CODES = [
  /** a TREP cut short by the end of the file: its readable sections were kept, the rest is missing */
  'damaged_trep',
  /** bytes that do not start with '76' and a known TREP where a TREP should start: the rest was not read */
  'unknown_trep',
  /** a generation-2 record array of a RecordType the decoder does not read (or not in that TREP): read past */
  'unknown_record_type',
  /** records longer than specified: their known leading part was read */
  'record_longer_than_specified',
  /** records shorter than specified, or an array whose count breaks its specification: not read */
  'damaged_record_array',
  /** a TREP without its signature (generation 1: too short for it; generation 2: no SignatureRecordArray) */
  'signature_missing',
  /** the same day's activities twice (the first copy is kept) */
  'duplicated_day',
  /** a card download through the VU (TREP 06) that the card decoder refused */
  'damaged_card_download',
] as const;

export type VuDecodeWarningCode = (typeof VU_DECODE_WARNING_CODES)[number];

export class VuDecodeContext {
  readonly warnings: Warning[] = [];
  warn(code: VuDecodeWarningCode, message: string): void {
    this.warnings.push({ code, message });
  }
}

/** 'TREP 02' */
export function trepName(trep: number): string {
  return 'TREP ' + trep.toString(16).toUpperCase().padStart(2, '0');
}
