/**
 * The stored record's declaration (./fleet-record.ts): the layout the storage relies on (one key field, optional
 * fields only at the end), and a field of the fleet row that no stored field serves fails to compile.
 */
import t from 'tap';
import { ROW_SERVED_FROM_STORAGE, type UnservedRowField } from './fleet-card.js';
import { FLEET_RECORD_ENTRIES, type FLEET_RECORD_FIELDS } from './fleet-record.js';

t.test('one key field, first; the optional fields end the declaration', async (t) => {
  t.same(
    FLEET_RECORD_ENTRIES.filter(([, spec]) => 'key' in spec).map(([name]) => name),
    ['card_number'],
  );
  t.equal(FLEET_RECORD_ENTRIES[0]![0], 'card_number');
  const optional = FLEET_RECORD_ENTRIES.map(([, spec]) => spec.optional === true);
  const firstOptional = optional.indexOf(true);
  t.ok(firstOptional > 0, 'some fields are optional');
  t.ok(
    optional.slice(firstOptional).every(Boolean),
    'no required field after an optional one (rows written before it end there)',
  );
});

t.test('a stored field meant to be served is served by the row, or the declaration does not compile', async (t) => {
  t.equal(ROW_SERVED_FROM_STORAGE, true, 'every row field is served from a stored field');
  type Without<K extends keyof typeof FLEET_RECORD_FIELDS> = Omit<typeof FLEET_RECORD_FIELDS, K>;
  // @ts-expect-error the coverage over 28 days is computed from the recorded days only
  const dropped: [UnservedRowField<Without<'recorded_days'>>] extends [never] ? true : never = true;
  // the last download is computed from either time: one of them still serves its fields
  const oneLeft: [UnservedRowField<Without<'activity_end_s'>>] extends [never] ? true : never = true;
  t.same([dropped, oneLeft], [true, true]);
});
