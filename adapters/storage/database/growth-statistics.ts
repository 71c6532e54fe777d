/**
 * PostgreSQL: the planner's statistics of the tables an import grows, refreshed while this process's imports
 * multiply. A prepared statement keeps the plan it chose once its first executions are done (its generic plan),
 * and PostgreSQL chooses plans from the tables' statistics — on a new database, those of empty tables: a card's
 * activity days were then read by scanning every card's (271 pages a read after 2,100 imports, 6 once analysed).
 * The autovacuum daemon analyses a table once a tenth of it changed, but only every minute or so, while a first
 * bulk import stores hundreds of files a second; PostgreSQL's advice after a bulk load is ANALYZE, and an ANALYZE
 * also makes every connection plan its statements on those tables again — and, as PostgreSQL keeps the cost of
 * a statement's first plans to decide whether to plan it again at each call, each connection then prepares its
 * statements anew (`SqlRunner.statisticsRefreshed`). So the tables are analysed when this process has stored
 * FIRST_ANALYZE imports, and again each time that number has grown GROWTH-fold; in the background (the import
 * that reaches the mark does not wait), one ANALYZE at a time, its failure ignored (a role that does not own the
 * tables gets a warning, not an error; the autovacuum daemon remains). SQLite's planner uses no such statistics
 * here (no ANALYZE is ever run, so the plans follow the indexes).
 */
import type { SqlRunner } from './sql-runner.js';

export const FIRST_ANALYZE = 50;
export const GROWTH = 4;
/** The tables every import writes to or a card's reads go through. */
export const GROWING_TABLES = [
  'imports',
  'import_content',
  'card_day',
  'day_record',
  'activity_day',
  'fleet_pending',
  'fleet_card',
] as const;

export class GrowthStatistics {
  private stored = 0;
  private next = FIRST_ANALYZE;
  private running: Promise<void> | null = null;

  constructor(private readonly runner: Pick<SqlRunner, 'all' | 'statisticsRefreshed'>) {}

  /** One import stored by this process. */
  imported(): void {
    this.stored += 1;
    if (this.stored < this.next || this.running !== null) return;
    this.next = this.stored * GROWTH;
    this.running = this.runner.all(`ANALYZE ${GROWING_TABLES.join(', ')}`).then(
      () => {
        this.running = null;
        this.runner.statisticsRefreshed();
      },
      () => {
        this.running = null;
      },
    );
  }

  /** Settles once no ANALYZE of this process runs (before the connections close). */
  async settled(): Promise<void> {
    await this.running;
  }
}
