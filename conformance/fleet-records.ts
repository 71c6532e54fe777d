/** Fleet rows and list queries of the fleet suites (./fleet-store.suite.ts, ./fleet-search-counts.cases.ts). */
import { emptyFindingCounts, type FleetCardRecord } from '../core/fleet/fleet-card.js';
import type { TAP } from 'tap';
import type { FleetListQuery, FleetStore } from '../core/ports/fleet-store.js';
import type { ClosableStore } from './new-import.js';

export type Tap = Parameters<Parameters<TAP['test']>[0]>[0];
export interface FleetUnderTest {
  store: ClosableStore;
  fleet: FleetStore;
}

export const DAY = 86_400;
export const NOW = Date.parse('2026-03-10T08:00:00Z') / 1000;
export const TODAY = Math.floor(NOW / DAY);

export function fleetRecord(card_number: string, fields: Partial<FleetCardRecord> = {}): FleetCardRecord {
  return {
    card_number,
    surname: null,
    first_names: null,
    issuing_member_state: 'FI',
    expiry_day: null,
    card_download_s: null,
    activity_end_s: null,
    recorded_days: [],
    imports: 1,
    quarantined_imports: 0,
    conflicting_days: 0,
    authenticity_status: null,
    findings: emptyFindingCounts(),
    findings_evaluated: true,
    findings_not_evaluated_reason: null,
    ...fields,
  };
}

export const query = (fields: Partial<FleetListQuery> = {}): FleetListQuery => ({
  filter: { q: null, overdue: null, expiring_within_days: null },
  sort: 'due',
  order: 'asc',
  page: { limit: 500, offset: 0 },
  now_s: NOW,
  ...fields,
});

/**
 * A row with every declared field (core/fleet/fleet-record.ts) set, none to the value an unknown or missing one
 * reads back as, so a round trip that drops or mixes up any field fails.
 */
export const everyFieldSet = (): FleetCardRecord => ({
  card_number: 'DF00000000000042',
  surname: 'Šimková "Eva"',
  first_names: 'Eva\\Marie',
  issuing_member_state: 'CZ',
  expiry_day: TODAY + 300,
  card_download_s: NOW - 5 * DAY,
  activity_end_s: NOW - 6 * DAY,
  recorded_days: [TODAY - 9, TODAY - 7, TODAY - 6],
  imports: 3,
  quarantined_imports: 1,
  conflicting_days: 2,
  authenticity_status: 'VERIFIED',
  findings: { VIOLATION: 2, POTENTIAL: 1, INCOMPLETE_DATA: 4, MI: 5, SI: 6, VSI: 7, MSI: 8 },
  findings_evaluated: true,
  findings_not_evaluated_reason: 'conflicting_data',
  card_data_days: [TODAY - 40, TODAY - 6],
  most_serious_day: TODAY - 8,
});
