/**
 * Durations as a person reads them: hours and minutes, the hours running past 24 (`92:42`, never `3 d 20 h 42 min`),
 * as offices and tachograph printouts write them. The API keeps integer seconds; the page, the report, the letter
 * and the CSV's human columns write these words. Whole minutes: the card records minutes, so nothing is lost.
 */

/** `h:mm` of a duration in seconds: 333720 → `92:42`, 300 → `0:05`, -900 → `-0:15`; `–` when there is none. */
export function hoursMinutes(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return '–';
  const sign = seconds < 0 ? '-' : '';
  const minutes = Math.floor(Math.abs(seconds) / 60);
  return `${sign}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
