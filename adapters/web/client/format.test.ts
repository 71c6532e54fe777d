import t from 'tap';
import {
  activityName,
  dayLabels,
  daysText,
  formatClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatHm,
  formatKm,
  importName,
} from './format.js';

t.test('h:mm durations', async (t) => {
  t.equal(formatHm(0), '0:00');
  t.equal(formatHm(9000), '2:30');
  t.equal(formatHm(119), '0:01', 'whole minutes, as the card records them');
  t.equal(formatHm(56 * 3600 + 300), '56:05', 'hours beyond a day');
  t.equal(formatHm(-1800), '-0:30');
  t.equal(formatHm(null), '–');
  t.equal(formatHm(Number.NaN), '–');
});

t.test('clock times in UTC, 24:00 at the end of the day', async (t) => {
  t.equal(formatClock('2026-03-02T06:15:00Z'), '06:15');
  t.equal(formatClock('2026-03-03T00:00:00Z', '2026-03-02'), '24:00');
  t.equal(formatClock('2026-03-02T00:00:00Z', '2026-03-02'), '00:00');
  t.equal(formatClock('nonsense'), '–');
  t.equal(formatDateTime('2026-03-02T06:15:00Z'), '2026-03-02 06:15');
  t.equal(formatDateTime(null), '–');
  t.equal(formatDateTime('later'), 'later');
});

t.test('labels and names', async (t) => {
  t.same(dayLabels('2026-02-23'), { long: 'Mon 23 Feb', short: 'Mo 23' });
  t.same(dayLabels('2026-03-01'), { long: 'Sun 01 Mar', short: 'Su 01' });
  t.equal(activityName('AVAILABILITY'), 'Availability');
  t.equal(activityName('OTHER'), 'OTHER');
  t.equal(formatKm(412.4), '412 km');
  t.equal(formatKm(null), '–');
});

t.test('durations a driver reads', async (t) => {
  // hours and minutes, the hours running past 24, as offices and tachograph printouts write them
  t.equal(formatDuration(16_200), '4:30');
  t.equal(formatDuration(2 * 86_400 + 6 * 3600), '54:00');
  t.equal(formatDuration(2 * 86_400 + 6 * 3600 + 300), '54:05');
  t.equal(formatDuration(9 * 3600), '9:00');
  t.equal(formatDuration(300), '0:05');
  t.equal(formatDuration(0), '0:00');
  t.equal(formatDuration(29), '0:00', 'whole minutes');
  t.equal(formatDuration(-2700), '-0:45');
  t.equal(formatDuration(86_400), '24:00', 'never folded into days');
  t.equal(formatDuration(null), '–');
  t.equal(formatDuration(54 * 3600 + 360, false), '54:06', 'amounts stay in hours');
  t.equal(formatDuration(0, false), '0:00');
  t.equal(daysText(12), 'in 12 days');
  t.equal(daysText(1), 'in 1 day');
  t.equal(daysText(0), 'today');
  t.equal(daysText(-3), '3 days ago');
  t.equal(daysText(null), '');
  t.equal(formatDate('2026-03-02T06:15:00Z'), '2026-03-02');
  t.equal(formatDate(null), '–');
  t.equal(formatDate('soon'), 'soon');
});

t.test('an import is named by its file, else by when it was imported, never by its id', async (t) => {
  t.equal(importName({ file_name: 'Müller 2026-03.ddd', imported_at: '2026-03-10T08:15:00Z' }), 'Müller 2026-03.ddd');
  t.equal(importName({ file_name: null, imported_at: '2026-03-10T08:15:00Z' }), 'import of 2026-03-10 08:15 UTC');
  t.equal(importName({ file_name: null, imported_at: null }), 'an import without file name');
});
