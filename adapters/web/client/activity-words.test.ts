/**
 * One word per activity on the page, the report and the letter: the legend, the totals table's header and a chart
 * segment's text write what the report's totals write (Annex IC: "other work", never a bare "work" on one and
 * "Other work" on the other). And a segment on a local day row names the part of its record on that day, with
 * its length, as the day's totals add it up.
 */
import t from 'tap';
import { asFake, installFakeDocument } from '../testing/fake-dom.js';
import { LEGEND } from '../page.js';
import { ACTIVITY_LABELS } from '../../office/report/report-model.js';
import { segmentText } from './chart.js';
import { renderTotals } from './totals-table.js';
import { localDayWindow } from '../../vocabulary/local-time.js';
import type { ActivityIntervalRow, WeekOverview } from './types.js';

const uninstall = installFakeDocument();
t.teardown(uninstall);

const row = (start: string, end: string, activity: string): ActivityIntervalRow =>
  ({
    import_id: null,
    card_number: 'C1',
    date: start.slice(0, 10),
    start,
    end,
    activity,
    duration: (Date.parse(end) - Date.parse(start)) / 1000,
    slot: 'DRIVER',
    crew: false,
    card_inserted: true,
    manual_entry: false,
  }) as ActivityIntervalRow;

t.test('the page writes each activity as the report does', async (t) => {
  const legend = new Map(LEGEND.map(([cls, label]) => [cls, label]));
  t.equal(legend.get('seg seg-work'), ACTIVITY_LABELS.WORK, 'the legend');
  t.equal(legend.get('seg seg-unknown'), ACTIVITY_LABELS.UNKNOWN);
  t.equal(ACTIVITY_LABELS.WORK, 'Other work', 'the regulation’s word');
  const zero = { DRIVING: 0, WORK: 0, AVAILABILITY: 0, REST: 0, UNKNOWN: 0 };
  const week = {
    week: '2026-W48',
    start_date: '2026-11-23',
    end_date: '2026-11-29',
    totals: zero,
    days: [{ date: '2026-11-23', intervals: [], totals: zero, distance_km: null }],
  } as unknown as WeekOverview;
  const headers = asFake(renderTotals(week))
    .find('span', 'long')
    .map((s) => s.textContent);
  for (const a of ['DRIVING', 'WORK', 'AVAILABILITY', 'REST', 'UNKNOWN'] as const)
    t.ok(headers.includes(ACTIVITY_LABELS[a]), `the totals table's header writes ${ACTIVITY_LABELS[a]}`);
  const work = row('2026-11-23T06:00:00Z', '2026-11-23T06:15:00Z', 'WORK');
  t.match(segmentText(work, localDayWindow('2026-11-23', 'UTC'), 'UTC'), /^Other work 06:00–06:15 UTC · 0:15/);
});

t.test('a record crossing the local day: the segment names its part on the day and its length', async (t) => {
  const zone = 'Europe/Berlin';
  // the card's record of a whole UTC day of rest, Sun 22 Nov 00:00–24:00 UTC: 01:00 Sunday to 01:00 Monday in Berlin
  const rest = row('2026-11-22T00:00:00Z', '2026-11-23T00:00:00Z', 'REST');
  const monday = localDayWindow('2026-11-23', zone);
  t.match(segmentText(rest, monday, zone), /^Rest 00:00–01:00 Europe\/Berlin · 1:00 · /, 'the hour on Monday');
  t.match(segmentText(rest, monday, zone), 'part of a record of 24:00 from Sun 22 Nov 01:00', 'the whole record');
  const sunday = localDayWindow('2026-11-22', zone);
  t.match(segmentText(rest, sunday, zone), /^Rest 01:00–24:00 Europe\/Berlin · 23:00 · part of/, 'the rest on Sunday');
  // a record inside the day is named whole
  const drive = row('2026-11-23T06:15:00Z', '2026-11-23T10:15:00Z', 'DRIVING');
  t.equal(segmentText(drive, monday, zone), 'Driving 07:15–11:15 Europe/Berlin · 4:00');
});
