/**
 * Browser test of the Vehicles view from vehicle-unit downloads against canned answers (./canned-vehicle-units.ts):
 * the today count of driving without a card opens the Vehicles view filtered, a vehicle opens its timeline of both
 * slots in the page's zone (Europe/Berlin here) with the drive without a card marked and reachable by keyboard,
 * the cards by their holders' names, overspeeding marked; the week view and the calibration filter.
 * Runs Debian's Chromium; never downloads one.
 */
import t from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { chromiumMissing, launchChromium, watchProblems } from './browser.js';
import { startCannedService } from './canned-service.js';
import { VU_VIN } from './canned-vehicle-units.js';

const missing = chromiumMissing();
if (missing) {
  reportMissingDependency(t, `vehicle-unit page browser test NOT RUN: ${missing}`, '.ci/run installs chromium');
} else {
  t.test('today → vehicles driven without a card → the timeline of both slots', async (t) => {
    const svc = await startCannedService({ imported: true });
    t.teardown(() => svc.close());
    const browser = await launchChromium();
    t.teardown(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${svc.url}/?tz=Europe/Berlin`);

    const tile = page.locator('#today-counts a[data-today="driving_without_card_4w"]');
    await tile.waitFor();
    t.equal(await tile.locator('.count-value').textContent(), '1');
    t.match(await tile.textContent(), /^1drive without a card in the last 4 weeks$/);
    await tile.click();
    await page.waitForSelector('table.vu-vehicles-table tbody tr');
    t.match(page.url(), /vehicles=without_card/);
    t.same(
      await page.$$eval('table.vu-vehicles-table tbody tr', (rows) => rows.map((r) => (r as HTMLElement).dataset.vin)),
      [VU_VIN],
    );
    const cells = await page.$$eval('table.vu-vehicles-table tbody tr td', (tds) => tds.map((td) => td.textContent));
    t.same(cells, [
      'B-TR 4711 (DE)',
      VU_VIN,
      '2026-03-03 16:00',
      '2026-06-01 17:00',
      '2026-04-01 — Calibration due within 30 days',
      'VERIFIED',
    ]);

    await page.click('table.vu-vehicles-table tbody tr button');
    const without = page.locator('.vu-band.vu-without-card');
    await without.waitFor();
    t.equal(
      await without.getAttribute('aria-label'),
      'Driving without a card 2026-03-03 06:00–06:20 (0:20), no card, 20 km',
    );
    // keyboard: the mark is a button in the tab order
    await without.focus();
    t.equal(await page.evaluate(() => document.activeElement?.classList.contains('vu-without-card')), true);
    const labels = (lane: string) =>
      page.$$eval(`[data-lane="${lane}"] .vu-band`, (bands) => bands.map((b) => b.getAttribute('aria-label')));
    t.match(
      (await labels('DRIVER-cards')).join(' | '),
      /Müller, Jürgen Karl \(DF00000123456001\) 2026-03-03 07:00–16:00/,
    );
    t.match((await labels('CO_DRIVER-cards')).join(' | '), /Dupont, Marie \(F1234567890ABC00\) 2026-03-03 07:00–15:00/);
    t.same(await labels('overspeeding'), ['Overspeeding 2026-03-03 09:00–09:02, up to 98 km/h, Müller, Jürgen Karl']);
    t.match(
      await page.getAttribute('.vu-documents a', 'href'),
      `vehicle-report.pdf?vin=${VU_VIN}&date_from=2026-03-03&date_to=2026-03-03`,
    );

    await page.click('[data-step="week"]');
    await page.waitForFunction(() => document.querySelector('.vu-timeline-body h5')?.textContent?.includes(' to '));
    t.match(await page.textContent('.vu-timeline-body h5'), '2026-03-02 to 2026-03-08 (times in Europe/Berlin)');
    t.equal(await page.locator('.vu-band.vu-without-card').count(), 1, 'the week holds the same drive');

    await page.selectOption('#vu-vehicles-filter', 'download_overdue');
    await page.waitForFunction(() => document.querySelector('.vu-filter-title')?.textContent?.includes('overdue'));
    t.same(
      await page.$$eval('table.vu-vehicles-table tbody tr td:first-child', (tds) => tds.map((td) => td.textContent)),
      ['M-XY 99 (DE)'],
    );
    t.match(page.url(), /vehicles=download_overdue/);
    t.same(problems, []);
  });
}
