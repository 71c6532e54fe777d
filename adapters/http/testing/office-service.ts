/**
 * A whole service for the office tests (fleet, exports, report): the real use cases and HTTP app over a
 * SQLite store in a temporary folder, a settable clock, and a "decoder" that files built cards (the bytes
 * only carry identity: `card:<key>`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeCryptoHasher } from '../../crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../../crypto/random-id-generator.js';
import { createSqlStore, type SqlImportStore, storageOf } from '../../storage/open-storage.js';
import { DddDecodeError } from '../../../core/decoder/api.js';
import type { ParsedCard } from '../../../core/domain/rows.js';
import { createServiceContainer, type UseCaseBundle } from '../../../composition/container.js';
import { loadConfig } from '../../../composition/config.js';
import { createHttpApp } from '../app.js';
import { strictFetch } from './strict-answers.js';
import type { ParseResponse } from '../../../core/use-cases/contracts.js';

export interface OfficeService {
  store: SqlImportStore;
  bundle: UseCaseBundle;
  /** the clock every use case reads */
  setNow(iso: string): void;
  /** files the card (through the import use case) under a new key; returns the parse answer */
  importCard(card: ParsedCard): Promise<ParseResponse>;
  get(path: string): Promise<Response>;
  /** a POST with a JSON body (undefined: no body) */
  post(path: string, body?: unknown): Promise<Response>;
  /** unexpected failures (500s) seen by the app */
  errors: unknown[];
  close(): Promise<void>;
}

export async function officeService(makeStore?: () => Promise<SqlImportStore>): Promise<OfficeService> {
  const dir = await mkdtemp(join(tmpdir(), 'drivercard-office-'));
  const store = makeStore ? await makeStore() : await createSqlStore({ dataDir: dir, synchronous: 'NORMAL' });
  let now = Date.parse('2026-03-10T08:00:00Z');
  const cards = new Map<string, ParsedCard>();
  const errors: unknown[] = [];
  const services = createServiceContainer(loadConfig({}, { dataDir: dir }), {
    storage: async () => storageOf(store),
    clock: { now: () => new Date(now) },
    hasher: new NodeCryptoHasher(),
    ids: new RandomIdGenerator(),
    decodeCard: async (content) => {
      const card = cards.get(new TextDecoder().decode(content));
      if (!card) throw new DddDecodeError('not_a_ddd_file', 'not a DDD file');
      return structuredClone(card);
    },
    fleetDrain: false,
    web: null,
  });
  const bundle = await services.useCases();
  const { app, openapi } = createHttpApp({
    ...bundle,
    restLog: { record: () => undefined, close: async () => undefined },
    allowedHosts: () => new Set(['127.0.0.1:5055']),
    maxPayloadBytes: 1 << 20,
    web: null,
    onUnexpectedError: (error) => {
      errors.push(error);
    },
  });
  // every answer held to the app's OpenAPI document, strictly
  const fetch = strictFetch((request) => app.fetch(request), openapi);
  let n = 0;
  return {
    store,
    bundle,
    errors,
    setNow(iso) {
      now = Date.parse(iso);
    },
    async importCard(card) {
      const key = `card:${++n}:${Math.random()}`;
      cards.set(key, card);
      return bundle.imports.parse({ file_name: `${n}.ddd`, content: new TextEncoder().encode(key), archive_id: null });
    },
    get: async (path) => fetch(new Request(`http://127.0.0.1:5055${path}`)),
    post: async (path, body) =>
      fetch(
        new Request(`http://127.0.0.1:5055${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
    async close() {
      await bundle.refreshFleet.idle(); // the fleet rows computed after the imports' answers end first
      await services.dispose(); // closes the store
      await rm(dir, { recursive: true, force: true });
    },
  };
}
