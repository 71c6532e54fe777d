/**
 * The fleet row's fields are declared once (./fleet-row.fields.ts): the schema's properties and required list, the
 * mapper's JSON, the list's text and the CSV's columns all follow the declaration, and a field left out of a
 * declaration is left out of each of them.
 */
import t from 'tap';
import type { FleetRow } from '../../../core/fleet/fleet-card.js';
import {
  csvOf,
  FLEET_ROW_FIELDS,
  propertiesOf,
  requiredOf,
  ROW_WRITTEN_IN_FULL,
  rowJsonOf,
  type FieldDeclarations,
  type UnwrittenRowField,
} from './fleet-row.fields.js';
import { fleetRowSchema } from './fleet.schema.js';
import { FleetListWriter, fleetRowJson } from './fleet.mapper.js';
import { DRIVER_HEADER, driversCsv } from '../export/exports.js';
import { FULL_FLEET_ROW } from '../testing/fleet-row.js';

const row: FleetRow = { ...FULL_FLEET_ROW, findings_4w_not_evaluated_reason: null };

const names = Object.keys(FLEET_ROW_FIELDS);

t.test('the schema, the mapper, the list text and the CSV follow the declaration', async (t) => {
  t.same(Object.keys(fleetRowSchema.properties), names, 'the schema declares every field, in answer order');
  t.same(Object.keys(fleetRowJson(row)), names, 'the mapper writes every field, in the same order');
  t.equal(new FleetListWriter().rowText(row), JSON.stringify(fleetRowJson(row)), 'the list text too');
  t.same(
    fleetRowSchema.required,
    names.filter((n) => FLEET_ROW_FIELDS[n as keyof typeof FLEET_ROW_FIELDS].required),
  );
  t.ok(fleetRowSchema.required.includes('readiness_missing_days'));
  t.notOk((fleetRowSchema.required as readonly string[]).includes('card_previous_download'), 'an optional field');
  t.same(DRIVER_HEADER, csvOf(FLEET_ROW_FIELDS).header);
  for (const column of ['card_number', 'coverage_days_28', 'msi_4w', 'evaluated', 'last_download_local'])
    t.ok(DRIVER_HEADER.includes(column), `CSV column ${column}`);
  t.notOk(DRIVER_HEADER.includes('readiness_missing_days'), 'a field without CSV columns has none');
});

t.test('a field left out of a declaration is left out of the schema, the JSON and the CSV', async (t) => {
  for (const [left, column, columns] of [
    ['coverage_days_28', 'coverage_days_28', 1],
    ['findings_4w', 'violations_4w', 7],
    ['last_download', 'last_download_local', 2],
  ] as const) {
    const { [left]: _left, ...rest } = FLEET_ROW_FIELDS;
    const fields: FieldDeclarations = rest;
    t.notOk(left in propertiesOf(fields), `${left}: not in the schema's properties`);
    t.notOk(requiredOf(fields).includes(left), `${left}: not required`);
    t.notOk(left in rowJsonOf(fields, row), `${left}: not in the mapped row`);
    const csv = csvOf(fields);
    t.notOk(csv.header.includes(column), `${left}: its column ${column} is gone`);
    t.equal(csv.header.length, DRIVER_HEADER.length - columns, 'only its columns');
    t.equal(csv.cells(fleetRowJson(row), 'UTC').length, csv.header.length, 'each row as wide as the header');
  }
});

t.test('the CSV writes each declared column of a row; not evaluated: counts empty, the reason in words', async (t) => {
  const evaluated = driversCsv([fleetRowJson(row)], ',', 'UTC')
    .trim()
    .split('\r\n');
  t.equal(evaluated.length, 2);
  const cells = evaluated[1]!.split(',');
  t.equal(cells.length, DRIVER_HEADER.length);
  t.equal(cells[DRIVER_HEADER.indexOf('violations_4w')], '2');
  t.equal(cells[DRIVER_HEADER.indexOf('last_download')], '2026-09-21T14:13:20Z');
  const refused = {
    ...row,
    findings_4w_evaluated: false,
    findings_4w_not_evaluated_reason: 'conflicting_data',
  } as const;
  const line = driversCsv([fleetRowJson(refused)], ',', 'UTC')
    .trim()
    .split('\r\n')[1]!
    .split(',');
  t.equal(line[DRIVER_HEADER.indexOf('violations_4w')], '');
  t.match(line[DRIVER_HEADER.indexOf('not_evaluated_reason')], /imports of this card disagree/);
});

t.test('a declaration leaving a field of the row unwritten does not compile', async (t) => {
  t.equal(ROW_WRITTEN_IN_FULL, true, 'every field of the row is written');
  type Without<K extends keyof typeof FLEET_ROW_FIELDS> = Omit<typeof FLEET_ROW_FIELDS, K>;
  // @ts-expect-error card_previous_download (the stored EF Card_Download) is the only field written from it
  const dropped: [UnwrittenRowField<Without<'card_previous_download'>>] extends [never] ? true : never = true;
  // both of the most serious week's fields are written from its Monday: either one writes it
  const oneLeft: [UnwrittenRowField<Without<'findings_4w_most_serious_week'>>] extends [never] ? true : never = true;
  t.same([dropped, oneLeft], [true, true]);
});
