/** Messages between the decoder pool and its workers. */
import type { DecodeErrorReason } from '../../core/decoder/api.js';
import type { ParsedCard } from '../../core/domain/rows.js';

export interface WorkerRequest {
  id: number;
  content: Uint8Array;
}

export type WorkerReply =
  | { id: number; ok: true; card: ParsedCard }
  /** reason null: not a decode failure but a decoder bug (reported as such, without its text) */
  | { id: number; ok: false; reason: DecodeErrorReason | null; message: string };
