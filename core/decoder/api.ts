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
