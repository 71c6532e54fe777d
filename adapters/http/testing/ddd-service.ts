/**
 * A whole service over real DDD bytes for the fleet-check tests: the real decoder and the service's container,
 * SQLite in a temporary folder, a settable clock, and the HTTP app. Files come from the fixtures encoder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeCryptoHasher } from '../../crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../../crypto/random-id-generator.js';
import { createSqlStore, storageOf } from '../../storage/open-storage.js';
import { createServiceContainer } from '../../../composition/container.js';
import { loadConfig } from '../../../composition/config.js';
import { officeRecordUseCases } from '../../../composition/office-records.js';
import { decodeCardFile, verifyingCardDecoder } from '../../../core/use-cases/decode-card-file.js';
import { createHttpApp } from '../app.js';
import { strictFetch } from './strict-answers.js';
import type { WebPage } from '../ports.js';
import type { AuthenticityVerifier } from '../../../core/authenticity/index.js';

export async function dddService(
  now = '2026-03-10T08:00:00Z',
  web: WebPage | null = null,
  homeCountry: string | null = null,
  /** verifies each import's authenticity (absent: imports are not verified) */
  verifier: AuthenticityVerifier | null = null,
) {
  const dir = await mkdtemp(join(tmpdir(), 'drivercard-ddd-'));
  const store = await createSqlStore({ dataDir: dir, synchronous: 'NORMAL' });
  let clock = Date.parse(now);
  const errors: unknown[] = [];
  const services = createServiceContainer(loadConfig({}, { dataDir: dir, homeCountry }), {
    storage: async () => storageOf(store),
    clock: { now: () => new Date(clock) },
    hasher: new NodeCryptoHasher(),
    ids: new RandomIdGenerator(),
    decodeCard: verifier ? verifyingCardDecoder(verifier) : decodeCardFile,
    fleetDrain: false,
    web,
  });
  const bundle = await services.useCases();
  const { app, openapi } = createHttpApp({
    ...bundle,
    ...(await officeRecordUseCases(services.container)),
    restLog: { record: () => undefined, close: async () => undefined },
    allowedHosts: () => new Set(['127.0.0.1:5055']),
    maxPayloadBytes: 1 << 22,
    web,
    onUnexpectedError: (error) => errors.push(error),
  });
  // every answer held to the app's OpenAPI document, strictly
  const fetch = strictFetch((request) => app.fetch(request), openapi);
  let n = 0;
  return {
    store,
    bundle,
    errors,
    setNow: (iso: string) => void (clock = Date.parse(iso)),
    importFile: (bytes: Uint8Array) =>
      bundle.imports.parse({ file_name: `${++n}.ddd`, content: bytes, archive_id: null }),
    get: async (path: string) => fetch(new Request(`http://127.0.0.1:5055${path}`)),
    fetch,
    async close() {
      await bundle.refreshFleet.idle(); // the fleet rows computed after the imports' answers end first
      await services.dispose(); // closes the store
      await rm(dir, { recursive: true, force: true });
    },
  };
}
