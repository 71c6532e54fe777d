/**
 * How the storage adapter runs SQL on PostgreSQL: on the node-postgres connections of MikroORM's knex pool, taken
 * from the pool for one statement (or one transaction) and given back, without knex's query path (its binding
 * rewrite, query builder, transaction wrapper and result wrapping cost ~0.1 ms a statement, measured by the bench).
 * - `?` placeholders become `$1…$n` once per SQL text;
 * - a text run a second time becomes a named prepared statement: each connection parses and plans it once
 *   (PostgreSQL keeps planning it for its parameters while a generic plan would cost more) and later runs send the
 *   parameters: an unnamed statement costs a Parse, ~0.2 ms of client and server time a round trip; the number of
 *   names is bounded (texts past the bound stay unnamed), and the texts of the import path are fixed whatever the
 *   import holds (each table's rows one JSON parameter: folded-statements.ts);
 * - fewer round trips (each one a loopback write and a wake-up of both processes, ~0.15 ms of the service's CPU on
 *   this machine): `batch` sends several statements with one Sync (pg-pipeline.ts), a transaction's BEGIN goes
 *   with its first statement and `lastThenCommit` sends the COMMIT with its last one;
 * - a transaction is BEGIN … COMMIT on one connection (ROLLBACK when the work throws; a connection whose ROLLBACK
 *   fails is closed, so the pool never hands out a connection inside a transaction);
 * - a round trip the server does not answer within `answerTimeoutMs` (a server frozen or cut off by the network:
 *   TCP would wait many minutes) fails with ETIMEDOUT, which the API answers 503 database_unavailable, and its
 *   connection is destroyed (a late answer must never be read as the next statement's); the pool opens a new one.
 * Errors are wrapped in StorageError by the caller; they never carry SQL or bound values upwards.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { Raw, SqlValue, StorageDialect } from './dialect.js';
import { knexOf, type InsertBatch, type SqlRunner, type Statement } from './sql-runner.js';
import { forgetPrepared, pipelined, type PgStatement } from './pg-pipeline.js';
import { SessionLocks, type LockConnection } from './session-locks.js';
import { PreparedGenerations } from './prepared-generations.js';
import { LOCK_PATIENCE_MS } from './file-locks.js';

/** The node-postgres client API used here (pg.Client; the package's own types are not a dependency). */
export interface PgClient {
  query(config: { text: string; values?: readonly SqlValue[]; name?: string }): Promise<unknown>;
  query(pipeline: unknown): unknown;
  end(): Promise<void>;
}

/** knex's client: the pool of node-postgres connections MikroORM opened. */
export interface PgPool {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(connection: PgClient): Promise<unknown>;
}

/**
 * Distinct SQL texts remembered (placeholders numbered, name); later texts are numbered on every run, unnamed. It
 * also bounds the prepared statements (and their cached plans) each server connection holds: the adapter's code
 * runs fewer distinct texts (~75 call sites, a few with variants); pgJDBC's statement cache holds 256 too.
 */
const MAX_TEXTS = 256;

interface Text {
  text: string;
  name: string | undefined;
  runs: number;
  /** a plain read (GATHERED_READ): outside a transaction it may travel with others */
  gathered: boolean;
}

/** Every text's `$n` form and, from its second run, its statement name (one name per text in the process). */
class StatementTexts {
  private readonly texts = new Map<string, Text>();

  of(sql: string): Text {
    let known = this.texts.get(sql);
    if (known === undefined) {
      known = { text: numbered(sql), name: undefined, runs: 0, gathered: GATHERED_READ.test(sql) };
      if (this.texts.size >= MAX_TEXTS) return known;
      this.texts.set(sql, known);
    }
    if (++known.runs === 2) known.name = `dc${++this.named}`;
    return known;
  }

  private named = 0;
}

/** `?` → `$1…$n` (`\?` stays a question mark), as knex's PostgreSQL client numbers them. */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/(\\*)\?/g, (match, escapes: string) => (escapes.length % 2 ? '?' : `$${++n}`));
}

const texts = new StatementTexts();

/**
 * A plain SELECT: the statements `read` may send together. Not a WITH (a data-modifying clause, writeDerivedAll's
 * set_config), nor a SELECT calling what locks or changes state (advisory locks, sequences, settings).
 */
const GATHERED_READ = /^\s*SELECT\b(?![\s\S]*\b(?:pg_advisory\w*|setval|nextval|set_config)\s*\()/i;

interface PendingRead {
  statement: PgStatement;
  resolve: (rows: Raw[]) => void;
  reject: (error: unknown) => void;
}
const BEGIN: PgStatement = { text: 'BEGIN', values: [] };
const COMMIT: PgStatement = { text: 'COMMIT', values: [] };
const ROLLBACK: PgStatement = { text: 'ROLLBACK', values: [] };

/**
 * How long a round trip may wait for the server's answer (default of `answerTimeoutMs`): far above what the
 * service's statements take (the scale bench's reads of a fleet of 120,000 imports answer in milliseconds), far
 * below the many minutes TCP waits before it gives up on a silent peer.
 */
export const ANSWER_TIMEOUT_MS = 60_000;

const DEALLOCATE: PgStatement = { text: 'DEALLOCATE ALL', values: [] };

export class PostgresRunner implements SqlRunner {
  constructor(
    private readonly pool: PgPool,
    private readonly dialect: StorageDialect,
    private readonly answerTimeoutMs: number = ANSWER_TIMEOUT_MS,
    /** the connection of the transaction this runner runs in; null: a connection from the pool per statement */
    private readonly client: PgClient | null = null,
    /** in a transaction not begun yet: BEGIN is sent in the round trip of its first statement */
    private beginPending = false,
    private readonly generations: PreparedGenerations<PgClient> = new PreparedGenerations(),
    /** the session locks of `exclusively`, on a connection of their own (shared with the runner's transactions) */
    locks: SessionLocks<PgClient> | null = null,
  ) {
    this.locks = locks ?? new SessionLocks(this.lockConnection(), Math.min(LOCK_PATIENCE_MS, answerTimeoutMs));
  }

  private readonly locks: SessionLocks<PgClient>;

  /** in a transaction: its COMMIT was sent (by lastThenCommit) */
  private committed = false;
  /** reads asked outside a transaction and not sent yet (see `read`); null: none */
  private pendingReads: PendingRead[] | null = null;

  static open(orm: MikroORM<any>, dialect: StorageDialect, answerTimeoutMs = ANSWER_TIMEOUT_MS): PostgresRunner {
    return new PostgresRunner((knexOf(orm) as unknown as { client: PgPool }).client, dialect, answerTimeoutMs);
  }

  async all(sql: string, params: readonly SqlValue[] = []): Promise<Raw[]> {
    const known = texts.of(sql);
    const statement = statementOf(known, params);
    if (this.client === null && known.gathered) return this.read(statement);
    return (await this.run([statement]))[0]!;
  }

  /**
   * A read outside a transaction. The reads asked before the current callback's promise continuations have all run
   * (those of one `Promise.all`, across the stores sharing this runner) are sent together, in one round trip on one
   * connection, from a `process.nextTick` queued by the first: one write and one wake-up of each side instead of one
   * per read. Each statement still reads what was committed when it ran (read committed), as on a connection of its
   * own. A failed pipeline skips the statements after the failure, so then each read is run alone and answers for
   * itself.
   */
  private read(statement: PgStatement): Promise<Raw[]> {
    return new Promise<Raw[]>((resolve, reject) => {
      if (this.pendingReads === null) {
        this.pendingReads = [];
        process.nextTick(() => this.sendReads());
      }
      this.pendingReads.push({ statement, resolve, reject });
    });
  }

  private sendReads(): void {
    const reads = this.pendingReads ?? [];
    this.pendingReads = null;
    const alone = (read: PendingRead) => this.run([read.statement]).then(([rows]) => read.resolve(rows!), read.reject);
    if (reads.length === 1) return void alone(reads[0]!);
    this.run(reads.map((read) => read.statement)).then(
      (results) => reads.forEach((read, i) => read.resolve(results[i]!)),
      () => reads.forEach(alone),
    );
  }

  async batch(statements: readonly Statement[]): Promise<Raw[][]> {
    if (statements.length === 0) return [];
    return this.run(statements.map(({ sql, params }) => statementOf(sql, params)));
  }

  async lastThenCommit(sql: string, params: readonly SqlValue[]): Promise<void> {
    if (this.client === null) return void (await this.all(sql, params));
    await this.run([statementOf(sql, params), COMMIT]);
    this.committed = true;
  }

  async insertMany(table: string, columns: readonly string[], rows: readonly SqlValue[][]): Promise<void> {
    if (rows.length === 0) return;
    const rowsPerStatement = Math.max(1, Math.floor(this.dialect.maxParameters / columns.length));
    for (let start = 0; start < rows.length; start += rowsPerStatement) {
      const chunk = rows.slice(start, start + rowsPerStatement);
      const values: SqlValue[] = [];
      const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples(table, columns, chunk, values)}`;
      await this.run([{ text: numbered(sql), values }]);
    }
  }

  /**
   * One statement for several tables where the bound-parameter limit allows (data-modifying WITH clauses run
   * exactly once and to completion, read or not: postgresql.org/docs/current/queries-with.html): one round trip
   * instead of one per table. A table larger than the limit alone goes through insertMany's chunks.
   */
  async insertTables(batches: readonly InsertBatch[]): Promise<void> {
    let group: InsertBatch[] = [];
    let parameters = 0;
    const flush = async () => {
      if (group.length === 1) await this.insertMany(group[0]!.table, group[0]!.columns, group[0]!.rows);
      else if (group.length > 1) await this.insertGroup(group);
      group = [];
      parameters = 0;
    };
    for (const batch of batches) {
      const count = batch.rows.length * batch.columns.length;
      if (count === 0) continue;
      if (count > this.dialect.maxParameters) {
        await flush();
        await this.insertMany(batch.table, batch.columns, batch.rows);
        continue;
      }
      if (parameters + count > this.dialect.maxParameters) await flush();
      group.push(batch);
      parameters += count;
    }
    await flush();
  }

  private async insertGroup(group: readonly InsertBatch[]): Promise<void> {
    const values: SqlValue[] = [];
    const inserts = group.map(
      ({ table, columns, rows }) =>
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples(table, columns, rows, values)}`,
    );
    const last = inserts.pop()!;
    await this.run([
      { text: numbered(`WITH ${inserts.map((sql, i) => `w${i} AS (${sql})`).join(', ')} ${last}`), values },
    ]);
  }

  async writeDerivedAll(statements: readonly Statement[]): Promise<void> {
    if (this.client !== null) return void (await this.batch(statements));
    // one round trip instead of four (BEGIN, SET LOCAL, the writes, COMMIT): the statement is its own (implicit)
    // transaction, each write a data-modifying WITH clause (run exactly once, read or not), and set_config(…, true)
    // holds until that transaction ends — after its commit record, whose flush synchronous_commit = off skips
    // (postgresql.org/docs/current/functions-admin.html#FUNCTIONS-ADMIN-SET, runtime-config-wal.html)
    const clauses = statements.map(({ sql }, i) => `d${i} AS (${sql})`).join(', ');
    const params = statements.flatMap(({ params }) => params);
    await this.all(`WITH ${clauses} SELECT set_config('synchronous_commit', 'off', true) AS off`, params);
  }

  async transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    // nested: the work joins the running transaction (no savepoint), as on SQLite
    if (this.client !== null) return work(this);
    const client = await this.acquire();
    const { pool, dialect, answerTimeoutMs, generations, locks } = this;
    const tx = new PostgresRunner(pool, dialect, answerTimeoutMs, client, true, generations, locks);
    let result: T;
    try {
      result = await work(tx);
      if (!tx.beginPending && !tx.committed) await tx.runOn(client, [COMMIT]);
    } catch (error) {
      // a connection that cannot roll back is closed (the pool drops a closed connection when next acquired)
      if (!tx.beginPending && !tx.committed) await tx.runOn(client, [ROLLBACK]).catch(() => end(client));
      throw error;
    } finally {
      await this.pool.releaseConnection(client);
    }
    return result; // PostgreSQL's COMMIT returns once durable (synchronous_commit on)
  }

  exclusively<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.locks.holding(key, work);
  }

  async release(): Promise<void> {
    // the pool belongs to MikroORM (closed with it); the locks' connection is given back to it first
    if (this.client === null) await this.locks.close();
  }

  /** The session locks' connection: one of the pool's, kept; closed when it fails (the server drops its locks). */
  private lockConnection(): LockConnection<PgClient> {
    return {
      open: () => this.acquire(),
      run: async (client, sql, params) => (await this.runOn(client, [statementOf(sql, params)]))[0]!,
      close: async (client) => {
        await end(client);
        await this.pool.releaseConnection(client);
      },
    };
  }

  statisticsRefreshed(): void {
    this.generations.refreshed();
  }

  /** A connection of the pool, its prepared statements dropped first when they predate the statistics. */
  private async acquire(): Promise<PgClient> {
    const client = await this.pool.acquireConnection();
    if (!this.generations.stale(client)) return client;
    try {
      await this.runOn(client, [DEALLOCATE]);
      forgetPrepared(client);
      return client;
    } catch (error) {
      await this.pool.releaseConnection(client);
      throw error;
    }
  }

  private async run(statements: readonly PgStatement[]): Promise<Raw[][]> {
    if (this.committed) throw new Error('a statement after the transaction was committed');
    if (this.client !== null) return this.runOn(this.client, statements);
    const client = await this.acquire();
    try {
      return await this.runOn(client, statements);
    } finally {
      await this.pool.releaseConnection(client);
    }
  }

  /** runStatements, failed with ETIMEDOUT (and the connection destroyed) when the server does not answer in time */
  private async runOn(client: PgClient, statements: readonly PgStatement[]): Promise<Raw[][]> {
    let timer: NodeJS.Timeout | undefined;
    const unanswered = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        destroy(client);
        reject(noAnswer(this.answerTimeoutMs));
      }, this.answerTimeoutMs);
    });
    try {
      return await Promise.race([this.runStatements(client, statements), unanswered]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** one statement as node-postgres runs it; several (or BEGIN and the first) in one round trip */
  private async runStatements(client: PgClient, statements: readonly PgStatement[]): Promise<Raw[][]> {
    const begin = this.beginPending;
    this.beginPending = false;
    if (!begin && statements.length === 1) return [this.dialect.rows(await client.query(statements[0]!))];
    try {
      const { results } = await pipelined(client, begin ? [BEGIN, ...statements] : statements);
      return (begin ? results.slice(1) : results).map((result) => this.dialect.rows(result));
    } catch (error) {
      // statements it prepared may have been skipped after the error: the connection is not reused
      if ((error as { parsedInPipeline?: boolean }).parsedInPipeline) await end(client);
      throw error;
    }
  }
}

/**
 * The connection's socket closed at once (its pending query then fails). Marked disposed for the pool first
 * (knex's mark, otherwise set when the socket's close is reported, a turn of the event loop or more later): a
 * statement asked meanwhile must never be given the dead connection.
 */
function destroy(client: PgClient): void {
  disposed(client);
  (client as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** A connection ended on purpose: closed, and marked so that the pool never hands it out again. */
async function end(client: PgClient): Promise<void> {
  disposed(client);
  await client.end().catch(() => undefined);
}

function disposed(client: PgClient): void {
  const marked = client as { __knex__disposed?: unknown };
  marked.__knex__disposed ??= 'closed by the storage adapter';
}

function noAnswer(ms: number): Error {
  return Object.assign(new Error(`the database server did not answer within ${ms} ms`), { code: 'ETIMEDOUT' });
}

function statementOf(sql: string | Text, params: readonly SqlValue[]): PgStatement {
  const { text, name } = typeof sql === 'string' ? texts.of(sql) : sql;
  return name === undefined ? { text, values: checked(params) } : { name, text, values: checked(params) };
}

/** `(?, ?), (?, ?)` for the rows, their values appended to `values` (a row of the wrong width is refused). */
function tuples(table: string, columns: readonly string[], rows: readonly SqlValue[][], values: SqlValue[]): string {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (const row of rows) {
    if (row.length !== columns.length)
      throw new RangeError(`row of ${row.length} values for ${columns.length} columns of ${table}`);
    for (const value of row) values.push(value);
  }
  return new Array<string>(rows.length).fill(tuple).join(', ');
}

/** A value left undefined is a bug of the caller (knex refused it too), never a NULL. */
function checked(params: readonly SqlValue[]): readonly SqlValue[] {
  for (const value of params) if (value === undefined) throw new TypeError('undefined bound value');
  return params;
}
