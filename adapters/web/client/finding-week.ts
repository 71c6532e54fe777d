/**
 * Where a driver's row leads: the week of the driver's most serious open finding of the row's last 4 weeks (the
 * weeks its findings column counts), not the newest week, so that "1 violation" opens the week that holds it. The
 * finding is the first of GET /findings?status=OPEN over those weeks (the service lists the most serious first);
 * its week is the ISO week of its start as the page shows it (the display zone's date). No open finding: the
 * newest week, as before. A row of a service that names the week itself (`findings_4w_most_serious_week_start`,
 * docs/counts.md) opens that week without a request; the look-up is for rows without it.
 */

import type { Params } from './api.js';
import { localDateOf } from '../../vocabulary/local-time.js';
import { addWeeks, formatIsoWeek, isoWeekOfDate, weekDates } from './iso-week.js';
import type { FindingsPage, FleetRow } from './types.js';

/** The days the row's findings column covers: 4 ISO weeks ending with the day of its last download (UTC dates). */
export function rowFindingDays(row: Pick<FleetRow, 'last_download'>): { dateFrom: string; dateTo: string } | null {
  if (!row.last_download) return null;
  const last = row.last_download.slice(0, 10);
  return { dateFrom: weekDates(addWeeks(isoWeekOfDate(last), -3))[0]!, dateTo: last };
}

/** The query of the row's most serious open finding (one item suffices: the list is most serious first). */
export function openFindingQuery(row: Pick<FleetRow, 'card_number' | 'last_download'>): Params | null {
  const days = rowFindingDays(row);
  if (!days) return null;
  return {
    card_number: row.card_number,
    date_from: days.dateFrom,
    date_to: days.dateTo,
    status: 'OPEN',
    limit: '1',
  };
}

/** The ISO week (`YYYY-Www`) of the first finding of the answer, in the display zone; null when there is none. */
export function findingWeek(page: Pick<FindingsPage, 'items'>, timeZone: string): string | null {
  const first = page.items[0];
  if (!first?.start) return null;
  const date = localDateOf(first.start, timeZone);
  return date ? formatIsoWeek(isoWeekOfDate(date)) : null;
}

/** The row's week as the row names it (the Monday of its most serious finding's week), else null. */
export function rowWeek(row: { findings_4w_most_serious_week_start?: string | null }): string | null {
  const monday = row.findings_4w_most_serious_week_start;
  return monday ? formatIsoWeek(isoWeekOfDate(monday)) : null;
}

/** The week a row opens: its most serious open finding's, else null (the newest week); a failed look-up is null. */
export async function weekToOpen(
  row: Pick<FleetRow, 'card_number' | 'last_download'> & { findings_4w_most_serious_week_start?: string | null },
  timeZone: string,
  findings: (params: Params) => Promise<Pick<FindingsPage, 'items'>>,
): Promise<string | null> {
  const named = rowWeek(row);
  if (named) return named;
  const query = openFindingQuery(row);
  if (!query) return null;
  try {
    return findingWeek(await findings(query), timeZone);
  } catch {
    // the week view says what is wrong with the card's data; the row still opens it
    return null;
  }
}
