/**
 * The today view's own reads in the container, on the MikroORM adapter's connection: the kept open findings
 * (core/ports/open-findings-store.ts) and the imports needing attention (core/ports/import-attention.ts); with
 * another store none (the today view then draws every card's findings and pages through every import per request).
 */
import type { Container } from 'inversify';
import type { ImportStore } from '../core/ports/import-store.js';
import type { OpenFindingsStore } from '../core/ports/open-findings-store.js';
import type { ImportAttention } from '../core/ports/import-attention.js';
import { MikroOrmImportAttention } from '../adapters/storage/attention/import-attention.js';
import { MikroOrmImportStore } from '../adapters/storage/open-storage.js';
import { MikroOrmOpenFindings } from '../adapters/storage/open-findings/open-findings-store.js';
import { TOKENS } from './tokens.js';

export function bindOpenFindings(container: Container): void {
  container
    .bind<OpenFindingsStore | null>(TOKENS.OpenFindings)
    .toResolvedValue(
      (store: ImportStore) => (store instanceof MikroOrmImportStore ? new MikroOrmOpenFindings(store) : null),
      [TOKENS.ImportStore],
    )
    .inSingletonScope();
  container
    .bind<ImportAttention | null>(TOKENS.ImportAttention)
    .toResolvedValue(
      (store: ImportStore) => (store instanceof MikroOrmImportStore ? new MikroOrmImportAttention(store) : null),
      [TOKENS.ImportStore],
    )
    .inSingletonScope();
}
