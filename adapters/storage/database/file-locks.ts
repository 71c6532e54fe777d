/**
 * SQLite: a lock that holds across every process sharing a database file (the service, the CLI's `import DIR`, a
 * watched folder), for FleetStore.exclusively. SQLite has no advisory locks, so the lock is a write lock of SQLite
 * itself, on a file of its own beside the database (`<database>-fleet-lock`, which never holds a row): `BEGIN
 * IMMEDIATE` there takes the file's RESERVED lock, which one connection in all processes holds at a time, and
 * `ROLLBACK` gives it back. The operating system drops the lock of a process that dies, so a killed holder never
 * leaves the lock taken. Taking it never blocks the event loop: the connection's busy timeout is 0 and a lock
 * another process holds is tried again after a pause that doubles up to LONGEST_PAUSE_MS; after `patienceMs` the work
 * fails as unavailable (ETIMEDOUT: a process frozen while holding it).
 * Inside one process the file lock is shared: the holders of one key (a card) run one after the other, holders of
 * different keys run together while this process holds the file (as PostgreSQL's per-card session locks let them),
 * and a holder arriving once the file has been held SHARE_MS waits until it is given back, so that another process
 * waiting for the lock gets its turn. The database's own file is not used: its write lock would stop every import
 * while a row is computed.
 */
import { setTimeout as delay } from 'node:timers/promises';

/** The few calls of a better-sqlite3 connection the lock makes. */
export interface LockFileConnection {
  exec(sql: string): unknown;
  readonly inTransaction: boolean;
  close(): unknown;
}

const LONGEST_PAUSE_MS = 50;
/** how long a held file lock takes in further holders of this process before it is given back */
const SHARE_MS = 100;

/**
 * How long `exclusively` waits for a lock another process (SQLite) or session (PostgreSQL) holds before failing as
 * unavailable (a fleet read: 503 with Retry-After).
 */
export const LOCK_PATIENCE_MS = 15_000;

export class FileLock {
  private connection: LockFileConnection | null = null;
  /** per key, the last holder queued (holders of one key run one after the other) */
  private readonly tails = new Map<string, Promise<unknown>>();
  /** holders of this process running now under the file lock, and since when the file is held */
  private holders = 0;
  private heldSince = 0;
  /** resolved when the file lock is given back */
  private released: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;
  /** the file lock being taken now, which the holders arriving meanwhile wait for */
  private taking: Promise<void> | null = null;
  private closed = false;

  constructor(
    /** opens the lock file (better-sqlite3 with `timeout: 0`) */
    private readonly open: () => LockFileConnection,
    private readonly patienceMs: number,
  ) {}

  /** `work` run while this process holds the lock, after the holders of the same key queued before it */
  holding<T>(work: () => Promise<T>, key = ''): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const run = previous.then(async () => {
      await this.enter();
      try {
        return await work();
      } finally {
        this.exit();
      }
    });
    const tail = run.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => this.tails.get(key) === tail && this.tails.delete(key));
    return run;
  }

  /** closes the lock file once the holders running have finished */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.tails.values());
    this.connection?.close();
    this.connection = null;
  }

  /** joins the file lock this process holds (while it is young) or takes it */
  private async enter(): Promise<void> {
    for (;;) {
      if (this.closed) throw new Error('the database is closed');
      if (this.taking) {
        await this.taking; // a failure to take it fails the holders that waited for it too
        continue;
      }
      if (this.holders > 0 && Date.now() - this.heldSince < SHARE_MS) {
        this.holders++;
        return;
      }
      if (this.holders > 0) {
        await this.released;
        continue;
      }
      this.taking = this.take().finally(() => (this.taking = null));
      await this.taking;
      this.holders++;
      return;
    }
  }

  private async take(): Promise<void> {
    await this.locked();
    this.heldSince = Date.now();
    this.released = new Promise((resolve) => (this.release = resolve));
  }

  private exit(): void {
    if (--this.holders > 0) return;
    if (this.connection?.inTransaction) this.connection.exec('ROLLBACK');
    this.release?.();
    this.release = null;
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
