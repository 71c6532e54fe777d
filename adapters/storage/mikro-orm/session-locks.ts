/**
 * PostgreSQL locks held across several statements without holding a pooled connection for each: session-level
 * advisory locks (`pg_try_advisory_lock`, `pg_advisory_unlock`) on one connection the runner keeps for them, while the
 * work's own statements run on the pool as usual. A lock another session holds is tried again after a pause that
 * doubles up to LONGEST_PAUSE_MS, so nothing waits inside the server and no pooled connection is held waiting
 * (a transaction-scoped lock held one connection idle per computation: with eight clients importing, the fleet
 * rows' computations starved the pool and the first fleet read after the imports took 1.2–5.7 s instead of 0.2).
 * A lock still held by another session after `patienceMs` fails the work (ETIMEDOUT: a process frozen while holding
 * it). When the lock connection fails, it is closed — the server then releases every lock it held — and the next
 * lock opens another.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Raw, SqlValue } from './dialect.js';

export interface LockConnection<C> {
  /** a connection for the locks (kept until it fails or the runner is released) */
  open(): Promise<C>;
  run(connection: C, sql: string, params: readonly SqlValue[]): Promise<Raw[]>;
  /** a connection that failed, or the runner's end: closed (its locks are released by the server) */
  close(connection: C): Promise<void>;
}

const TRY_LOCK = 'SELECT pg_try_advisory_lock(hashtext(?)) AS locked';
const UNLOCK = 'SELECT pg_advisory_unlock(hashtext(?)) AS unlocked';
const LONGEST_PAUSE_MS = 50;

export class SessionLocks<C> {
  private connection: Promise<C> | null = null;

  constructor(
    private readonly link: LockConnection<C>,
    private readonly patienceMs: number,
  ) {}

  /** `work` run while this session holds the lock named `key` */
  async holding<T>(key: string, work: () => Promise<T>): Promise<T> {
    const connection = await this.locked(key);
    try {
      return await work();
    } finally {
      // not awaited: statements on one connection run in the order sent, so a later lock of this session comes after
      // it, and other sessions wait for it anyway
      void this.link.run(connection, UNLOCK, [key]).catch(() => this.forget(connection));
    }
  }

  /** closes the lock connection (the runner's end) */
  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection) await this.link.close(await connection).catch(() => undefined);
  }

  private async locked(key: string): Promise<C> {
    const until = Date.now() + this.patienceMs;
    for (let pause = 1; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      const connection = await this.opened();
      const [row] = await this.link.run(connection, TRY_LOCK, [key]).catch((error: unknown) => {
        this.forget(connection);
        throw error;
      });
      if (row?.locked === true) return connection;
      if (Date.now() >= until) throw lockTimeout(this.patienceMs);
      await delay(pause);
    }
  }

  private opened(): Promise<C> {
    if (this.connection === null) {
      const opening = this.link.open();
      // a connection that could not be opened is not kept: the next lock tries again
      opening.catch(() => {
        if (this.connection === opening) this.connection = null;
      });
      this.connection = opening;
    }
    return this.connection;
  }

  private forget(connection: C): void {
    void this.connection?.then(
      (current) => {
        if (current !== connection) return;
        this.connection = null;
        void this.link.close(connection).catch(() => undefined);
      },
      () => undefined,
    );
  }
}

function lockTimeout(ms: number): Error {
  return Object.assign(new Error(`a lock was held by another session for over ${ms} ms`), { code: 'ETIMEDOUT' });
}
