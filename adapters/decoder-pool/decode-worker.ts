/**
 * Worker thread of the decoder pool (./decoder-pool.ts): decodes one DDD body per message with the pure core
 * decoders and row mappers. A card is answered as its ParsedCard (numbers and short strings: cheap to clone, activity
 * rows as transferred columns, ./protocol.ts); a vehicle-unit download as its import summary and its rows already in
 * the storage's written form (../storage/vehicle-units/vu-row-kinds.ts), transferred. A failure is answered as the
 * decode error's reason and message. Never logs, never touches the bytes otherwise.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildTrustStore, CardAuthenticityVerifier } from '../../core/authenticity/index.js';
import { VuAuthenticityVerifier } from '../../core/authenticity/verify-vu.js';
import { DddDecodeError } from '../../core/decoder/api.js';
import { decodeCardFile, verifyingCardDecoder, type ParsedCardDecoder } from '../../core/use-cases/decode-card-file.js';
import { vuFileDecoder } from '../../core/use-cases/decode-vu-file.js';
import { NodeSignatureCrypto } from '../crypto/node-signature-crypto.js';
import { NodeCryptoHasher } from '../crypto/node-crypto-hasher.js';
import { dayRecordsOf } from '../../core/use-cases/day-records.js';
import { encodeContentSync } from '../storage/imports/content-codec.js';
import { prepareVuRows } from '../storage/vehicle-units/vu-row-kinds.js';
import { packCard, preparedBuffers, type WorkerReply, type WorkerRequest, type WorkerSetup } from './protocol.js';

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

/** The VU decoder, verifying with the same roots (decode only without them). */
function vuDecoderOf(setup: WorkerSetup | undefined): ReturnType<typeof vuFileDecoder> {
  if (!setup?.trustFiles) return vuFileDecoder(null);
  const crypto = new NodeSignatureCrypto();
  return vuFileDecoder(new VuAuthenticityVerifier(crypto, buildTrustStore(setup.trustFiles, crypto).store));
}

const setup = workerData as WorkerSetup | undefined;
const decode = decoderOf(setup);
const decodeVu = vuDecoderOf(setup);
const hasher = new NodeCryptoHasher();

/** The body as the storage keeps it, in an ArrayBuffer of its own (transferred); null: kept as it is. */
function deflatedOf(content: Uint8Array): Uint8Array | null {
  const stored = encodeContentSync(content);
  // a copy: zlib's output may share a pooled ArrayBuffer, which must not be transferred
  return stored.encoding === null ? null : new Uint8Array(stored.content);
}

type Answer = { reply: WorkerReply; transfer: ArrayBuffer[] };

async function cardAnswer(request: WorkerRequest): Promise<Answer> {
  const card = await decode(request.content);
  const days = dayRecordsOf(card, hasher); // before packCard: it transfers the activity columns away
  const packed = packCard(card);
  return { reply: { id: request.id, ok: true, card: packed.card, days }, transfer: packed.transfer };
}

async function vuAnswer(request: WorkerRequest): Promise<Answer> {
  const { rows, days, speed } = await decodeVu(request.content);
  const { import: summary, ...lists } = rows;
  const prepared = prepareVuRows({ rows: lists, days, speed });
  return { reply: { id: request.id, ok: true, vu: summary, prepared }, transfer: preparedBuffers(prepared) };
}

parentPort!.on('message', async (request: WorkerRequest) => {
  let answer: Answer;
  try {
    answer = request.kind === 'vu' ? await vuAnswer(request) : await cardAnswer(request);
    if (setup?.prepareContent === true && answer.reply.ok) {
      const deflated = deflatedOf(request.content);
      answer.reply.deflated = deflated;
      if (deflated) answer.transfer.push(deflated.buffer as ArrayBuffer);
    }
  } catch (error) {
    const reply: WorkerReply =
      error instanceof DddDecodeError
        ? { id: request.id, ok: false, reason: error.reason, message: error.message }
        : { id: request.id, ok: false, reason: null, message: 'the decoder failed unexpectedly' };
    answer = { reply, transfer: [] };
  }
  parentPort!.postMessage(answer.reply, answer.transfer);
});
