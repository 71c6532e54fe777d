/**
 * Browser test of the page's vehicles across cards against the real service (fixtures encoder → import use case →
 * SQLite → HTTP, the built page assets): the list shows the unaccounted km, a vehicle opens its timeline.
 * Runs Debian's Chromium; never downloads one.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { GEN1_MIN } from '../../../fixtures/encoder/capacities.js';
import { NATION } from '../../../fixtures/encoder/nations.js';
import { at } from '../../../fixtures/encoder/time.js';
import { baseScenario, ch, day, reg } from '../../../fixtures/scenarios/build.js';
import { dddService } from '../../http/testing/ddd-service.js';
import { chromiumMissing, launchChromium, watchProblems } from './browser.js';
import { serveWebAsset, WEB_CONTENT_SECURITY_POLICY } from '../../http/web-assets/web-assets.js';

function card(number: string, date: string, begin: number, end: number): Uint8Array {
  const base = baseScenario({ generation: 'GEN1' });
  return encodeCard({
    ...base,
    capacities: GEN1_MIN,
    identification: { ...base.identification, cardNumber: number },
    days: [day(date, 0, [ch('00:00', 'R'), ch('06:00', 'D'), ch('12:00', 'R')], 1)],
    vehicles: [
      {
        odometerBegin: begin,
        odometerEnd: end,
        firstUse: at(date, 6),
        lastUse: at(date, 12),
        registration: reg(NATION.DE, 'M-WEB 1'),
        vuDataBlockCounter: 1,
        vin: null,
      },
    ],
  });
}

const missing = chromiumMissing();
if (missing) {
  reportMissingDependency(t, `vehicles page browser test NOT RUN: ${missing}`, '.ci/run installs chromium');
} else {
  t.test('vehicles: the list with unaccounted km, a timeline per vehicle', async (t) => {
    const service = await dddService('2026-03-10T08:00:00Z', {
      serve: (p) => serveWebAsset(p),
      contentSecurityPolicy: WEB_CONTENT_SECURITY_POLICY,
    });
    t.teardown(() => service.close());
    await service.importFile(card('DF00000000000W01', '2026-03-02', 1000, 1400));
    await service.importFile(card('DF00000000000W02', '2026-03-04', 1475, 1600));
    const server = createServer(async (req, res) => {
      // the service answers Host 127.0.0.1:5055 only (DNS rebinding guard): the test server forwards under it
      const response = await service.fetch(new Request(`http://127.0.0.1:5055${req.url}`));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const browser = await launchChromium();
    t.teardown(() => browser.close());
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.click('#vehicles-show');
    await page.waitForSelector('table.vehicles-table tbody tr');
    const cells = await page.$$eval('table.vehicles-table tbody tr td', (tds) => tds.map((td) => td.textContent));
    t.same(cells, ['M-WEB 1 (DE)', 'DF00000000000W01, DF00000000000W02', '2026-03-02', '2026-03-04', '525', '75', '0']);
    await page.click('table.vehicles-table tbody tr button');
    await page.waitForSelector('.vehicle-timeline .vehicle-unaccounted');
    t.equal(await page.$$eval('.vehicle-timeline .vehicle-use', (b) => b.length), 2);
    t.match(await page.textContent('.vehicle-segments'), /75 km no imported card accounts for/);
    t.same(problems, []);
  });
}
