/**
 * The one database handle every port implementation of this adapter shares: MikroORM (entity schemas, migrations
 * and connections only), the dialect (./dialect.ts: the few differences between SQLite and PostgreSQL) and the
 * runner that executes the hand-written SQL (./sql-runner.ts on SQLite, ./postgres-runner.ts on PostgreSQL).
 * Errors leave as StorageError, which carries no SQL and no bound values.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { Raw, SqlValue, StorageDialect } from './dialect.js';
import type { SqlRunner, Statement } from './sql-runner.js';
import { StorageError } from './storage-error.js';

export class Database {
  constructor(
    readonly orm: MikroORM<any>,
    readonly dialect: StorageDialect,
    readonly runner: SqlRunner,
  ) {}

  /** Runs a statement and returns its rows; errors carry no SQL or bound values (see StorageError). */
  async query(sql: string, params: readonly SqlValue[] = [], db: SqlRunner = this.runner): Promise<Raw[]> {
    try {
      return await db.all(sql, params);
    } catch (error) {
      throw new StorageError('query failed', error);
    }
  }

  /** One write of derived data, committed without waiting for the disk (SqlRunner.writeDerivedAll says when). */
  async writeDerived(sql: string, params: readonly SqlValue[]): Promise<void> {
    await this.writeDerivedAll([{ sql, params }]);
  }

  /** Several writes of derived data committed together (SqlRunner.writeDerivedAll). */
  async writeDerivedAll(statements: readonly Statement[]): Promise<void> {
    try {
      await this.runner.writeDerivedAll(statements);
    } catch (error) {
      throw new StorageError('writing derived data failed', error);
    }
  }

  /** Releases the connection and closes MikroORM (the pool and, on SQLite, the file). */
  async close(): Promise<void> {
    await this.runner.release();
    await this.orm.close(true);
  }
}
