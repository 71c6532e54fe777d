/**
 * `drivercard purge --older-than <duration or date>`: deletes for good every import saved before the cut-off, with
 * its original file, day data and rows, and rebuilds the histories and fleet rows of the cards concerned (the
 * ImportLifecycle use case). Never run automatically: this command is the only deletion of imports there is.
 * `--older-than` is a duration back from now (`30d`, `8w`, `6m`, `1y`: days, weeks, calendar months, calendar
 * years; the day is clamped to the month's last) or a date `YYYY-MM-DD` (imports saved before 00:00 UTC that day). Without it the configured retention
 * `DRIVERCARD_RETENTION` (same forms) is used; without either the command refuses (exit 2).
 * Output (stdout): the cut-off, the count of imports deleted, one line per import (saved at, file name, status,
 * activity dates) and the rows deleted per table. No card number, name or path is printed.
 */
import type { EpochSeconds } from '../../core/domain/rows.js';
import type { PurgeResult } from '../../core/ports/import-store.js';
import { isoDayOrNull, isoTimestamp } from '../../core/time.js';
import type { ImportLifecycleUseCases } from '../../core/use-cases/withdraw-import.js';
import type { CommandIo } from './parse.js';
import { startupFailure } from './startup-failure.js';

export const PURGE_USAGE =
  'usage: drivercard purge --older-than <30d|8w|6m|1y|YYYY-MM-DD>   (default: DRIVERCARD_RETENTION)';

/** The cut-off (epoch seconds) of a retention text, or null when the text is none of the accepted forms. */
export function cutoffOf(text: string, now: Date): EpochSeconds | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (date) {
    const ms = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    return new Date(ms).toISOString().slice(0, 10) === text ? ms / 1000 : null;
  }
  const span = /^(\d{1,5})([dwmy])$/.exec(text);
  if (!span) return null;
  const n = Number(span[1]);
  const at = new Date(now.getTime());
  if (span[2] === 'd') at.setUTCDate(at.getUTCDate() - n);
  else if (span[2] === 'w') at.setUTCDate(at.getUTCDate() - 7 * n);
  else monthsBack(at, span[2] === 'm' ? n : 12 * n);
  return Math.floor(at.getTime() / 1000);
}

/** Calendar months back, the day clamped to the target month's last day (Mar 31 − 1 month = Feb 28). */
function monthsBack(at: Date, months: number): void {
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - months);
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, last));
}

/** The value of --older-than (`--older-than X` or `--older-than=X`); undefined when absent, null when malformed. */
function olderThanOf(args: readonly string[]): string | null | undefined {
  if (args.length === 0) return undefined;
  if (args.length === 1 && args[0]!.startsWith('--older-than=')) return args[0]!.slice('--older-than='.length);
  if (args.length === 2 && args[0] === '--older-than') return args[1]!;
  return null;
}

export function purgeReport(result: PurgeResult, cutoff: EpochSeconds): string {
  const lines = [`purged ${result.imports.length} import(s) saved before ${isoTimestamp(cutoff)}`];
  for (const i of result.imports) {
    const activity =
      i.activity_from === null
        ? 'no activity'
        : `activity ${isoDayOrNull(i.activity_from)}..${isoDayOrNull(i.activity_to)}`;
    lines.push(`  ${isoTimestamp(i.imported_at)}  ${i.file_name ?? '(no file name)'}  ${i.status}  ${activity}`);
  }
  if (result.imports.length > 0) {
    lines.push(
      `rows deleted: ${Object.entries(result.rows)
        .map(([table, n]) => `${table} ${n}`)
        .join(', ')}`,
    );
    lines.push(`card histories and fleet rows rebuilt: ${result.cards.length}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function purgeCommand(
  args: readonly string[],
  io: CommandIo,
  lifecycle: () => Promise<ImportLifecycleUseCases>,
  options: { now: Date; retention: string | undefined },
): Promise<number> {
  if (args.includes('--help')) {
    io.stdout(`${PURGE_USAGE}\n`);
    return 0;
  }
  const given = olderThanOf(args);
  const text = given === undefined ? options.retention?.trim() || undefined : given;
  const cutoff = text === undefined || text === null ? null : cutoffOf(text, options.now);
  if (cutoff === null) {
    io.stderr(
      `drivercard purge: ${text === undefined ? 'give --older-than or set DRIVERCARD_RETENTION' : 'not a duration or date'}\n${PURGE_USAGE}\n`,
    );
    return 2;
  }
  try {
    const result = await (await lifecycle()).purge(cutoff);
    io.stdout(purgeReport(result, cutoff));
    return 0;
  } catch (error) {
    io.stderr(`drivercard purge: ${startupFailure(error)}\n`);
    return 1;
  }
}
