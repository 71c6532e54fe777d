import t from 'tap';
import { downloadUrgency, emptySummary, expiryUrgency, findingsText, fleetName, importsText, infringements, rowsFromDrivers } from './fleet-rows.js';

t.test('names', async (t) => {
  t.equal(fleetName({ surname: 'MÜLLER', first_names: 'Jan', card_number: 'C1' }), 'MÜLLER, Jan');
  t.equal(fleetName({ surname: ' ', first_names: 'Jan', card_number: 'C1' }), 'Jan');
  t.equal(fleetName({ surname: null, first_names: null, card_number: 'C1' }), 'C1', 'the card number when unnamed');
});

t.test('download and expiry urgency', async (t) => {
  t.equal(downloadUrgency({ overdue: true, download_days_left: -2 }), 'overdue');
  t.equal(downloadUrgency({ overdue: false, download_days_left: 7 }), 'soon', 'due within a week');
  t.equal(downloadUrgency({ overdue: false, download_days_left: 8 }), 'ok');
  t.equal(downloadUrgency({ overdue: false, download_days_left: null }), 'unknown');
  t.equal(expiryUrgency({ expiry_days_left: -1 }), 'overdue', 'expired');
  t.equal(expiryUrgency({ expiry_days_left: 0 }), 'soon');
  t.equal(expiryUrgency({ expiry_days_left: 30 }), 'soon', 'expiring within 30 days');
  t.equal(expiryUrgency({ expiry_days_left: 31 }), 'ok');
  t.equal(expiryUrgency({ expiry_days_left: null }), 'unknown');
});

t.test('findings of the last four weeks in words', async (t) => {
  t.equal(findingsText({ VIOLATION: 2, POTENTIAL: 1, INCOMPLETE_DATA: 0, MI: 0, SI: 2, VSI: 1, MSI: 0 }), '2 violations · 1 potential (1 VSI, 2 SI)');
  t.equal(findingsText({ VIOLATION: 1, INCOMPLETE_DATA: 3 }), '1 violation · 3 incomplete data');
  t.equal(findingsText({ VIOLATION: 0, POTENTIAL: 0 }), 'none');
  t.equal(findingsText(null), 'not checked');
  t.equal(infringements({ VIOLATION: 2, POTENTIAL: 1, INCOMPLETE_DATA: 5 }), 3, 'incomplete data is no infringement');
  t.equal(infringements(null), 0);
  t.equal(importsText({ imports: 1, quarantined_imports: 0, conflicting_days: 0 }), '1 import');
  t.equal(importsText({ imports: 3, quarantined_imports: 1, conflicting_days: 1 }), '3 imports · 1 quarantined · 1 conflicting day');
  t.equal(importsText({ imports: 3, quarantined_imports: 0, conflicting_days: 2 }), '3 imports · 2 conflicting days');
});

t.test('rows from the imports when the service has no fleet list', async (t) => {
  const rows = rowsFromDrivers([
    { card_number: 'C1', name: 'A, B', latest_activity: '2026-03-01' },
    { card_number: 'C2', name: 'C2', latest_activity: null },
  ]);
  t.same(rows.map((r) => [r.card_number, r.surname, r.last_download, r.last_download_source, r.overdue]), [
    ['C1', 'A, B', '2026-03-01', 'ACTIVITY_END', false],
    ['C2', null, null, null, false],
  ]);
});

t.test('an empty summary counts only the drivers', async (t) => {
  t.same(emptySummary(4), { drivers: 4, overdue: 0, expiring_30d: 0, with_infringements: 0 });
});
