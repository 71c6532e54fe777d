/**
 * Browser test of the transport-office page against the canned service (./e2e/canned-service.ts, which
 * answers with the names of the HTTP schemas (the schema file of each resource in adapters/http)): the fleet table and its due dates, sorting and
 * filtering and the page (offset) kept in the URL, a click into the week view, the 4-week timeline, the tabs, working time and
 * driver status (and what the working time did not evaluate), the card-out assumption, authenticity, the 409 conflict path, several files imported in one
 * go, and a 500 with its correlation id and a retry. Screenshots at 1280×800 and 390×844 go to
 * artifacts/screenshots/ (git-ignored). Runs Debian's Chromium; never downloads one.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { chromiumMissing, launchChromium, screenshotDir, watchProblems } from './browser.js';
import { lowContrastText } from './contrast.js';
import { STATIC_NOT_EVALUATED } from '../../../core/eu561/ruleset.js';
import {
  BROKEN_CARD,
  CANNED_CARD,
  CANNED_UNKNOWN_INSIDE,
  CANNED_WTD_NOT_EVALUATED,
  CONFLICT_CARD,
  CONFLICT_DAY,
  FRESH_CARD,
  startCannedService,
} from './canned-service.js';
import { getJson, waitForFindings, waitForWeek } from './week-view-checks.js';
import { findRepoRoot } from '../../http/web-assets/web-assets.js';

const DAY = 86_400_000;
/** The test's clock: the canned card CANNED was downloaded 30 days before it. */
const NOW = '2026-03-10T09:00:00Z';
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface FleetItem {
  card_number: string;
  last_download: string;
  next_download_due: string;
  overdue: boolean;
}

async function fleetRows(page: Page): Promise<{ card: string; due: string; urgency: string }[]> {
  return page.$$eval('table.fleet tbody tr', (rows) =>
    rows.map((r) => ({
      card: (r as HTMLElement).dataset.card ?? '',
      due: r.querySelector('td[data-label="Next download due"]')?.textContent ?? '',
      urgency: (r as HTMLElement).dataset.urgency ?? '',
    })),
  );
}

async function noSidewaysScroll(t: Pick<typeof import('tap'), 'ok'>, page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  t.ok(width <= 390, `${what}: no sideways scrolling at 390 px (${width} px)`);
}

const missing = chromiumMissing();
if (missing) {
  reportMissingDependency(t, `office page browser test NOT RUN: ${missing}`, '.ci/run installs chromium');
} else {
  const root = findRepoRoot(process.cwd());
  const shots = screenshotDir(root);
  const browser = await launchChromium();
  t.teardown(() => browser.close());

  t.test('the fleet: due dates, counts, sorting and filters in the URL, a click opens the week', async (t) => {
    const svc = await startCannedService({ imported: true, now: NOW });
    t.teardown(() => svc.close());
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${svc.url}/`);
    await page.waitForSelector('main[data-view="fleet"] table.fleet');

    // independent of the page: a download 30 days before the clock is due 28 days after it, 2 days ago
    const lastCanned = dateOf(Date.parse(NOW) - 30 * DAY);
    const dueCanned = dateOf(Date.parse(`${lastCanned}T00:00:00Z`) + 28 * DAY);
    t.equal(dueCanned, '2026-03-08');
    const shown = await fleetRows(page);
    t.same(
      shown.map((r) => r.card),
      [CANNED_CARD, CONFLICT_CARD, FRESH_CARD],
      'overdue first, then the soonest due',
    );
    t.match(shown[0]!.due, dueCanned, 'the overdue card shows its due date');
    t.match(shown[0]!.due, 'overdue', 'and says it is overdue');
    t.equal(shown[0]!.urgency, 'overdue');
    const api = (await getJson<{ items: FleetItem[] }>(svc.url, '/api/drivercard/drivers')).body.items;
    for (const row of api) {
      const expected = dateOf(Date.parse(`${row.last_download.slice(0, 10)}T00:00:00Z`) + 28 * DAY);
      t.equal(
        row.next_download_due,
        expected,
        `${row.card_number}: the service's due date is 28 days after the download`,
      );
      t.match(
        shown.find((s) => s.card === row.card_number)?.due ?? '',
        expected,
        `${row.card_number}: the table shows ${expected}`,
      );
      t.equal(row.overdue, expected < NOW.slice(0, 10), `${row.card_number}: overdue only when the due day has passed`);
    }
    t.notMatch(shown[1]!.due, 'overdue', 'a card downloaded 10 days ago is not overdue');
    const counts = await page.$$eval('#fleet-summary li', (li) =>
      li.map((x) => [(x as HTMLElement).dataset.count, x.querySelector('.count-value')?.textContent]),
    );
    t.same(
      counts,
      [
        ['drivers', '3'],
        ['overdue', '1'],
        ['expiring_30d', '1'],
        ['with_infringements', '1'],
      ],
      'the counts at the top',
    );
    t.match(
      await page.textContent('tr[data-card="DCONFLICT0000100"] td[data-label="Card expiry"]'),
      'expiring',
      'a card expiring within 30 days is marked',
    );
    t.match(await page.textContent(`tr[data-card="${CANNED_CARD}"] td[data-label="Authenticity"]`), 'verified');
    await page.screenshot({ path: join(shots, 'office-fleet-desktop.png'), fullPage: true });

    // sorting from the keyboard: the header buttons are reachable and say how the column is sorted
    await page.focus('button.sort[data-sort="surname"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.search.includes('sort=surname'));
    await page.waitForSelector('th[aria-sort="ascending"] button[data-sort="surname"]');
    t.same(
      (await fleetRows(page)).map((r) => r.card),
      [CANNED_CARD, CONFLICT_CARD, FRESH_CARD],
      'by surname A→Z',
    );
    await page.click('button.sort[data-sort="surname"]');
    await page.waitForSelector('th[aria-sort="descending"] button[data-sort="surname"]');
    t.same(
      (await fleetRows(page)).map((r) => r.card),
      [FRESH_CARD, CONFLICT_CARD, CANNED_CARD],
      'again: Z→A',
    );
    t.match(page.url(), 'sort=surname&order=desc', 'the sort lives in the URL');

    // every sortable column shows the rows in the service's order for that sort
    for (const [column, order] of [
      ['card_number', 'asc'],
      ['last_download', 'asc'],
      ['expiry_date', 'asc'],
      ['findings', 'desc'],
      ['due', 'asc'],
    ] as const) {
      await page.click(`button.sort[data-sort="${column}"]`);
      await page.waitForSelector(
        `th[aria-sort="${order === 'asc' ? 'ascending' : 'descending'}"] button[data-sort="${column}"]`,
      );
      const expected = (
        await getJson<{ items: FleetItem[] }>(svc.url, `/api/drivercard/drivers?sort=${column}&order=${order}`)
      ).body.items.map((r) => r.card_number);
      t.same(
        (await fleetRows(page)).map((r) => r.card),
        expected,
        `sorted by ${column} ${order}`,
      );
    }
    t.same((await fleetRows(page)).map((r) => r.card)[0], CANNED_CARD, 'back to due: the overdue card first');
    // two clicks before the first sorted page arrives: the later click turns the order the earlier one chose
    svc.slowFleetList(400);
    await page.click('button.sort[data-sort="surname"]');
    await page.click('button.sort[data-sort="surname"]');
    await page.waitForSelector('th[aria-sort="descending"] button[data-sort="surname"]');
    t.match(page.url(), 'sort=surname&order=desc', 'two quick clicks: Z→A');
    svc.slowFleetList(0);

    await page.selectOption('#fleet-filter', 'overdue');
    await page.waitForFunction(() => document.querySelectorAll('table.fleet tbody tr').length === 1);
    t.same(
      (await fleetRows(page)).map((r) => r.card),
      [CANNED_CARD],
      'the overdue filter',
    );
    t.match(page.url(), 'filter=overdue');
    t.match(
      svc.requests.filter((r) => r.startsWith('/api/drivercard/drivers?')).pop()!,
      'overdue=true',
      'asked the service for overdue cards',
    );
    await page.selectOption('#fleet-filter', 'all');
    await page.fill('#fleet-q', 'fresh');
    await page.waitForFunction(() => location.search.includes('q=fresh'));
    await page.waitForFunction(() => document.querySelectorAll('table.fleet tbody tr').length === 1);
    t.same(
      (await fleetRows(page)).map((r) => r.card),
      [FRESH_CARD],
      'the text filter',
    );
    const link = page.url();
    const again = await context.newPage();
    await again.goto(link);
    await again.waitForSelector('table.fleet tbody tr');
    t.equal(await again.inputValue('#fleet-q'), 'fresh', 'a link reopens the same selection');
    t.same(
      (await fleetRows(again)).map((r) => r.card),
      [FRESH_CARD],
    );
    await again.close();

    await page.fill('#fleet-q', '');
    await page.waitForFunction(() => document.querySelectorAll('table.fleet tbody tr').length === 3);
    await page.click(`a.driver-link[data-card="${CANNED_CARD}"]`);
    await waitForWeek(page, CANNED_CARD, '2026-W10');
    t.match(page.url(), `card_number=${CANNED_CARD}&week=2026-W10`, 'the row opens the driver at the latest week');
    await page.goBack();
    await page.waitForSelector('main[data-mode="fleet"] table.fleet');
    t.pass('Back returns to the fleet');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    await noSidewaysScroll(t, page, 'fleet');
    await page.screenshot({ path: join(shots, 'office-fleet-phone.png'), fullPage: true });
    t.same(problems, [], 'no console error and no CSP violation');
  });

  t.test(
    'at 1280 px the fleet fits without sideways scrolling, its notes and letter links written in full',
    async (t) => {
      const svc = await startCannedService({ imported: true, now: NOW });
      t.teardown(() => svc.close());
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      t.teardown(() => page.close());
      const problems = watchProblems(page);
      // the rows with every note the service writes (the download time read from the end of the activity data, the
      // days missing for a roadside check, a quarantined import beside the imports) and a long double-barrelled name
      await page.route('**/api/drivercard/drivers?*', async (route) => {
        const answer = (await (await route.fetch()).json()) as { items: Record<string, unknown>[] };
        for (const row of answer.items)
          Object.assign(row, {
            surname: 'Brzęczyszczykiewicz-Wojciechowska',
            last_download_source: 'ACTIVITY_END',
            readiness_missing_days: 36,
            quarantined_imports: 1,
          });
        await route.fulfill({ json: answer });
      });
      await page.goto(`${svc.url}/`);
      await page.waitForSelector('table.fleet tbody tr .letter-links');
      t.match(await page.textContent('table.fleet tbody'), 'end of activity data', 'the long notes are written');
      const wrap = await page.$eval('.fleet-wrap', (w) => ({ scroll: w.scrollWidth, client: w.clientWidth }));
      t.ok(wrap.scroll <= wrap.client, `no sideways scrolling of the table (${wrap.scroll} of ${wrap.client} px)`);
      const pdf = await page.$eval('table.fleet .letter-pdf', (a) => a.getBoundingClientRect().right);
      t.ok(pdf <= 1280, `the letter PDF link is in view (its right edge at ${Math.round(pdf)} px)`);
      t.same(problems, [], 'no console errors');
    },
  );

  t.test('every text on the fleet and the week reads with WCAG AA contrast', async (t) => {
    const svc = await startCannedService({ imported: true, now: NOW });
    t.teardown(() => svc.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => page.close());
    await page.goto(`${svc.url}/?sort=findings&order=desc`);
    await page.waitForSelector('table.fleet tbody tr');
    t.ok(await page.isVisible('th[aria-sort] button.sort'), 'a sorted column is marked');
    t.ok(await page.isVisible('.pill-soon'), 'a card expiring soon is marked');
    t.ok(await page.isVisible('.auth-verified'), 'a verified card is marked');
    t.same(await lowContrastText(page), [], 'the fleet');
    await page.goto(`${svc.url}/?card_number=${CANNED_CARD}&week=2026-W09`);
    await waitForWeek(page, CANNED_CARD, '2026-W09');
    await page.click('#imports-of-card summary');
    t.ok(await page.isVisible('#imports-of-card .ef-valid'), 'the signatures of the elementary files are listed');
    t.same(await lowContrastText(page), [], 'the week');
  });

  t.test("a week prints with the chart's colours and without the screen's controls", async (t) => {
    const svc = await startCannedService({ imported: true, now: NOW });
    t.teardown(() => svc.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => page.close());
    const problems = watchProblems(page);
    await page.goto(`${svc.url}/?card_number=${CANNED_CARD}&week=2026-W09`);
    await waitForWeek(page, CANNED_CARD, '2026-W09');
    await page.emulateMedia({ media: 'print' });
    const seg = await page.$eval('#chart button.seg-driving', (b) => getComputedStyle(b).printColorAdjust);
    t.equal(seg, 'exact', "a driving segment's colour is printed (browsers leave backgrounds out unless asked)");
    t.equal(await page.$eval('.legend .swatch', (s) => getComputedStyle(s).printColorAdjust), 'exact', 'the legend');
    t.ok(await page.isVisible('#chart'), 'the chart is printed');
    t.ok(await page.isVisible('#totals'), 'the totals are printed');
    for (const control of ['#drop-zone', '#driver', '#prev-week', '#basis-apply', '#tz'])
      t.notOk(await page.isVisible(control), `${control} is left out of the print`);
    await page.emulateMedia({ media: 'screen' });
    t.ok(await page.isVisible('#drop-zone'), 'on screen the controls are back');
    t.same(problems, [], 'no console errors');
  });

  t.test('a long fleet pages; the page lives in the URL and survives a link, a driver and Back', async (t) => {
    const svc = await startCannedService({ imported: true, now: NOW, extraDrivers: 230 });
    t.teardown(() => svc.close());
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page);
    const apiPage = async (query: string) =>
      (await getJson<{ items: FleetItem[] }>(svc.url, `/api/drivercard/drivers?${query}`)).body.items.map(
        (r) => r.card_number,
      );
    await page.goto(`${svc.url}/`);
    await page.waitForSelector('main[data-view="fleet"] table.fleet');
    t.equal(await page.locator('table.fleet tbody tr').count(), 100, 'a page of 100 drivers');
    t.equal(await page.textContent('#fleet-range'), 'Drivers 1–100 of 233');
    t.ok(await page.isDisabled('#fleet-prev'), 'no previous page on the first');

    await page.click('#fleet-next');
    await page.waitForFunction(() => location.search === '?offset=100');
    await page.waitForFunction(() => document.querySelector('#fleet-range')?.textContent === 'Drivers 101–200 of 233');
    t.same(
      (await fleetRows(page)).map((r) => r.card),
      await apiPage('sort=findings&order=desc&limit=100&offset=100'),
      "the second page shows the service's rows 101–200",
    );
    t.match(
      svc.requests.filter((r) => r.startsWith('/api/drivercard/drivers?')).pop()!,
      'offset=100',
      'asked the service for that page',
    );
    const second = (await fleetRows(page)).map((r) => r.card);

    const again = await context.newPage();
    await again.goto(page.url());
    await again.waitForSelector('table.fleet tbody tr');
    t.same(
      (await fleetRows(again)).map((r) => r.card),
      second,
      'a link reopens the same page',
    );
    await again.close();

    await page.click('#fleet-next');
    await page.waitForFunction(() => document.querySelector('#fleet-range')?.textContent === 'Drivers 201–233 of 233');
    t.ok(await page.isDisabled('#fleet-next'), 'no next page on the last');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#fleet-range')?.textContent === 'Drivers 101–200 of 233');
    t.equal(new URL(page.url()).search, '?offset=100', 'Back returns to the page before');

    await page.click(`a.driver-link[data-card="${second[0]}"]`);
    await page.waitForSelector('main[data-mode="week"]');
    t.match(page.url(), 'offset=100', 'the page is kept while a driver is open');
    await page.click('#fleet-link');
    await page.waitForFunction(() => document.querySelector('#fleet-range')?.textContent === 'Drivers 101–200 of 233');
    t.same(
      (await fleetRows(page)).map((r) => r.card),
      second,
      '"All drivers" returns to the same page',
    );

    await page.click('button.sort[data-sort="surname"]');
    await page.waitForFunction(() => location.search === '?sort=surname');
    await page.waitForFunction(() => document.querySelector('#fleet-range')?.textContent === 'Drivers 1–100 of 233');
    t.same(
      (await fleetRows(page)).map((r) => r.card),
      await apiPage('sort=surname&order=asc&limit=100&offset=0'),
      'a new sort starts at the first page',
    );
    await page.click('#fleet-next');
    await page.waitForFunction(() => location.search === '?sort=surname&offset=100');
    await page.selectOption('#fleet-filter', 'overdue');
    await page.waitForFunction(() => location.search === '?sort=surname&filter=overdue');
    t.pass('a new filter starts at the first page');

    await page.goto(`${svc.url}/?offset=900`);
    await page.waitForFunction(() => document.querySelector('#fleet-range')?.textContent === 'Drivers 201–233 of 233');
    t.equal(new URL(page.url()).search, '?offset=200', 'a link past the end shows the last page');
    await page.screenshot({ path: join(shots, 'office-fleet-paged.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    await noSidewaysScroll(t, page, 'paged fleet');
    t.same(problems, [], 'no console error and no CSP violation');
  });

  t.test(
    'the week view hides nothing: timeline, tabs, working time, driver status, assumption, authenticity',
    async (t) => {
      const svc = await startCannedService({ imported: true, now: NOW });
      t.teardown(() => svc.close());
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      t.teardown(() => page.close());
      const problems = watchProblems(page);
      await page.goto(`${svc.url}/?card_number=${CANNED_CARD}&week=2026-W09`);
      await waitForWeek(page, CANNED_CARD, '2026-W09');
      await waitForFindings(page, '2026-W09');

      const timeline = await page.$$eval('#timeline .tl-row', (rows) =>
        rows.map((r) => [(r as HTMLElement).dataset.week, (r as HTMLElement).dataset.recorded]),
      );
      t.same(
        timeline,
        [
          ['2026-W06', '0'],
          ['2026-W07', '0'],
          ['2026-W08', '7'],
          ['2026-W09', '7'],
        ],
        'four weeks above the week, with recorded days',
      );
      t.equal(
        await page.locator('#timeline .tl-row[data-week="2026-W06"] .tl-none').count(),
        7,
        'days without any record are drawn as such',
      );
      t.ok((await page.locator('#timeline .tl-row.current .tl-seg').count()) > 0, 'the shown week is drawn');

      // a legend for every mark drawn on the chart and the timeline
      const unexplained = await page.evaluate(() => {
        const legend = (cls: string) => document.querySelector(`.legend .swatch.${cls}`) !== null;
        const drawn = new Set<string>();
        for (const s of Array.from(document.querySelectorAll<HTMLElement>('#chart button.seg, #timeline .tl-seg'))) {
          for (const c of Array.from(s.classList)) if (/^seg-|^manual$|^crew$/.test(c)) drawn.add(c);
        }
        for (const m of Array.from(document.querySelectorAll<HTMLElement>('#chart .mark')))
          drawn.add(m.classList.contains('gap') ? 'gap' : `status-${m.className.match(/status-(\S+)/)?.[1]}`);
        if (document.querySelector('#chart .bar.empty, #timeline .tl-none')) drawn.add('no-record');
        return [...drawn].filter(
          (c) =>
            !legend(c) && !(c.startsWith('status-') && c !== 'status-incomplete_data' && legend('status-violation')),
        );
      });
      t.same(unexplained, [], 'every kind of mark drawn has a legend entry');

      // the events tab lists the week's events
      await page.waitForSelector('#tab-panel[data-tab="events"][data-state="done"]');
      const events = (
        await getJson<{ items: { description: string; start: string }[] }>(
          svc.url,
          `/api/drivercard/events?card_number=${CANNED_CARD}&date_from=2026-02-23&date_to=2026-03-01`,
        )
      ).body.items;
      t.ok(events.length > 0, 'the canned week has events');
      const listed = await page.$$eval('#tab-panel tbody tr', (rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent)),
      );
      t.same(
        listed.map((r) => [r[0], r[1]]),
        events.map((e) => [e.description, `${e.start.slice(0, 10)} ${e.start.slice(11, 16)}`]),
        "the tab lists the week's events",
      );
      t.match(
        svc.requests.filter((r) => r.startsWith('/api/drivercard/events')).pop()!,
        'date_from=2026-02-23&date_to=2026-03-01',
        'for the dates of the week',
      );
      // tabs from the keyboard
      await page.focus('#tab-events');
      await page.keyboard.press('ArrowRight');
      await page.waitForSelector('#tab-panel[data-tab="faults"][data-state="done"]');
      t.equal(await page.getAttribute('#tab-faults', 'aria-selected'), 'true', 'ArrowRight selects the faults tab');
      t.equal(await page.evaluate(() => document.activeElement?.id), 'tab-faults', 'and moves the focus');
      t.match(await page.textContent('#tab-panel'), 'No faults recorded in 2026-W09');
      await page.keyboard.press('End');
      await page.waitForSelector('#tab-panel[data-tab="places"][data-state="done"]');
      t.equal(
        await page.locator('#tab-panel tbody tr').count(),
        10,
        'End: the places of the week (begin and end of five days)',
      );
      t.match(page.url(), 'tab=places', 'the tab lives in the URL');
      await page.click('#tab-vehicles');
      await page.waitForSelector('#tab-panel[data-tab="vehicles"][data-state="done"]');
      t.match(await page.textContent('#tab-panel'), 'DE B-CD 1234', 'the vehicles used');

      t.match(
        await page.textContent('#week-summary'),
        /Driving 43:30 · Working time 50:40/,
        'working time next to the driving total',
      );
      await page.waitForSelector('#findings .not-evaluated-list.wtd li');
      const notEvaluated = await page.$$eval('#findings .not-evaluated-list.wtd li', (li) =>
        li.map((x) => [(x as HTMLElement).dataset.rule, x.textContent ?? '']),
      );
      t.same(
        notEvaluated.map(([rule]) => rule),
        ['wtd_average_weekly', 'night_work'],
        "the working time's not_evaluated rules are listed under its findings, this data's own first",
      );
      t.match(
        notEvaluated[0]![1],
        'Average weekly working time (WTD, 48 h) — The data holds 2 full week(s), fewer than the reference period',
        'each with its reason',
      );
      t.match(
        await page.textContent('#findings .not-evaluated-title.wtd'),
        `Not evaluated (${CANNED_WTD_NOT_EVALUATED.length})`,
      );
      // the EU 561 pre-check's own: a day without records inside its basis (22 Feb), and what card data never decides
      const eu561 = await page.$$eval('#findings .not-evaluated-list.eu561 li', (li) =>
        li.map((x) => [(x as HTMLElement).dataset.rule, (x as HTMLElement).dataset.kind, x.textContent ?? '']),
      );
      t.same(
        eu561.map(([rule]) => rule),
        ['all', ...STATIC_NOT_EVALUATED.map((n) => n.rule)],
        "the pre-check's not_evaluated rules, this data's own first",
      );
      t.equal(
        eu561[0]![2],
        `EU 561/2006 pre-check — ${CANNED_UNKNOWN_INSIDE.reason}`,
        'the whole pre-check named, with the reason',
      );
      t.same(
        [...new Set(eu561.slice(1).map(([, kind]) => kind))],
        ['always'],
        'the rest marked as never decided from card data',
      );
      t.match(eu561[1]![2], /^Return home every four weeks — Art\. 8\(8a\)/, 'each by name, with its reason');
      t.match(
        await page.textContent('#findings .not-evaluated-title.eu561'),
        `Not evaluated (${STATIC_NOT_EVALUATED.length + 1})`,
      );
      const placed = await page.evaluate(() => {
        const list = document.querySelector('#findings .not-evaluated-list.eu561')!;
        const follows = (a: Element | null, b: Element | null) =>
          a !== null && b !== null && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
        return [
          follows(document.querySelector('#findings .findings-list:not(.wtd)'), list),
          follows(
            list,
            Array.from(document.querySelectorAll('#findings h3')).find((h) => h.textContent?.startsWith('Data gaps')) ??
              null,
          ),
          follows(list, document.querySelector('#findings .not-evaluated-list.wtd')),
        ];
      });
      t.same(placed, [true, true, true], "under the pre-check's findings, before its data gaps and the working time");
      await page.locator('#findings').screenshot({ path: join(shots, 'office-not-evaluated.png') });
      t.equal(await page.locator('#driver-status').textContent(), '', 'no driver status for an older week');
      t.match(
        (await page.textContent('#findings .band-note')) ?? '',
        /published tables/,
        'the bands taken from published tables are named once, under the list',
      );
      t.match(await page.textContent('#findings li.finding'), 'serious infringement (SI)', 'the band in words');
      t.match(
        (await page.getAttribute('#report-link', 'href')) ?? '',
        `report?card_number=${CANNED_CARD}&date_from=2026-02-23&date_to=2026-03-01`,
        'the printable report of the week',
      );

      // authenticity: a plain badge, the per-EF list on demand
      t.match(await page.textContent('#imports-of-card .import-row'), 'verified');
      t.notOk(await page.isVisible('#imports-of-card table.efs'), 'the per-EF list is folded');
      await page.click('#imports-of-card summary');
      t.ok(await page.isVisible('#imports-of-card table.efs'), 'and opens on demand');
      t.equal(await page.locator('#imports-of-card table.efs tbody tr').count(), 12, 'one line per elementary file');

      // the card-out assumption: a visible toggle kept in the URL and passed to the pre-check
      t.equal(await page.inputValue('#unknown-as'), 'gap', 'the default reading of card-out time: a gap to explain');
      await page.selectOption('#unknown-as', 'rest');
      await page.waitForFunction(() => location.search.includes('unknown_as=rest'));
      await waitForWeek(page, CANNED_CARD, '2026-W09');
      await waitForFindings(page, '2026-W09');
      t.match(
        svc.requests.filter((r) => r.includes('/eu561/')).pop()!,
        'unknown_as=rest',
        'the pre-check is asked with the assumption',
      );
      t.match(
        svc.requests.filter((r) => r.includes('/working-time')).pop()!,
        'unknown_as=rest',
        'and so is the working time',
      );
      t.match(await page.textContent('#findings'), 'counts as rest', 'the assumption is stated');
      t.ok(
        (await page.locator('#findings li.finding[data-flags~="assumption"]').count()) > 0,
        'findings that exist only under it are marked',
      );
      t.match(
        await page.textContent('#findings li.finding[data-flags~="assumption"] .readings-line'),
        'Depends on how the checks read: Time without card data',
        'with the reading it depends on, in the words of the readings list',
      );

      // the newest week shows the driver status
      await page.click('#next-week');
      await waitForWeek(page, CANNED_CARD, '2026-W10');
      await waitForFindings(page, '2026-W10');
      await page.waitForSelector('#driver-status dl');
      const status = (await page.textContent('#driver-status')) ?? '';
      t.match(status, 'Driving in two weeks87:00 of 90:00 · 3:00 left', 'durations as hours:minutes');
      t.match(status, 'Next weekly rest must start by2026-03-14 23:59 UTC');
      t.match(page.url(), 'unknown_as=rest', 'the assumption stays while moving');
      await page.screenshot({ path: join(shots, 'office-week-desktop.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(100);
      await noSidewaysScroll(t, page, 'week view');
      await page.screenshot({ path: join(shots, 'office-week-phone.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await readingsAndGap(t, page, svc.requests);
      await page.screenshot({ path: join(shots, 'office-week-gap.png'), fullPage: true });
      t.same(problems, [], 'no console error and no CSP violation');
    },
  );

  t.test('a 409 conflicting_data leads to an answer: the days are marked, one import is offered', async (t) => {
    const svc = await startCannedService({ imported: true, now: NOW });
    t.teardown(() => svc.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => page.close());
    await page.goto(`${svc.url}/?card_number=${CONFLICT_CARD}&week=2026-W08`);
    await waitForWeek(page, CONFLICT_CARD, '2026-W08');
    await waitForFindings(page, '2026-W08');
    t.match(await page.textContent('#findings .conflict-box'), `Imports disagree about ${CONFLICT_DAY}`);
    t.same(
      await page.$$eval('#chart .day-row.conflict', (r) => r.map((x) => (x as HTMLElement).dataset.date)),
      [CONFLICT_DAY],
      'the conflicting day is marked on the chart',
    );
    t.equal(await page.locator(`#timeline .tl-conflict`).count(), 1, 'and on the timeline');
    const offered = await page.$$eval('#findings button.narrow', (b) =>
      b.map((x) => (x as HTMLElement).dataset.importId),
    );
    t.same(offered, ['imp-conflict-b', 'imp-conflict-a'], 'each import is offered as the narrowed basis, newest first');
    await page.screenshot({ path: join(shots, 'office-conflict.png'), fullPage: true });
    await page.click('#findings button.narrow[data-import-id="imp-conflict-b"]');
    await page.waitForFunction(() => location.search.includes('import_id=imp-conflict-b'));
    await waitForWeek(page, CONFLICT_CARD, '2026-W08');
    await waitForFindings(page, '2026-W08');
    t.equal(await page.getAttribute('#findings', 'data-state'), 'done', 'the narrowed pre-check answers');
    t.equal(await page.locator('#findings li.finding').count(), 1, 'with the finding of the week');
    t.match(
      svc.requests.filter((r) => r.includes('/eu561/')).pop()!,
      'import_id=imp-conflict-b',
      'on the chosen import',
    );
    t.equal(await page.inputValue('#basis-import'), 'imp-conflict-b', 'the import selector shows the basis');
    t.equal(await page.locator('#chart .day-row.conflict').count(), 0, 'one import has no conflict');

    // a date range narrows the pre-check too; the fields are typed and read as YYYY-MM-DD in any browser locale
    t.same(await page.$eval('#basis-from', (i) => [(i as HTMLInputElement).type, i.getAttribute('placeholder')]), [
      'text',
      'YYYY-MM-DD',
    ]);
    await page.fill('#basis-from', '16/02/2026');
    await page.fill('#basis-to', '2026-02-22');
    await page.click('#basis-apply');
    t.equal(
      await page.$eval('#basis-from', (i) => (i as HTMLInputElement).validity.patternMismatch),
      true,
      'a date in another format is refused by the field',
    );
    t.notMatch(await page.evaluate(() => location.search), 'date_to=', 'and nothing is applied');
    await page.focus('#basis-from');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2026-02-16');
    await page.fill('#basis-to', '2026-02-22');
    await page.click('#basis-apply');
    await page.waitForFunction(() => location.search.includes('date_from=2026-02-16&date_to=2026-02-22'));
    await waitForFindings(page, '2026-W08');
    t.match(
      svc.requests.filter((r) => r.includes('/eu561/')).pop()!,
      'import_id=imp-conflict-b&date_from=2026-02-16&date_to=2026-02-22',
      'the pre-check reads the chosen dates',
    );
    t.match(await page.textContent('#findings'), 'Basis of the pre-check: 2026-02-16 to 2026-02-22.');
    await page.click('#basis-reset');
    await page.waitForFunction(() => !location.search.includes('import_id'));
    await waitForFindings(page, '2026-W08');
    t.ok(await page.isVisible('#findings .conflict-box'), 'the whole card conflicts again');
  });

  t.test(
    'several files import in one go; a quarantined one is a problem; a 500 shows its correlation id and a retry',
    async (t) => {
      const svc = await startCannedService({ imported: true, now: NOW });
      t.teardown(() => svc.close());
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      t.teardown(() => page.close());
      await page.goto(`${svc.url}/`);
      await page.waitForSelector('main[data-view="fleet"]');
      const dir = mkdtempSync(join(tmpdir(), 'office-'));
      const files = [
        ['a-good.ddd', [0x00, 0x02, 0x04, 0]],
        ['b-tampered.ddd', [0x01, 0x02, 0x04, 0]],
        ['c-vehicle.ddd', [0x76, 0x01, 0, 0]],
      ] as const;
      for (const [name, bytes] of files) writeFileSync(join(dir, name), Buffer.from(bytes));
      await page.setInputFiles(
        '#import-file',
        files.map(([name]) => join(dir, name)),
      );
      await page.waitForFunction(
        () =>
          document.querySelectorAll(
            '#import-list li.import-item:is([data-state="ok"], [data-state="problem"], [data-state="error"])',
          ).length === 3,
      );
      const lines = await page.$$eval('#import-list li.import-item', (li) =>
        li.map((x) => [
          (x as HTMLElement).dataset.file,
          (x as HTMLElement).dataset.state,
          x.querySelector('.import-text')?.textContent ?? '',
        ]),
      );
      t.same(
        lines.map((l) => [l[0], l[1]]),
        [
          ['a-good.ddd', 'ok'],
          ['b-tampered.ddd', 'problem'],
          ['c-vehicle.ddd', 'error'],
        ],
        'a line per file with its result',
      );
      t.match(lines[1]![2], /^Problem: QUARANTINED/, 'the tampered file is reported as a problem');
      t.match(lines[1]![2], 'authenticity INVALID');
      t.match(
        await page.textContent('#import-list li[data-file="b-tampered.ddd"] .warnings-list'),
        'does not verify',
        'with its warnings',
      );
      t.match(lines[2]![2], 'vehicle-unit download');
      t.match(lines[0]![2], /^Already imported \(reused\)/, 'the good file was imported before');
      t.equal(
        await page.textContent('#import-summary'),
        '3 files: 0 imported, 1 already imported (reused), 1 with a problem, 1 failed.',
        'the summary counts the reused file as its line says it',
      );
      t.equal(svc.requests.filter((r) => r.startsWith('/api/drivercard/parse')).length, 3, 'each file POSTed once');
      await page.waitForSelector(`table.fleet tr[data-card="${BROKEN_CARD}"]`);
      t.match(
        await page.textContent(`table.fleet tr[data-card="${BROKEN_CARD}"]`),
        'invalid',
        'the fleet lists the new card with its authenticity',
      );
      await page.screenshot({ path: join(shots, 'office-multi-import.png'), fullPage: true });

      // a quarantined basis: the pre-check refuses, the page offers to look anyway, marked untrusted
      await page.click(`a.driver-link[data-card="${BROKEN_CARD}"]`);
      await waitForWeek(page, BROKEN_CARD, '2026-W10');
      await waitForFindings(page, '2026-W10');
      t.equal(
        await page.getAttribute('#findings .conflict-box', 'data-code'),
        'quarantined_data',
        'the 409 quarantined_data is shown',
      );
      t.match(await page.textContent('#imports-of-card'), 'quarantined', 'the import is marked quarantined');
      t.equal(await page.textContent('#imports-of-card .auth'), 'invalid', 'with its INVALID authenticity');
      await page.click('#imports-of-card summary');
      t.same(
        await page.$$eval('#imports-of-card tr[data-result="INVALID"]', (r) =>
          r.map((x) => (x as HTMLElement).dataset.ef),
        ),
        ['0504'],
        'the per-EF list names the EF that fails',
      );
      await page.click('#findings button.include-quarantined');
      await page.waitForFunction(() => location.search.includes('include_quarantined=true'));
      await waitForFindings(page, '2026-W10');
      t.match(svc.requests.filter((r) => r.includes('/eu561/')).pop()!, 'include_quarantined=true', 'asked explicitly');
      t.ok(
        (await page.locator('#findings li.finding[data-flags~="untrusted"]').count()) > 0,
        'its findings are marked untrusted',
      );

      svc.failNext('/api/drivercard/week-overview', 'corr-4711');
      await page.goto(`${svc.url}/?card_number=${CANNED_CARD}&week=2026-W09`);
      await page.waitForSelector('#problem .error-box');
      t.equal(await page.textContent('#problem code.correlation'), 'corr-4711', 'the 500 shows its correlation id');
      t.equal(await page.getAttribute('main', 'data-view'), 'error');
      await page.screenshot({ path: join(shots, 'office-500.png') });
      await page.click('#problem button.retry');
      await waitForWeek(page, CANNED_CARD, '2026-W09');
      t.notOk(await page.isVisible('#problem'), 'the retry shows the week');
    },
  );
}

/**
 * The three readings of card-out time from the week view: each is asked of the service and kept in the URL but the
 * default (a gap to explain); the week of the canned gap (Sunday 22 February) lists it once, with its length in
 * hours and minutes and an "Annotate…" control.
 */
async function readingsAndGap(t: Test, page: Page, requests: readonly string[]): Promise<void> {
  await page.selectOption('#unknown-as', 'unknown');
  await page.waitForFunction(() => location.search.includes('unknown_as=unknown'));
  await waitForFindings(page, '2026-W10');
  t.match(requests.filter((r) => r.includes('/eu561/')).pop()!, 'unknown_as=unknown', 'the pre-check is asked so');
  await page.selectOption('#unknown-as', 'gap');
  await page.waitForFunction(() => !location.search.includes('unknown_as'));
  await page.fill('#week', '2026-W08');
  await page.dispatchEvent('#week', 'change');
  await waitForWeek(page, CANNED_CARD, '2026-W08');
  await waitForFindings(page, '2026-W08');
  t.notMatch(requests.filter((r) => r.includes('/eu561/')).pop()!, 'unknown_as', 'the default: not named');
  const gaps = page.locator('#findings li.gap-item');
  t.equal(await gaps.count(), 1, 'the gap listed once');
  t.match(await gaps.first().textContent(), 'Data gap of 24:00', 'its length in hours and minutes');
  t.equal(await gaps.first().locator('.annotate-open').count(), 1, 'with its "Annotate…" control');
}
