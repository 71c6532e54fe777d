/**
 * `drivercard import PATH`: imports one `.ddd` file, or every `.ddd` file of a folder (not recursive, in name order), through the
 * same import use case as POST /api/drivercard/parse, continuing past files that fail. A progress bar goes
 * to stderr (redrawn in place on a terminal, one line per file otherwise); the summary goes to stdout: the
 * totals (each file counted once: new, reused, quarantined or failed), then one line per file — new, reused,
 * quarantined (why, in the words the page uses) or failed (why, in the page's words) — and its warnings count;
 * `--verbose` adds the codes and the technical message behind those words. Exit 0 when every file was imported, 1 when some failed
 * or the database cannot be opened (one line, no stack trace), 2 on a usage error. The summary names files
 * and the folder by their base names (no local paths); a folder that cannot be read is named as it was given.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
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

export const IMPORT_USAGE =
  'usage: drivercard import [--verbose] PATH   (imports the .ddd file PATH, or every .ddd file of the folder PATH)';

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

export interface ImportSummary {
  created: ImportedFile[];
  reused: ImportedFile[];
  failed: Array<{ file: string; error: string; reason: string | null; message: string }>;
}

const BAR_WIDTH = 24;

export function progressLine(done: number, total: number, file: string): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  const bar = '#'.repeat(filled) + '-'.repeat(BAR_WIDTH - filled);
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return `[${bar}] ${String(percent).padStart(3)}% ${done}/${total} ${file}`;
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

/** What PATH names: one file, or the .ddd files of a folder (by base name, with their paths). */
export async function filesToImport(path: string): Promise<Array<{ file: string; path: string }>> {
  if (!(await stat(path)).isDirectory()) return [{ file: basename(path), path }];
  return (await dddFilesOf(path)).map((file) => ({ file, path: join(path, file) }));
}

export async function importFolder(dir: string, useCase: ImportUseCase, io: ImportIo): Promise<ImportSummary> {
  return importFiles(await filesToImport(dir), useCase, io);
}

export async function importFiles(
  files: ReadonlyArray<{ file: string; path: string }>,
  useCase: ImportUseCase,
  io: ImportIo,
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: [], reused: [], failed: [] };
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

/** The totals line counts each file once: a quarantined file is neither "new" nor "reused" there. */
export function formatSummary(summary: ImportSummary, folder: string, verbose = false): string {
  const total = summary.created.length + summary.reused.length + summary.failed.length;
  const trusted = (files: ImportedFile[]) => files.filter((f) => f.quarantinedBy === null).length;
  const quarantined = total - summary.failed.length - trusted(summary.created) - trusted(summary.reused);
  const lines = [
    `Imported ${total} .ddd file${total === 1 ? '' : 's'} from ${folder}: ${trusted(summary.created)} new, ` +
      `${trusted(summary.reused)} reused (already imported), ${quarantined} quarantined, ${summary.failed.length} failed.`,
  ];
  for (const f of summary.created) lines.push(fileLine('new', f, verbose));
  for (const f of summary.reused) lines.push(fileLine('reused', f, verbose));
  for (const failure of summary.failed) lines.push(failureLine(failure, verbose));
  return `${lines.join('\n')}\n`;
}

/** Runs the command against an import use case the caller provides (and closes). */
export async function importCommand(
  argv: string[],
  io: ImportIo,
  useCase: () => Promise<ImportUseCase>,
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
  let files: Array<{ file: string; path: string }>;
  try {
    files = await filesToImport(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    io.stderr(`drivercard import: cannot read ${dir} (${code}).\n`);
    return 1;
  }
  if (files.length === 0) {
    io.stdout(`No .ddd files in ${basename(dir)}.\n`);
    return 0;
  }
  let opened: ImportUseCase;
  try {
    opened = await useCase();
  } catch (error) {
    io.stderr(`drivercard import: ${startupFailure(error)}\n`);
    return 1;
  }
  const summary = await importFiles(files, opened, io);
  io.stdout(formatSummary(summary, basename(dir), verbose));
  return summary.failed.length === 0 ? 0 : 1;
}
