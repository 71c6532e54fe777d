/**
 * Local date-times a person types, read in the display zone and turned into the API's UTC instants. A local time
 * is found by trying the zone's offsets around it: the offset in force a day before, at, and a day after the naive
 * reading, each kept only when the instant it gives reads back as the same local time. Hence:
 * - none: the time lies in the spring gap (Europe/Berlin, 2026-03-29: 02:00–02:59 do not exist, the clocks go from
 *   02:00 CET to 03:00 CEST) and is refused, with the time it would be on the clock after the change;
 * - two: the time lies in the autumn hour that happens twice (Europe/Berlin, 2026-10-25: 02:00–02:59 first in CEST,
 *   then in CET): the earlier instant is taken and the answer says so.
 */
import { localParts } from '../../vocabulary/local-time.js';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 86_400_000;

export type LocalReading = { ok: true; iso: string; note: string | null } | { ok: false; message: string };

/** The value of a date-time field for an ISO instant: `YYYY-MM-DDTHH:MM` in the zone (seconds only when not 00). */
export function localInputValue(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const p = localParts(ms, timeZone);
  return `${p.date}T${p.time.endsWith(':00') ? p.clock : p.time}`;
}

const isoOf = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The naive reading of the text as if it were UTC (epoch ms), null when it is no date and time of the calendar. */
function naiveOf(text: string): { ms: number; shown: string } | null {
  const m = LOCAL.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '00'].map(Number) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const back = new Date(ms);
  if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d! || h! > 23 || mi! > 59 || s! > 59) return null;
  return { ms, shown: `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}${m[6] ? `:${m[6]}` : ''}` };
}

/** The UTC instant of a local date-time typed for `timeZone`, or why it cannot be one. */
export function utcOfLocalInput(text: string, timeZone: string, label = 'The time'): LocalReading {
  const naive = naiveOf(text);
  if (naive === null)
    return { ok: false, message: `${label} is not a date and time: write it as 2026-03-29 14:30 (${timeZone}).` };
  const wanted = localParts(naive.ms, 'UTC');
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((d) => localParts(naive.ms + d, timeZone).offset_minutes));
  const instants = [...offsets]
    .map((o) => naive.ms - o * 60_000)
    .filter((ms) => {
      const p = localParts(ms, timeZone);
      return p.date === wanted.date && p.time === wanted.time;
    })
    .sort((a, b) => a - b);
  const [first, second] = instants;
  if (first === undefined) {
    // on the clock after the change, the instant this time would be at the offset before it
    const before = localParts(naive.ms - DAY_MS, timeZone).offset_minutes;
    const after = localParts(naive.ms - before * 60_000, timeZone);
    return {
      ok: false,
      message:
        `${label}, ${naive.shown}, does not exist in ${timeZone}: the clocks were put forward that night and ` +
        `skipped it. Enter a time before the change or after it, e.g. ${after.clock} ${after.zone}.`,
    };
  }
  if (second === undefined) return { ok: true, iso: isoOf(first), note: null };
  const a = localParts(first, timeZone);
  const b = localParts(second, timeZone);
  return {
    ok: true,
    iso: isoOf(first),
    note:
      `${label}, ${naive.shown}, happens twice in ${timeZone} (the clocks were put back that night): taken as the ` +
      `first, ${a.clock} ${a.zone} (${isoOf(first).slice(11, 16)} UTC), not ${b.clock} ${b.zone} ` +
      `(${isoOf(second).slice(11, 16)} UTC).`,
  };
}
