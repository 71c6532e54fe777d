/**
 * TLV block reader for card download files (Annex IC Appendix 7, 12-card-downloading.md §3.4.2):
 * DDP_041 the file is a concatenation of TLV objects; DDP_042/043/046 the tag is the FID (2 bytes) plus an
 * appendix byte (00 EF in DF Tachograph or common EF, 01 its signature, 02 EF in DF Tachograph_G2, 03 its
 * signature); DDP_044 the length is 2 bytes (big-endian), 'FF FF' reserved.
 *
 * Two paths that yield the same blocks:
 * - `readTlvBlocks(bytes)`: synchronous over a whole Uint8Array, values are subarray views (no copies);
 * - `streamTlvBlocks(source)`: async over a ByteSource of chunks of any size (down to 1 byte). It keeps only the
 *   pending partial block; a block is yielded as soon as its last byte arrives.
 */
import { DddDecodeError, type ByteSource } from './api.js';

export interface TlvBlock {
  /** 2-byte file identifier */
  fid: number;
  /** 0..3 (others are reported as they are; the assembler decides) */
  appendix: number;
  /** fid << 8 | appendix */
  tag: number;
  value: Uint8Array;
  /** offset of the block's tag in the (stream's) byte sequence */
  offset: number;
}

export const TLV_HEADER_LENGTH = 5;
const RESERVED_LENGTH = 0xffff;

function reservedLength(offset: number): DddDecodeError {
  return new DddDecodeError(
    'reserved_length',
    `The TLV block at byte ${offset} has the length FF FF, which the regulation reserves for future use (DDP_044).`,
  );
}

function truncated(offset: number, length: number, available: number): DddDecodeError {
  return new DddDecodeError(
    'truncated',
    `The file ends inside the TLV block at byte ${offset}: ${length} value bytes announced, ${available} present.`,
  );
}

function truncatedHeader(offset: number, available: number): DddDecodeError {
  return new DddDecodeError(
    'truncated',
    `The file ends inside a TLV header at byte ${offset} (${available} of ${TLV_HEADER_LENGTH} header bytes present).`,
  );
}

/** Synchronous reader over a whole file; `start` skips a prefix (e.g. a transfer header). */
export function* readTlvBlocks(bytes: Uint8Array, start = 0): Generator<TlvBlock> {
  const n = bytes.length;
  let p = start;
  while (p < n) {
    if (n - p < TLV_HEADER_LENGTH) throw truncatedHeader(p, n - p);
    const fid = (bytes[p] << 8) | bytes[p + 1];
    const appendix = bytes[p + 2];
    const length = (bytes[p + 3] << 8) | bytes[p + 4];
    if (length === RESERVED_LENGTH) throw reservedLength(p);
    const v = p + TLV_HEADER_LENGTH;
    if (v + length > n) throw truncated(p, length, n - v);
    yield { fid, appendix, tag: (fid << 8) | appendix, value: bytes.subarray(v, v + length), offset: p };
    p = v + length;
  }
}

/** Normalises a ByteSource into an async iterable of chunks. */
export async function* chunksOf(source: ByteSource): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source;
    return;
  }
  for await (const chunk of source as AsyncIterable<Uint8Array>) yield chunk;
}

const NO_BLOCKS = Object.freeze([]) as unknown as TlvBlock[];

/**
 * Incremental TLV parser: push chunks, get complete blocks. Holds at most one pending partial block
 * (header bytes, then the value being filled). Values of yielded blocks are always owned copies, so a caller
 * may reuse its chunk buffers.
 */
export class TlvBlockParser {
  private offset: number; // stream offset of the next unread byte
  private header = new Uint8Array(TLV_HEADER_LENGTH);
  private headerFill = 0;
  private blockOffset = 0;
  private value: Uint8Array | null = null;
  private valueFill = 0;
  private fid = 0;
  private appendix = 0;
  /** an error found after blocks that this push already completed: raised on the next push or at end() */
  private failure: DddDecodeError | null = null;

  /**
   * `startOffset`: the file offset of the first byte pushed (e.g. 2 after a stripped transfer header), so that
   * block offsets, and the messages that name them, are those of the whole-file reader.
   */
  constructor(startOffset = 0) {
    this.offset = startOffset;
  }

  /** Stream offset of the next unread byte (bytes consumed so far, plus the start offset). */
  get position(): number {
    return this.offset;
  }

  /** Feeds one chunk; returns the blocks completed by it (a shared empty array when none: do not modify it). */
  push(chunk: Uint8Array): readonly TlvBlock[] {
    if (this.failure) throw this.failure;
    let out: TlvBlock[] = NO_BLOCKS;
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.value === null) {
        // fast path: a whole block inside this chunk, no pending header
        if (this.headerFill === 0 && n - i >= TLV_HEADER_LENGTH) {
          const length = (chunk[i + 3] << 8) | chunk[i + 4];
          if (length === RESERVED_LENGTH) return this.fail(reservedLength(this.offset), out);
          if (n - i - TLV_HEADER_LENGTH >= length) {
            const fid = (chunk[i] << 8) | chunk[i + 1];
            const appendix = chunk[i + 2];
            const v = i + TLV_HEADER_LENGTH;
            if (out === NO_BLOCKS) out = [];
            out.push({
              fid,
              appendix,
              tag: (fid << 8) | appendix,
              value: chunk.slice(v, v + length),
              offset: this.offset,
            });
            i = v + length;
            this.offset += TLV_HEADER_LENGTH + length;
            continue;
          }
        }
        if (this.headerFill === 0) this.blockOffset = this.offset;
        const take = Math.min(TLV_HEADER_LENGTH - this.headerFill, n - i);
        this.header.set(chunk.subarray(i, i + take), this.headerFill);
        this.headerFill += take;
        i += take;
        this.offset += take;
        if (this.headerFill < TLV_HEADER_LENGTH) break;
        const h = this.header;
        const length = (h[3] << 8) | h[4];
        if (length === RESERVED_LENGTH) return this.fail(reservedLength(this.blockOffset), out);
        this.fid = (h[0] << 8) | h[1];
        this.appendix = h[2];
        this.value = new Uint8Array(length);
        this.valueFill = 0;
      }
      const value = this.value;
      const take = Math.min(value.length - this.valueFill, n - i);
      if (take > 0) {
        value.set(chunk.subarray(i, i + take), this.valueFill);
        this.valueFill += take;
        i += take;
        this.offset += take;
      }
      if (this.valueFill === value.length) {
        if (out === NO_BLOCKS) out = [];
        out.push({
          fid: this.fid,
          appendix: this.appendix,
          tag: (this.fid << 8) | this.appendix,
          value,
          offset: this.blockOffset,
        });
        this.value = null;
        this.headerFill = 0;
      }
    }
    return out;
  }

  /**
   * The one decision procedure shared with readTlvBlocks: blocks are handed on in file order and an error
   * at a later byte is raised only after every block before it was handed on (the caller may reject one of
   * those first, e.g. conflicting_duplicate_ef), whatever the chunking.
   */
  private fail(error: DddDecodeError, completed: TlvBlock[]): readonly TlvBlock[] {
    if (completed === NO_BLOCKS) throw error;
    this.failure = error;
    return completed;
  }

  /** Call at end of input: throws `truncated` when a block is incomplete. */
  end(): void {
    if (this.failure) throw this.failure;
    if (this.value !== null) throw truncated(this.blockOffset, this.value.length, this.valueFill);
    if (this.headerFill > 0) throw truncatedHeader(this.blockOffset, this.headerFill);
  }
}

/** Async reader over chunks of any size; yields each block as soon as it is complete. */
export async function* streamTlvBlocks(source: ByteSource): AsyncGenerator<TlvBlock> {
  const parser = new TlvBlockParser();
  for await (const chunk of chunksOf(source)) {
    for (const block of parser.push(chunk)) yield block;
  }
  parser.end();
}
