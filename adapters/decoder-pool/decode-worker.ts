/**
 * Worker thread of the decoder pool (./decoder-pool.ts): decodes one DDD body per message with the pure core
 * decoder and row mapper and answers the ParsedCard (numbers and short strings: cheap to clone) or the decode
 * failure's reason and message (activity rows as transferred columns, ./protocol.ts). Never logs, never touches the bytes otherwise.
 */
import { parentPort } from 'node:worker_threads';
import { DddDecodeError } from '../../core/decoder/api.js';
import { decodeCardFile } from '../../core/use-cases/decode-card-file.js';
import { packCard, type WorkerReply, type WorkerRequest } from './protocol.js';

parentPort!.on('message', async (request: WorkerRequest) => {
  let reply: WorkerReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const packed = packCard(await decodeCardFile(request.content));
    reply = { id: request.id, ok: true, card: packed.card };
    transfer = packed.transfer;
  } catch (error) {
    reply = error instanceof DddDecodeError
      ? { id: request.id, ok: false, reason: error.reason, message: error.message }
      : { id: request.id, ok: false, reason: null, message: 'the decoder failed unexpectedly' };
  }
  parentPort!.postMessage(reply, transfer);
});
