/**
 * Readings of one fleet-list row (`GET /drivers`) for the table: the driver's name, how urgent the
 * download and the card expiry are, and the last four weeks' findings in words. Pure functions.
 */

import type { DriverOption } from './drivers.js';
import type { FleetRow, FleetSummary } from './types.js';
import { EXPIRING_DAYS } from './url-state.js';

/** Days before the due date at which a download counts as due soon. */
export const DUE_SOON_DAYS = 7;

export type Urgency = 'overdue' | 'soon' | 'ok' | 'unknown';

export function fleetName(row: Pick<FleetRow, 'surname' | 'first_names' | 'card_number'>): string {
  const surname = row.surname?.trim() ?? '';
  const first = row.first_names?.trim() ?? '';
  if (surname && first) return `${surname}, ${first}`;
  return surname || first || row.card_number;
}

export function downloadUrgency(row: Pick<FleetRow, 'overdue' | 'download_days_left'>): Urgency {
  if (row.overdue) return 'overdue';
  if (row.download_days_left == null) return 'unknown';
  return row.download_days_left <= DUE_SOON_DAYS ? 'soon' : 'ok';
}

/** An expired card is `overdue`, one expiring within EXPIRING_DAYS `soon`. */
export function expiryUrgency(row: Pick<FleetRow, 'expiry_days_left'>): Urgency {
  const left = row.expiry_days_left;
  if (left == null) return 'unknown';
  if (left < 0) return 'overdue';
  return left <= EXPIRING_DAYS ? 'soon' : 'ok';
}

const STATUS_WORDS: [string, string, string][] = [
  ['VIOLATION', 'violation', 'violations'],
  ['POTENTIAL', 'potential', 'potential'],
  ['INCOMPLETE_DATA', 'incomplete data', 'incomplete data'],
];
const SEVERITIES = ['MSI', 'VSI', 'SI', 'MI'];

/** `2 violations · 1 potential (1 VSI, 2 SI)`, or `none` / `not checked`. */
export function findingsText(counts: Record<string, number> | null | undefined): string {
  if (!counts) return 'not checked';
  const parts = STATUS_WORDS.filter(([k]) => (counts[k] ?? 0) > 0).map(
    ([k, one, many]) => `${counts[k]} ${counts[k] === 1 ? one : many}`,
  );
  if (!parts.length) return 'none';
  const sev = SEVERITIES.filter((k) => (counts[k] ?? 0) > 0).map((k) => `${counts[k]} ${k}`);
  return parts.join(' · ') + (sev.length ? ` (${sev.join(', ')})` : '');
}

const NOT_EVALUATED_WORDS: Record<string, string> = {
  conflicting_data: 'imports of this card disagree about some days',
  quarantined_data: 'the data contains a quarantined import',
};

/**
 * The findings cell of a row: "not evaluated" with the reason when the pre-check could not run on the card's
 * last 4 weeks (never "none": nothing is known), else the counts in words.
 */
export function rowFindingsText(
  row: Pick<FleetRow, 'findings_4w' | 'findings_4w_evaluated' | 'findings_4w_not_evaluated_reason'>,
): string {
  if (row.findings_4w_evaluated === false) {
    const reason = NOT_EVALUATED_WORDS[row.findings_4w_not_evaluated_reason ?? ''];
    return reason ? `not evaluated: ${reason}` : 'not evaluated';
  }
  return findingsText(row.findings_4w);
}

/** Infringements the office must act on: violations and potential ones. */
export function infringements(counts: Record<string, number> | null | undefined): number {
  return (counts?.VIOLATION ?? 0) + (counts?.POTENTIAL ?? 0);
}

/** `3 imports · 1 quarantined · 2 conflicting days` */
export function importsText(row: Pick<FleetRow, 'imports' | 'quarantined_imports' | 'conflicting_days'>): string {
  const parts = [`${row.imports} ${row.imports === 1 ? 'import' : 'imports'}`];
  if (row.quarantined_imports) parts.push(`${row.quarantined_imports} quarantined`);
  if (row.conflicting_days)
    parts.push(`${row.conflicting_days} conflicting ${row.conflicting_days === 1 ? 'day' : 'days'}`);
  return parts.join(' · ');
}

/**
 * Rows for a service without the fleet endpoint (older versions): the drivers known from the imports, with
 * nothing about due dates. The page says that the fleet figures are not available.
 */
export function rowsFromDrivers(drivers: readonly DriverOption[]): FleetRow[] {
  return drivers.map((d) => ({
    card_number: d.card_number,
    surname: d.name === d.card_number ? null : d.name,
    first_names: null,
    issuing_member_state: null,
    expiry_date: null,
    expiry_days_left: null,
    last_download: d.latest_activity,
    last_download_source: d.latest_activity ? 'ACTIVITY_END' : null,
    next_download_due: null,
    overdue: false,
    download_days_left: null,
    coverage_days_28: null,
    imports: 0,
    quarantined_imports: 0,
    conflicting_days: 0,
    authenticity_status: null,
    findings_4w: null,
  }));
}

export function emptySummary(drivers: number): FleetSummary {
  return { drivers, overdue: 0, expiring_30d: 0, expired: 0, with_infringements: 0, not_evaluated: 0 };
}
