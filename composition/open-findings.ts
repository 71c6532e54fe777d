/**
 * The kept open findings of the today view (core/ports/open-findings-store.ts) in the container: on the MikroORM
 * adapter's connection; with another store none (the today view then draws every card's findings per request).
 */
import type { Container } from 'inversify';
import type { ImportStore } from '../core/ports/import-store.js';
import type { OpenFindingsStore } from '../core/ports/open-findings-store.js';
import { MikroOrmImportStore } from '../adapters/storage/mikro-orm/index.js';
import { MikroOrmOpenFindings } from '../adapters/storage/mikro-orm/mikro-orm-open-findings.js';
import { TOKENS } from './tokens.js';

export function bindOpenFindings(container: Container): void {
  container
    .bind<OpenFindingsStore | null>(TOKENS.OpenFindings)
    .toResolvedValue(
      (store: ImportStore) => (store instanceof MikroOrmImportStore ? new MikroOrmOpenFindings(store) : null),
      [TOKENS.ImportStore],
    )
    .inSingletonScope();
}
