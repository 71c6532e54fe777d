/**
 * When the service computes the fleet rows its imports marked (core/use-cases/refresh-fleet-card.ts): once the
 * imports have been quiet for `quietMs`, so that a burst of imports is answered without a fleet row computed per
 * import in between, or as soon as `maxMarked` imports marked a card since the last computation, which bounds what
 * a read during a long burst computes first. Every read of the fleet computes what is still marked
 * (RefreshFleetCard.settlePending), so the drain only moves that work off the imports' path and off the readers'.
 * One drain runs at a time; imports marked during it start the next. Closing cancels the quiet timer and waits
 * for the drain running (the marks left are computed by the next read or start).
 */
export interface FleetDrainOptions {
  /** computes every marked card (RefreshFleetCard.settlePending) */
  settle: () => Promise<void>;
  /** a drain failed (its marks stay) */
  onError: (error: unknown) => void;
  quietMs?: number;
  maxMarked?: number;
}

/** Quiet time before the marked rows are computed: longer than the gap between the imports of one client. */
export const QUIET_MS = 150;
/** Marks after which the rows are computed even while imports go on (a read then computes at most these first). */
export const MAX_MARKED = 500;

export class FleetDrain {
  private marks = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(private readonly options: FleetDrainOptions) {}

  /** An import marked a card. */
  marked(): void {
    if (this.closed) return;
    this.marks++;
    if (this.marks >= (this.options.maxMarked ?? MAX_MARKED)) return void this.drain();
    if (this.timer !== null) return void this.timer.refresh();
    this.timer = setTimeout(() => void this.drain(), this.options.quietMs ?? QUIET_MS);
    this.timer.unref();
  }

  /** Resolves once no drain runs; no drain starts after it was called. */
  async idle(): Promise<void> {
    this.closed = true;
    this.cancelTimer();
    while (this.running !== null) await this.running;
  }

  private drain(): Promise<void> {
    this.cancelTimer();
    this.marks = 0;
    if (this.running !== null) {
      this.again = true;
      return this.running;
    }
    this.running = this.options
      .settle()
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.running = null;
        if (this.again && !this.closed) {
          this.again = false;
          void this.drain();
        }
      });
    return this.running;
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
