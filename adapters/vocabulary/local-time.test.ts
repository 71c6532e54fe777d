import t from 'tap';
import {
  localDayWindow,
  localIsoWithOffset,
  formatLocalClock,
  formatLocalDateTime,
  formatLocalStamp,
  formatOffset,
  isTimeZone,
  localDateOf,
  localParts,
  zoneNote,
} from './local-time.js';

const BERLIN = 'Europe/Berlin';

t.test('Europe/Berlin across the spring change (2026-03-29 01:00 UTC: 02:00 CET → 03:00 CEST)', async (t) => {
  t.equal(formatLocalDateTime('2026-03-29T00:59:00Z', BERLIN), '2026-03-29 01:59', 'one minute before: UTC+1');
  t.equal(formatLocalDateTime('2026-03-29T01:00:00Z', BERLIN), '2026-03-29 03:00', 'the change: 02:00 never happens');
  t.equal(formatLocalDateTime('2026-03-29T01:30:00Z', BERLIN), '2026-03-29 03:30');
  t.equal(localParts(Date.parse('2026-03-29T00:59:00Z'), BERLIN).offset_minutes, 60);
  t.equal(localParts(Date.parse('2026-03-29T01:00:00Z'), BERLIN).offset_minutes, 120);
  t.equal(formatLocalStamp('2026-03-28T12:00:00Z', BERLIN), '2026-03-28 13:00 Europe/Berlin (UTC+01:00)');
  t.equal(formatLocalStamp('2026-03-30T12:00:00Z', BERLIN), '2026-03-30 14:00 Europe/Berlin (UTC+02:00)');
});

t.test('Europe/Berlin across the autumn change (2026-10-25 01:00 UTC: 03:00 CEST → 02:00 CET)', async (t) => {
  t.equal(formatLocalClock('2026-10-25T00:30:00Z', BERLIN), '02:30', 'first 02:30, summer time');
  t.equal(formatLocalClock('2026-10-25T01:30:00Z', BERLIN), '02:30', 'the same clock an hour later, winter time');
  t.equal(localParts(Date.parse('2026-10-25T00:30:00Z'), BERLIN).zone, 'Europe/Berlin (UTC+02:00)');
  t.equal(localParts(Date.parse('2026-10-25T01:30:00Z'), BERLIN).zone, 'Europe/Berlin (UTC+01:00)');
  t.equal(
    formatLocalDateTime('2026-10-24T22:30:00Z', BERLIN),
    '2026-10-25 00:30',
    'the local day starts at 22:00 UTC in summer',
  );
  t.equal(formatLocalDateTime('2026-10-25T23:30:00Z', BERLIN), '2026-10-26 00:30', 'and at 23:00 UTC in winter');
});

t.test('the local calendar date differs from the UTC date around midnight', async (t) => {
  t.equal(localDateOf('2026-07-01T22:30:00Z', BERLIN), '2026-07-02');
  t.equal(localDateOf('2026-07-01T22:30:00Z', 'UTC'), '2026-07-01');
  t.equal(localDateOf('2026-07-01T02:30:00Z', 'America/New_York'), '2026-06-30');
  t.equal(localDateOf('not a time', BERLIN), null);
});

t.test('UTC, odd offsets, names and bad input', async (t) => {
  t.equal(formatLocalDateTime('2026-03-29T01:00:00Z', 'UTC'), '2026-03-29 01:00');
  t.equal(formatLocalClock('2026-01-15T00:00:00Z', 'Asia/Kolkata'), '05:30');
  t.equal(localParts(Date.parse('2026-01-15T00:00:00Z'), 'Asia/Kolkata').offset_minutes, 330);
  t.equal(formatOffset(330), '+05:30');
  t.equal(formatOffset(-210), '-03:30');
  t.equal(formatOffset(0), '+00:00');
  t.equal(formatLocalDateTime(null, BERLIN), '–');
  t.equal(formatLocalDateTime('garbage', BERLIN), 'garbage');
  t.equal(formatLocalClock('garbage', BERLIN), '–');
  t.ok(isTimeZone(BERLIN));
  t.notOk(isTimeZone('Mars/Olympus'));
  t.notOk(isTimeZone(''));
  t.equal(zoneNote(BERLIN), 'times in Europe/Berlin');
});

t.test('ISO 8601 local time with the offset of its instant', async (t) => {
  t.equal(localIsoWithOffset('2026-03-29T00:59:59Z', BERLIN), '2026-03-29T01:59:59+01:00');
  t.equal(localIsoWithOffset('2026-03-29T01:00:00Z', BERLIN), '2026-03-29T03:00:00+02:00');
  t.equal(localIsoWithOffset('2026-10-25T00:30:00Z', BERLIN), '2026-10-25T02:30:00+02:00');
  t.equal(
    localIsoWithOffset('2026-10-25T01:30:00Z', BERLIN),
    '2026-10-25T02:30:00+01:00',
    'the repeated hour: the offset tells them apart',
  );
  t.equal(localIsoWithOffset('2026-10-25T01:30:00Z', 'UTC'), '2026-10-25T01:30:00+00:00');
  t.equal(localIsoWithOffset(null, BERLIN), null);
  t.equal(localIsoWithOffset('x', BERLIN), null);
});

t.test('local days: 23 h on the spring change, 25 h on the autumn change, UTC days unchanged', async (t) => {
  const hours = (w: { startMs: number; endMs: number }) => (w.endMs - w.startMs) / 3_600_000;
  const spring = localDayWindow('2026-03-29', BERLIN);
  t.equal(new Date(spring.startMs).toISOString(), '2026-03-28T23:00:00.000Z', 'starts at 00:00 CET');
  t.equal(new Date(spring.endMs).toISOString(), '2026-03-29T22:00:00.000Z', 'ends at 00:00 CEST');
  t.equal(hours(spring), 23);
  const autumn = localDayWindow('2026-10-25', BERLIN);
  t.equal(new Date(autumn.startMs).toISOString(), '2026-10-24T22:00:00.000Z');
  t.equal(hours(autumn), 25);
  t.equal(hours(localDayWindow('2026-07-01', BERLIN)), 24);
  t.same(localDayWindow('2026-03-29', 'UTC'), {
    startMs: Date.parse('2026-03-29T00:00:00Z'),
    endMs: Date.parse('2026-03-30T00:00:00Z'),
  });
  t.equal(
    new Date(localDayWindow('2026-03-08', 'America/New_York').endMs).toISOString(),
    '2026-03-09T04:00:00.000Z',
    'New York: EDT from 2026-03-08',
  );
});
