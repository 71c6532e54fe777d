/**
 * The letter's document model: the readings in force follow the findings, and a confirmed infringement that rests on
 * a reading says so under what was found.
 */
import t from 'tap';
import { readingsInForce } from '../../../core/eu561/readings.js';
import { documentHtml } from '../document/html.js';
import { letterDocument } from './letter-document.js';
import type { LetterFinding, LetterModel } from './letter-model.js';

const finding = (over: Partial<LetterFinding>): LetterFinding => ({
  finding_id: 'f1',
  check: 'EU 561/2006',
  rule: 'daily_driving',
  status: 'VIOLATION',
  severity: 'SI',
  start: '2026-03-04T03:00:00Z',
  end: '2026-03-04T14:45:00Z',
  description: 'Daily driving 11:00 exceeds 9:00.',
  review_status: 'CONFIRMED',
  confirmed: true,
  notes: [],
  annotations: [],
  possibly_justified: false,
  ...over,
});

const model = (findings: LetterFinding[], readings = readingsInForce('gap', ['eu561', 'wtd'])): LetterModel => ({
  card_number: 'AAAA000000000001',
  surname: 'Brown',
  first_names: 'Ann',
  date_from: '2026-03-02',
  date_to: '2026-03-08',
  findings,
  rule_version: 'r1',
  algorithm_version: 'a1',
  readings,
});

const proof = { imports: [], rule_version: 'r1', algorithm_version: 'a1', conflicts: [] };

t.test('the letter names the readings in force and those a confirmed finding depends on', async (t) => {
  const readings = readingsInForce('gap', ['eu561', 'wtd']);
  const depends = finding({ readings: ['card_out_time'], assumption_dependent: true });
  const html = documentHtml(letterDocument(model([depends, finding({ finding_id: 'f2' })]), proof));
  t.match(html, `<h2>Readings (${readings.length})</h2>`);
  t.match(
    html,
    '<li data-reading="card_out_time"><strong>Time without card data</strong>: What the driver did',
    'each reading by its id',
  );
  t.match(html, '1 finding(s) of this letter depend on it.', 'counted over the letter');
  t.equal(
    html.split('Depends on the readings: Time without card data (see &quot;Readings&quot;).').length,
    2,
    'the one finding that depends on it says so',
  );
  t.match(html, 'It exists only because time without card data was read as rest.');
});

t.test('a letter without readings prints no readings section', async (t) => {
  const html = documentHtml(letterDocument(model([finding({})], []), proof));
  t.notMatch(html, 'Readings (');
  t.notMatch(html, 'Depends on the readings');
});
