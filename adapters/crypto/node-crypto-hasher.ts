/** Hasher port on node:crypto. */
import { createHash } from 'node:crypto';
import type { Hasher } from '../../core/ports/hasher.js';

export class NodeCryptoHasher implements Hasher {
  sha256Hex(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  sha256HexOfText(text: string): string {
    return createHash('sha256').update(text, 'utf8').digest('hex');
  }
}
