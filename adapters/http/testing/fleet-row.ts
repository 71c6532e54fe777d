/**
 * A use case's fleet row with every field set and none at a default (names to escape, a finding of each kind), for
 * the mapper's and the fields' tests.
 */
import type { FleetRow } from '../../../core/fleet/fleet-card.js';

export const FULL_FLEET_ROW: FleetRow = {
  card_number: 'DF00000000000042',
  surname: 'Šimková "Eva" \\ </script>',
  first_names: 'Eva\u2028Marie',
  issuing_member_state: 'CZ',
  expiry_day: 20_900,
  expiry_days_left: 120,
  last_download_s: 1_790_000_000,
  last_download_source: 'CARD_DOWNLOAD',
  card_previous_download_s: 1_789_000_000,
  next_download_due_s: 1_792_419_200,
  overdue: false,
  download_days_left: 12,
  coverage_days_28: 17,
  readiness_missing_days: 5,
  imports: 3,
  quarantined_imports: 1,
  conflicting_days: 2,
  authenticity_status: 'VERIFIED',
  findings_4w: { VIOLATION: 2, POTENTIAL: 1, INCOMPLETE_DATA: 4, MI: 1, SI: 1, VSI: 0, MSI: 1 },
  findings_4w_evaluated: true,
  findings_4w_not_evaluated_reason: 'quarantined_data',
  findings_4w_most_serious: 'MSI',
  findings_4w_most_serious_monday: 20_530,
};
