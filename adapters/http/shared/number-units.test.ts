import t from 'tap';
import { numberUnit, rangeKind } from './number-units.js';

t.test('numbers get their unit from their name; an unknown name none', async (t) => {
  t.match(numberUnit('odometer_begin_km'), /^kilometres/);
  t.match(numberUnit('driving_s'), /^seconds/);
  t.match(numberUnit('weekly_driving_left'), /^seconds/);
  t.match(numberUnit('excess'), /^seconds/);
  t.match(numberUnit('download_days_left'), /^days/);
  t.match(numberUnit('missing_count'), /count/);
  t.match(numberUnit('size_bytes'), /^bytes/);
  t.equal(numberUnit('mystery_quantity'), null, 'a new field needs a rule or a description');
});

t.test('range bounds get their kind from their name and format', async (t) => {
  t.match(rangeKind('date_from', 'date'), /includes both ends/);
  t.match(rangeKind('to', 'date'), /^last UTC day/);
  t.match(rangeKind('start', 'date-time'), /includes it/);
  t.match(rangeKind('end', 'date-time'), /excludes it/);
  t.match(rangeKind('valid_from', 'date-time'), /^first instant/);
  t.match(rangeKind('valid_to', 'date-time'), /^last instant/);
  t.equal(rangeKind('imported_at', 'date-time'), null);
  t.equal(rangeKind('end', 'date'), null);
});
