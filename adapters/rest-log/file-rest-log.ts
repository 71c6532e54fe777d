/**
 * The REST log as a file: one English line per request, appended to a file only its owner may read
 * (mode 0600, re-applied when the file already exists). A line holds the time (ISO 8601 UTC), method,
 * path without the query string, status, duration and correlation id — never payloads, query values or
 * personal data.
 */
import { chmodSync, closeSync, openSync, writeSync, constants } from 'node:fs';
import type { RestLog, RestLogEntry } from '../http/ports.js';

/** Characters other than printable ASCII are escaped, so a line stays one line. */
function printable(text: string): string {
  return text.replace(/[^\x21-\x7e]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).slice(0, 200);
}

export function formatRestLogLine(entry: RestLogEntry): string {
  const time = entry.time.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const duration = Math.max(0, entry.durationMs).toFixed(1);
  return `${time} ${printable(entry.method)} ${printable(entry.path)} status=${entry.status} duration_ms=${duration} correlation_id=${printable(entry.correlationId)}\n`;
}

export const REST_LOG_FILE_NAME = 'rest.log';

/**
 * Opens (creating if needed) the log file. Lines are written synchronously with one write each, so
 * concurrent requests never interleave within a line and nothing is lost when the process stops.
 */
export function openFileRestLog(path: string): RestLog {
  const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600);
  chmodSync(path, 0o600);
  let open = true;
  return {
    record(entry) {
      if (!open) return;
      writeSync(fd, formatRestLogLine(entry));
    },
    async close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}
