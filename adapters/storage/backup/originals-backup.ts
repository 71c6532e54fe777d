/**
 * The backup of a database in a form independent of the server's version and of the database (PostgreSQL's backup;
 * `--portable` on SQLite; docs/evidence-and-backup.md):
 * a new folder holding JSON lines, one record a line, and `manifest.json`:
 * - `originals.jsonl`: every import (withdrawn ones too) in the order the database stored them: its import row as
 *   recorded (import_id, archive_id, file_name, content_sha256, size_bytes, imported_at, status and the latest
 *   withdrawal; times epoch seconds) and `content_base64`, the original bytes exactly as received;
 * - `annotations.jsonl`, `finding-reviews.jsonl` (with `prev_hash` and `hash`, the chain as stored),
 *   `home-countries.jsonl`: the office's records, one row a line with the columns of their tables;
 * - `manifest.json`, written last (a folder without it is no backup): format and version, when it was made, the
 *   schema migrations of the source, and per part its file, record count, size and SHA-256.
 * Everything is read in ONE transaction (PostgreSQL: `REPEATABLE READ, READ ONLY`): one snapshot, so an import committed while the
 * backup runs is in it whole or not at all. The originals are read 32 at a time by key and written as they come
 * (never the whole database in memory). Folder 0700, files 0600: they hold personal data.
 * What derives from the originals (rows, histories, fleet rows) is not kept: a restore imports the originals again
 * (core/use-cases/replay-imports.ts), then inserts the office's records as they are (`restoreOfficeRecords`,
 * ./restore-database.ts).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Knex } from 'knex';
import type { ActiveImportStatus, ImportStatus } from '../../../core/domain/rows.js';
import type { RecordedOriginal } from '../../../core/use-cases/replay-imports.js';
import { knexOf } from '../database/sql-runner.js';
import { decodeContent } from '../imports/content-codec.js';
import { databaseFile, openOrm, type SqlStoreOptions } from '../open-storage.js';
import { dialectOf } from '../database/dialect.js';
import { MIGRATIONS_TABLE } from '../mikro-orm-schema/migrations/names.js';
import { ANNOTATION_COLUMNS, FINDING_REVIEW_COLUMNS } from '../mikro-orm-schema/office-records-schema.js';
import { HOME_COUNTRIES_COLUMNS } from '../mikro-orm-schema/home-countries-schema.js';
import { BackupRefused } from './sqlite-backup.js';

export const BACKUP_FORMAT = 'drivercard-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

/** The office's records kept as rows: table, file, columns (numbers where the table holds integers), order. */
export const OFFICE_PARTS = [
  {
    part: 'annotations',
    table: 'annotation',
    columns: ANNOTATION_COLUMNS,
    numbers: ['start_s', 'end_s', 'created_at', 'withdrawn_at'],
    order: 'annotation_id',
  },
  {
    part: 'finding_reviews',
    table: 'finding_review',
    columns: FINDING_REVIEW_COLUMNS,
    numbers: ['seq', 'at_s'],
    order: 'finding_id, seq',
  },
  {
    part: 'home_countries',
    table: 'card_home_countries',
    columns: HOME_COUNTRIES_COLUMNS,
    numbers: ['updated_at'],
    order: 'card_number',
  },
] as const;

export type BackupPartName = 'originals' | (typeof OFFICE_PARTS)[number]['part'];
const PART_FILES: Record<BackupPartName, string> = {
  originals: 'originals.jsonl',
  annotations: 'annotations.jsonl',
  finding_reviews: 'finding-reviews.jsonl',
  home_countries: 'home-countries.jsonl',
};
const PART_NAMES = Object.keys(PART_FILES) as BackupPartName[];

export interface BackupPart {
  file: string;
  records: number;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: typeof BACKUP_FORMAT_VERSION;
  created_at: string;
  /** the schema migrations the source had run (the backup's records are in no schema; for the reader) */
  schema_migrations: string[];
  /**
   * the source's last change number (`GET /changes`) at the snapshot; a restore numbers its records after it, so a
   * cursor kept from the source stays valid (absent in backups from before change numbers: read as 0)
   */
  last_change?: number;
  parts: Record<BackupPartName, BackupPart>;
}

/** The columns of an import's line besides `content_base64`, as the `imports` table holds them. */
const IMPORT_COLUMNS = [
  'import_id',
  'archive_id',
  'file_name',
  'content_sha256',
  'size_bytes',
  'imported_at',
  'status',
  'withdrawn_at',
  'withdrawal_reason',
  'status_before_withdrawal',
  'restored_at',
] as const;
const IMPORT_NUMBERS = ['size_bytes', 'imported_at', 'withdrawn_at', 'restored_at'];
const ORIGINALS_PER_READ = 32;
export const ROWS_PER_READ = 500;

type Row = Record<string, unknown>;

/** Where the database is: a PostgreSQL URL, or (undefined) the SQLite file of the data folder. */
export interface BackupDatabase {
  databaseUrl?: string | undefined;
  dataDir: string;
}

export const optionsOf = ({ databaseUrl, dataDir }: BackupDatabase): SqlStoreOptions => ({
  dataDir,
  ...(databaseUrl ? { databaseUrl } : {}),
});

/**
 * Writes the backup of the database into the new folder `target`; answers its manifest. PostgreSQL reads in a
 * `REPEATABLE READ, READ ONLY` transaction (checked: a server answering another level is refused); SQLite in one
 * read transaction on a connection of its own, whose snapshot (WAL) is taken at its first read.
 */
export async function writeBackup(database: BackupDatabase, target: string): Promise<BackupManifest> {
  const options = optionsOf(database);
  const postgres = dialectOf(options.databaseUrl).name === 'postgres';
  if (!postgres && !existsSync(databaseFile(options))) throw new BackupRefused('there is no database to back up');
  try {
    await mkdir(target, { mode: 0o700 });
  } catch (error) {
    throw new BackupRefused(
      (error as NodeJS.ErrnoException).code === 'EEXIST'
        ? 'the backup folder exists already; nothing was written'
        : 'the backup folder cannot be created (its parent folder must exist and be writable)',
    );
  }
  try {
    const { orm } = await openOrm({ ...options, poolSize: 1 });
    try {
      const snapshot = postgres ? { isolationLevel: 'repeatable read' as const, readOnly: true } : {};
      const manifest = await knexOf(orm).transaction(async (trx) => {
        if (postgres) await requireRepeatableRead(trx);
        return writeParts(trx, target);
      }, snapshot);
      await writeFile(join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      return manifest;
    } finally {
      await orm.close(true);
    }
  } catch (error) {
    await rm(target, { recursive: true, force: true });
    throw error;
  }
}

async function requireRepeatableRead(trx: Knex.Transaction): Promise<void> {
  const [level] = rowsOf(await trx.raw("SELECT current_setting('transaction_isolation') AS level"));
  if (level?.level !== 'repeatable read') throw new Error('the backup transaction is not REPEATABLE READ');
}

/** The rows of a raw query: node-postgres answers `{rows}`, better-sqlite3 the rows themselves. */
function rowsOf(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

/** Every part, read in the transaction `trx` (one snapshot). */
async function writeParts(trx: Knex.Transaction, target: string): Promise<BackupManifest> {
  const migrations = rowsOf(await trx.raw(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`));
  const [counter] = rowsOf(await trx.raw('SELECT last FROM change_counter WHERE id = 1'));
  const parts = { originals: await writeOriginals(trx, target) } as Record<BackupPartName, BackupPart>;
  for (const office of OFFICE_PARTS) {
    const out = new PartWriter(target, PART_FILES[office.part]);
    for (let offset = 0; ; offset += ROWS_PER_READ) {
      const rows = rowsOf(
        await trx.raw(
          `SELECT ${office.columns.join(', ')} FROM ${office.table} ORDER BY ${office.order} LIMIT ? OFFSET ?`,
          [ROWS_PER_READ, offset],
        ),
      );
      for (const row of rows) await out.write(withNumbers(row, office.numbers));
      if (rows.length < ROWS_PER_READ) break;
    }
    parts[office.part] = await out.close();
  }
  return {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    created_at: new Date().toISOString(),
    schema_migrations: migrations.map((r) => String(r.name)),
    last_change: Number(counter?.last ?? 0),
    parts,
  };
}

/** The originals in the order stored (by key), a few at a time, each decoded back to the bytes received. */
async function writeOriginals(trx: Knex.Transaction, target: string): Promise<BackupPart> {
  const out = new PartWriter(target, PART_FILES.originals);
  const columns = IMPORT_COLUMNS.map((c) => `i.${c}`).join(', ');
  for (let after = 0; ;) {
    const rows = rowsOf(
      await trx.raw(
        `SELECT i.pk, ${columns}, c.content, c.encoding FROM imports i LEFT JOIN import_content c ON c.import_pk = i.pk WHERE i.pk > ? ORDER BY i.pk LIMIT ?`,
        [after, ORIGINALS_PER_READ],
      ),
    );
    for (const row of rows) {
      if (row.content === null || row.content === undefined)
        throw new BackupRefused(`import ${String(row.import_id)} has no stored original (run drivercard check)`);
      const bytes = decodeContent(row.content as Uint8Array, (row.encoding as string | null) ?? null);
      const line: Row = {};
      for (const c of IMPORT_COLUMNS) line[c] = row[c];
      await out.write({ ...withNumbers(line, IMPORT_NUMBERS), content_base64: Buffer.from(bytes).toString('base64') });
      after = Number(row.pk);
    }
    if (rows.length < ORIGINALS_PER_READ) return out.close();
  }
}

/** The row with the named columns as numbers (PostgreSQL's bigint comes as text), null kept. */
function withNumbers(row: Row, numbers: readonly string[]): Row {
  const out = { ...row };
  for (const c of numbers) if (out[c] !== null && out[c] !== undefined) out[c] = Number(out[c]);
  return out;
}

/** One part's file: JSON lines written as they come (waiting when the disk lags), hashed and counted. */
class PartWriter {
  private readonly stream: WriteStream;
  private readonly hash = createHash('sha256');
  private records = 0;
  private bytes = 0;
  private failure: Error | null = null;

  constructor(
    folder: string,
    private readonly file: string,
  ) {
    this.stream = createWriteStream(join(folder, file), { flags: 'wx', mode: 0o600 });
    this.stream.on('error', (error) => (this.failure = error));
  }

  async write(record: Row): Promise<void> {
    if (this.failure) throw this.failure;
    const line = Buffer.from(`${JSON.stringify(record)}\n`);
    this.hash.update(line);
    this.records += 1;
    this.bytes += line.length;
    if (!this.stream.write(line)) await new Promise<void>((resolve) => this.stream.once('drain', () => resolve()));
  }

  async close(): Promise<BackupPart> {
    await new Promise<void>((resolve, reject) => {
      this.stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
    if (this.failure) throw this.failure;
    return { file: this.file, records: this.records, bytes: this.bytes, sha256: this.hash.digest('hex') };
  }
}

/** A backup folder whose every part was found as its manifest lists it. */
export interface OpenedBackup {
  manifest: BackupManifest;
  /** the part's records, one parsed line at a time */
  records(part: BackupPartName): AsyncGenerator<Row>;
  /** the originals, in the order the source stored them */
  originals(): AsyncGenerator<RecordedOriginal>;
}

/** Reads the manifest of `folder` and checks every part against it (SHA-256, size, record count) before use. */
export async function openBackup(folder: string): Promise<OpenedBackup> {
  const manifest = await readManifest(folder);
  for (const name of PART_NAMES) {
    const part = manifest.parts[name];
    const found = await hashed(join(folder, PART_FILES[name])).catch(() => null);
    if (found === null || found.sha256 !== part.sha256 || found.records !== part.records || found.bytes !== part.bytes)
      throw new BackupRefused(`the part ${PART_FILES[name]} is missing or changed (its SHA-256 differs)`);
  }
  const records = async function* (name: BackupPartName): AsyncGenerator<Row> {
    const lines = createInterface({ input: createReadStream(join(folder, PART_FILES[name])), crlfDelay: Infinity });
    for await (const line of lines) yield JSON.parse(line) as Row;
  };
  return {
    manifest,
    records,
    async *originals() {
      for await (const row of records('originals')) yield recordedOriginal(row);
    },
  };
}

async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupRefused('the folder is not a backup of this service (no readable manifest.json)');
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.parts !== 'object' || manifest.parts === null)
    throw new BackupRefused('the folder is not a backup of this service (manifest.json of another format)');
  if (manifest.format_version !== BACKUP_FORMAT_VERSION)
    throw new BackupRefused(
      `the backup's format version ${String(manifest.format_version)} is not one this version reads`,
    );
  if (PART_NAMES.some((name) => typeof manifest.parts[name]?.sha256 !== 'string'))
    throw new BackupRefused('the manifest does not list every part of a backup');
  return manifest;
}

async function hashed(file: string): Promise<{ sha256: string; records: number; bytes: number }> {
  const hash = createHash('sha256');
  let records = 0;
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) records += 1;
  }
  return { sha256: hash.digest('hex'), records, bytes };
}

/** An originals line as the replay takes it. */
function recordedOriginal(row: Row): RecordedOriginal {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    import_id: String(row.import_id),
    archive_id: String(row.archive_id),
    file_name: text(row.file_name),
    content_sha256: String(row.content_sha256),
    imported_at: Number(row.imported_at),
    status: String(row.status) as ImportStatus,
    withdrawal:
      row.withdrawn_at === null || row.withdrawn_at === undefined
        ? null
        : {
            reason: String(row.withdrawal_reason ?? ''),
            withdrawn_at: Number(row.withdrawn_at),
            previous_status: (text(row.status_before_withdrawal) ?? 'OK') as ActiveImportStatus,
            restored_at: row.restored_at === null || row.restored_at === undefined ? null : Number(row.restored_at),
          },
    content: Buffer.from(String(row.content_base64), 'base64'),
  };
}
