/**
 * The fleet's counts kept beside its rows (`fleet_count`: kind, bucket, n), so the summary and the unfiltered list's
 * total read a few counters instead of counting every card. Triggers on `fleet_card` change the counters in the
 * statement that writes the row (same transaction: every process reads counts that agree with the rows it sees):
 *
 *   kind 0, bucket 0: cards;          kind 1, bucket = UTC day of `last_download_s`: cards last downloaded that day;
 *   kind 2, bucket = `expiry_day`;    kind 3: evaluated cards with violations;   kind 4: cards not evaluated.
 *
 * Counts relative to now add whole days' buckets (one per calendar day, not per card) and count the cards of the
 * one day the threshold cuts through in the `last_download_s` index. On PostgreSQL every row's counters are
 * changed by one statement in (kind, bucket) order, so two writers lock the counters they share in the same order
 * and never deadlock (each fleet row is written by its own statement and transaction); writers of the same
 * counter wait for each other's commit, a fleet write being a short transaction of its own (`writeDerived`).
 */
import type { SqlValue, StorageDialect } from '../database/dialect.js';

export const COUNT_KIND = { cards: 0, download_day: 1, expiry_day: 2, violating: 3, unevaluated: 4 } as const;
const DAY = 86_400;
const SQLITE_TRIGGERS = ['fleet_count_insert', 'fleet_count_update', 'fleet_count_delete'] as const;
const PG_TRIGGER = 'fleet_count_trigger';

/** The UTC day of epoch seconds, exact for negative seconds too, in integer arithmetic (SQLite and PostgreSQL). */
const dayOf = (column: string): string => `(${column} - ((${column} % ${DAY}) + ${DAY}) % ${DAY}) / ${DAY}`;

/** The (kind, bucket, d) rows of one fleet row `r` (`new`, `old`, or a table's column prefix), each counting `d`. */
function bucketRows(r: string, d: string, withCards: boolean, from = ''): string {
  const c = (column: string) => (r === '' ? column : `${r}.${column}`);
  const row = (kind: number, bucket: string, where: string) =>
    `SELECT ${kind} AS kind, ${bucket} AS bucket, ${d} AS d ${from}${where === '' ? '' : ` WHERE ${where}`}`;
  return [
    ...(withCards ? [row(COUNT_KIND.cards, '0', '')] : []),
    row(COUNT_KIND.download_day, dayOf(c('last_download_s')), `${c('last_download_s')} IS NOT NULL`),
    row(COUNT_KIND.expiry_day, c('expiry_day'), `${c('expiry_day')} IS NOT NULL`),
    row(COUNT_KIND.violating, '0', `${c('f_unevaluated')} = 0 AND ${c('f_violation')} > 0`),
    row(COUNT_KIND.unevaluated, '0', `${c('f_unevaluated')} = 1`),
  ].join(' UNION ALL ');
}

/** Adds the summed rows to the counters, in (kind, bucket) order. */
const applied = (rows: string): string =>
  `INSERT INTO fleet_count (kind, bucket, n) SELECT kind, bucket, SUM(d) FROM (${rows}) AS b
   GROUP BY kind, bucket HAVING SUM(d) <> 0 ORDER BY kind, bucket
   ON CONFLICT (kind, bucket) DO UPDATE SET n = fleet_count.n + excluded.n`;

const ON_INSERT = applied(bucketRows('new', '1', true));
const ON_DELETE = applied(bucketRows('old', '-1', true));
const ON_UPDATE = applied(`${bucketRows('new', '1', false)} UNION ALL ${bucketRows('old', '-1', false)}`);

/** The counters computed again from the fleet rows. */
const REBUILD = [
  'DELETE FROM fleet_count',
  `INSERT INTO fleet_count (kind, bucket, n) SELECT kind, bucket, SUM(d) FROM (${bucketRows('', '1', true, 'FROM fleet_card')}) AS b
   GROUP BY kind, bucket`,
];

export const SQLITE_COUNTS = [
  `CREATE TRIGGER IF NOT EXISTS ${SQLITE_TRIGGERS[0]} AFTER INSERT ON fleet_card BEGIN ${ON_INSERT}; END`,
  `CREATE TRIGGER IF NOT EXISTS ${SQLITE_TRIGGERS[1]} AFTER UPDATE ON fleet_card BEGIN ${ON_UPDATE}; END`,
  `CREATE TRIGGER IF NOT EXISTS ${SQLITE_TRIGGERS[2]} AFTER DELETE ON fleet_card BEGIN ${ON_DELETE}; END`,
  ...REBUILD,
];

export const POSTGRES_COUNTS = [
  `CREATE OR REPLACE FUNCTION fleet_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN ${ON_INSERT};
  ELSIF TG_OP = 'DELETE' THEN ${ON_DELETE};
  ELSE ${ON_UPDATE};
  END IF;
  RETURN NULL;
END $$`,
  `DROP TRIGGER IF EXISTS ${PG_TRIGGER} ON fleet_card`,
  `CREATE TRIGGER ${PG_TRIGGER} AFTER INSERT OR UPDATE OR DELETE ON fleet_card FOR EACH ROW EXECUTE FUNCTION fleet_count_apply()`,
  ...REBUILD,
];

type Run = (sql: string, params?: readonly SqlValue[]) => Promise<Array<Record<string, unknown>>>;

/** The triggers (and the counters rebuilt) where they are missing: a database brought up to date from before them. */
export async function ensureFleetCounts(run: Run, dialect: StorageDialect): Promise<void> {
  const [row] =
    dialect.name === 'postgres'
      ? await run('SELECT COUNT(*) AS n FROM pg_trigger WHERE tgname = ? AND NOT tgisinternal', [PG_TRIGGER])
      : await run(`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?, ?)`, [
          ...SQLITE_TRIGGERS,
        ]);
  const expected = dialect.name === 'postgres' ? 1 : SQLITE_TRIGGERS.length;
  if (Number(row?.n) === expected) return;
  for (const sql of dialect.name === 'postgres' ? POSTGRES_COUNTS : SQLITE_COUNTS) await run(sql);
}

const sum = (where: string) => `(SELECT COALESCE(SUM(n), 0) FROM fleet_count WHERE ${where})`;

/** The number of fleet rows. */
export const CARDS_SQL = `SELECT ${sum(`kind = ${COUNT_KIND.cards}`)} AS n`;

/**
 * The summary's counts at `overdueBefore` (last download earlier: overdue) and the day `today`: whole days'
 * counters, and the cards of the threshold's own day counted in the last-download index.
 */
export function summarySql(overdueBefore: number, today: number): { sql: string; params: SqlValue[] } {
  const thresholdDay = Math.floor(overdueBefore / DAY);
  return {
    sql: `SELECT ${sum(`kind = ${COUNT_KIND.cards}`)} AS drivers,
      ${sum(`kind = ${COUNT_KIND.download_day} AND bucket < ?`)}
        + (SELECT COUNT(*) FROM fleet_card WHERE last_download_s >= ? AND last_download_s < ?) AS overdue,
      ${sum(`kind = ${COUNT_KIND.expiry_day} AND bucket >= ? AND bucket <= ?`)} AS expiring,
      ${sum(`kind = ${COUNT_KIND.expiry_day} AND bucket < ?`)} AS expired,
      ${sum(`kind = ${COUNT_KIND.violating}`)} AS infringements,
      ${sum(`kind = ${COUNT_KIND.unevaluated}`)} AS unevaluated`,
    params: [thresholdDay, thresholdDay * DAY, overdueBefore, today, today + 30, today],
  };
}
