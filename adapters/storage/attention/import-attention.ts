/**
 * ImportAttention (core/ports/import-attention.ts) on the MikroORM adapter's connection: one read of the `imports`
 * rows whose status is QUARANTINED or WITHDRAWN or whose meta JSON names `holder_mismatch` (a substring every such
 * warning's code contains; the caller decides from the parsed warnings), instead of every import.
 */
import type { ImportRow } from '../../../core/domain/rows.js';
import type { ImportAttention } from '../../../core/ports/import-attention.js';
import { HOLDER_MISMATCH } from '../../../core/use-cases/quarantine-policy.js';
import type { Database } from '../database/database.js';

export class SqlImportAttention implements ImportAttention {
  constructor(private readonly db: Database) {}

  async attentionImports(): Promise<Pick<ImportRow, 'status' | 'warnings'>[]> {
    const rows = await this.db.query(
      `SELECT status, meta FROM imports WHERE status IN ('QUARANTINED', 'WITHDRAWN') OR meta LIKE ?`,
      [`%${HOLDER_MISMATCH}%`],
    );
    return rows.map((r) => {
      const meta = JSON.parse(String(r.meta)) as Pick<ImportRow, 'warnings'>;
      return { status: String(r.status) as ImportRow['status'], warnings: meta.warnings ?? [] };
    });
  }
}
