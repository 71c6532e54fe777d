/**
 * Canned fleet data for the browser tests: the drivers list (`GET /drivers`, with its sorting and filters)
 * and the summary, computed from each card's last download relative to the test's clock (`now`), as the
 * service does: next download due 28 days after the last one, overdue when that day has passed.
 */

import { VU_TODAY } from './canned-vehicle-units.js';

const DAY = 86_400_000;

export interface CannedDriver {
  card_number: string;
  surname: string;
  first_names: string;
  /** days before `now` of the last download */
  downloaded_days_ago: number;
  /** days after `now` the card expires */
  expires_in_days: number;
  imports: number;
  quarantined_imports: number;
  conflicting_days: number;
  authenticity_status: string | null;
  violations: number;
}

const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ts = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function fleetRow(d: CannedDriver, now: number) {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const last = now - d.downloaded_days_ago * DAY;
  const lastDay = Date.UTC(new Date(last).getUTCFullYear(), new Date(last).getUTCMonth(), new Date(last).getUTCDate());
  const due = lastDay + 28 * DAY;
  const expiry = today + d.expires_in_days * DAY;
  return {
    card_number: d.card_number,
    surname: d.surname,
    first_names: d.first_names,
    issuing_member_state: 'DE',
    expiry_date: date(expiry),
    expiry_days_left: d.expires_in_days,
    last_download: ts(last),
    last_download_source: 'CARD_DOWNLOAD',
    next_download_due: date(due),
    overdue: due < today,
    download_days_left: Math.round((due - today) / DAY),
    coverage_days_28: Math.max(0, 28 - d.downloaded_days_ago),
    imports: d.imports,
    quarantined_imports: d.quarantined_imports,
    conflicting_days: d.conflicting_days,
    authenticity_status: d.authenticity_status,
    findings_4w: { VIOLATION: d.violations, POTENTIAL: 0, INCOMPLETE_DATA: 1, MI: 0, SI: d.violations, VSI: 0, MSI: 0 },
  };
}

type Row = ReturnType<typeof fleetRow>;

const compare = (a: string | number | null, b: string | number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

const KEYS: Record<string, (r: Row) => string | number | null> = {
  card_number: (r) => r.card_number,
  surname: (r) => r.surname,
  expiry_date: (r) => r.expiry_date,
  last_download: (r) => r.last_download,
  findings: (r) => r.findings_4w.VIOLATION + r.findings_4w.POTENTIAL,
};

/** `GET /drivers` over the canned rows: sort (due: overdue first, soonest due, soonest expiry), filters, paging. */
export function listFleet(rows: Row[], q: URLSearchParams) {
  const sort = q.get('sort') ?? 'due';
  const desc = q.get('order') === 'desc';
  const text = (q.get('q') ?? '').toLowerCase();
  let items = rows.filter(
    (r) => !text || `${r.surname} ${r.first_names} ${r.card_number}`.toLowerCase().includes(text),
  );
  if (q.get('overdue') === 'true') items = items.filter((r) => r.overdue);
  const within = q.get('expiring_within_days');
  if (within) items = items.filter((r) => r.expiry_days_left <= Number(within));
  const key = KEYS[sort];
  items.sort((a, b) => {
    const c = key
      ? compare(key(a), key(b))
      : Number(b.overdue) - Number(a.overdue) ||
        compare(a.next_download_due, b.next_download_due) ||
        compare(a.expiry_date, b.expiry_date);
    return (desc ? -c : c) || compare(a.card_number, b.card_number);
  });
  const limit = Number(q.get('limit') ?? 500);
  const offset = Number(q.get('offset') ?? 0);
  return { items: items.slice(offset, offset + limit), total: items.length, limit, offset, conflicts: [] };
}

export function fleetSummaryOf(rows: Row[]) {
  return {
    drivers: rows.length,
    overdue: rows.filter((r) => r.overdue).length,
    expiring_30d: rows.filter((r) => r.expiry_days_left <= 30).length,
    with_infringements: rows.filter((r) => r.findings_4w.VIOLATION + r.findings_4w.POTENTIAL > 0).length,
  };
}

/** Whether a canned row is in a today list (GET /today/drivers?list=…), as core/use-cases/today.ts decides. */
export function inTodayList(list: string | null): (r: Row) => boolean {
  switch (list) {
    case 'overdue':
      return (r) => r.overdue;
    case 'due_week':
      return (r) => !r.overdue && r.download_days_left >= 0 && r.download_days_left < 7;
    case 'expired':
      return (r) => r.expiry_days_left < 0;
    case 'expiring_30d':
      return (r) => r.expiry_days_left >= 0 && r.expiry_days_left <= 30;
    case 'conflicting':
      return (r) => r.conflicting_days > 0;
    default:
      return () => false;
  }
}

/** `GET /today` over the canned rows and imports (the canned service shows times in UTC). */
export function todayOf(rows: Row[], imports: { status: string }[], now: number) {
  const n = (list: string) => rows.filter(inTodayList(list)).length;
  return {
    as_of: ts(now),
    time_zone: 'UTC',
    drivers: rows.length,
    overdue: n('overdue'),
    due_week: n('due_week'),
    expired: n('expired'),
    expiring_30d: n('expiring_30d'),
    open_findings: 0,
    drivers_with_open_findings: 0,
    findings_not_evaluated: 0,
    quarantined: imports.filter((i) => i.status === 'QUARANTINED').length,
    holder_mismatch: 0,
    withdrawn: imports.filter((i) => i.status === 'WITHDRAWN').length,
    conflicting: n('conflicting'),
    readiness: 0,
    ...VU_TODAY,
  };
}
