/**
 * The card's stored holder (the storage port's storedHolder): the holder the use case compares a new import's
 * holder with. Read alone, or by the save inside its transaction under the card's lock (./import-save.ts), where on
 * PostgreSQL its statement goes in the round trip that takes the lock.
 */
import type { ImportRow } from '../../../core/domain/rows.js';
import type { CardHolder } from '../../../core/use-cases/holder-identity.js';
import { HOLDER_MISMATCH } from '../../../core/use-cases/quarantine-policy.js';
import type { Database } from '../database/database.js';
import type { Raw } from '../database/dialect.js';
import type { SqlRunner, Statement } from '../database/sql-runner.js';

/** The holder of the card's oldest import that is neither WITHDRAWN nor flagged holder_mismatch. */
export async function storedHolder(
  handle: Database,
  cardNumber: string,
  db: SqlRunner = handle.runner,
): Promise<CardHolder | null> {
  const { sql, params } = storedHolderStatement(cardNumber);
  return holderOf(await handle.query(sql, params, db));
}

/** The statement of storedHolder (one row `{ meta }` or none), for a caller that runs it with others. */
export function storedHolderStatement(cardNumber: string): Statement {
  return {
    sql: `SELECT meta FROM imports WHERE card_number = ? AND status <> 'WITHDRAWN' AND meta NOT LIKE ? ORDER BY pk LIMIT 1`,
    params: [cardNumber, `%"code":"${HOLDER_MISMATCH}"%`],
  };
}

/** The holder in the rows of storedHolderStatement. */
export function holderOf(rows: readonly Raw[]): CardHolder | null {
  if (rows.length === 0) return null;
  const { driver } = JSON.parse(rows[0]!.meta as string) as Pick<ImportRow, 'driver'>;
  return { surname: driver.surname, first_names: driver.first_names, birth_date: driver.birth_date };
}
