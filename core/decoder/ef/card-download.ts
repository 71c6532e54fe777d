/**
 * EF Card_Download (050E), 4 bytes: LastCardDownload ::= TimeReal (2.89). Not signed (DDP_035).
 */
import type { CardDownload } from '../../domain/card.js';
import { TIME_REAL } from '../primitives/time-real.js';
import { type DecodeContext, fixedSize } from './context.js';

export function decodeCardDownload(b: Uint8Array, ctx: DecodeContext, label: string): CardDownload | null {
  if (!fixedSize(ctx, label, b.length, TIME_REAL.len)) return null;
  return { lastCardDownload: TIME_REAL.get(b, 0) };
}
