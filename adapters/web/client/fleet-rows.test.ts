import t from 'tap';
import {
  downloadUrgency,
  emptySummary,
  expiryUrgency,
  findingsText,
  fleetName,
  importsText,
  infringements,
  rowFindingsText,
  rowsFromDrivers,
} from './fleet-rows.js';
import { asFake, installFakeDocument } from '../testing/fake-dom.js';
import { renderSummary } from './fleet-view.js';

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
  t.equal(
    findingsText({ VIOLATION: 2, POTENTIAL: 1, INCOMPLETE_DATA: 0, MI: 0, SI: 2, VSI: 1, MSI: 0 }),
    '2 violations · 1 potential (1 VSI, 2 SI)',
  );
  t.equal(findingsText({ VIOLATION: 1, INCOMPLETE_DATA: 3 }), '1 violation · 3 incomplete data');
  t.equal(findingsText({ VIOLATION: 0, POTENTIAL: 0 }), 'none');
  t.equal(findingsText(null), 'not checked');
  t.equal(infringements({ VIOLATION: 2, POTENTIAL: 1, INCOMPLETE_DATA: 5 }), 3, 'incomplete data is no infringement');
  t.equal(infringements(null), 0);
  t.equal(importsText({ imports: 1, quarantined_imports: 0, conflicting_days: 0 }), '1 import');
  t.equal(
    importsText({ imports: 3, quarantined_imports: 1, conflicting_days: 1 }),
    '3 imports · 1 quarantined · 1 conflicting day',
  );
  t.equal(importsText({ imports: 3, quarantined_imports: 0, conflicting_days: 2 }), '3 imports · 2 conflicting days');
});

t.test('rows from the imports when the service has no fleet list', async (t) => {
  const rows = rowsFromDrivers([
    { card_number: 'C1', name: 'A, B', latest_activity: '2026-03-01' },
    { card_number: 'C2', name: 'C2', latest_activity: null },
  ]);
  t.same(
    rows.map((r) => [r.card_number, r.surname, r.last_download, r.last_download_source, r.overdue]),
    [
      ['C1', 'A, B', '2026-03-01', 'ACTIVITY_END', false],
      ['C2', null, null, null, false],
    ],
  );
});

t.test('an empty summary counts only the drivers', async (t) => {
  t.same(emptySummary(4), {
    drivers: 4,
    overdue: 0,
    expiring_30d: 0,
    expired: 0,
    with_infringements: 0,
    not_evaluated: 0,
  });
});

t.test('a card not evaluated never reads "none": it says so, with the reason', async (t) => {
  const zero = { VIOLATION: 0, POTENTIAL: 0, INCOMPLETE_DATA: 0, MI: 0, SI: 0, VSI: 0, MSI: 0 };
  t.equal(
    rowFindingsText({
      findings_4w: zero,
      findings_4w_evaluated: false,
      findings_4w_not_evaluated_reason: 'quarantined_data',
    }),
    'not evaluated: the data contains a quarantined import',
  );
  t.equal(
    rowFindingsText({
      findings_4w: zero,
      findings_4w_evaluated: false,
      findings_4w_not_evaluated_reason: 'conflicting_data',
    }),
    'not evaluated: imports of this card disagree about some days',
  );
  t.equal(rowFindingsText({ findings_4w: zero, findings_4w_evaluated: false }), 'not evaluated');
  t.equal(rowFindingsText({ findings_4w: zero, findings_4w_evaluated: true }), 'none', 'evaluated and clean');
});

t.test(
  'the tiles: expired and expiring apart, not evaluated apart; a count an older service lacks is left out',
  async (t) => {
    const uninstall = installFakeDocument();
    t.teardown(uninstall);
    const tiles = (s: Parameters<typeof renderSummary>[0]) =>
      asFake(renderSummary(s))
        .find('li')
        .map((li) => `${li.dataset.count}=${li.find('span', 'count-value')[0]!.textContent}`);
    t.same(tiles({ drivers: 5, overdue: 1, expired: 2, expiring_30d: 1, with_infringements: 2, not_evaluated: 1 }), [
      'drivers=5',
      'overdue=1',
      'expired=2',
      'expiring_30d=1',
      'with_infringements=2',
      'not_evaluated=1',
    ]);
    t.same(tiles({ drivers: 1, overdue: 0, expiring_30d: 0, with_infringements: 0 }), [
      'drivers=1',
      'overdue=0',
      'expiring_30d=0',
      'with_infringements=0',
    ]);
    const words = (s: Parameters<typeof renderSummary>[0]) =>
      asFake(renderSummary(s))
        .find('li')
        .map(
          (li) => `${li.find('span', 'count-value')[0]!.textContent} ${li.find('span', 'count-label')[0]!.textContent}`,
        );
    t.same(
      words({ drivers: 1, overdue: 1, expired: 1, expiring_30d: 1, with_infringements: 1, not_evaluated: 1 }),
      [
        '1 driver',
        '1 download overdue',
        '1 card expired',
        '1 card expiring within 30 days',
        '1 driver with infringements (4 weeks)',
        '1 driver not evaluated (conflicting or quarantined data)',
      ],
      'one: the singular',
    );
    t.same(
      words({ drivers: 0, overdue: 2, expiring_30d: 0, with_infringements: 3 }),
      ['0 drivers', '2 downloads overdue', '0 cards expiring within 30 days', '3 drivers with infringements (4 weeks)'],
      'none or more than one: the plural',
    );
  },
);
