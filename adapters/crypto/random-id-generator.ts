/** IdGenerator port on node:crypto: `imp_` + 26 lowercase hex characters (104 random bits). */
import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '../../core/ports/id-generator.js';

export class RandomIdGenerator implements IdGenerator {
  newImportId(): string {
    return `imp_${randomBytes(13).toString('hex')}`;
  }
}
