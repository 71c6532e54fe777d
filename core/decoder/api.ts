/**
 * The decoder's public surface, fixed early so that the service, the CLI, the benchmark and the
 * fixture encoder can be written against it in parallel. Implementation: ./decode-ddd.ts.
 */

/** Bytes of a DDD file: whole, or as chunks of any size (down to 1 byte). */
export type ByteSource = Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

/** Why a file could not be decoded at all (a damaged part of a file is a warning instead). */
export type DecodeErrorReason =
  | 'empty'
  | 'not_a_ddd_file'
  | 'truncated'
  | 'vehicle_unit_download'
  /** the file holds no EF Identification: nothing to file the import under */
  | 'no_identification'
  /** the same EF twice with different content */
  | 'conflicting_duplicate_ef'
  /** a TLV length of FF FF, reserved by DDP_044 */
  | 'reserved_length';

export class DddDecodeError extends Error {
  readonly reason: DecodeErrorReason;
  constructor(reason: DecodeErrorReason, message: string) {
    super(message);
    this.name = 'DddDecodeError';
    this.reason = reason;
  }
}

/**
 * The codes of the warnings the decoder raises (`{ code, message }`, message in English, never file bytes).
 * Stable API: a code is never renamed; adding one is a decision (conformance/fuzz.test.ts lists them too).
 */
export const DECODE_WARNING_CODES = [
  /** a 2-byte '76 06' transfer-response header was removed */
  'transfer_header_stripped',
  /** blocks whose tag is not a driver-card EF were skipped (one warning for all of them) */
  'unknown_tag',
  /** the same EF (or signature) twice with identical content */
  'duplicated_ef',
  /** EF ICC or EF IC repeated under appendix 02 (as real downloading equipment writes them) differs from the first copy */
  'repeated_ef_differs',
  /** a signed EF without its signature block */
  'signature_missing',
  /** an EF too short for its fixed part: skipped */
  'damaged_ef',
  /** records (or a fixed-size EF) longer than specified: the known part was read */
  'record_longer_than_specified',
  /** an EF size that does not match the record counts of Application_Identification */
  'ef_size_mismatch',
  /** a daily activity record that could not be reached or was skipped */
  'damaged_activity_record',
  /** signature / certificate blocks of a scheme outside Annex IC (appendix 81, X.509 in EF C209): one warning */
  'signature_scheme_unknown',
  /** a sound daily record whose date breaks the sequence of the chain (flagged alone; see driver-activity-data.ts) */
  'activity_record_out_of_sequence',
  /** a data EF that DDP_035 makes mandatory in a driver-card download is absent (one warning per EF) */
  'missing_ef',
] as const;

export type DecodeWarningCode = (typeof DECODE_WARNING_CODES)[number];
