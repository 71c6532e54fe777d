/**
 * Turns: at most `limit` pieces of work run at once, the others waiting first come, first served. A slot is freed
 * when its work settles, resolved or rejected, and passes straight to the first waiting piece.
 */
export class Turns {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`turns of ${limit}`);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.taken();
    try {
      return await work();
    } finally {
      this.free();
    }
  }

  /** pieces running now and waiting */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private taken(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private free(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
