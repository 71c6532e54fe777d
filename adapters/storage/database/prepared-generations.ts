/**
 * Which connections hold statements prepared before the planner's statistics were last refreshed. PostgreSQL
 * decides per prepared statement, from the average cost of its first plans, whether planning it for each call's
 * values is worth it; that average is never forgotten: statements first prepared on small tables (a new database)
 * were planned again at every call long after the tables grew (~115 µs of the server a call, measured with
 * pg_stat_statements). Such a connection drops its statements (DEALLOCATE ALL) before its next use.
 */
export class PreparedGenerations<C extends object> {
  private current = 0;
  private readonly seen = new WeakMap<C, number>();

  refreshed(): void {
    this.current += 1;
  }

  /** true when the connection's statements are older than the statistics (it is counted current from now) */
  stale(client: C): boolean {
    const seen = this.seen.get(client);
    this.seen.set(client, this.current);
    return seen !== undefined && seen !== this.current;
  }
}
