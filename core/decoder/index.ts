/** Public surface of the decoder. */
export * from './api.js';
export { decodeDdd, decodeDddBytes, decodeDddChunks } from './decode-ddd.js';
export { readTlvBlocks, streamTlvBlocks, TlvBlockParser, type TlvBlock } from './tlv-stream.js';
export { downloadTimeOf } from './download-time.js';
export { decodeDownload, decodeDownloadBytes, type DecodedDownload } from './vu/download-kind.js';
