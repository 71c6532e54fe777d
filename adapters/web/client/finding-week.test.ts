/**
 * Where a fleet row leads (finding-week.ts), by hand: the row's 4 ISO weeks end with its last download's day; the
 * week opened is that of the first (most serious) open finding, in the display zone; none, or a failed look-up,
 * opens the newest week (null). Also the letter links a row and the week view carry.
 */
import t from 'tap';
import { asFake, installFakeDocument } from '../testing/fake-dom.js';
import { findingWeek, openFindingQuery, rowFindingDays, rowWeek, weekToOpen } from './finding-week.js';
import { letterLinks } from './letter-links.js';
import type { FindingsPage } from './types.js';

const uninstall = installFakeDocument();
t.teardown(uninstall);

const row = { card_number: 'DF000000000001', last_download: '2026-03-29T18:00:00Z' };
const page = (start: string) => ({ items: [{ start }] }) as unknown as Pick<FindingsPage, 'items'>;

t.test('the row weeks and the query', async (t) => {
  // 2026-03-29 is the Sunday of 2026-W13; three weeks before starts on Monday 2026-03-02
  t.same(rowFindingDays(row), { dateFrom: '2026-03-02', dateTo: '2026-03-29' });
  t.equal(rowFindingDays({ last_download: null }), null);
  t.same(openFindingQuery(row), {
    card_number: 'DF000000000001',
    date_from: '2026-03-02',
    date_to: '2026-03-29',
    status: 'OPEN',
    limit: '1',
  });
  t.equal(openFindingQuery({ ...row, last_download: null }), null);
});

t.test('the week of the finding, in the display zone', async (t) => {
  // Sunday 2026-03-15 23:30 UTC is Monday 00:30 in Berlin (CET, UTC+1): W11 in UTC, W12 as the page shows it
  t.equal(findingWeek(page('2026-03-15T23:30:00Z'), 'UTC'), '2026-W11');
  t.equal(findingWeek(page('2026-03-15T23:30:00Z'), 'Europe/Berlin'), '2026-W12');
  t.equal(findingWeek({ items: [] }, 'UTC'), null);
  t.equal(findingWeek(page('not a time'), 'UTC'), null);
});

t.test('the week a row opens', async (t) => {
  const asked: unknown[] = [];
  t.equal(
    await weekToOpen(row, 'UTC', async (q) => (asked.push(q), page('2026-03-10T06:00:00Z'))),
    '2026-W11',
    'the finding in the week before the newest',
  );
  t.match(asked, [{ status: 'OPEN', limit: '1' }]);
  t.equal(await weekToOpen(row, 'UTC', async () => ({ items: [] })), null);
  t.equal(
    await weekToOpen(row, 'UTC', async () => {
      throw new Error('409');
    }),
    null,
  );
  t.equal(await weekToOpen({ ...row, last_download: null }, 'UTC', async () => page('2026-03-10T06:00:00Z')), null);
});

t.test('a row naming its most serious week opens it without a request', async (t) => {
  let asked = 0;
  const named = { ...row, findings_4w_most_serious_week_start: '2026-03-09' };
  t.equal(rowWeek(named), '2026-W11');
  t.equal(
    await weekToOpen(named, 'UTC', async () => (asked++, page('2026-03-25T06:00:00Z'))),
    '2026-W11',
    'the week the row names',
  );
  t.equal(asked, 0, 'no findings request');
  t.equal(rowWeek({ findings_4w_most_serious_week_start: null }), null);
  t.equal(
    await weekToOpen(
      { ...row, findings_4w_most_serious_week_start: null },
      'UTC',
      async () => (asked++, page('2026-03-25T06:00:00Z')),
    ),
    '2026-W13',
    'a row without it: the look-up',
  );
  t.equal(asked, 1);
});

t.test('the letter links: HTML and PDF of the card and period, with the zone', async (t) => {
  const links = asFake(letterLinks('DF000000000001', '2026-03-02', '2026-03-29', 'Europe/Berlin'));
  t.same(
    links.find('a').map((a) => a.getAttribute('href')),
    [
      'letter?card_number=DF000000000001&date_from=2026-03-02&date_to=2026-03-29&tz=Europe%2FBerlin',
      'letter.pdf?card_number=DF000000000001&date_from=2026-03-02&date_to=2026-03-29&tz=Europe%2FBerlin',
    ],
  );
  t.notMatch(
    asFake(letterLinks('X', '2026-03-02', '2026-03-29', null))
      .find('a')[0]!
      .getAttribute('href'),
    'tz=',
  );
});
