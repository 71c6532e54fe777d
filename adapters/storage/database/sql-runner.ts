/**
 * How the storage adapter runs SQL on the connection MikroORM opened. Two implementations:
 * - SQLite (`@mikro-orm/better-sqlite`): the better-sqlite3 connection itself, taken from MikroORM's pool of one.
 *   Every distinct SQL text is prepared once and the statement reused (knex's formatter and a fresh
 *   statement per call on node-sqlite3 cost 0.5 ms per `SELECT 1`; a cached better-sqlite3 statement ~3 µs).
 *   better-sqlite3 runs synchronously, so a transaction holds a lock that every other call waits for: a
 *   reader never sees half an import, and nothing interleaves between BEGIN and COMMIT.
 *   Durability without blocking the event loop: with `synchronous = FULL` configured, SQLite would fsync the
 *   WAL inside COMMIT, on the main thread (~1 ms an import, no query answered meanwhile). The connection runs
 *   NORMAL instead (WAL: commits are written, not synced; checkpoints sync) and every write then waits for an
 *   fsync of the WAL file on libuv's thread pool before it resolves: an import is acknowledged only once it is
 *   on disk, as with FULL, while the main thread serves queries, and the writes committed meanwhile share one
 *   fsync (group commit).
 * - PostgreSQL: postgres-runner.ts (node-postgres connections of MikroORM's pool, named prepared statements).
 * Errors are wrapped in StorageError by the caller; they never carry SQL or bound values upwards.
 */
import { statSync } from 'node:fs';
import { open as openFile, type FileHandle } from 'node:fs/promises';
import type { AbstractSqlConnection, Knex } from '@mikro-orm/better-sqlite'; // type only: the knex types both drivers re-export
import type { MikroORM } from '@mikro-orm/core';
import { FileLock, LOCK_PATIENCE_MS, type LockFileConnection } from './file-locks.js';
import type { Raw, SqlValue } from './sql-values.js';

export interface SqlRunner {
  /** the rows of a statement (an empty list for statements without result rows) */
  all(sql: string, params?: readonly SqlValue[]): Promise<Raw[]>;
  /**
   * the rows of each statement, run in order (PostgreSQL: in one round trip); the first that fails fails the call
   * and none after it runs
   */
  batch(statements: readonly Statement[]): Promise<Raw[][]>;
  /**
   * The LAST statement of a transaction's work, and the commit (PostgreSQL: in one round trip; nothing may run in
   * the transaction after it). Outside a transaction, and on SQLite, the same as `all`: the commit follows when
   * the work returns.
   */
  lastThenCommit(sql: string, params: readonly SqlValue[]): Promise<void>;
  /** INSERTs `rows` (each one value per column) into `table` */
  insertMany(table: string, columns: readonly string[], rows: readonly SqlValue[][]): Promise<void>;
  /** insertMany of several tables (PostgreSQL: as few statements as the bound-parameter limit allows) */
  insertTables(batches: readonly InsertBatch[]): Promise<void>;
  /**
   * Writes (INSERT, UPDATE or DELETE) of DERIVED data (a summary rebuilt from the imports at start when it lags
   * behind them: the fleet row), committed together without waiting for the disk: SQLite `synchronous = NORMAL`
   * (WAL: the next FULL commit, e.g. the next import, makes them durable too; a power cut may lose them, never
   * corrupt), one transaction with the others asked in the same turn of the event loop; PostgreSQL
   * `synchronous_commit = off`, one statement of data-modifying WITH clauses (one round trip). Never used for an
   * import or anything not derived. Inside a transaction they are ordinary statements of that transaction.
   */
  writeDerivedAll(statements: readonly Statement[]): Promise<void>;
  /**
   * runs `work` in one transaction: committed when it resolves (and resolved once durable: SQLite, the fsync of
   * the WAL on the thread pool), rolled back when it throws
   */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * runs `work` while holding the lock named `key` against every other session of the database, the work's own
   * statements running as usual (PostgreSQL: session-locks.ts, no pooled connection held for it); SQLite: `work` as it
   * is — its database is one process's (`serve --workers` is refused on it)
   */
  exclusively<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** gives the connection back to MikroORM (before `orm.close`) */
  release(): Promise<void>;
  /**
   * The planner's statistics were refreshed (an ANALYZE): PostgreSQL's connections prepare their statements again
   * before their next use, so none keeps choosing plans by what it learnt of smaller tables (growth-statistics.ts).
   * SQLite: nothing (its statements' plans follow the indexes).
   */
  statisticsRefreshed(): void;
}

/** One SQL statement and its bound values. */
export interface Statement {
  sql: string;
  params: readonly SqlValue[];
}

/** Rows for one table (each one value per column). */
export interface InsertBatch {
  table: string;
  columns: readonly string[];
  rows: readonly SqlValue[][];
}

/** The better-sqlite3 API used here (the package's own types are not a dependency). */
export interface BetterSqliteStatement {
  readonly reader: boolean;
  all(...params: unknown[]): Raw[];
  run(...params: unknown[]): unknown;
}
export interface BetterSqliteDatabase {
  prepare(sql: string): BetterSqliteStatement;
  exec(sql: string): unknown;
  pragma(sql: string, options?: { simple: boolean }): unknown;
  readonly inTransaction: boolean;
  /** the database file's path */
  readonly name: string;
}

/** `PRAGMA synchronous` levels (sqlite.org/pragma.html#pragma_synchronous): 1 NORMAL, 2 FULL, 3 EXTRA */
const SYNCHRONOUS_NORMAL = 1;

/**
 * fdatasync(2) (what SQLite itself calls on Linux), on libuv's thread pool, of a file kept open between calls (one thread-pool job per sync instead of open, sync and close).
 * The path is checked on the event loop before each sync (a stat: microseconds): when the file there is not the
 * one held open (SQLite removed the WAL when the last connection of another process closed, and it was made
 * again), the new file is opened, so the file synced is always the one at the path.
 */
export class OpenFileSync {
  private handle: FileHandle | null = null;
  private inode = -1;

  constructor(private readonly path: string) {}

  async sync(): Promise<void> {
    const current = statInode(this.path);
    if (this.handle === null || current !== this.inode) {
      await this.close();
      const handle = await openFile(this.path, 'r');
      this.inode = (await handle.stat()).ino;
      this.handle = handle;
    }
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.close();
  }
}

function statInode(path: string): number {
  try {
    return statSync(path).ino;
  } catch {
    return -1;
  }
}

/**
 * Group commit: `durable()` after a commit resolves once an fsync STARTED after that commit has ended. One fsync
 * runs at a time; commits made while it runs wait for the next one, which covers all of them.
 */
export class WalSync {
  private committed = 0;
  private synced = 0;
  private running: Promise<void> | null = null;
  private readonly file: OpenFileSync;

  constructor(
    private readonly walPath: string,
    /** replaceable for tests (default: the WAL file kept open, OpenFileSync) */
    public sync?: (path: string) => Promise<void>,
  ) {
    this.file = new OpenFileSync(walPath);
  }

  async durable(): Promise<void> {
    const mine = ++this.committed;
    while (this.synced < mine) {
      if (this.running === null) {
        const upTo = this.committed;
        this.running = (this.sync ? this.sync(this.walPath) : this.file.sync())
          .then(() => void (this.synced = Math.max(this.synced, upTo)))
          .finally(() => (this.running = null));
      }
      await this.running;
    }
  }

  /** waits for the fsync running now and closes the WAL file (before the connection closes) */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.file.close().catch(() => undefined);
  }
}

export function knexOf(orm: MikroORM<any>): Knex {
  return (orm.em.getConnection() as unknown as AbstractSqlConnection).getKnex();
}

/** Statements prepared once per SQL text; the number of distinct texts is bounded by the adapter's code. */
const MAX_CACHED_STATEMENTS = 512;

interface DerivedWrite {
  statements: readonly Statement[];
  resolve(): void;
  reject(error: unknown): void;
}

export class SqliteRunner implements SqlRunner {
  private readonly statements = new Map<string, BetterSqliteStatement>();
  /** resolves when the running transaction ends; null when none runs */
  private busy: Promise<void> | null = null;
  /** the derived writes gathered in this turn of the event loop (null: none), and the flush that commits them */
  private derived: DerivedWrite[] | null = null;
  private derivedFlush: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: BetterSqliteDatabase,
    private readonly onRelease: () => Promise<void>,
    /** set when the configured level syncs every commit: the WAL is then synced off the main thread */
    readonly walSync: WalSync | null,
    /** the lock of `exclusively`, across processes (./file-locks.ts); null for a database in memory */
    private readonly lock: FileLock | null,
  ) {}

  static async open(orm: MikroORM<any>): Promise<SqliteRunner> {
    const client = (knexOf(orm) as unknown as { client: PoolClient<BetterSqliteDatabase> }).client;
    const db = await client.acquireConnection();
    const configured = Number(db.pragma('synchronous', { simple: true }));
    const inWal = String(db.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
    const release = () => client.releaseConnection(db);
    if (configured <= SYNCHRONOUS_NORMAL || !inWal) return new SqliteRunner(db, release, null, fileLockOf(db));
    db.pragma(`synchronous = ${SYNCHRONOUS_NORMAL}`);
    return new SqliteRunner(db, release, new WalSync(`${db.name}-wal`), fileLockOf(db));
  }

  async all(sql: string, params: readonly SqlValue[] = []): Promise<Raw[]> {
    while (this.busy !== null) await this.busy;
    const statement = this.statement(sql);
    if (statement.reader) return statement.all(...params);
    statement.run(...params);
    await this.walSync?.durable();
    return [];
  }

  async batch(statements: readonly Statement[]): Promise<Raw[][]> {
    const results: Raw[][] = [];
    for (const { sql, params } of statements) results.push(await this.all(sql, params));
    return results;
  }

  async lastThenCommit(sql: string, params: readonly SqlValue[]): Promise<void> {
    await this.all(sql, params);
  }

  async insertMany(table: string, columns: readonly string[], rows: readonly SqlValue[][]): Promise<void> {
    while (this.busy !== null) await this.busy;
    this.insertNow(table, columns, rows);
    await this.walSync?.durable();
  }

  async insertTables(batches: readonly InsertBatch[]): Promise<void> {
    while (this.busy !== null) await this.busy;
    for (const b of batches) this.insertNow(b.table, b.columns, b.rows);
    await this.walSync?.durable();
  }

  /**
   * The derived writes asked for in one turn of the event loop are committed together, in the order asked, at the
   * end of that turn (setImmediate): the fleet drain computes several cards at once, and one transaction for their
   * rows writes the pages they share (the trigram index's new segment and structure, the counters, the indexes'
   * leaves) and the WAL's commit once instead of once per card. Each call resolves once its statements are
   * committed; when the gathered transaction fails, each call's statements are tried again on their own, so a
   * write that fails fails its own call only.
   */
  writeDerivedAll(statements: readonly Statement[]): Promise<void> {
    if (this.derived === null) {
      const gathered: DerivedWrite[] = [];
      this.derived = gathered;
      this.derivedFlush = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flushDerived(gathered));
    }
    return new Promise<void>((resolve, reject) => this.derived!.push({ statements, resolve, reject }));
  }

  private async flushDerived(gathered: readonly DerivedWrite[]): Promise<void> {
    this.derived = null;
    while (this.busy !== null) await this.busy;
    try {
      this.writeDerivedNow(gathered.flatMap((w) => w.statements));
      for (const w of gathered) w.resolve();
    } catch (error) {
      if (gathered.length === 1) return gathered[0]!.reject(error);
      for (const w of gathered) {
        try {
          this.writeDerivedNow(w.statements);
          w.resolve();
        } catch (own) {
          w.reject(own);
        }
      }
    }
  }

  /** Committed (WAL, synchronous NORMAL) without waiting for an fsync: the next durable write syncs them too. */
  private writeDerivedNow(statements: readonly Statement[]): void {
    // several: one transaction, run at once (nothing else interleaves: no await inside)
    if (statements.length > 1) this.now('BEGIN IMMEDIATE', []);
    try {
      for (const { sql, params } of statements) this.now(sql, params);
      if (statements.length > 1) this.now('COMMIT', []);
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  async transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    while (this.busy !== null) await this.busy;
    let end!: () => void;
    this.busy = new Promise<void>((resolve) => (end = resolve));
    const tx: SqlRunner = {
      all: async (sql, params = []) => this.now(sql, params),
      batch: async (statements) => statements.map(({ sql, params }) => this.now(sql, params)),
      lastThenCommit: async (sql, params) => void this.now(sql, params),
      insertMany: async (table, columns, rows) => this.insertNow(table, columns, rows),
      insertTables: async (batches) => batches.forEach((b) => this.insertNow(b.table, b.columns, b.rows)),
      writeDerivedAll: async (statements) => statements.forEach(({ sql, params }) => void this.now(sql, params)),
      transaction: (inner) => inner(tx),
      exclusively: (_key, work) => work(),
      release: async () => undefined,
      statisticsRefreshed: () => undefined,
    };
    let result: T;
    try {
      this.now('BEGIN IMMEDIATE', []);
      result = await work(tx);
      this.now('COMMIT', []);
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    } finally {
      this.busy = null;
      end();
    }
    // committed and visible; resolved once on disk (other statements run meanwhile)
    await this.walSync?.durable();
    return result;
  }

  /** `work` under the one lock of every process on this database file (./file-locks.ts): the key is not needed */
  exclusively<T>(_key: string, work: () => Promise<T>): Promise<T> {
    return this.lock ? this.lock.holding(work) : work();
  }

  statisticsRefreshed(): void {
    // SQLite's plans follow the indexes (no ANALYZE is run)
  }

  /** the raw connection, for the bench's baseline (a plain prepared-statement loop) only */
  get connection(): BetterSqliteDatabase {
    return this.db;
  }

  async release(): Promise<void> {
    await this.derivedFlush.catch(() => undefined);
    await this.walSync?.settled();
    await this.lock?.close();
    this.statements.clear();
    await this.onRelease();
  }

  private statement(sql: string): BetterSqliteStatement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private now(sql: string, params: readonly SqlValue[]): Raw[] {
    const statement = this.statement(sql);
    if (statement.reader) return statement.all(...params);
    statement.run(...params);
    return [];
  }

  private insertNow(table: string, columns: readonly string[], rows: readonly SqlValue[][]): void {
    if (rows.length === 0) return;
    const statement = this.statement(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    for (const row of rows) {
      if (row.length !== columns.length)
        throw new RangeError(`row of ${row.length} values for ${columns.length} columns of ${table}`);
      statement.run(...row);
    }
  }
}

/**
 * The lock file beside the database file, opened by the driver that opened the database (better-sqlite3, busy
 * timeout 0: a lock taken elsewhere answers SQLITE_BUSY at once); none for a database in memory.
 */
function fileLockOf(db: BetterSqliteDatabase): FileLock | null {
  if (db.name === '' || db.name === ':memory:') return null;
  const Connection = db.constructor as new (file: string, options: { timeout: number }) => LockFileConnection;
  return new FileLock(() => new Connection(`${db.name}-fleet-lock`, { timeout: 0 }), LOCK_PATIENCE_MS);
}

interface PoolClient<C> {
  acquireConnection(): Promise<C>;
  releaseConnection(connection: C): Promise<void>;
}
