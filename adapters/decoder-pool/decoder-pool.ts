/**
 * A bounded pool of worker threads that decode large DDD bodies, so that decoding never blocks the event loop
 * that serves queries. Bodies below `inlineBelowBytes` are decoded on the calling thread (posting them costs more
 * than decoding them) while that thread has time to spare; when its event loop was busy for more than half of the
 * last 100 ms (imports from several clients), small bodies go to the workers too, which then decode and verify on
 * another core while the event loop stores and answers. At most `size` workers run; further bodies wait in a FIFO queue. Workers start on first use
 * and are terminated by `close()`. The decoders themselves stay the pure core functions (decodeCardFile,
 * vuFileDecoder); this module is only transport: the same CardDecoder and VuDecoder contracts, DddDecodeError with
 * the same reason and message. A vehicle-unit download comes back with its rows in the storage's written form.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { DddDecodeError } from '../../core/decoder/api.js';
import {
  decodeCardFile,
  withDayRecords,
  type CardDecoder,
  type DecodedCardFile,
} from '../../core/use-cases/decode-card-file.js';
import { NodeCryptoHasher } from '../crypto/node-crypto-hasher.js';
import type { TrustFile } from '../../core/authenticity/index.js';
import type { StoredForm } from '../../core/ports/import-store.js';
import type { WorkerRequest, WorkerSetup } from './protocol.js';
import { vuFileDecoder, type DecodedVuFile, type VuDecoder } from '../../core/use-cases/decode-vu-file.js';
import { unpackCard, type WorkerReply } from './protocol.js';

export interface DecoderPoolOptions {
  /** worker threads at most (default: available cores − 1, at least 1, at most 4) */
  size?: number;
  /** bodies smaller than this are decoded inline (default 16 KiB: a 26 KiB card already costs the main thread about a third of inline decoding when decoded in a worker) */
  inlineBelowBytes?: number;
  /** the trust roots the workers verify with (absent: workers only decode) */
  trustFiles?: TrustFile[];
  /** workers check a file's EF signatures one after the other instead of concurrently (the benchmark's baseline) */
  sequentialSignatures?: boolean;
  /** what the calling thread runs for small bodies and when workers are unavailable (default: decode only, and the day records) */
  inlineDecoder?: CardDecoder;
  /** what the calling thread runs for small VU downloads and when workers are unavailable (default: decode only) */
  inlineVuDecoder?: VuDecoder;
  /** whether the calling thread is busy, so that small bodies go to a worker too (default: its event-loop use) */
  loopBusy?: () => boolean;
  /** workers compress the body they decoded too, answered as the result's `stored_form` for the save (default: no) */
  prepareContent?: boolean;
}

/** event-loop utilisation above which the loop counts as busy, over windows of WINDOW_MS */
const BUSY_LOOP = 0.5;
const WINDOW_MS = 100;

/** Whether this thread's event loop was busy over the last completed window (performance.eventLoopUtilization). */
export function eventLoopBusy(): () => boolean {
  let mark = performance.eventLoopUtilization();
  let at = performance.now();
  let busy = false;
  return () => {
    const now = performance.now();
    if (now - at >= WINDOW_MS) {
      const current = performance.eventLoopUtilization();
      busy = performance.eventLoopUtilization(current, mark).utilization > BUSY_LOOP;
      mark = current;
      at = now;
    }
    return busy;
  };
}

type Decoded = DecodedCardFile | DecodedVuFile;

interface Job {
  id: number;
  kind: WorkerRequest['kind'];
  content: Uint8Array;
  resolve: (decoded: Decoded) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** the worker has answered at least once (it can load the decoder) */
  answered: boolean;
}

/** The worker's own file: .ts when running from source (tests), .js from dist; the loader is inherited. */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './decode-worker.ts' : './decode-worker.js',
  import.meta.url,
);

export class DecoderPool {
  readonly size: number;
  readonly inlineBelowBytes: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** a worker died before answering anything (e.g. a runtime whose loader workers cannot use): decode inline */
  private unavailable = false;
  private readonly inline: CardDecoder;
  private readonly inlineVu: VuDecoder;
  private readonly setup: WorkerSetup;
  private readonly loopBusy: () => boolean;

  constructor(
    options: DecoderPoolOptions = {},
    private readonly workerUrl: URL = WORKER_URL,
  ) {
    this.size = Math.max(1, options.size ?? Math.min(4, availableParallelism() - 1));
    this.inlineBelowBytes = options.inlineBelowBytes ?? 16 * 1024;
    this.inline = options.inlineDecoder ?? withDayRecords(decodeCardFile, new NodeCryptoHasher());
    this.inlineVu = options.inlineVuDecoder ?? vuFileDecoder(null);
    this.loopBusy = options.loopBusy ?? eventLoopBusy();
    this.setup = {
      trustFiles: options.trustFiles ?? null,
      sequentialSignatures: options.sequentialSignatures ?? false,
      prepareContent: options.prepareContent ?? false,
    };
  }

  /** The CardDecoder of the import use case: the card and its day records, both computed by the worker when one decoded it. */
  readonly decode: CardDecoder = (content) => this.submit('card', content) as Promise<DecodedCardFile>;

  /**
   * The VuDecoder of the import use case: a VU download's summary and its rows in the storage's written form when a
   * worker decoded it (a download with detailed speed holds tens of thousands of rows), its rows otherwise.
   */
  readonly decodeVu: VuDecoder = (content) => this.submit('vu', content) as Promise<DecodedVuFile>;

  private submit(kind: Job['kind'], content: Uint8Array): Promise<Decoded> {
    if (this.unavailable || (content.byteLength < this.inlineBelowBytes && !this.loopBusy()))
      return this.inlineOf(kind)(content);
    if (this.closed) return Promise.reject(new Error('the decoder pool is closed'));
    return new Promise<Decoded>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, kind, content, resolve, reject });
      this.dispatch();
    });
  }

  private inlineOf(kind: Job['kind']): (content: Uint8Array) => Promise<Decoded> {
    return kind === 'vu' ? this.inlineVu : this.inline;
  }

  /** A job decoded on this thread (no worker can take it): the same answer, the decoders being pure. */
  private runInline(job: Job): void {
    this.inlineOf(job.kind)(job.content).then(job.resolve, job.reject);
  }

  /** Workers started so far (for tests and the benchmark). */
  get started(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    const jobs = [...this.queue.splice(0), ...slots.flatMap((slot) => (slot.job ? [slot.job] : []))];
    for (const job of jobs) job.reject(new Error('the decoder pool is closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    if (this.unavailable) for (const job of this.queue.splice(0)) this.runInline(job);
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? (this.slots.length < this.size ? this.start() : null);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      const request: WorkerRequest = { id: job.id, kind: job.kind, content: job.content };
      slot.worker.postMessage(request);
    }
  }

  private start(): Slot {
    const slot: Slot = { worker: new Worker(this.workerUrl, { workerData: this.setup }), job: null, answered: false };
    slot.worker.unref();
    slot.worker.on('message', (reply: WorkerReply) => this.finish(slot, reply));
    slot.worker.on('error', () => this.fail(slot));
    slot.worker.on('exit', () => this.fail(slot));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    slot.job = null;
    slot.answered = true;
    if (job && job.id === reply.id) {
      if (reply.ok) {
        const form = storedForm(job.content, reply.deflated);
        job.resolve(
          'vu' in reply
            ? { rows: { import: reply.vu }, prepared: reply.prepared, ...form }
            : { card: unpackCard(reply.card), days: reply.days, ...form },
        );
      } else if (reply.reason !== null) job.reject(new DddDecodeError(reply.reason, reply.message));
      else job.reject(new Error('the decoder failed unexpectedly'));
    }
    this.dispatch();
  }

  /**
   * A worker that died: the slot is dropped and its body is decoded inline (the decoder is pure, so the answer is
   * the same). A worker that died before answering anything means workers cannot run here: from then on every
   * body is decoded inline.
   */
  private fail(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    if (!slot.answered) this.unavailable = true;
    const job = slot.job;
    slot.job = null;
    if (job) this.runInline(job);
    if (!this.closed) this.dispatch();
  }
}

/**
 * The stored form a worker answered beside the rows: its deflated bytes, or the body as it is when compressing did
 * not make it smaller (null); none when the worker was not asked to compress (undefined).
 */
function storedForm(content: Uint8Array, deflated: Uint8Array | null | undefined): { stored_form?: StoredForm } {
  if (deflated === undefined) return {};
  return {
    stored_form: deflated === null ? { bytes: content, encoding: null } : { bytes: deflated, encoding: 'deflate-raw' },
  };
}
