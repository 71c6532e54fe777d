/**
 * PostgreSQL locks held across several statements without holding a pooled connection for each: session-level
 * advisory locks (`pg_try_advisory_lock`, `pg_advisory_unlock`) on one connection the runner keeps for them, while the
 * work's own statements run on the pool as usual. A lock another session holds is tried again after a pause that
 * doubles up to LONGEST_PAUSE_MS, so nothing waits inside the server and no pooled connection is held waiting
 * (a transaction-scoped lock held one connection idle per computation: with eight clients importing, the fleet
 * rows' computations starved the pool and the first fleet read after the imports took 1.2–5.7 s instead of 0.2).
 * A lock still held by another session after `patienceMs` fails the work (ETIMEDOUT: a process frozen while holding
 * it). When the lock connection fails, it is closed — the server then releases every lock it held — and the lock is
 * tried once more on a new one.
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

/** The lock connection as opened: its promise (the one kept) and the connection. */
interface Held<C> {
  opening: Promise<C>;
  connection: C;
}

export class SessionLocks<C> {
  private connection: Promise<C> | null = null;
  /** the lock connection's statements, one after the other (node-postgres runs one statement a connection at a time) */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly link: LockConnection<C>,
    private readonly patienceMs: number,
  ) {}

  /** `work` run while this session holds the lock named `key` */
  async holding<T>(key: string, work: () => Promise<T>): Promise<T> {
    const held = await this.locked(key);
    try {
      return await work();
    } finally {
      // not awaited by the work's caller: the lock connection's statements run in order, so this session's next lock
      // is tried after it, and other sessions wait for it anyway
      void this.send(held.connection, UNLOCK, key).catch(() => this.forget(held));
    }
  }

  /** closes the lock connection (the runner's end) */
  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection) await this.link.close(await connection).catch(() => undefined);
  }

  /**
   * The lock taken on the lock connection. A statement that fails there closes it; the attempt is made once more on
   * a new one, since a connection kept from before may have been cut meanwhile (a server restarted since).
   */
  private async locked(key: string): Promise<Held<C>> {
    const until = Date.now() + this.patienceMs;
    let failed = false;
    for (let pause = 1; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      const opening = this.opened();
      const held = { opening, connection: await opening };
      let row: Raw | undefined;
      try {
        [row] = await this.send(held.connection, TRY_LOCK, key);
      } catch (error) {
        this.forget(held);
        if (failed) throw error;
        failed = true;
        continue;
      }
      if (row?.locked === true) return held;
      if (Date.now() >= until) throw lockTimeout(this.patienceMs);
      await delay(pause);
    }
  }

  private send(connection: C, sql: string, key: string): Promise<Raw[]> {
    const sent = this.tail.then(() => this.link.run(connection, sql, [key]));
    this.tail = sent.catch(() => undefined);
    return sent;
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

  private forget(held: Held<C>): void {
    if (this.connection !== held.opening) return; // closed already
    this.connection = null;
    void this.link.close(held.connection).catch(() => undefined);
  }
}

function lockTimeout(ms: number): Error {
  return Object.assign(new Error(`a lock was held by another session for over ${ms} ms`), { code: 'ETIMEDOUT' });
}
