/**
 * What the use-case suites share: a service over a fresh store whose "decoder" looks the bytes up in a table of
 * built cards (the bytes only carry identity), and small assertion helpers.
 */
import type { TAP } from 'tap';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../adapters/crypto/random-id-generator.js';
import { DddDecodeError } from '../core/decoder/api.js';
import type { ParsedCard } from '../core/domain/rows.js';
import { withDayRecords } from '../core/use-cases/decode-card-file.js';
import { DriverCardQueries } from '../core/use-cases/driver-card-queries.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import { OverviewQueries } from '../core/use-cases/overview-use-cases.js';
import type { ClosableStore } from './new-import.js';

export type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

export const OPEN = { from: null, to: null };
export const ALL = { limit: 5000, offset: 0 };
export const encode = (s: string) => new TextEncoder().encode(s);

/** Asserts that the promise rejects with an instance of the class. */
export async function rejectsWith(
  t: { type: (...args: any[]) => boolean },
  promise: Promise<unknown>,
  type: Function,
  message?: string,
) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return t.type(error, type, message);
}

/** A service over a fresh store whose "decoder" looks the bytes up in a table of built cards. */
export async function service(makeStore: () => Promise<ClosableStore>) {
  const store = await makeStore();
  const cards = new Map<string, ParsedCard>();
  let decodes = 0;
  let clock = Date.parse('2026-03-10T08:00:00.750Z');
  const importer = new ImportDddFile({
    store,
    hasher: new NodeCryptoHasher(),
    clock: { now: () => new Date((clock += 1000)) },
    ids: new RandomIdGenerator(),
    decodeCard: withDayRecords(async (content) => {
      decodes++;
      const card = cards.get(new TextDecoder().decode(content));
      if (!card) throw new DddDecodeError('not_a_ddd_file', 'not a DDD file');
      return structuredClone(card);
    }, new NodeCryptoHasher()),
  });
  const file = (name: string, card: ParsedCard) => {
    cards.set(name, card);
    return encode(name);
  };
  return {
    store,
    importer,
    file,
    decodes: () => decodes,
    queries: new DriverCardQueries(store),
    overviews: new OverviewQueries(store),
  };
}
