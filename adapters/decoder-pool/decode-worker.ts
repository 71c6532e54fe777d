/**
 * Worker thread of the decoder pool (./decoder-pool.ts): decodes one DDD body per message with the pure core
 * decoder and row mapper and answers the ParsedCard (numbers and short strings: cheap to clone) or the decode
 * failure's reason and message (activity rows as transferred columns, ./protocol.ts). Never logs, never touches the bytes otherwise.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildTrustStore, CardAuthenticityVerifier } from '../../core/authenticity/index.js';
import { DddDecodeError } from '../../core/decoder/api.js';
import { decodeCardFile, verifyingCardDecoder, type ParsedCardDecoder } from '../../core/use-cases/decode-card-file.js';
import { NodeSignatureCrypto } from '../crypto/node-signature-crypto.js';
import { NodeCryptoHasher } from '../crypto/node-crypto-hasher.js';
import { dayRecordsOf } from '../../core/use-cases/day-records.js';
import { encodeContentSync } from '../storage/imports/content-codec.js';
import { packCard, type WorkerReply, type WorkerRequest, type WorkerSetup } from './protocol.js';

/**
 * Decode and verify with the roots the pool was given (decode only without them). A file's EF signatures are
 * checked concurrently on the libuv thread pool (verifyAsync), unless the setup asks for one after the other.
 */
function decoderOf(setup: WorkerSetup | undefined): ParsedCardDecoder {
  if (!setup?.trustFiles) return decodeCardFile;
  const crypto = new NodeSignatureCrypto();
  const verifier = new CardAuthenticityVerifier(crypto, buildTrustStore(setup.trustFiles, crypto).store);
  return verifyingCardDecoder(
    setup.sequentialSignatures === true ? { verify: (card) => verifier.verify(card) } : verifier,
  );
}

const setup = workerData as WorkerSetup | undefined;
const decode = decoderOf(setup);
const hasher = new NodeCryptoHasher();

/** The body as the storage keeps it, in an ArrayBuffer of its own (transferred); null: kept as it is. */
function deflatedOf(content: Uint8Array): Uint8Array | null {
  const stored = encodeContentSync(content);
  // a copy: zlib's output may share a pooled ArrayBuffer, which must not be transferred
  return stored.encoding === null ? null : new Uint8Array(stored.content);
}

parentPort!.on('message', async (request: WorkerRequest) => {
  let reply: WorkerReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const card = await decode(request.content);
    const days = dayRecordsOf(card, hasher); // before packCard: it transfers the activity columns away
    const packed = packCard(card);
    const deflated = setup?.prepareContent === true ? deflatedOf(request.content) : undefined;
    reply = { id: request.id, ok: true, card: packed.card, days, ...(deflated !== undefined && { deflated }) };
    transfer = deflated ? [...packed.transfer, deflated.buffer as ArrayBuffer] : packed.transfer;
  } catch (error) {
    reply =
      error instanceof DddDecodeError
        ? { id: request.id, ok: false, reason: error.reason, message: error.message }
        : { id: request.id, ok: false, reason: null, message: 'the decoder failed unexpectedly' };
  }
  parentPort!.postMessage(reply, transfer);
});
