/**
 * A bound on the imports one service process runs at once (DRIVERCARD_IMPORT_CONCURRENCY); further imports wait
 * their turn, first come first served, before decoding. On PostgreSQL an import is a chain of round trips (look-up,
 * decode, the save's statements, the fleet row) whose steps interleave on the event loop and on the server's
 * cores with every other request's; eight importing clients admitted at once left the page's queries waiting
 * behind all of them. Admitted a few at a time, the imports keep the cores as busy (the same files per second
 * within the runs' spread) while a query waits behind fewer steps (measured on a 2-core machine: README, "Import
 * admission"). The bodies waiting are bounded already by the body budget (../adapters/http/shared/read-json-body.ts
 * BodyBudget).
 */
import type { ImportUseCase, ParseRequest, ParseResponse } from '../core/use-cases/contracts.js';

export class ImportAdmission implements ImportUseCase {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly base: ImportUseCase,
    readonly limit: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`import concurrency ${limit}`);
  }

  async parse(request: ParseRequest): Promise<ParseResponse> {
    await this.admitted();
    try {
      return await this.base.parse(request);
    } finally {
      this.release();
    }
  }

  /** imports running now and waiting (for tests) */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private admitted(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** the slot goes to the first waiting import, or is freed */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

/**
 * The bound when none is configured: on PostgreSQL two imports a core of the machine, shared by the service
 * processes `serve --workers` runs on it; on SQLite none (an import's statements run in one piece on the event loop,
 * so they never interleave with a query's, and its transactions are one at a time already).
 */
export function defaultImportConcurrency(
  database: 'sqlite' | 'postgres',
  cores: number,
  processes: number,
): number | null {
  if (database === 'sqlite') return null;
  return Math.max(1, Math.ceil((2 * cores) / Math.max(1, processes)));
}
