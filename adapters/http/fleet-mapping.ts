/**
 * The fleet overview's answers: the use case's numeric rows → the JSON of notes/API-ADDITIONS.md ("Fleet"),
 * and the query string → the use case's request. ISO text is written here and nowhere else for the fleet.
 */
import type { FleetRow, FleetSort } from '../../core/fleet/fleet-card.js';
import type { FleetListRequest } from '../../core/use-cases/fleet-overview.js';
import type { ListResult } from '../../core/use-cases/contracts.js';
import { pageFrom, type QueryValues } from './query-params.js';
import { isoDayOrNull, isoTimestampOrNull } from '../../core/time.js';

// the decoder's cached formatters (a fleet list writes thousands of timestamps per answer)
const isoSeconds = isoTimestampOrNull;
const isoDay = isoDayOrNull;

/** The JSON row: the core row with its day and second numbers written as ISO text under the API's names. */
export type FleetRowJson = Omit<FleetRow, 'expiry_day' | 'last_download_s' | 'next_download_due_s'> & {
  expiry_date: string | null;
  last_download: string | null;
  next_download_due: string | null;
};

export function fleetRowJson(row: FleetRow): FleetRowJson {
  return {
    card_number: row.card_number,
    surname: row.surname,
    first_names: row.first_names,
    issuing_member_state: row.issuing_member_state,
    expiry_date: isoDay(row.expiry_day),
    expiry_days_left: row.expiry_days_left,
    last_download: isoSeconds(row.last_download_s),
    last_download_source: row.last_download_source,
    next_download_due: isoSeconds(row.next_download_due_s),
    overdue: row.overdue,
    download_days_left: row.download_days_left,
    coverage_days_28: row.coverage_days_28,
    imports: row.imports,
    quarantined_imports: row.quarantined_imports,
    conflicting_days: row.conflicting_days,
    authenticity_status: row.authenticity_status,
    findings_4w: row.findings_4w,
    findings_4w_evaluated: row.findings_4w_evaluated,
  };
}

export function fleetListJson(result: ListResult<FleetRow>): ListResult<FleetRowJson> {
  return { ...result, items: result.items.map(fleetRowJson) };
}

/** The fleet list request of a validated query string (./fleet-schemas.ts). */
export function fleetRequestFrom(query: QueryValues): FleetListRequest {
  const sort = (query.sort as FleetSort | undefined) ?? 'due';
  const q = query.q as string | undefined;
  const overdue = query.overdue as unknown as boolean | undefined;
  return {
    filter: {
      q: q === undefined || q.trim() === '' ? null : q.trim(),
      overdue: overdue ?? null,
      expiring_within_days: (query.expiring_within_days as number | undefined) ?? null,
    },
    sort,
    order: (query.order as 'asc' | 'desc' | undefined) ?? (sort === 'findings' ? 'desc' : 'asc'),
    page: pageFrom(query),
  };
}
