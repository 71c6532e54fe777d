/**
 * `drivercard import PATH`: imports one file, or every download of a folder (not recursive, in name order), through the
 * same import use case as POST /api/drivercard/parse, continuing past files that fail. A folder's downloads are
 * recognised by their first bytes, as the decoder recognises them (core/decoder/prefix.ts), whatever their names
 * (`.ddd`, `.C1B` in France, `.TGD` in Spain, `.esm`, none…); its other regular files are listed as skipped, with
 * why (not a download, empty, a vehicle-unit download, unreadable, too large). A progress bar goes
 * to stderr (redrawn in place on a terminal, one line per file otherwise); the summary goes to stdout: the
 * totals (each file counted once: new, reused, quarantined or failed), then one line per file — new, reused,
 * quarantined (why, in the words the page uses) or failed (why, in the page's words) — and its warnings count, then
 * the skipped files; `--verbose` adds the codes and the technical message behind those words. Exit 0 when every
 * download was imported, 1 when some failed, a file could not be read, or the database cannot be opened (one line,
 * no stack trace), 2 on a usage error. The summary names files
 * and the folder by their base names (no local paths); a folder that cannot be read is named as it was given.
 */
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { DddDecodeError } from '../../core/decoder/api.js';
import { classifyPrefix, isVehicleUnitDownload, PREFIX_LENGTH } from '../../core/decoder/prefix.js';
import type { ImportUseCase } from '../../core/use-cases/contracts.js';
import { problemFor } from '../../adapters/http/shared/problem.js';
import {
  decodeFailureText,
  errorCodeText,
  quarantineReasons,
  quarantiningCodes,
  sentence,
} from '../../adapters/vocabulary/people-text.js';
import type { CommandIo } from './parse.js';
import { startupFailure } from './startup-failure.js';
import { DEFAULT_CONFIG } from '../config.js';

export const IMPORT_USAGE =
  'usage: drivercard import [--verbose] PATH   (imports the download PATH, or every download of the folder PATH, whatever the names)';

export interface ImportIo extends CommandIo {
  /** true when stderr is a terminal: the progress bar is redrawn in place */
  stderrIsTty: boolean;
}

export interface ImportedFile {
  file: string;
  /** the import was QUARANTINED; `quarantinedBy` lists the warning codes that quarantined it */
  quarantinedBy: string[] | null;
  warnings: number;
}

/** Why a regular file of a folder was not imported. */
export type SkipReason = 'not_a_download' | 'empty' | 'unreadable' | 'too_large';

/** What a person reads for each skip reason (the CLI summary, the watched folder's reason files). */
export const SKIP_MESSAGES: Readonly<Record<SkipReason, string>> = {
  not_a_download: 'not a tachograph download (its first bytes are not those of a driver-card download)',
  empty: 'empty (no download data)',
  unreadable: 'the file could not be read',
  too_large: 'larger than the largest download the service accepts',
};

export interface SkippedFile {
  file: string;
  reason: SkipReason;
  /** the system's error code of an unreadable file (EACCES…); null otherwise */
  code: string | null;
}

export interface ImportSummary {
  created: ImportedFile[];
  reused: ImportedFile[];
  failed: Array<{ file: string; error: string; reason: string | null; message: string }>;
  /** regular files of the folder that are not downloads this version imports */
  skipped: SkippedFile[];
}

const BAR_WIDTH = 24;

export function progressLine(done: number, total: number, file: string): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  const bar = '#'.repeat(filled) + '-'.repeat(BAR_WIDTH - filled);
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return `[${bar}] ${String(percent).padStart(3)}% ${done}/${total} ${file}`;
}

/**
 * Whether the first bytes of a file (PREFIX_LENGTH of them, fewer only when the file is shorter) open a download
 * this version imports: null, or why not. The decoder's own recognition decides (classifyPrefix; a vehicle-unit
 * download, which the card decoder refuses, is imported as POST /parse imports it), so the folder import and the
 * decoder never disagree on what a download is.
 */
export function skipReasonOf(prefix: Uint8Array): SkipReason | null {
  if (isVehicleUnitDownload(prefix.subarray(0, 2))) return null;
  try {
    classifyPrefix(prefix);
    return null;
  } catch (error) {
    if (!(error instanceof DddDecodeError)) throw error;
    if (error.reason === 'empty') return error.reason;
    return 'not_a_download';
  }
}

/** The first PREFIX_LENGTH bytes of a file (fewer when it is shorter). */
export async function prefixOf(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(PREFIX_LENGTH);
    const { bytesRead } = await handle.read(buffer, 0, PREFIX_LENGTH, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A file's skip reason by its size and first bytes; a file that cannot be read is `unreadable` with its code. */
export async function examineFile(
  path: string,
  maxBytes: number,
): Promise<{ reason: SkipReason | null; code: string | null }> {
  try {
    if ((await stat(path)).size > maxBytes) return { reason: 'too_large', code: null };
    return { reason: skipReasonOf(await prefixOf(path)), code: null };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (typeof code !== 'string') throw error;
    return { reason: 'unreadable', code };
  }
}

export interface FolderContents {
  files: Array<{ file: string; path: string }>;
  skipped: SkippedFile[];
}

/** The downloads of a folder and its other regular files (skipped, with why), each sorted by name. */
export async function downloadsOf(dir: string, maxBytes: number): Promise<FolderContents> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  const contents: FolderContents = { files: [], skipped: [] };
  for (const file of names.sort()) {
    const path = join(dir, file);
    const { reason, code } = await examineFile(path, maxBytes);
    if (reason === null) contents.files.push({ file, path });
    else contents.skipped.push({ file, reason, code });
  }
  return contents;
}

/** The .ddd files of a folder (case-insensitive extension), sorted by name. */
export async function dddFilesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.ddd'))
    .map((entry) => entry.name)
    .sort();
}

function failureOf(file: string, error: unknown): ImportSummary['failed'][number] {
  const problem = problemFor(error);
  if (problem) {
    const reason = typeof problem.extra.reason === 'string' ? problem.extra.reason : null;
    return { file, error: problem.code, reason, message: problem.message };
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && code.startsWith('E')) {
    return { file, error: 'read_error', reason: code, message: 'The file could not be read.' };
  }
  return {
    file,
    error: 'internal_error',
    reason: null,
    message: error instanceof Error ? error.message : 'Unexpected failure.',
  };
}

/** What PATH names: one file (imported whatever it holds), or the downloads of a folder and its skipped files. */
export async function filesToImport(path: string, maxBytes: number): Promise<FolderContents> {
  if (!(await stat(path)).isDirectory()) return { files: [{ file: basename(path), path }], skipped: [] };
  return downloadsOf(path, maxBytes);
}

export async function importFiles(
  files: ReadonlyArray<{ file: string; path: string }>,
  useCase: ImportUseCase,
  io: ImportIo,
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: [], reused: [], failed: [], skipped: [] };
  const draw = (done: number, file: string) => {
    const line = progressLine(done, files.length, file);
    io.stderr(io.stderrIsTty ? `\r\x1b[2K${line}` : `${line}\n`);
  };
  for (const [index, { file, path }] of files.entries()) {
    try {
      const content = await readFile(path);
      const result = await useCase.parse({ file_name: file, content: new Uint8Array(content), archive_id: null });
      const codes = result.warnings.map((w) => w.code);
      const quarantinedBy = result.status === 'QUARANTINED' ? quarantiningCodes(result.warnings) : null;
      (result.reused ? summary.reused : summary.created).push({ file, quarantinedBy, warnings: codes.length });
    } catch (error) {
      summary.failed.push(failureOf(file, error));
    }
    draw(index + 1, file);
  }
  if (io.stderrIsTty && files.length > 0) io.stderr('\n');
  return summary;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A file's line. A quarantined file says why in the words the page writes (each reason once, however many warnings
 * carry it); `verbose` adds the codes behind them.
 */
function fileLine(kind: 'new' | 'reused', f: ImportedFile, verbose: boolean): string {
  const warnings = plural(f.warnings, 'warning');
  if (f.quarantinedBy === null) return `  ${kind.padEnd(12)} ${f.file} (${warnings})`;
  const why = quarantineReasons(f.quarantinedBy.map((code) => ({ code }))).join(' ');
  const codes = verbose && f.quarantinedBy.length > 0 ? ` [${f.quarantinedBy.join(', ')}]` : '';
  return `  ${'quarantined'.padEnd(12)} ${f.file} (${kind === 'reused' ? 'already imported, ' : ''}${warnings}): ${why}${codes}`;
}

/** A failed file's line: why, in the page's words; `verbose` adds the code, the reason and the technical message. */
function failureLine(failure: ImportSummary['failed'][number], verbose: boolean): string {
  const words = failure.error === 'unparseable_ddd' ? decodeFailureText(failure.reason) : errorCodeText(failure.error);
  const reason = failure.reason ? ` (${failure.reason})` : '';
  const detail = verbose ? ` [${failure.error}${reason}: ${failure.message}]` : '';
  return `  ${'failed'.padEnd(12)} ${failure.file}: ${sentence(words)}${detail}`;
}

function skippedLine(f: SkippedFile): string {
  return `  ${'skipped'.padEnd(12)} ${f.file}: ${SKIP_MESSAGES[f.reason]}${f.code ? ` (${f.code})` : ''}`;
}

/**
 * The totals line counts each download once: a quarantined file is neither "new" nor "reused" there; the files
 * skipped are counted after it and listed last.
 */
export function formatSummary(summary: ImportSummary, folder: string, verbose = false): string {
  const total = summary.created.length + summary.reused.length + summary.failed.length;
  const trusted = (files: ImportedFile[]) => files.filter((f) => f.quarantinedBy === null).length;
  const quarantined = total - summary.failed.length - trusted(summary.created) - trusted(summary.reused);
  const skipped = summary.skipped.length;
  const lines = [
    `Imported ${plural(total, 'download')} from ${folder}: ${trusted(summary.created)} new, ` +
      `${trusted(summary.reused)} reused (already imported), ${quarantined} quarantined, ${summary.failed.length} failed` +
      (skipped > 0 ? `; ${plural(skipped, 'other file')} skipped.` : '.'),
  ];
  for (const f of summary.created) lines.push(fileLine('new', f, verbose));
  for (const f of summary.reused) lines.push(fileLine('reused', f, verbose));
  for (const failure of summary.failed) lines.push(failureLine(failure, verbose));
  for (const f of summary.skipped) lines.push(skippedLine(f));
  return `${lines.join('\n')}\n`;
}

/**
 * Runs the command against an import use case the caller provides (and closes); files larger than `maxBytes`
 * (the service's request limit by default) are skipped unread.
 */
export async function importCommand(
  argv: string[],
  io: ImportIo,
  useCase: () => Promise<ImportUseCase>,
  maxBytes: number = DEFAULT_CONFIG.maxPayloadBytes,
): Promise<number> {
  if (argv.includes('--help')) {
    io.stdout(`${IMPORT_USAGE}\n`);
    return 0;
  }
  const verbose = argv.includes('--verbose');
  const positional = argv.filter((a) => !a.startsWith('--'));
  if (positional.length !== 1 || positional.length + (verbose ? 1 : 0) !== argv.length) {
    io.stderr(`${IMPORT_USAGE}\n`);
    return 2;
  }
  const dir = positional[0]!;
  let contents: FolderContents;
  try {
    contents = await filesToImport(dir, maxBytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    io.stderr(`drivercard import: cannot read ${dir} (${code}).\n`);
    return 1;
  }
  const unreadable = contents.skipped.some((f) => f.reason === 'unreadable');
  if (contents.files.length === 0) {
    io.stdout(`No downloads in ${basename(dir)}.\n${contents.skipped.map((f) => `${skippedLine(f)}\n`).join('')}`);
    return unreadable ? 1 : 0;
  }
  let opened: ImportUseCase;
  try {
    opened = await useCase();
  } catch (error) {
    io.stderr(`drivercard import: ${startupFailure(error)}\n`);
    return 1;
  }
  const summary = { ...(await importFiles(contents.files, opened, io)), skipped: contents.skipped };
  io.stdout(formatSummary(summary, basename(dir), verbose));
  return summary.failed.length === 0 && !unreadable ? 0 : 1;
}
