/**
 * A card's due dates run from the moment of its newest download (the newest day ends at it), not from EF
 * Card_Download, which the equipment writes after reading the card and so holds the card's previous download
 * (DDP_051): the fleet row, "today"'s due lists and the drivers CSV, on a card encoded and decoded as a real file.
 */
import t from 'tap';
import { decodeDddBytes } from '../../../core/decoder/index.js';
import { toParsedCard } from '../../../core/rows/to-parsed-card.js';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { GEN2 } from '../../../fixtures/encoder/capacities.js';
import { at } from '../../../fixtures/encoder/time.js';
import { baseScenario, ch, day } from '../../../fixtures/scenarios/build.js';
import { officeService } from '../testing/office-service.js';

const DATES = ['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29'];

/** Working days up to Sunday 29 March, the last change at 14:30 (the download); EF Card_Download says 23 March. */
function downloadedOn29March() {
  const days = DATES.map((d, i) =>
    day(d, 200, [ch('00:00', 'R'), ch('06:00', 'D'), ch('09:00', 'R'), ch('09:45', 'D'), ch('14:30', 'R')], i + 1),
  );
  const scenario = baseScenario({ generation: 'GEN2', capacities: GEN2, days, cardDownload: at('2026-03-23', 7, 0) });
  return toParsedCard(decodeDddBytes(encodeCard(scenario)));
}

t.test('last download and next due from the download moment; EF Card_Download kept as the previous one', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  const card = downloadedOn29March();
  t.equal(card.card_download_s, at('2026-03-23', 7, 0), 'the file carries the previous download');
  await service.importCard(card);
  service.setNow('2026-04-21T08:00:00Z');

  const [row] = ((await (await service.get('/api/drivercard/drivers')).json()) as any).items;
  t.match(row, {
    last_download: '2026-03-29T14:30:00Z',
    last_download_source: 'ACTIVITY_END',
    card_previous_download: '2026-03-23T07:00:00Z',
    next_download_due: '2026-04-26T14:30:00Z',
    overdue: false,
    download_days_left: 5,
  });

  const list = async (name: string) =>
    ((await (await service.get(`/api/drivercard/today/drivers?list=${name}`)).json()) as any).items.map(
      (r: any) => r.card_number,
    );
  t.same(await list('due_week'), [row.card_number], 'due within the week (26 April), not overdue (20 April)');
  t.same(await list('overdue'), []);
  const today = await (await service.get('/api/drivercard/today')).json();
  t.match(today, { due_week: 1, overdue: 0 });

  service.setNow('2026-04-26T15:00:00Z');
  t.same(await list('overdue'), [row.card_number], 'overdue after 26 April 14:30');

  const csv = (await (await service.get('/export/drivers.csv')).text()).split('\r\n');
  const header = csv[0]!.split(',');
  const cells = csv[1]!.split(',');
  t.equal(cells[header.indexOf('last_download')], '2026-03-29T14:30:00Z', 'the CSV dates the same download');
  t.equal(cells[header.indexOf('next_download_due')], '2026-04-26T14:30:00Z');
  t.same(service.errors, []);
});
