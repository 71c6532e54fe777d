/**
 * SQLite: a lock that holds across every process sharing a database file (the service, the CLI's `import DIR`, a
 * watched folder), for FleetStore.exclusively. SQLite has no advisory locks, so the lock is a write lock of SQLite
 * itself, on a file of its own beside the database (`<database>-fleet-lock`, which never holds a row): `BEGIN
 * IMMEDIATE` there takes the file's RESERVED lock, which one connection in all processes holds at a time, and
 * `ROLLBACK` gives it back. The operating system drops the lock of a process that dies, so a killed holder never
 * leaves the lock taken. Taking it never blocks the event loop: the connection's busy timeout is 0 and a lock
 * another process holds is tried again after a pause that doubles up to LONGEST_PAUSE_MS; after `patienceMs` the work
 * fails as unavailable (ETIMEDOUT: a process frozen while holding it). In this process the holders queue, one at a
 * time (the lock is one for every card: a card's row computation is short and SQLite runs one statement at a time).
 * The database's own file is not used: its write lock would stop every import while a row is computed.
 */
import { setTimeout as delay } from 'node:timers/promises';

/** The few calls of a better-sqlite3 connection the lock makes. */
export interface LockFileConnection {
  exec(sql: string): unknown;
  readonly inTransaction: boolean;
  close(): unknown;
}

const LONGEST_PAUSE_MS = 50;

/**
 * How long `exclusively` waits for a lock another process (SQLite) or session (PostgreSQL) holds before failing as
 * unavailable (a fleet read: 503 with Retry-After).
 */
export const LOCK_PATIENCE_MS = 15_000;

export class FileLock {
  private connection: LockFileConnection | null = null;
  /** this process's holders, one after the other */
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    /** opens the lock file (better-sqlite3 with `timeout: 0`) */
    private readonly open: () => LockFileConnection,
    private readonly patienceMs: number,
  ) {}

  /** `work` run while this process holds the lock (and no other holder of this process runs) */
  holding<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      const connection = await this.locked();
      try {
        return await work();
      } finally {
        if (connection.inTransaction) connection.exec('ROLLBACK');
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** closes the lock file once the holders queued have run */
  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    this.connection?.close();
    this.connection = null;
  }

  private async locked(): Promise<LockFileConnection> {
    if (this.closed) throw new Error('the database is closed');
    const until = Date.now() + this.patienceMs;
    this.connection ??= this.open();
    for (let pause = 1; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      try {
        this.connection.exec('BEGIN IMMEDIATE');
        return this.connection;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
      }
      if (Date.now() >= until) throw lockTimeout(this.patienceMs);
      await delay(pause);
    }
  }
}

function lockTimeout(ms: number): Error {
  return Object.assign(new Error(`a lock was held by another process for over ${ms} ms`), { code: 'ETIMEDOUT' });
}
