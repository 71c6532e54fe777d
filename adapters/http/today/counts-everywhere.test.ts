/**
 * One count everywhere (docs/counts.md, core/fleet/counts.ts). On one hand-made fleet (fixtures' encoder, random
 * working days, imported as DDD files through the real service), every place that shows a count shows the same
 * number: "today" (open findings, the drivers holding them, drivers with infringements) and its card lists, the fleet
 * list, its filters and its summary, the drivers CSV, and per card GET /findings over the card's last 4 weeks, the
 * findings CSV, the report and the driver letter of those weeks. A review moves a finding out of the open count
 * everywhere that counts open findings, and nowhere else.
 */
import t from 'tap';
import { GEN1_MAX } from '../../../fixtures/encoder/capacities.js';
import { encodeCard } from '../../../fixtures/encoder/encode-card.js';
import { Prng } from '../../../fixtures/encoder/prng.js';
import { baseScenario, randomDays } from '../../../fixtures/scenarios/build.js';
import { findingWeeks } from '../../../core/fleet/counts.js';
import { dayOf, isoDay, isoWeekOf, mondayOf, parseIsoDay, parseIsoTimestamp } from '../../../core/time.js';
import { parseCsv } from '../../office/testing/parse-csv.js';
import { dddService } from '../testing/ddd-service.js';

const CARDS = [
  { card: 'CE00000000000101', last: '2026-03-22', cardOut: false },
  { card: 'CE00000000000201', last: '2026-03-18', cardOut: true },
  { card: 'CE00000000000301', last: '2026-03-12', cardOut: false },
];

function fileOf(card: string, last: string, cardOut: boolean, seed: number): Uint8Array {
  const scenario = baseScenario({
    generation: 'GEN1',
    capacities: GEN1_MAX,
    days: randomDays(new Prng(seed), last, 49, { cardOut }),
  });
  scenario.identification.cardNumber = card;
  return encodeCard(scenario);
}

t.test('today, the fleet, its filters, the CSVs, /findings, the report and the letter count alike', async (t) => {
  const service = await dddService('2026-03-25T12:00:00Z');
  t.teardown(() => service.close());
  for (const [i, c] of CARDS.entries()) await service.importFile(fileOf(c.card, c.last, c.cardOut, 3700 + i));
  const json = async (path: string) => (await service.get(path)).json() as Promise<any>;
  const text = async (path: string) => (await service.get(path)).text();

  /** Each card's last 4 weeks as query parameters, and the findings GET /findings lists for them. */
  const perCard = async () =>
    Promise.all(
      CARDS.map(async ({ card, last }) => {
        const weeks = findingWeeks(parseIsoDay(last)!);
        const params = `card_number=${card}&date_from=${isoDay(weeks.from)}&date_to=${isoDay(weeks.to)}`;
        const all = (await json(`/api/drivercard/findings?${params}&limit=5000`)).items as any[];
        return { card, params, weeks, all, open: all.filter((f) => f.review_status === 'OPEN') };
      }),
    );
  let cards = await perCard();
  t.ok(
    cards.every((c) => c.all.length > 0),
    'every card has findings',
  );
  t.ok(
    cards.some((c) => c.all.some((f) => f.source === 'wtd')),
    'working-time findings among them',
  );

  const fleetRows = async (query = '') => (await json(`/api/drivercard/drivers?${query}`)).items as any[];
  const total = (r: any) => r.findings_4w.VIOLATION + r.findings_4w.POTENTIAL + r.findings_4w.INCOMPLETE_DATA;
  const violating = cards.filter((c) => c.all.some((f) => f.status === 'VIOLATION')).map((c) => c.card);
  t.ok(violating.length > 0, 'some card has a violation');

  const check = async (label: string) => {
    const today = await json('/api/drivercard/today');
    const open = cards.reduce((n, c) => n + c.open.length, 0);
    const withOpen = cards.filter((c) => c.open.length > 0).map((c) => c.card);
    t.equal(today.open_findings, open, `${label}: today's open findings are /findings' OPEN ones`);
    t.equal(today.drivers_with_open_findings, withOpen.length, `${label}: and the drivers holding them`);
    const listed = (await json('/api/drivercard/today/drivers?list=open_findings')).items.map(
      (r: any) => r.card_number,
    );
    t.same(listed.sort(), withOpen.sort(), `${label}: today's open-findings list`);
    const summary = await json('/api/drivercard/drivers/summary');
    t.equal(summary.with_infringements, violating.length, `${label}: the fleet's drivers with infringements`);
    t.equal(today.drivers_with_infringements, violating.length, `${label}: today's, the same`);

    const rows = await fleetRows();
    const csv = parseCsv(await text('/export/drivers.csv'));
    const col = (name: string) => csv[0]!.indexOf(name);
    for (const c of cards) {
      const row = rows.find((r) => r.card_number === c.card);
      t.equal(total(row), c.all.length, `${label} ${c.card}: the fleet column counts /findings' findings`);
      t.equal(row.findings_4w.VIOLATION, c.all.filter((f) => f.status === 'VIOLATION').length);
      // the week the page opens: the most serious finding's (the first listed), from the 4 weeks' first day on
      const day = Math.max(dayOf(parseIsoTimestamp(c.all[0].start)), c.weeks.from);
      t.same(
        [row.findings_4w_most_serious_week, row.findings_4w_most_serious_week_start],
        [isoWeekOf(day), isoDay(mondayOf(day))],
        `${label} ${c.card}: the row leads to the week of its most serious finding`,
      );
      const [filtered] = await fleetRows(`q=${c.card}`);
      t.same(filtered.findings_4w, row.findings_4w, `${label} ${c.card}: the filtered list alike`);
      const line = csv.find((r) => r[0] === c.card)!;
      const csvTotal = ['violations_4w', 'potential_4w', 'incomplete_data_4w'].reduce(
        (n, k) => n + Number(line[col(k)]),
        0,
      );
      t.equal(csvTotal, c.all.length, `${label} ${c.card}: drivers.csv`);
      const findingsCsv = parseCsv(await text(`/export/findings.csv?${c.params}`));
      t.equal(findingsCsv.length - 1, c.all.length, `${label} ${c.card}: findings.csv`);
      const report = await text(`/report?${c.params}`);
      t.match(report, `<h2>Findings (${c.all.length})</h2>`, `${label} ${c.card}: the report`);
      const letter = await text(`/letter?${c.params}`);
      const followUp = letter.slice(letter.indexOf('class="follow-up"'));
      const body = followUp.slice(followUp.indexOf('<tbody>'), followUp.indexOf('</tbody>'));
      t.equal(body.split('<tr>').length - 1, c.all.length, `${label} ${c.card}: the letter's follow-up`);
    }
  };
  await check('before any review');

  const reviewed = cards.find((c) => c.card === violating[0])!.all.find((f) => f.status === 'VIOLATION')!;
  const review = await service.fetch(
    new Request(`http://127.0.0.1:5055/api/drivercard/findings/${reviewed.finding_id}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'CONFIRMED', note: 'seen', author: 'office' }),
    }),
  );
  t.equal(review.status, 201);
  const openBefore = cards.reduce((n, c) => n + c.open.length, 0);
  cards = await perCard();
  t.equal(
    cards.reduce((n, c) => n + c.open.length, 0),
    openBefore - 1,
    'the confirmed finding is no longer open',
  );
  await check('after a review');
  const letter = await text(`/letter?${cards.find((c) => c.card === violating[0])!.params}`);
  const confirmed = letter.slice(letter.indexOf('class="confirmed"'), letter.indexOf('class="signatures"'));
  t.equal(confirmed.split('<tr><td>').length - 1, 1, "the letter's confirmed findings: the one confirmed");
  t.same(service.errors, []);
});
