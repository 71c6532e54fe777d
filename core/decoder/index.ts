/** Public surface of the decoder. */
export * from './api.js';
export { decodeDdd, decodeDddBytes } from './decode-ddd.js';
export { readTlvBlocks, streamTlvBlocks, TlvBlockParser, type TlvBlock } from './tlv-stream.js';
