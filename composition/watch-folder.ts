/**
 * The watched folder (DRIVERCARD_WATCH_DIR, off by default): files a download tool drops into the folder are
 * imported through the same import use case as POST /api/drivercard/parse and `drivercard import`, then moved to
 * `imported/`, `quarantined/` or `failed/` beside a one-line `<name>.reason.txt`.
 *
 * - Complete files only: a file is taken once its size, mtime and inode have not changed for `settleMs` of
 *   observation (a tool still writing keeps changing them). Names starting with "." are left alone (the
 *   temporary names many tools write under before renaming).
 * - Never lost: every step is one rename within the folder (atomic), so at every moment the file has exactly one
 *   name. A taken file is first renamed into `.processing/`; before it leaves, a journal `.<name>.move` there
 *   names its destination, so a restart finishes a move that was cut short instead of deciding again.
 * - Never imported twice: imports are idempotent by SHA-256, so a restart between the import and the move imports
 *   the file again as "already imported" and moves it once. A failure of the service rather than of the file
 *   (the database unavailable, an unexpected error) leaves the file in `.processing/`, tried again after
 *   RETRY_AFTER_MS.
 * - Never overwritten: a name taken in the destination gets " (2)", " (3)"… before its extension. Only the
 *   process holding `.drivercard-watch.lock` (its pid; a dead holder's lock is taken over) moves files, so
 *   checking a name and renaming to it do not race.
 * - Personal data: the three folders and `.processing/` are 0700, a taken file and its reason file 0600
 *   (composition/data-permissions.ts). Log lines name files by their base names, never by path, never with
 *   their bytes.
 */
import { chmod, mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { PREFIX_LENGTH } from '../core/decoder/prefix.js';
import type { ImportUseCase, ParseResponse } from '../core/use-cases/contracts.js';
import { QUARANTINE_WARNING_CODES } from '../core/use-cases/quarantine-policy.js';
import { problemFor } from '../adapters/http/shared/problem.js';
import { SKIP_MESSAGES, skipReasonOf } from './commands/import.js';
import { DATA_DIR_MODE, DATA_FILE_MODE, secureDataDir } from './data-permissions.js';

export const OUTCOME_FOLDERS = ['imported', 'quarantined', 'failed'] as const;
export type Outcome = (typeof OUTCOME_FOLDERS)[number];
export const CLAIM_FOLDER = '.processing';
export const LOCK_FILE = '.drivercard-watch.lock';
export const REASON_SUFFIX = '.reason.txt';
const JOURNAL_SUFFIX = '.move';
/** a pass every 2 s, or 4 per settle time when that is shorter, so a file is taken soon after it settles */
export const DEFAULT_POLL_MS = 2000;
export const DEFAULT_SETTLE_MS = 5000;
export const RETRY_AFTER_MS = 60_000;

export interface WatchFolderOptions {
  dir: string;
  imports: () => Promise<ImportUseCase>;
  /** larger files are not read: moved to failed/ (the service's request limit) */
  maxBytes: number;
  /** default: DEFAULT_POLL_MS, or a quarter of settleMs when that is shorter */
  pollMs?: number;
  settleMs?: number;
  log?: (line: string) => void;
  now?: () => number;
}

export interface WatchedFolder {
  /** one pass: moves cut short are finished, taken files resumed, settled files taken and imported */
  scan(): Promise<void>;
  /** stops the polling after the pass in progress and gives the lock up */
  close(): Promise<void>;
}

export interface Decision {
  outcome: Outcome;
  reason: string;
}

interface Journal extends Decision {
  final: string;
}

interface Seen {
  size: number;
  mtimeMs: number;
  ino: number;
  since: number;
}

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

/** `name`, then `stem (2).ext`, `stem (3).ext`… */
export function candidateName(name: string, n: number): string {
  if (n === 1) return name;
  const ext = extname(name);
  const stem = ext === '' || ext === name ? name : name.slice(0, -ext.length);
  return `${stem} (${n})${ext === name ? '' : ext}`;
}

/** The first candidate name free in `dir` (for the file and, when asked, for its reason file). */
export function freeName(dir: string, name: string, withReason: boolean): string {
  for (let n = 1; ; n++) {
    const candidate = candidateName(name, n);
    if (existsSync(join(dir, candidate))) continue;
    if (withReason && existsSync(join(dir, candidate + REASON_SUFFIX))) continue;
    return candidate;
  }
}

/** Makes a folder's entries (renames, new files) durable before the next step relies on them. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function narrow(path: string): Promise<void> {
  // a file dropped by another user cannot be narrowed by us; its folder (0700) still keeps others out
  await chmod(path, DATA_FILE_MODE).catch(() => undefined);
}

/** One line a reason file holds (messages may carry line breaks). */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Where an import's answer sends the file, and the line that says why. */
export function decisionOfImport(result: ParseResponse): Decision {
  const codes = result.warnings.map((w) => w.code);
  const again = result.reused ? 'already imported' : 'new';
  const warnings = `${codes.length} warning${codes.length === 1 ? '' : 's'}`;
  if (result.status === 'QUARANTINED') {
    const by = [...new Set(codes.filter((c) => QUARANTINE_WARNING_CODES.has(c)))];
    const because = by.length > 0 ? `: ${by.join(', ')}` : '';
    return {
      outcome: 'quarantined',
      reason: `quarantined as import ${result.import_id} (${again}, ${warnings}${because})`,
    };
  }
  const signatures = result.authenticity ? `, signatures ${result.authenticity.status}` : '';
  return { outcome: 'imported', reason: `imported as import ${result.import_id} (${again}, ${warnings}${signatures})` };
}

/** Prepares the folders and starts the passes (the first at once). */
export async function startWatchFolder(options: WatchFolderOptions): Promise<WatchedFolder> {
  const watcher = await createWatchFolder(options);
  watcher.schedule(0);
  return watcher;
}

/** Prepares the folders; passes run only when `scan` is called (tests drive them one by one). */
export async function createWatchFolder(options: WatchFolderOptions): Promise<FolderWatcher> {
  const watcher = new FolderWatcher(options);
  await watcher.prepare();
  return watcher;
}

export class FolderWatcher implements WatchedFolder {
  private readonly dir: string;
  private readonly claimDir: string;
  private readonly pollMs: number;
  private readonly settleMs: number;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly seen = new Map<string, Seen>();
  private readonly retryAt = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;
  private locked = false;
  private toldLocked = false;

  constructor(private readonly options: WatchFolderOptions) {
    this.dir = options.dir;
    this.claimDir = join(options.dir, CLAIM_FOLDER);
    this.settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
    this.pollMs = options.pollMs ?? Math.max(50, Math.min(DEFAULT_POLL_MS, Math.floor(this.settleMs / 4)));
    this.log = options.log ?? ((line) => void process.stdout.write(line));
    this.now = options.now ?? Date.now;
  }

  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: DATA_DIR_MODE });
    for (const folder of [CLAIM_FOLDER, ...OUTCOME_FOLDERS]) secureDataDir(join(this.dir, folder));
  }

  schedule(delay: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.scan()
        .catch((error: unknown) => this.log(`drivercard watch: a pass failed (${errnoOf(error) ?? 'error'})\n`))
        .finally(() => this.schedule(this.pollMs));
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    if (this.locked) await unlink(join(this.dir, LOCK_FILE)).catch(() => undefined);
    this.locked = false;
  }

  async scan(): Promise<void> {
    if (!(await this.lock())) return;
    await this.resume();
    const entries = await readdir(this.dir, { withFileTypes: true });
    const present = new Set<string>();
    for (const entry of entries) {
      if (this.closed) return;
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      present.add(entry.name);
      if (await this.settled(entry.name)) await this.take(entry.name);
    }
    for (const name of this.seen.keys()) if (!present.has(name)) this.seen.delete(name);
  }

  /** Holds the folder's lock: created with our pid, or taken over from a process that no longer runs. */
  private async lock(): Promise<boolean> {
    const file = join(this.dir, LOCK_FILE);
    // two processes taking over one dead holder's lock at once: the one whose pid is not in the file stops
    if (this.locked) this.locked = (await readFile(file, 'utf8').catch(() => '')).trim() === String(process.pid);
    if (this.locked) return true;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await writeFile(file, `${process.pid}\n`, { flag: 'wx', mode: DATA_FILE_MODE });
        this.locked = true;
        return true;
      } catch (error) {
        if (errnoOf(error) !== 'EEXIST') throw error;
      }
      const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        if (!this.toldLocked) this.log(`drivercard watch: another process (pid ${holder}) watches the folder\n`);
        this.toldLocked = true;
        return false;
      }
      await unlink(file).catch(() => undefined);
    }
    return false;
  }

  /** true once the file's size, mtime and inode have stayed the same for settleMs of observation */
  private async settled(name: string): Promise<boolean> {
    let now: Seen;
    try {
      const s = await stat(join(this.dir, name));
      now = { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino, since: this.now() };
    } catch {
      return false;
    }
    const before = this.seen.get(name);
    if (!before || before.size !== now.size || before.mtimeMs !== now.mtimeMs || before.ino !== now.ino) {
      this.seen.set(name, now);
      return false;
    }
    return now.since - before.since >= this.settleMs;
  }

  /** Renames a settled file into .processing/ (under a free name) and imports it. */
  private async take(name: string): Promise<void> {
    this.seen.delete(name);
    const claimed = freeName(this.claimDir, name, false);
    try {
      await rename(join(this.dir, name), join(this.claimDir, claimed));
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return; // gone meanwhile (the tool moved it away)
      throw error;
    }
    await syncDir(this.claimDir);
    await narrow(join(this.claimDir, claimed));
    await this.handle(claimed);
  }

  /** Finishes journaled moves, then retries the taken files whose wait is over. */
  private async resume(): Promise<void> {
    const names = (await readdir(this.claimDir)).sort();
    for (const name of names.filter((n) => n.startsWith('.') && n.endsWith(JOURNAL_SUFFIX))) {
      await this.finishMove(name.slice(1, -JOURNAL_SUFFIX.length));
    }
    for (const name of names.filter((n) => n.startsWith('.') && n.endsWith(`${JOURNAL_SUFFIX}.tmp`))) {
      await unlink(join(this.claimDir, name)).catch(() => undefined);
    }
    for (const name of await readdir(this.claimDir)) {
      if (name.startsWith('.') || (this.retryAt.get(name) ?? 0) > this.now()) continue;
      await this.handle(name);
    }
  }

  private async handle(name: string): Promise<void> {
    const decision = await this.decide(name);
    if (decision === null) {
      this.retryAt.set(name, this.now() + RETRY_AFTER_MS);
      return;
    }
    this.retryAt.delete(name);
    const target = join(this.dir, decision.outcome);
    const journal: Journal = { ...decision, final: freeName(target, name, true) };
    const path = this.journalPath(name);
    await writeFile(`${path}.tmp`, JSON.stringify(journal), { mode: DATA_FILE_MODE });
    await rename(`${path}.tmp`, path);
    await syncDir(this.claimDir);
    await this.finishMove(name);
  }

  private journalPath(name: string): string {
    return join(this.claimDir, `.${name}${JOURNAL_SUFFIX}`);
  }

  /** Moves a taken file where its journal says (unless already there), writes its reason, drops the journal. */
  private async finishMove(name: string): Promise<void> {
    const path = this.journalPath(name);
    const journal = JSON.parse(await readFile(path, 'utf8')) as Journal;
    const target = join(this.dir, journal.outcome);
    const from = join(this.claimDir, name);
    if (existsSync(from)) {
      // a restart may find the chosen name taken meanwhile (a file put there by hand): never overwrite it
      if (existsSync(join(target, journal.final))) journal.final = freeName(target, name, true);
      await rename(from, join(target, journal.final));
    } else if (!existsSync(join(target, journal.final))) {
      await unlink(path); // neither here nor there: removed by hand meanwhile, nothing to explain
      return;
    }
    await writeFile(join(target, journal.final + REASON_SUFFIX), `${oneLine(journal.reason)}\n`, {
      mode: DATA_FILE_MODE,
    });
    await syncDir(target);
    await unlink(path);
    await syncDir(this.claimDir);
    this.log(`drivercard watch: ${name} → ${journal.outcome}/${journal.final}: ${oneLine(journal.reason)}\n`);
  }

  /** Where a taken file goes and why; null when the service (not the file) failed: tried again later. */
  private async decide(name: string): Promise<Decision | null> {
    const path = join(this.claimDir, name);
    let content: Uint8Array;
    try {
      if ((await stat(path)).size > this.options.maxBytes) return skipped('too_large');
      content = new Uint8Array(await readFile(path));
    } catch (error) {
      return { outcome: 'failed', reason: `${SKIP_MESSAGES.unreadable} (${errnoOf(error) ?? 'error'})` };
    }
    const skip = skipReasonOf(content.subarray(0, PREFIX_LENGTH));
    if (skip !== null) return skipped(skip);
    try {
      const imports = await this.options.imports();
      return decisionOfImport(await imports.parse({ file_name: name, content, archive_id: null }));
    } catch (error) {
      const problem = problemFor(error);
      if (problem !== null && problem.status < 500) {
        const why = typeof problem.extra.reason === 'string' ? ` (${problem.extra.reason})` : '';
        return { outcome: 'failed', reason: `not imported: ${problem.code}${why}: ${problem.message}` };
      }
      const kind = error instanceof Error ? error.name : 'error';
      this.log(`drivercard watch: ${name} could not be imported now (${kind}); tried again in a minute\n`);
      return null;
    }
  }
}

function skipped(reason: keyof typeof SKIP_MESSAGES): Decision {
  return { outcome: 'failed', reason: `not imported: ${SKIP_MESSAGES[reason]}` };
}

/** true when a process with this pid runs (signal 0 tests without sending; EPERM: it runs, as another user) */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoOf(error) === 'EPERM';
  }
}
