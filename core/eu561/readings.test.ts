import t from 'tap';
import { orderedReadings, READING_IDS, READINGS, readingsInForce, UNKNOWN_AS_VALUES } from './readings.js';

t.test('every reading is declared once, snake_case, with its question, choice, alternative and article', async (t) => {
  t.equal(new Set(READING_IDS).size, READINGS.length, 'ids are unique');
  for (const r of READINGS) {
    t.match(r.id, /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, r.id);
    for (const field of ['name', 'question', 'choice', 'alternative', 'article'] as const)
      t.ok(r[field].length > 10, `${r.id} ${field}`);
    t.match(r.article, /Art\./, `${r.id} names its article`);
  }
  for (const id of [
    'card_out_time',
    'long_rest_two_weekly_rests',
    'ferry_train_cabin',
    'out_of_scope_time',
    'return_home',
  ])
    t.ok(READING_IDS.includes(id as never), id);
});

t.test('the readings in force: per check, the card-out choice following unknown_as', async (t) => {
  const eu = readingsInForce('gap', ['eu561']).map((r) => r.id);
  const wtd = readingsInForce('gap', ['wtd']).map((r) => r.id);
  t.equal(eu[0], 'card_out_time');
  t.equal(wtd[0], 'card_out_time');
  t.ok(eu.includes('return_home') && !eu.includes('wtd_reference_period'));
  t.ok(wtd.includes('wtd_reference_period') && !wtd.includes('return_home'));
  t.same(
    readingsInForce('gap', ['eu561', 'wtd']).map((r) => r.id),
    READING_IDS,
    'both checks: every reading',
  );
  const choices = UNKNOWN_AS_VALUES.map((u) => readingsInForce(u, ['eu561'])[0]!);
  t.equal(new Set(choices.map((c) => c.choice)).size, 3, 'one choice per unknown_as value');
  for (const [k, u] of UNKNOWN_AS_VALUES.entries()) {
    const others = UNKNOWN_AS_VALUES.filter((v) => v !== u);
    for (const o of others) t.match(choices[k]!.alternative, `unknown_as=${o}`, `${u}: the alternative names ${o}`);
    t.notMatch(choices[k]!.alternative, `unknown_as=${u}:`, `${u}: not itself`);
  }
  // the question and the choice are read by people in the documents: no API words
  for (const r of readingsInForce('unknown', ['eu561', 'wtd']))
    t.notMatch(`${r.question} ${r.choice}`, /unknown_as|data_gaps|_[a-z]+_|[A-Z]{2,}_[A-Z]/, r.id);
  t.same(Object.keys(choices[0]!).sort(), ['alternative', 'article', 'choice', 'id', 'name', 'question']);
});

t.test('a finding lists its readings once each, in declaration order', async (t) => {
  t.same(orderedReadings(['return_home', 'card_out_time', 'return_home']), ['card_out_time', 'return_home']);
  t.same(orderedReadings([]), []);
});
