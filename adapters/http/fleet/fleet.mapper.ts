/**
 * The fleet overview's answers: the use case's numeric rows → the JSON of the fleet schema (./fleet.schema.ts),
 * and the query string → the use case's request. ISO text is written here and nowhere else for the fleet.
 */
import { DEFAULT_FLEET_SORT, type FleetRow } from '../../../core/fleet/fleet-card.js';
import type { FleetListRequest } from '../../../core/use-cases/fleet-overview.js';
import type { ListResult } from '../../../core/use-cases/contracts.js';
import { pageFrom } from '../shared/query-params.js';
import type { QueryValues } from '../shared/query.schema.js';
import { isoDayOrNull, isoTimestampOrNull, isoWeekOf } from '../../../core/time.js';

// the decoder's cached formatters (a fleet list writes thousands of timestamps per answer)
const isoSeconds = isoTimestampOrNull;
const isoDay = isoDayOrNull;

/** The JSON row: the core row with its day and second numbers written as ISO text under the API's names. */
export type FleetRowJson = Omit<
  FleetRow,
  | 'expiry_day'
  | 'last_download_s'
  | 'next_download_due_s'
  | 'card_previous_download_s'
  | 'findings_4w_most_serious_monday'
> & {
  /** the ISO week (`2026-W12`) holding the most serious finding of the 4 weeks, and its Monday */
  findings_4w_most_serious_week: string | null;
  findings_4w_most_serious_week_start: string | null;
  expiry_date: string | null;
  last_download: string | null;
  card_previous_download: string | null;
  next_download_due: string | null;
};

export function fleetRowJson(row: FleetRow): FleetRowJson {
  const monday = row.findings_4w_most_serious_monday;
  return {
    card_number: row.card_number,
    surname: row.surname,
    first_names: row.first_names,
    issuing_member_state: row.issuing_member_state,
    expiry_date: isoDay(row.expiry_day),
    expiry_days_left: row.expiry_days_left,
    last_download: isoSeconds(row.last_download_s),
    last_download_source: row.last_download_source,
    card_previous_download: isoSeconds(row.card_previous_download_s),
    next_download_due: isoSeconds(row.next_download_due_s),
    overdue: row.overdue,
    download_days_left: row.download_days_left,
    coverage_days_28: row.coverage_days_28,
    readiness_missing_days: row.readiness_missing_days,
    imports: row.imports,
    quarantined_imports: row.quarantined_imports,
    conflicting_days: row.conflicting_days,
    authenticity_status: row.authenticity_status,
    findings_4w: row.findings_4w,
    findings_4w_evaluated: row.findings_4w_evaluated,
    findings_4w_not_evaluated_reason: row.findings_4w_not_evaluated_reason,
    findings_4w_most_serious: row.findings_4w_most_serious,
    findings_4w_most_serious_week: monday === null ? null : isoWeekOf(monday),
    findings_4w_most_serious_week_start: isoDay(monday),
  };
}

export function fleetListJson(result: ListResult<FleetRow>): ListResult<FleetRowJson> {
  return { ...result, items: result.items.map(fleetRowJson) };
}

/** The JSON text of a row in three pieces around its clock-dependent values (./fleet-mapping.test.ts). */
interface RowText {
  /** the row the pieces were written from */
  row: FleetRow;
  /** `{"card_number":…,"expiry_date":…,"expiry_days_left":` */
  head: string;
  /** `,"last_download":…,"card_previous_download":…,"next_download_due":…,"overdue":` */
  middle: string;
  /** `,"imports":…,"findings_4w_evaluated":…}` */
  tail: string;
}

/** Whether two rows of one card agree on every value that does not move with the clock. */
function sameStoredValues(a: FleetRow, b: FleetRow): boolean {
  const fa = a.findings_4w;
  const fb = b.findings_4w;
  return (
    a.surname === b.surname &&
    a.first_names === b.first_names &&
    a.issuing_member_state === b.issuing_member_state &&
    a.expiry_day === b.expiry_day &&
    a.last_download_s === b.last_download_s &&
    a.last_download_source === b.last_download_source &&
    a.card_previous_download_s === b.card_previous_download_s &&
    a.next_download_due_s === b.next_download_due_s &&
    a.imports === b.imports &&
    a.quarantined_imports === b.quarantined_imports &&
    a.conflicting_days === b.conflicting_days &&
    a.authenticity_status === b.authenticity_status &&
    a.findings_4w_evaluated === b.findings_4w_evaluated &&
    a.findings_4w_not_evaluated_reason === b.findings_4w_not_evaluated_reason &&
    a.findings_4w_most_serious === b.findings_4w_most_serious &&
    a.findings_4w_most_serious_monday === b.findings_4w_most_serious_monday &&
    fa.VIOLATION === fb.VIOLATION &&
    fa.POTENTIAL === fb.POTENTIAL &&
    fa.INCOMPLETE_DATA === fb.INCOMPLETE_DATA &&
    fa.MI === fb.MI &&
    fa.SI === fb.SI &&
    fa.VSI === fb.VSI &&
    fa.MSI === fb.MSI
  );
}

function rowTextOf(row: FleetRow): RowText {
  const json = fleetRowJson(row);
  const {
    card_number,
    surname,
    first_names,
    issuing_member_state,
    expiry_date,
    last_download,
    last_download_source,
    card_previous_download,
    next_download_due,
  } = json;
  const { imports, quarantined_imports, conflicting_days, authenticity_status, findings_4w, findings_4w_evaluated } =
    json;
  const { findings_4w_not_evaluated_reason, findings_4w_most_serious } = json;
  const { findings_4w_most_serious_week, findings_4w_most_serious_week_start } = json;
  const head = JSON.stringify({ card_number, surname, first_names, issuing_member_state, expiry_date });
  const middle = JSON.stringify({ last_download, last_download_source, card_previous_download, next_download_due });
  const tail = JSON.stringify({
    imports,
    quarantined_imports,
    conflicting_days,
    authenticity_status,
    findings_4w,
    findings_4w_evaluated,
    findings_4w_not_evaluated_reason,
    findings_4w_most_serious,
    findings_4w_most_serious_week,
    findings_4w_most_serious_week_start,
  });
  return {
    row,
    head: `${head.slice(0, -1)},"expiry_days_left":`,
    middle: `,${middle.slice(1, -1)},"overdue":`,
    tail: `,${tail.slice(1)}`,
  };
}

const number = (value: number | null): string => (value === null ? 'null' : JSON.stringify(value));

/**
 * Writes the fleet list's JSON text; the same text as `JSON.stringify(fleetListJson(result))`, byte for byte.
 * A 1,000-card list is ~0.55 MB of JSON, most of it the same from one request to the next: the pieces of
 * each card's row that do not move with the clock are kept (per card, while every stored value is equal)
 * and only the four clock-dependent values are written per request (the list answers in ≤ 20 ms).
 */
export class FleetListWriter {
  private readonly texts = new Map<string, RowText>();

  /** `maxCards`: pieces kept at most (all are dropped when a new card would exceed it; a bound on memory) */
  constructor(private readonly maxCards = 20_000) {}

  rowText(row: FleetRow): string {
    let text = this.texts.get(row.card_number);
    if (text === undefined || !sameStoredValues(text.row, row)) {
      text = rowTextOf(row);
      if (!this.texts.has(row.card_number) && this.texts.size >= this.maxCards) this.texts.clear();
      this.texts.set(row.card_number, text);
    }
    return (
      `${text.head}${number(row.expiry_days_left)}${text.middle}${row.overdue}` +
      `,"download_days_left":${number(row.download_days_left)},"coverage_days_28":${row.coverage_days_28}` +
      `,"readiness_missing_days":${number(row.readiness_missing_days)}${text.tail}`
    );
  }

  listText(result: ListResult<FleetRow>): string {
    const items = result.items.map((row) => this.rowText(row)).join(',');
    return `{"items":[${items}],"total":${result.total},"limit":${result.limit},"offset":${result.offset},"conflicts":${JSON.stringify(result.conflicts)}}`;
  }

  /** cards whose pieces are kept (tests) */
  get size(): number {
    return this.texts.size;
  }
}

/** The fleet list request of a validated query string (../shared/query.schema.ts). */
export function fleetRequestFrom(query: QueryValues): FleetListRequest {
  const sort = query.sort ?? DEFAULT_FLEET_SORT;
  const q = query.q;
  return {
    filter: {
      q: q === undefined || q.trim() === '' ? null : q.trim(),
      overdue: query.overdue ?? null,
      expiring_within_days: query.expiring_within_days ?? null,
    },
    sort,
    order: query.order ?? (sort === 'findings' ? 'desc' : 'asc'),
    page: pageFrom(query),
  };
}
