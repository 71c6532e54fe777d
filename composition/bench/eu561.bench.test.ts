import t from 'tap';
import { precheckParts, syntheticPlaces, syntheticYear } from './eu561.bench.js';

t.test('the synthetic places name a country every third day, abroad now and then, in time order', async (t) => {
  const intervals = syntheticYear();
  const records = syntheticPlaces(intervals);
  t.equal(records.length, 122);
  t.equal(records[0]!.at, intervals[0]!.start);
  t.ok(
    records.every((r, i) => i === 0 || r.at > records[i - 1]!.at),
    'in time order',
  );
  t.same(new Set(records.map((r) => r.country)), new Set(['DE', 'FR']));
});

t.test('each part of the pre-check is measured alone on the same input', async (t) => {
  const intervals = syntheticYear().slice(0, 4000);
  const parts = precheckParts(
    {
      card_number: 'DBENCH0000000001',
      surname: null,
      first_names: null,
      import_ids: ['bench'],
      date_from: null,
      date_to: null,
      intervals,
      rest_places: { home: { establishment: 'DE', residence: 'DE' }, places: [], records: syntheticPlaces(intervals) },
    },
    2,
  );
  t.same(Object.keys(parts), [
    'pre-check with rest places',
    'week-spanning assignment',
    'Mobility Package windows',
    'working-time rules',
  ]);
  for (const [part, ms] of Object.entries(parts)) t.ok(Number.isFinite(ms) && ms >= 0, `${part}: ${ms} ms`);
  // the whole pre-check holds the assignment: it cannot take less time than a tenth of it on the same input
  t.ok(parts['pre-check with rest places']! * 10 > parts['week-spanning assignment']!);
});
