/**
 * Local time for display: instants (ISO 8601 UTC from the API) shown in an IANA time zone with
 * `Intl.DateTimeFormat`, so daylight saving changes follow the zone's own rules (Europe/Berlin: 2026-03-29 01:00 UTC
 * the clocks go from 02:00 to 03:00, 2026-10-25 01:00 UTC from 03:00 back to 02:00). The API and the rules keep UTC;
 * only what a person reads is local. Shared by the page and the office documents (report, PDF, CSV).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per zone: numeric parts and a 24-hour clock. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  /** YYYY-MM-DD of the local calendar */
  date: string;
  /** HH:MM (00:00–23:59) */
  clock: string;
  /** HH:MM:SS */
  time: string;
  /** minutes east of UTC at that instant (Berlin: 60 in winter, 120 in summer) */
  offset_minutes: number;
  /** the zone as people read it at that instant: `Europe/Berlin (UTC+01:00)`, `UTC` (zoneAt) */
  zone: string;
}

/** The local calendar date, clock and offset of an instant (epoch milliseconds) in `timeZone`. */
export function localParts(ms: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const hour = parts.hour === '24' ? '00' : parts.hour!;
  const clock = `${hour}:${parts.minute}`;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offset_minutes = Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  return {
    date,
    clock,
    time: `${clock}:${parts.second}`,
    offset_minutes,
    zone: zoneAt(offset_minutes, timeZone),
  };
}

/** Whether the runtime knows the zone (an IANA name such as Europe/Berlin). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD HH:MM` of an ISO instant in the zone; `–` for none, the text itself when it is no instant. */
export function formatLocalDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '–';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const p = localParts(ms, timeZone);
  return `${p.date} ${p.clock}`;
}

/**
 * `YYYY-MM-DD HH:MM Europe/Berlin (UTC+02:00)`: the local time with the zone named at that instant (where a reader
 * may not know the zone), as the page, the report and the letter write it.
 */
export function formatLocalStamp(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '–';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const p = localParts(ms, timeZone);
  return `${p.date} ${p.clock} ${p.zone}`;
}

/** `HH:MM` of an ISO instant in the zone. */
export function formatLocalClock(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '–' : localParts(ms, timeZone).clock;
}

/** The local calendar date (YYYY-MM-DD) of an ISO instant in the zone. */
export function localDateOf(iso: string, timeZone: string): string | null {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : localParts(ms, timeZone).date;
}

/** ISO 8601 local time with its offset: `2026-03-29T03:00:00+02:00` (for files other programs read); null for none. */
export function localIsoWithOffset(iso: string | null | undefined, timeZone: string): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const p = localParts(ms, timeZone);
  return `${p.date}T${p.time}${formatOffset(p.offset_minutes)}`;
}

/**
 * The zone as people read it next to a time, one way everywhere: its IANA name (the name the office configured and
 * the page's zone field shows) with the offset from UTC at that instant, which changes with summer time:
 * `Europe/Berlin (UTC+01:00)` in winter, `Europe/Berlin (UTC+02:00)` in summer; `UTC` alone.
 */
export function zoneAt(offsetMinutes: number, timeZone: string): string {
  return timeZone === 'UTC' ? 'UTC' : `${timeZone} (UTC${formatOffset(offsetMinutes)})`;
}

/** `+01:00` / `-03:30` of an offset in minutes. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The words that name the zone next to times: `times in Europe/Berlin`. */
export function zoneNote(timeZone: string): string {
  return `times in ${timeZone}`;
}

/**
 * The instant (epoch ms) the local calendar day `date` (YYYY-MM-DD) begins in the zone: its 00:00, found from the
 * zone's offset around UTC midnight (two steps settle a change of offset during that night).
 */
export function localMidnight(date: string, timeZone: string): number {
  const utc = Date.parse(`${date}T00:00:00Z`);
  let ms = utc - localParts(utc, timeZone).offset_minutes * 60_000;
  ms = utc - localParts(ms, timeZone).offset_minutes * 60_000;
  return ms;
}

/** [start, end) of the local day `date` in epoch ms: 24 h, or 23 h / 25 h on the days the clocks change. */
export function localDayWindow(date: string, timeZone: string): { startMs: number; endMs: number } {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { startMs: localMidnight(date, timeZone), endMs: localMidnight(next, timeZone) };
}
