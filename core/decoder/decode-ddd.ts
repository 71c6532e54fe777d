/**
 * Decodes a driver-card download file (DDD). Both entry points share CardAssembler (one block at a time):
 * - decodeDddBytes: whole file in memory, synchronous, TLV values are subarray views of `bytes`;
 * - decodeDdd: any ByteSource (Uint8Array or (async) iterable of chunks of any size), streaming.
 */
import type { DecodedCard } from '../domain/card.js';
import type { ByteSource } from './api.js';
import { CardAssembler } from './card-assembler.js';
import { PREFIX_LENGTH, classifyPrefix } from './prefix.js';
import { TlvBlockParser, chunksOf, readTlvBlocks } from './tlv-stream.js';

export function decodeDddBytes(bytes: Uint8Array): DecodedCard {
  const decision = classifyPrefix(bytes.subarray(0, PREFIX_LENGTH));
  const assembler = new CardAssembler(decision.headerStripped);
  for (const block of readTlvBlocks(bytes, decision.skip)) assembler.accept(block);
  return assembler.finish();
}

export async function decodeDdd(source: ByteSource): Promise<DecodedCard> {
  if (source instanceof Uint8Array) return decodeDddBytes(source);
  const prefix = new Uint8Array(PREFIX_LENGTH);
  let prefixFill = 0;
  let parser: TlvBlockParser | null = null;
  let assembler: CardAssembler | null = null;
  for await (const chunk of chunksOf(source)) {
    let rest = chunk;
    if (parser === null) {
      const take = Math.min(PREFIX_LENGTH - prefixFill, chunk.length);
      prefix.set(chunk.subarray(0, take), prefixFill);
      prefixFill += take;
      rest = chunk.subarray(take);
      if (prefixFill < PREFIX_LENGTH) continue;
      const decision = classifyPrefix(prefix);
      assembler = new CardAssembler(decision.headerStripped);
      parser = new TlvBlockParser();
      for (const block of parser.push(prefix.slice(decision.skip))) assembler.accept(block);
    }
    for (const block of parser.push(rest)) assembler!.accept(block);
  }
  if (parser === null) {
    // shorter than the prefix
    return decodeDddBytes(prefix.slice(0, prefixFill));
  }
  parser.end();
  return assembler!.finish();
}
