/**
 * When the service computes the fleet rows its own imports marked (core/use-cases/refresh-fleet-card.ts): right
 * after the import's answer (`setImmediate`: the answer is written first), one drain at a time; cards marked while a
 * drain runs are taken by the next one, so a burst of imports is computed in a few drains that keep up with it
 * instead of one computation awaited by each answer. Every read of the fleet computes what is still marked
 * (RefreshFleetCard.settlePending): the drain only moves that work off the imports' answers, and keeps the readers'
 * share small. Closing waits for the drain running and starts no other (the marks left are computed by the next
 * read, in this process or another).
 */
export interface FleetDrainOptions {
  /** computes the cards given where they are still marked (RefreshFleetCard.settleCards) */
  settle: (cardNumbers: ReadonlySet<string>) => Promise<void>;
  /** a drain failed (its marks stay) */
  onError: (error: unknown) => void;
}

export class FleetDrain {
  /** the cards this process's imports marked since the last drain started */
  private cards = new Set<string>();
  private running: Promise<void> | null = null;
  private scheduled = false;
  private again = false;
  private closed = false;

  constructor(private readonly options: FleetDrainOptions) {}

  /** An import of this process marked the card. */
  marked(cardNumber: string): void {
    if (this.closed) return;
    this.cards.add(cardNumber);
    if (this.running !== null) this.again = true;
    else this.schedule();
  }

  private schedule(): void {
    if (!this.scheduled && !this.closed) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.drain();
      });
    }
  }

  /** Resolves once no drain runs; no drain starts after it was called. */
  async idle(): Promise<void> {
    this.closed = true;
    while (this.running !== null) await this.running;
  }

  private drain(): void {
    if (this.closed || this.running !== null) return;
    this.again = false;
    const cards = this.cards;
    this.cards = new Set();
    this.running = this.options
      .settle(cards)
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.running = null;
        if (this.again) this.schedule();
      });
  }
}
