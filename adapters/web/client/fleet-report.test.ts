/**
 * The fleet report control (fake document): last month by default (across a year's end too), links to the HTML, PDF
 * and CSV of the period with the zone, following the dates as they change, and no link for a period the wrong way
 * round.
 */
import t from 'tap';
import { asFake, installFakeDocument, type FakeElement } from '../testing/fake-dom.js';
import { fleetReportControl, fleetReportHrefs, lastMonth } from './fleet-report.js';

const uninstall = installFakeDocument();
t.teardown(uninstall);

t.test('last month', async (t) => {
  t.same(lastMonth(new Date('2026-12-05T11:00:00Z')), { dateFrom: '2026-11-01', dateTo: '2026-11-30' });
  t.same(lastMonth(new Date('2027-01-01T00:00:00Z')), { dateFrom: '2026-12-01', dateTo: '2026-12-31' });
  t.same(lastMonth(new Date('2028-03-31T23:59:59Z')), { dateFrom: '2028-02-01', dateTo: '2028-02-29' });
});

t.test('the three documents of the period', async (t) => {
  t.same(fleetReportHrefs('2026-11-01', '2026-11-30', 'Europe/Berlin'), {
    html: 'fleet-report?date_from=2026-11-01&date_to=2026-11-30&tz=Europe%2FBerlin',
    pdf: 'fleet-report.pdf?date_from=2026-11-01&date_to=2026-11-30&tz=Europe%2FBerlin',
    csv: 'export/fleet-findings.csv?date_from=2026-11-01&date_to=2026-11-30&tz=Europe%2FBerlin',
  });
  t.equal(
    fleetReportHrefs('2026-11-01', '2026-11-30', null).html,
    'fleet-report?date_from=2026-11-01&date_to=2026-11-30',
  );
});

t.test('the control: labelled dates, links that follow them', async (t) => {
  const box = asFake(fleetReportControl(null, new Date('2026-12-05T11:00:00Z'))) as FakeElement;
  const [from, to] = box.find('input') as [FakeElement, FakeElement];
  t.equal(from.value, '2026-11-01');
  t.equal(to.value, '2026-11-30');
  t.same(
    box.find('label').map((l) => l.getAttribute('for')),
    [from.getAttribute('id'), to.getAttribute('id')],
  );
  const hrefs = () => box.find('a').map((a) => a.getAttribute('href'));
  t.same(hrefs(), [
    'fleet-report?date_from=2026-11-01&date_to=2026-11-30',
    'fleet-report.pdf?date_from=2026-11-01&date_to=2026-11-30',
    'export/fleet-findings.csv?date_from=2026-11-01&date_to=2026-11-30',
  ]);
  to.value = '2026-11-15';
  to.dispatch('change');
  t.match(hrefs()[0], 'date_to=2026-11-15');
  from.value = '2026-11-20';
  from.dispatch('change');
  t.same(hrefs(), [null, null, null], 'a period the wrong way round: no link');
  t.match(box.textContent, 'Choose a period whose first day is not after its last.');
  // the fields read and show YYYY-MM-DD, not the browser's own date format
  t.same(
    [from.getAttribute('type'), from.getAttribute('pattern'), from.getAttribute('placeholder')],
    ['text', '\\d{4}-\\d{2}-\\d{2}', 'YYYY-MM-DD'],
  );
  from.value = '01/11/2026';
  from.dispatch('change');
  t.same(hrefs(), [null, null, null], 'a date in another format: no link');
  t.equal(from.getAttribute('aria-invalid'), 'true', 'the field is marked');
  t.match(box.textContent, 'Enter a date as YYYY-MM-DD');
  from.value = '2026-11-01';
  from.dispatch('change');
  t.match(hrefs()[0], 'date_from=2026-11-01&date_to=2026-11-15');
  t.equal(from.getAttribute('aria-invalid'), null, 'and unmarked once it is a date');
});
