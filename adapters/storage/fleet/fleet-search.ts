/**
 * The fleet list's text search (`q`) through a trigram index, so finding one driver reads the rows holding the
 * query's trigrams instead of every fleet row. The answer is always `search_text LIKE '%q%'` (the lower-cased
 * query anywhere in the lower-cased surname, first names and card number; `%`, `_` literal): the index only
 * narrows the rows that predicate is tested on, so both databases answer exactly as a scan would.
 *
 * - SQLite: an FTS5 table with the `trigram` tokenizer (SQLite ≥ 3.34; better-sqlite3 bundles 3.49) holding each
 *   fleet row's `search_text` under the row's rowid, kept in step by triggers on `fleet_card` (in the writing
 *   statement's transaction; VACUUM keeps the rowids of `fleet_card`, whose key is not an INTEGER PRIMARY KEY, as
 *   it copies the table's b-tree whole). Rows holding the query's rarest trigrams are the candidates (see
 *   searchCondition); the tokenizer folds case (Unicode), a superset of JavaScript's lower-casing on both sides, and
 *   LIKE decides.
 * - PostgreSQL: a GIN index with `pg_trgm`'s `gin_trgm_ops` on `search_text`, which the planner uses for the
 *   very same LIKE (rows rechecked). `pg_trgm` is a trusted extension (PostgreSQL ≥ 13): a role with CREATE on
 *   the database installs it. Where it cannot (a managed server refusing it, the contrib files missing), the
 *   index is left out with a WARNING in the server log and the search reads every row; every start tries again
 *   (`ensureFleetSearch`), so installing the extension later (`CREATE EXTENSION pg_trgm` by an administrator)
 *   brings the index at the next start.
 * - Queries of fewer than 3 characters hold no trigram: they are answered by the LIKE alone (a scan of the fleet
 *   rows, in the order index while a page fills): one or two letters match a large share of any fleet, and the
 *   answer stays a substring match like every other query rather than changing meaning with the length.
 */
import type { SqlValue, StorageDialect } from '../database/dialect.js';

/** The SQLite FTS5 table (and, as its name's prefix, its shadow tables): outside MikroORM's entity schemas. */
export const SEARCH_TABLE = 'fleet_card_search';
export const SEARCH_TABLES = new RegExp(`^${SEARCH_TABLE}($|_)`);
export const TRIGRAM_INDEX = 'fleet_card_search_trgm_index';
const TRIGGERS = ['fleet_card_search_insert', 'fleet_card_search_update', 'fleet_card_search_delete'] as const;

const MERGE_STEP = `INSERT INTO ${SEARCH_TABLE} (${SEARCH_TABLE}, rank) VALUES ('merge', 16)`;

/**
 * The insert trigger: the row's text indexed, and a merge step after every fourth row. A merge command first
 * writes the rows pending in memory as a segment of their own; run after every row, it cost each new fleet row
 * ~30–40 µs more and left the index no smaller. Measured on an FTS5 table alone, rows written one a transaction
 * after 10,000 (and 60,000) rows: after every row 113–133 µs a row, after every fourth 84–101 µs; a trigram's
 * probe 22–25 µs either way (43–53 µs at 63,000 rows). FTS5's own automatic merging instead (two segments a
 * level, no merge step) wrote rows in 68–74 µs but left probes 10–15 µs slower at 63,000 rows.
 */
const MERGE_CONDITION = 'new.rowid % 4 = 0';
const INSERT_TRIGGER = `CREATE TRIGGER IF NOT EXISTS ${TRIGGERS[0]} AFTER INSERT ON fleet_card BEGIN
     INSERT INTO ${SEARCH_TABLE} (rowid, search_text) VALUES (new.rowid, new.search_text);
     INSERT INTO ${SEARCH_TABLE} (${SEARCH_TABLE}, rank) SELECT 'merge', 16 WHERE ${MERGE_CONDITION}; END`;

/** SQLite: the FTS5 table, its triggers, and its content rebuilt from the fleet rows (idempotent). */
export const SQLITE_SEARCH = [
  `CREATE VIRTUAL TABLE IF NOT EXISTS ${SEARCH_TABLE} USING fts5(search_text, tokenize = 'trigram')`,
  // each write adds a segment; a query reads every segment: merged as soon as a level holds two (FTS5 merges
  // at four by default), a few pages per merge step, so a fleet written one row at a time stays ~1 segment a level
  `INSERT INTO ${SEARCH_TABLE} (${SEARCH_TABLE}, rank) VALUES ('usermerge', 2)`,
  INSERT_TRIGGER,
  `CREATE TRIGGER IF NOT EXISTS ${TRIGGERS[1]} AFTER UPDATE OF search_text ON fleet_card
     WHEN old.search_text IS NOT new.search_text BEGIN
     UPDATE ${SEARCH_TABLE} SET search_text = new.search_text WHERE rowid = old.rowid;
     ${MERGE_STEP}; END`,
  `CREATE TRIGGER IF NOT EXISTS ${TRIGGERS[2]} AFTER DELETE ON fleet_card BEGIN
     DELETE FROM ${SEARCH_TABLE} WHERE rowid = old.rowid; END`,
  `DELETE FROM ${SEARCH_TABLE}`,
  `INSERT INTO ${SEARCH_TABLE} (rowid, search_text) SELECT rowid, search_text FROM fleet_card`,
];

/**
 * The GIN index's pending list, bounded (kB; PostgreSQL's least). Every fleet row written — once per import —
 * is an update of indexed columns (the last download, the findings), so PostgreSQL inserts every trigram of the
 * row's text into the index again, changed or not. Without the list (`fastupdate = off`) that is ~35 insertions
 * into the posting trees per row; with it they are appended to the list and merged into the trees in sorted batches
 * once it holds 64 kB, which halves the upsert's time and WAL. A search reads the list whole besides the trees: at most
 * 64 kB, whatever the fleet, where the default bound (4 MB, or until the next VACUUM) would let it grow.
 */
const PENDING_LIST_KB = 64;
const INDEX_OPTIONS = [`fastupdate=on`, `gin_pending_list_limit=${PENDING_LIST_KB}`];

/**
 * PostgreSQL: the extension and the GIN index in one block that never fails the migration: without the
 * extension the index is skipped with a WARNING (the search then scans, answering the same).
 */
export const POSTGRES_SEARCH = `DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS ${TRIGRAM_INDEX} ON fleet_card USING gin (search_text gin_trgm_ops)
    WITH (${INDEX_OPTIONS.join(', ')});
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'fleet search without its trigram index (pg_trgm: %): the search reads every fleet row', SQLERRM;
END $$`;

type Run = (sql: string, params?: readonly SqlValue[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Creates the search index where it is missing (a database brought up to date from before migrations, its
 * triggers lost with a rebuilt table, an extension installed since): one catalog query when all is there.
 */
export async function ensureFleetSearch(run: Run, dialect: StorageDialect): Promise<void> {
  if (dialect.name === 'postgres') {
    const [index] = await run(
      `SELECT COALESCE(array_to_string(reloptions, ','), '') AS options FROM pg_class WHERE relname = ? AND relkind = 'i' AND pg_table_is_visible(oid)`,
      [TRIGRAM_INDEX],
    );
    if (index === undefined) await run(POSTGRES_SEARCH);
    // an index created before its options were chosen (fastupdate = off then)
    else if (String(index.options) !== INDEX_OPTIONS.join(','))
      await run(`ALTER INDEX ${TRIGRAM_INDEX} SET (${INDEX_OPTIONS.join(', ')})`);
    return;
  }
  const [row] = await run(
    `SELECT COUNT(*) AS n FROM sqlite_master WHERE (type = 'table' AND name = ?) OR (type = 'trigger' AND name IN (?, ?, ?))`,
    [SEARCH_TABLE, ...TRIGGERS],
  );
  if (Number(row?.n) !== 1 + TRIGGERS.length) {
    for (const sql of SQLITE_SEARCH) await run(sql);
    return;
  }
  // an insert trigger of an earlier release (a merge step after every row)
  const [trigger] = await run(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?`, [TRIGGERS[0]]);
  if (!String(trigger?.sql).includes(MERGE_CONDITION)) {
    await run(`DROP TRIGGER ${TRIGGERS[0]}`);
    await run(INSERT_TRIGGER);
  }
}

/** `LIKE` pattern matching `text` anywhere, with the pattern characters escaped (ESCAPE '!'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Characters (code points) a query needs for trigrams. */
export const TRIGRAM_MIN = 3;

/**
 * SQLite: the rows a trigram's probe reads at most. A trigram held by fewer rows has its whole list read, and the
 * rows holding the query are among them; a longer list is cut there (it narrows nothing the short ones do not).
 */
export const PROBE_ROWS = 32;
/** SQLite: the query's trigrams probed at most (a long query: spread over its length). */
export const PROBED_TRIGRAMS = 16;

/**
 * The WHERE condition of `q` on `fleet_card`: the LIKE, on SQLite behind the trigram index's candidates when the
 * query has trigrams. A query holding a NUL character matches no row on either database: PostgreSQL text cannot
 * hold one (the server refuses it as a parameter) and SQLite's LIKE would stop reading the pattern at it.
 *
 * On SQLite the candidates are chosen by one probe statement first: the rows of each trigram, up to PROBE_ROWS.
 * Every list found whole is a superset of the answer, so their intersection is (`rowid IN` those rows); only when
 * every trigram is common is the index asked for the rows holding all of them. A card number in a fleet whose card
 * numbers share most characters thus reads a few short lists instead of several lists as long as the fleet (the
 * AND of every trigram read ~5 lists of every card, growing with the fleet). The probe and the statements using its
 * candidates are separate reads, like a list's count and its
 * page: a row written between them is answered as a read just before it would, and LIKE keeps every row exact.
 */
export async function searchCondition(
  q: string,
  dialect: StorageDialect,
  run: Run,
): Promise<{ sql: string; params: SqlValue[] }> {
  const like = containsPattern(q);
  const text = q.toLowerCase();
  if (text.includes('\0')) return { sql: '1 = 0', params: [] };
  const grams = trigramsOf(text);
  if (dialect.name === 'postgres' || grams.length === 0)
    return { sql: `search_text LIKE ? ESCAPE '!'`, params: [like] };
  const candidates = await probedCandidates(run, grams);
  if (candidates !== null)
    return {
      sql: `rowid IN (SELECT value FROM json_each(?)) AND search_text LIKE ? ESCAPE '!'`,
      params: [JSON.stringify(candidates), like],
    };
  return {
    sql: `rowid IN (SELECT rowid FROM ${SEARCH_TABLE} WHERE ${SEARCH_TABLE} MATCH ?) AND search_text LIKE ? ESCAPE '!'`,
    params: [grams.map(ftsString).join(' AND '), like],
  };
}

/** The distinct trigrams of `text` (code points), in the order they first occur. */
export function trigramsOf(text: string): string[] {
  const chars = [...text];
  const grams = new Set<string>();
  for (let i = 0; i + TRIGRAM_MIN <= chars.length; i++) grams.add(chars.slice(i, i + TRIGRAM_MIN).join(''));
  return [...grams];
}

/** An FTS5 string: the trigram as text, no query syntax. */
const ftsString = (gram: string): string => `"${gram.replace(/"/g, '""')}"`;

/**
 * The rowids holding every trigram whose list is shorter than PROBE_ROWS + 1 (their intersection), or null when
 * every probed trigram is that common. One statement, one row per trigram.
 */
async function probedCandidates(run: Run, grams: readonly string[]): Promise<number[] | null> {
  const probed = spread(grams, PROBED_TRIGRAMS);
  const sql = probed
    .map(
      () =>
        `SELECT COUNT(*) AS n, json_group_array(rowid) AS ids FROM ` +
        `(SELECT rowid FROM ${SEARCH_TABLE} WHERE ${SEARCH_TABLE} MATCH ? LIMIT ${PROBE_ROWS + 1})`,
    )
    .join(' UNION ALL ');
  let candidates: Set<number> | null = null;
  for (const row of await run(sql, probed.map(ftsString))) {
    if (Number(row.n) > PROBE_ROWS) continue;
    const ids = JSON.parse(String(row.ids)) as number[];
    candidates = new Set(candidates === null ? ids : ids.filter((id) => candidates!.has(id)));
  }
  return candidates === null ? null : [...candidates];
}

/** At most `count` of `items`, evenly spaced from the first. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}
