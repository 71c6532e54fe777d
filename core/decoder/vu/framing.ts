/**
 * Where each TREP of a vehicle-unit download ends. A VU file (Appendix 7 §2.3, DDP_034) is the concatenation of
 * the Positive Response Transfer Data messages of a download session, each kept as SID '76', TREP and data field
 * (sub-message headers, counters and checksums removed). Nothing states a TREP's length: it follows from its
 * content (§2.2.6) —
 * - generation 1: fixed parts and counted record sets (noOf… then that many fixed-size records), then the
 *   128-byte RSA Signature;
 * - generation 2: record arrays (§2.2.6 remark: recordType 1, recordSize 2, noOfRecords 2, then the records),
 *   the last of them the SignatureRecordArray (RecordType '08'). They are read generically up to that array, so
 *   an array of a type the decoder does not know, or longer records, never lose the thread.
 * - TREP 06 (a card downloaded through the VU, DDP_049/050): TLV blocks (DDP_041–044) up to the next '76' or the
 *   end of the file.
 * `measure` works on a partial buffer: it answers the TREP's length, or how many bytes it needs at least before
 * it can say more (the streaming decoder waits for them).
 */

export const TRANSFER_SID = 0x76;
export const TREP_CARD_DOWNLOAD = 0x06;
/** RecordType (2.120) '08': Signature */
export const RECORD_TYPE_SIGNATURE = 0x08;
/** a record array header: recordType 1, recordSize 2, noOfRecords 2 */
export const ARRAY_HEADER_LENGTH = 5;

/** A step of a generation-1 TREP: `fixed` bytes, or a count of `countBytes` then that many `size`-byte records. */
export type Gen1Step = { fixed: number } | { countBytes: 1 | 2; size: number };

/** A part of a TREP found by measuring it: records start at `offset` (file offset). */
export interface Section {
  offset: number;
  count: number;
  size: number;
  /** gen2: the RecordType of the array; gen1: the step's index */
  type: number;
  /** gen2: the array's header offset; gen1: the count's offset (or `offset` for a fixed part) */
  start: number;
}

export type Measure =
  | { done: true; end: number; sections: Section[] }
  /** more bytes needed: at least up to `need` (file offset) */
  | { done: false; need: number };

function count(b: Uint8Array, o: number, bytes: 1 | 2): number {
  return bytes === 1 ? b[o]! : (b[o]! << 8) | b[o + 1]!;
}

/** `start` is the offset just after the TREP byte; `end` the end of the bytes available. */
export function measureGen1(steps: readonly Gen1Step[], b: Uint8Array, start: number, end: number): Measure {
  let o = start;
  const sections: Section[] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if ('fixed' in step) {
      if (o + step.fixed > end) return { done: false, need: o + step.fixed };
      sections.push({ offset: o, count: 1, size: step.fixed, type: i, start: o });
      o += step.fixed;
      continue;
    }
    if (o + step.countBytes > end) return { done: false, need: o + step.countBytes };
    const n = count(b, o, step.countBytes);
    const records = o + step.countBytes;
    if (records + n * step.size > end) return { done: false, need: records + n * step.size };
    sections.push({ offset: records, count: n, size: step.size, type: i, start: o });
    o = records + n * step.size;
  }
  return { done: true, end: o, sections };
}

/**
 * Record arrays from `start` up to and including the SignatureRecordArray. A header whose first byte is '76' at
 * an array boundary (RecordType '76' is RFU) is taken as the next TREP: the TREP ends there without a signature.
 * `atEof`: no byte will follow `end` — a TREP that ends with the file without a signature is complete.
 */
export function measureGen2(b: Uint8Array, start: number, end: number, atEof: boolean): Measure {
  let o = start;
  const sections: Section[] = [];
  for (;;) {
    if (o === end && atEof && sections.length > 0) return { done: true, end: o, sections };
    if (o < end && b[o] === TRANSFER_SID && sections.length > 0) return { done: true, end: o, sections };
    if (o + ARRAY_HEADER_LENGTH > end) return { done: false, need: o + ARRAY_HEADER_LENGTH };
    const type = b[o]!;
    const size = (b[o + 1]! << 8) | b[o + 2]!;
    const n = (b[o + 3]! << 8) | b[o + 4]!;
    const records = o + ARRAY_HEADER_LENGTH;
    if (records + size * n > end) return { done: false, need: records + size * n };
    sections.push({ offset: records, count: n, size, type, start: o });
    o = records + size * n;
    if (type === RECORD_TYPE_SIGNATURE) return { done: true, end: o, sections };
  }
}

/**
 * The TLV blocks of a card download (TREP 06): 3-byte tag, 2-byte length, value; they end at the next '76'
 * (no card EF tag starts with '76') or at the end of the file.
 */
export function measureCardDownload(b: Uint8Array, start: number, end: number, atEof: boolean): Measure {
  let o = start;
  for (;;) {
    if (o === end) return atEof ? { done: true, end: o, sections: [] } : { done: false, need: o + 1 };
    if (b[o] === TRANSFER_SID) return { done: true, end: o, sections: [] };
    if (o + 5 > end) return { done: false, need: o + 5 };
    const length = (b[o + 3]! << 8) | b[o + 4]!;
    if (o + 5 + length > end) return { done: false, need: o + 5 + length };
    o += 5 + length;
  }
}
