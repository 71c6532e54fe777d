/**
 * Decodes a vehicle-unit download (Appendix 7 §2.3: SID '76', TREP and data of each Positive Response Transfer
 * Data message, one after the other). Both entry points share one reader, so they give the same result:
 * - decodeVuBytes: the whole file in memory (records are read in place, signed data are views of `bytes`);
 * - decodeVu / decodeVuChunks: any ByteSource, chunks of any size down to one byte. Bytes wait in a buffer until
 *   the current TREP is complete (./framing.ts says how many it needs), then it is decoded and dropped.
 * A TREP cut short by the end of the file or bytes that start no known TREP end the reading with a warning;
 * what was read before stays. A file that is empty, or not a VU download, is a DddDecodeError.
 */
import type { DecodedVu } from '../../domain/vu.js';
import { type ByteSource, DddDecodeError } from '../api.js';
import { VuAssembler, generationOf, isKnownTrep } from './assembler.js';
import {
  TRANSFER_SID,
  TREP_CARD_DOWNLOAD,
  measureCardDownload,
  measureGen1,
  measureGen2,
  type Measure,
} from './framing.js';
import { GEN1_STEPS } from './gen1.js';
import { VuDecodeContext, trepName } from './warnings.js';

/** TREP 00 (DownloadInterfaceVersion, DDP_028a): 2 bytes, unsigned, nothing to keep */
const TREP_INTERFACE_VERSION = 0x00;
const INTERFACE_VERSION_LENGTH = 2;

class VuReader {
  private readonly ctx = new VuDecodeContext();
  private readonly assembler = new VuAssembler(this.ctx);
  /** bytes not yet decoded: buf[pos..fill); buf[0] is file offset `base`. Never written below `fill`. */
  private buf: Uint8Array = new Uint8Array(0);
  private owned = false;
  private fill = 0;
  private pos = 0;
  private base = 0;
  /** the file offset the bytes must reach before measuring again */
  private need = 0;
  private stopped = false;
  private started = false;

  push(chunk: Uint8Array): void {
    if (chunk.length === 0 || this.stopped) return;
    this.append(chunk);
    if (this.base + this.fill < this.need) return;
    this.drain(false);
  }

  finish(): DecodedVu {
    if (!this.started && this.fill === 0) throw new DddDecodeError('empty', 'The file is empty.');
    if (!this.stopped) this.drain(true);
    return this.assembler.finish();
  }

  private append(chunk: Uint8Array): void {
    if (this.fill === 0 && this.pos === 0) {
      // the first bytes (the whole file on the in-memory path): read in place
      this.buf = chunk;
      this.fill = chunk.length;
      this.owned = false;
      return;
    }
    const live = this.fill - this.pos;
    if (!this.owned || this.fill + chunk.length > this.buf.length) {
      // a new buffer: views handed out earlier keep the old one intact
      const next = new Uint8Array(Math.max(2 * (live + chunk.length), 4096));
      next.set(this.buf.subarray(this.pos, this.fill));
      this.base += this.pos;
      this.buf = next;
      this.fill = live;
      this.pos = 0;
      this.owned = true;
    }
    this.buf.set(chunk, this.fill);
    this.fill += chunk.length;
  }

  private drain(atEof: boolean): void {
    while (!this.stopped && this.pos < this.fill) if (this.next(atEof) === null) return;
  }

  /** Decodes the TREP at `pos` when complete; null when more bytes are needed. */
  private next(atEof: boolean): true | null {
    const b = this.buf;
    const p = this.pos;
    if (!this.started) this.checkStart(b[p]!);
    this.started = true;
    if (this.fill - p < 2) return this.wait(p + 2, atEof);
    const trep = b[p + 1]!;
    if (b[p] !== TRANSFER_SID || (!isKnownTrep(trep) && trep !== TREP_INTERFACE_VERSION)) {
      this.ctx.warn(
        'unknown_trep',
        `The bytes at ${this.base + p} do not start a known TREP (${b[p] === TRANSFER_SID ? trepName(trep) : 'no 76'}); the rest of the file was not read.`,
      );
      this.stopped = true;
      return null;
    }
    if (trep === TREP_INTERFACE_VERSION) {
      if (this.fill - p < 2 + INTERFACE_VERSION_LENGTH) return this.wait(p + 2 + INTERFACE_VERSION_LENGTH, atEof);
      this.pos = p + 2 + INTERFACE_VERSION_LENGTH;
      return true;
    }
    const m = this.measure(trep, p + 2, atEof);
    if (!m.done) return this.wait(m.need, atEof);
    this.assembler.accept(b, p, m.end, this.base + p, m.sections);
    this.pos = m.end;
    return true;
  }

  private measure(trep: number, start: number, atEof: boolean): Measure {
    if (trep === TREP_CARD_DOWNLOAD) return measureCardDownload(this.buf, start, this.fill, atEof);
    if (generationOf(trep, null) === 'GEN1') return measureGen1(GEN1_STEPS[trep]!, this.buf, start, this.fill);
    return measureGen2(this.buf, start, this.fill, atEof);
  }

  private wait(need: number, atEof: boolean): null {
    this.need = this.base + need;
    if (atEof) {
      this.ctx.warn(
        'damaged_trep',
        `The ${trepName(this.buf[this.pos + 1] ?? 0)} at byte ${this.base + this.pos} is cut short by the end of the file; it was not read.`,
      );
      this.stopped = true;
    }
    return null;
  }

  private checkStart(first: number): void {
    if (first !== TRANSFER_SID)
      throw new DddDecodeError(
        'not_a_ddd_file',
        'The file does not start with a transfer-response header (76): it is not a vehicle-unit download.',
      );
  }
}

export function decodeVuBytes(bytes: Uint8Array): DecodedVu {
  const reader = new VuReader();
  reader.push(bytes);
  return reader.finish();
}

/** Synchronous streaming over an iterable of chunks (same result as decodeVuBytes of their concatenation). */
export function decodeVuChunks(chunks: Iterable<Uint8Array>): DecodedVu {
  const reader = new VuReader();
  for (const chunk of chunks) reader.push(chunk);
  return reader.finish();
}

export async function decodeVu(source: ByteSource): Promise<DecodedVu> {
  if (source instanceof Uint8Array) return decodeVuBytes(source);
  const reader = new VuReader();
  for await (const chunk of source) reader.push(chunk);
  return reader.finish();
}
