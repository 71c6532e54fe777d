/**
 * Browser test of the week view's states against a canned service (./e2e/canned-service.ts): empty
 * list, rejected and accepted imports, a 409 pre-check, data gaps, the strict CSP, and the same chart
 * checks as the end-to-end test on deterministic data. Runs Debian's Chromium; never downloads one.
 */

import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { chromiumMissing, launchChromium, screenshotDir, watchProblems } from './browser.js';
import { CANNED_CARD, startCannedService } from './canned-service.js';
import {
  checkBars,
  checkFindings,
  checkKeyboardTooltip,
  checkPhone,
  checkTotals,
  checkWeekSwitch,
  fetchPrecheckForWeek,
  fetchWeek,
  waitForFindings,
  waitForWeek,
} from './week-view-checks.js';
import { findRepoRoot } from '../../http/web-assets/web-assets.js';

const missing = chromiumMissing();
if (missing) {
  reportMissingDependency(t, `week view browser test NOT RUN: ${missing}`, '.ci/run installs chromium');
} else {
  const root = findRepoRoot(process.cwd());
  const shots = screenshotDir(root);
  const browser = await launchChromium();
  t.teardown(() => browser.close());

  t.test('empty service, rejected and accepted imports', async (t) => {
    const svc = await startCannedService({ imported: false });
    t.teardown(() => svc.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // the rejected file's 422 is expected; anything else (a CSP violation, a script error) is not
    const problems = watchProblems(page, /status of 422/);
    await page.goto(`${svc.url}/`);
    await page.waitForSelector('main[data-view="empty"]');
    t.match(await page.textContent('#status'), /No driver card has been imported yet/);
    t.notOk(await page.isVisible('#week-view'), 'no week view without a driver');
    t.ok(await page.isVisible('#fleet'), 'the page opens on the fleet');
    await page.screenshot({ path: join(shots, 'states-empty.png') });

    const dir = mkdtempSync(join(tmpdir(), 'week-view-'));
    const vu = join(dir, 'vehicle.ddd');
    writeFileSync(vu, Buffer.from([0x76, 0x01, 0, 0]));
    await page.setInputFiles('#import-file', vu);
    await page.waitForSelector('#import-list li[data-state="error"]');
    t.match(
      await page.textContent('#import-list li'),
      'The file is a vehicle-unit download, not a driver card.',
      "the service's message is shown",
    );

    const card = join(dir, 'card.ddd');
    writeFileSync(card, Buffer.from([0x00, 0x02, 0x04, 0, 0]));
    await page.setInputFiles('#import-file', card);
    await page.waitForSelector('#import-list li[data-state="ok"]');
    const result = (await page.textContent('#import-list li .import-text')) ?? '';
    t.match(result, CANNED_CARD, 'the import shows the card');
    t.match(result, 'CANNED, Canned', 'and the driver');
    t.match(result, '2026-02-16 to 2026-03-08', 'and the activity range');
    t.match(result, /^Imported/, 'a new import is not "reused"');
    t.match(result, 'authenticity verified', 'and its authenticity');
    await waitForWeek(page, CANNED_CARD, '2026-W10');
    t.match(page.url(), `card_number=${CANNED_CARD}&week=2026-W10`, 'the imported card opens at its latest week');
    t.equal(await page.inputValue('#driver'), CANNED_CARD, 'the refreshed driver list selects the card');
    const parseRequest = svc.requests.filter((r) => r.startsWith('/api/drivercard/parse'));
    t.equal(parseRequest.length, 2, 'each file was POSTed once');

    await page.setInputFiles('#import-file', card);
    await page.waitForSelector('#import-list li[data-reused="true"]');
    t.match(await page.textContent('#import-list li .import-text'), /^Already imported \(reused\)/);
    t.same(problems, [], 'no console error and no CSP violation');
  });

  t.test('a canned week: bars, totals, findings, keyboard, URL, phone', async (t) => {
    const svc = await startCannedService({ imported: true });
    t.teardown(() => svc.close());
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${svc.url}/`);
    await page.waitForSelector('main[data-view="fleet"]');
    t.equal(await page.locator('#driver option').count(), 4, 'placeholder + three drivers');
    await page.selectOption('#driver', CANNED_CARD);
    await waitForWeek(page, CANNED_CARD, '2026-W10');
    await page.fill('#week', '2026-W09');
    await waitForWeek(page, CANNED_CARD, '2026-W09');
    t.match(page.url(), `?card_number=${CANNED_CARD}&week=2026-W09`);

    const week = await fetchWeek(svc.url, CANNED_CARD, '2026-W09');
    const checked = await fetchPrecheckForWeek(svc.url, CANNED_CARD, '2026-W09');
    t.equal(
      checked.path,
      `/api/drivercard/eu561/violations?card_number=${CANNED_CARD}&date_from=2026-02-02&date_to=2026-03-01`,
      'the week and the 3 weeks before',
    );
    const pre = checked.body;
    t.equal(checked.raw.violations.length, 2, "the window's answer holds the findings of 2026-W08 and 2026-W09");
    t.equal(pre.violations.length, 1, 'of which one lies in 2026-W09');
    t.equal(checked.raw.data_gaps.length, 1, 'and a data gap on the Sunday before');
    t.equal(pre.data_gaps.length, 0, 'which is not listed for 2026-W09');
    const segments = await checkBars(t, page, week);
    t.ok(segments > 30, 'the canned week has many segments');
    t.equal(await page.locator('#chart button.seg.manual').count(), 3, 'manual entries are marked');
    t.equal(await page.locator('#chart button.seg.crew').count(), 1, 'crew driving is marked');
    t.equal(await page.locator('#chart button.seg[data-kind="UNKNOWN"]').count(), 6, 'unknown periods are marked');
    await checkTotals(t, page, week);
    await waitForFindings(page, '2026-W09');
    await page.screenshot({ path: join(shots, 'states-week.png'), fullPage: true });
    await checkFindings(t, page, week, pre, shots, 'states');
    t.equal(
      svc.requests.filter((r) => r.startsWith('/api/drivercard/eu561/')).pop(),
      checked.path,
      'the page asked the same window',
    );
    t.match(
      await page.textContent('#findings h3'),
      'The pre-check also looked at the 3 weeks before (from 2026-02-02).',
      'and says so in the heading',
    );
    await checkKeyboardTooltip(t, page, shots, 'states');
    await checkWeekSwitch(t, page, CANNED_CARD, '2026-W09', '2026-W10');

    // a link reopens the same view
    const again = await context.newPage();
    await again.goto(`${svc.url}/?card_number=${CANNED_CARD.toLowerCase()}&week=2026-W08`);
    await waitForWeek(again, CANNED_CARD, '2026-W08');
    await waitForFindings(again, '2026-W08');
    t.equal(await again.inputValue('#week'), '2026-W08');
    t.equal(await again.locator('#findings li.gap-item').count(), 1, 'the data gap is listed');
    await again.click('#findings li.gap-item button.link');
    t.same(
      await again.$$eval('#chart .day-row.flash', (r) => r.map((x) => (x as HTMLElement).dataset.date)),
      ['2026-02-22'],
      'the gap highlights its day',
    );
    t.equal(await again.locator('#chart .mark.gap').count(), 1, 'the gap is marked on the chart');

    await page.setViewportSize({ width: 390, height: 844 });
    await checkPhone(
      t,
      page,
      `${svc.url}/?card_number=${CANNED_CARD}&week=2026-W09`,
      CANNED_CARD,
      '2026-W09',
      shots,
      'states',
    );
    t.same(problems, [], 'no console error and no CSP violation');
  });

  t.test(
    'the chart does not wait for the pre-check, and a late pre-check of another week is never drawn',
    async (t) => {
      const svc = await startCannedService({ imported: true });
      t.teardown(() => svc.close());
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      t.teardown(() => page.close());
      const problems = watchProblems(page);
      /** The page sends its pre-check once the week-overview answered: wait (bounded) until `n` are held. */
      const held = async (n: number) => {
        for (let i = 0; i < 100 && svc.heldPrechecks().length < n; i++) await new Promise((r) => setTimeout(r, 20));
        return svc.heldPrechecks();
      };
      svc.holdPrechecks(true);
      await page.goto(`${svc.url}/?card_number=${CANNED_CARD}&week=2026-W09`);
      await waitForWeek(page, CANNED_CARD, '2026-W09');
      const week = await fetchWeek(svc.url, CANNED_CARD, '2026-W09');
      t.equal((await held(1)).length, 1, 'the pre-check of 2026-W09 has not answered');
      t.equal(await page.getAttribute('main', 'data-view'), 'ready', 'yet the week is shown');
      t.ok((await checkBars(t, page, week)) > 30, 'with all its segments');
      await checkTotals(t, page, week);
      t.equal(
        await page.textContent('#findings'),
        'Running the pre-check…',
        'the findings area says the pre-check runs',
      );
      t.equal(await page.getAttribute('#findings', 'aria-busy'), 'true', 'and is marked busy');
      t.equal(await page.locator('#chart .mark').count(), 0, 'no mark on the chart yet');
      await page.screenshot({ path: join(shots, 'states-precheck-running.png'), fullPage: true });

      // the user moves on before the pre-check of 2026-W09 answers
      await page.click('#next-week');
      await waitForWeek(page, CANNED_CARD, '2026-W10');
      t.same(
        (await held(2)).map((p) => new URLSearchParams(p.split('?')[1]).get('date_from')),
        ['2026-02-02', '2026-02-09'],
        'both pre-checks wait, each for its week and the 3 weeks before',
      );
      t.ok(svc.releaseOldestPrecheck(), 'the pre-check of 2026-W09 answers late');
      await page.waitForTimeout(300);
      t.equal(await page.getAttribute('#findings', 'data-week'), '2026-W10', 'the findings area belongs to 2026-W10');
      t.equal(
        await page.textContent('#findings'),
        'Running the pre-check…',
        'and still waits: the answer for 2026-W09 is not drawn',
      );
      t.equal(await page.locator('#chart .mark').count(), 0, 'nor marked on the chart');

      svc.holdPrechecks(false); // answers the pre-check of 2026-W10, and the test's own requests below
      await waitForFindings(page, '2026-W10');
      const pre = (await fetchPrecheckForWeek(svc.url, CANNED_CARD, '2026-W10')).body;
      const listed = await page.$$eval('#findings li.finding', (items) =>
        items.map((li) => ({
          rule: (li as HTMLElement).dataset.rule,
          start: li.querySelector<HTMLElement>('button.link')?.dataset.start,
        })),
      );
      t.ok(pre.violations.length > 0, 'the canned 2026-W10 has a finding');
      t.same(
        listed,
        pre.violations.map((v) => ({ rule: v.rule, start: v.start })),
        'the findings of 2026-W10 are listed',
      );
      t.ok(
        listed.every((f) => f.start?.startsWith('2026-03-04')),
        'all on Wednesday 2026-03-04, none of 2026-W09',
      );
      t.equal(await page.getAttribute('#findings', 'aria-busy'), 'false', 'no longer busy');
      t.same(
        await page.$$eval('#chart .day-row:has(.mark.finding)', (rows) =>
          rows.map((r) => (r as HTMLElement).dataset.date),
        ),
        ['2026-03-04'],
        'the finding is marked on its day of 2026-W10',
      );
      t.same(problems, [], 'no console error (the aborted request of 2026-W09 is not one)');
    },
  );
}
