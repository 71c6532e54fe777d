/** The use-case suites (use-cases.suite.ts, holder-race.suite.ts) on the MikroORM SQLite adapter over real temporary files. */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { useCasesSuite } from './use-cases.suite.js';
import { holderRaceSuite } from './holder-race.suite.js';

const root = await mkdtemp(join(tmpdir(), 'drivercard-usecases-'));
t.teardown(() => rm(root, { recursive: true, force: true }));
let n = 0;

useCasesSuite(t, 'sqlite', () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
holderRaceSuite(t, 'sqlite', () => createSqlStore({ dataDir: join(root, `db-${++n}`) }));
