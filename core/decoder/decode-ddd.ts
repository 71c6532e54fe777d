/**
 * Decodes a driver-card download file (DDD). Both entry points share CardAssembler (one block at a time):
 * - decodeDddBytes: whole file in memory, synchronous, TLV values are subarray views of `bytes`;
 * - decodeDdd: any ByteSource (Uint8Array or (async) iterable of chunks of any size), streaming. A plain
 *   synchronous iterable (an array of chunks, a generator) is read without a microtask per chunk.
 * For every input both give the same card (warnings and their byte offsets included) or the same
 * DddDecodeError: block offsets are file offsets in both (the streaming parser starts after a stripped
 * transfer header at the same offset as the whole-file reader).
 */
import type { DecodedCard } from '../domain/card.js';
import type { ByteSource } from './api.js';
import { CardAssembler } from './card-assembler.js';
import { PREFIX_LENGTH, classifyPrefix } from './prefix.js';
import { TlvBlockParser, readTlvBlocks } from './tlv-stream.js';

export function decodeDddBytes(bytes: Uint8Array): DecodedCard {
  const decision = classifyPrefix(bytes.subarray(0, PREFIX_LENGTH));
  const assembler = new CardAssembler(decision.headerStripped);
  for (const block of readTlvBlocks(bytes, decision.skip)) assembler.accept(block);
  return assembler.finish();
}

/** Chunk-by-chunk decoding: collects the prefix, then feeds the TLV parser and the assembler. */
class StreamingDecoder {
  private readonly prefix = new Uint8Array(PREFIX_LENGTH);
  private prefixFill = 0;
  private parser: TlvBlockParser | null = null;
  private assembler: CardAssembler | null = null;

  push(chunk: Uint8Array): void {
    let rest = chunk;
    if (this.parser === null) {
      const take = Math.min(PREFIX_LENGTH - this.prefixFill, chunk.length);
      this.prefix.set(chunk.subarray(0, take), this.prefixFill);
      this.prefixFill += take;
      rest = chunk.subarray(take);
      if (this.prefixFill < PREFIX_LENGTH) return;
      const decision = classifyPrefix(this.prefix);
      this.assembler = new CardAssembler(decision.headerStripped);
      this.parser = new TlvBlockParser(decision.skip);
      for (const block of this.parser.push(this.prefix.slice(decision.skip))) this.assembler.accept(block);
    }
    if (rest.length === 0) return;
    const assembler = this.assembler!;
    for (const block of this.parser.push(rest)) assembler.accept(block);
  }

  finish(): DecodedCard {
    // shorter than the prefix: the whole-file path decides (empty, not a DDD file, …)
    if (this.parser === null) return decodeDddBytes(this.prefix.slice(0, this.prefixFill));
    this.parser.end();
    return this.assembler!.finish();
  }
}

function isSyncIterable(source: ByteSource): source is Iterable<Uint8Array> {
  return (
    typeof (source as Partial<AsyncIterable<Uint8Array>>)[Symbol.asyncIterator] !== 'function' &&
    typeof (source as Partial<Iterable<Uint8Array>>)[Symbol.iterator] === 'function'
  );
}

/** Synchronous streaming over an iterable of chunks (same result as decodeDddBytes of their concatenation). */
export function decodeDddChunks(chunks: Iterable<Uint8Array>): DecodedCard {
  const decoder = new StreamingDecoder();
  for (const chunk of chunks) decoder.push(chunk);
  return decoder.finish();
}

export async function decodeDdd(source: ByteSource): Promise<DecodedCard> {
  if (source instanceof Uint8Array) return decodeDddBytes(source);
  if (isSyncIterable(source)) return decodeDddChunks(source);
  const decoder = new StreamingDecoder();
  for await (const chunk of source) decoder.push(chunk);
  return decoder.finish();
}
