/**
 * The stored form of a fleet summary (`record_json`): the tagged array written now, the object form older
 * versions wrote (still read back, so a database from before keeps listing), and values that are not what
 * they should be (read as "unknown", never passed on untyped).
 */
import t from 'tap';
import { emptyFindingCounts, type FleetCardRecord } from '../../../core/fleet/fleet-card.js';
import { FLEET_RECORD_ENTRIES } from '../../../core/fleet/fleet-record.js';
import { DAY, NOW, TODAY, everyFieldSet } from '../../../conformance/fleet-records.js';
import { FLEET_CARD_COLUMNS } from '../mikro-orm-schema/fleet-schema.js';
import {
  currentFormat,
  fleetRecordFromRaw,
  fleetValues,
  RECORD_FORMAT,
  recordedBits,
  recordJson,
} from './fleet-store.js';

const record: FleetCardRecord = {
  card_number: 'DF00000000000042',
  surname: 'Šimková "Eva"',
  first_names: 'Eva\\Marie',
  issuing_member_state: 'CZ',
  expiry_day: 20_900,
  card_download_s: 1_790_000_000,
  activity_end_s: 1_789_990_000,
  recorded_days: [20_700, 20_702, 20_703],
  imports: 3,
  quarantined_imports: 1,
  conflicting_days: 2,
  authenticity_status: 'VERIFIED',
  findings: { VIOLATION: 2, POTENTIAL: 1, INCOMPLETE_DATA: 4, MI: 1, SI: 1, VSI: 0, MSI: 1 },
  findings_evaluated: true,
  findings_not_evaluated_reason: null,
};

t.test('every declared field is written in the format-3 layout and reads back', async (t) => {
  const full = everyFieldSet();
  const json = recordJson(full);
  // the layout rows of RECORD_FORMAT 3 were written in (a database keeps them): spelled out, not derived
  const layout = [
    3,
    'Šimková "Eva"',
    'Eva\\Marie',
    'CZ',
    TODAY + 300,
    NOW - 5 * DAY,
    NOW - 6 * DAY,
    TODAY - 6,
    '1101',
    3,
    1,
    2,
    'VERIFIED',
    2,
    1,
    4,
    5,
    6,
    7,
    8,
    true,
    'conflicting_data',
    TODAY - 6,
    `1${'0'.repeat(33)}1`,
    TODAY - 8,
  ];
  t.equal(json, JSON.stringify(layout), 'byte for byte the stored form');
  const raw = { card_number: full.card_number, record_json: json };
  t.strictSame(fleetRecordFromRaw(raw), full);
  t.ok(currentFormat(raw));
  const unknown = fleetRecordFromRaw({ card_number: full.card_number, record_json: '[3]' }) as Record<string, unknown>;
  for (const [name] of FLEET_RECORD_ENTRIES)
    if (name !== 'card_number')
      t.notSame((full as Record<string, unknown>)[name], unknown[name], `${name} is set to a value of its own`);
  t.strictSame(
    FLEET_CARD_COLUMNS.map((column, i) => [column, fleetValues(full)[i]]),
    [
      ['card_number', 'DF00000000000042'],
      ['record_json', json],
      ['search_text', 'šimková "eva"\neva\\marie\ndf00000000000042'],
      ['name_key', 'šimková "eva" eva\\marie'],
      ['expiry_day', TODAY + 300],
      ['last_download_s', NOW - 5 * DAY],
      ['f_violation', 2],
      ['f_potential', 1],
      ['f_incomplete', 4],
      ['f_rank', 5],
      ['f_unevaluated', 0],
    ],
    'each column of the row',
  );
});

t.test('optional fields end the array: absent ones are written and read back as absent', async (t) => {
  const { card_data_days: _days, ...withoutReadiness } = everyFieldSet();
  const json = recordJson(withoutReadiness);
  t.equal(JSON.parse(json).length, 22, 'no readiness pair, and no most serious day after it');
  const { most_serious_day: _day, ...read } = withoutReadiness;
  t.strictSame(fleetRecordFromRaw({ card_number: read.card_number, record_json: json }), read);
  const { most_serious_day: _serious, ...withoutDay } = everyFieldSet();
  t.strictSame(
    fleetRecordFromRaw({ card_number: withoutDay.card_number, record_json: recordJson(withoutDay) }),
    withoutDay,
    'the readiness pair without the day after it',
  );
  // RECORD_FORMAT 2 ended before the reason: read as unknown, and the row counts as one to rebuild
  const older = JSON.parse(json).slice(0, 21);
  older[0] = 2;
  const raw = { card_number: read.card_number, record_json: JSON.stringify(older) };
  t.strictSame(fleetRecordFromRaw(raw), { ...read, findings_not_evaluated_reason: null });
  t.notOk(currentFormat(raw));
  t.notOk(currentFormat({ card_number: 'X', record_json: '{}' }), 'the object form is older');
});

t.test('the array form round-trips every field and is much shorter than the object form', async (t) => {
  const json = recordJson(record);
  t.equal(JSON.parse(json)[0], RECORD_FORMAT, 'tagged with its format');
  t.strictSame(fleetRecordFromRaw({ card_number: record.card_number, record_json: json }), record);
  t.equal(fleetValues(record)[1], json, 'the value stored in record_json');
  const objectForm = JSON.stringify({ ...record, recorded_days: recordedBits(record.recorded_days) });
  t.ok(json.length * 2 < objectForm.length, `${json.length} characters instead of ${objectForm.length}`);
  const empty: FleetCardRecord = {
    ...record,
    surname: null,
    first_names: null,
    issuing_member_state: null,
    expiry_day: null,
    card_download_s: null,
    activity_end_s: null,
    recorded_days: [],
    authenticity_status: null,
    findings: emptyFindingCounts(),
    findings_evaluated: false,
    findings_not_evaluated_reason: 'quarantined_data',
  };
  t.strictSame(fleetRecordFromRaw({ card_number: record.card_number, record_json: recordJson(empty) }), empty);
});

t.test('the object form of older versions reads back the same record', async (t) => {
  const objectForm = JSON.stringify({ ...record, recorded_days: recordedBits(record.recorded_days) });
  t.strictSame(fleetRecordFromRaw({ card_number: record.card_number, record_json: objectForm }), record);
  t.strictSame(
    fleetRecordFromRaw({ card_number: 'X', record_json: '{}' }),
    {
      card_number: 'X',
      surname: null,
      first_names: null,
      issuing_member_state: null,
      expiry_day: null,
      card_download_s: null,
      activity_end_s: null,
      recorded_days: [],
      imports: 0,
      quarantined_imports: 0,
      conflicting_days: 0,
      authenticity_status: null,
      findings: emptyFindingCounts(),
      findings_evaluated: false,
      findings_not_evaluated_reason: null,
    },
    'missing fields are unknown or zero',
  );
});

t.test('values of the wrong type are read as unknown or zero in both forms', async (t) => {
  const wrong = [
    RECORD_FORMAT,
    5,
    ['x'],
    {},
    'soon',
    'x',
    Infinity,
    'y',
    7,
    '3',
    null,
    -0.5,
    'FORGED',
    '1',
    null,
    'x',
    0,
    0,
    0,
    0,
    'yes',
  ];
  const read = fleetRecordFromRaw({ card_number: 'W', record_json: JSON.stringify(wrong) });
  t.same(
    [
      read.surname,
      read.first_names,
      read.issuing_member_state,
      read.expiry_day,
      read.card_download_s,
      read.recorded_days,
      read.imports,
    ],
    [null, null, null, null, null, [], 0],
  );
  t.same([read.authenticity_status, read.findings.VIOLATION, read.findings_evaluated], [null, 0, false]);
  const objectRead = fleetRecordFromRaw({
    card_number: 'W',
    record_json: '{"surname":5,"findings":{"VIOLATION":"2","MSI":3},"authenticity_status":"NOPE"}',
  });
  t.same(
    [objectRead.surname, objectRead.findings.VIOLATION, objectRead.findings.MSI, objectRead.authenticity_status],
    [null, 0, 3, null],
  );
});
