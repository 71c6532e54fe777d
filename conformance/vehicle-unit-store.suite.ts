/**
 * The vehicle-unit port's contract (core/ports/vehicle-unit-store.ts) as a suite the storage adapter runs on SQLite
 * and PostgreSQL (conformance/storage-sqlite.test.ts, conformance/storage-postgres.test.ts): two downloads of one VU
 * that overlap are merged per VIN (each day from the newest import holding it, an insertion recorded by both once,
 * as the newest copy), one import reads alone, a range selects by day, a quarantined import's rows are flagged, a
 * withdrawn import takes part in nothing and a purge deletes the rows. The rows are built by hand: what is stored is
 * what is read back.
 */
import type { TAP } from 'tap';
import { createHash } from 'node:crypto';
import type { ImportRow, ImportStatus } from '../core/domain/rows.js';
import type { NewImport, VuRowSet } from '../core/ports/import-store.js';
import { VU_ROW_LISTS } from '../core/ports/vehicle-unit-store.js';
import { prepareVuRows } from '../adapters/storage/vehicle-units/vu-row-kinds.js';
import type { StoragePorts } from '../core/ports/storage.js';
import { noCardRows } from '../core/use-cases/parse-vu-import.js';
import { parseIsoDay } from '../core/time.js';
import { NO_CARD, NO_DRIVER } from '../core/use-cases/parse-vu-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const VIN = 'WVUTEST0000000001';
const OTHER_VIN = 'WVUTEST0000000002';
const OPEN = { from: null, to: null };
let counter = 0;

/** A VU import of `vin` holding `dates`; `tag` tells its copies apart (the activity and the odometer it records). */
function vuImport(
  vin: string,
  dates: string[],
  options: { tag: 'A' | 'B'; downloaded_at: string; status?: ImportStatus; imported_at?: number },
): NewImport & { vu: VuRowSet } {
  counter++;
  const content = new TextEncoder().encode(`vu ${counter} ${Math.random()}`);
  const sha = createHash('sha256').update(content).digest('hex');
  const activity = options.tag === 'A' ? 'WORK' : 'DRIVING';
  const odometer = options.tag === 'A' ? 1000 : 2000;
  const vu: VuRowSet = {
    days: dates.map((date) => ({ import_id: '', vin, date, odometer_midnight_km: odometer })),
    speed: [{ import_id: '', vin, start: `${dates[0]}T08:00:00Z`, speeds_kmh: Array.from({ length: 60 }, () => 50) }],
    rows: {
      vu_activities: dates.flatMap((date) => [
        activityRow(vin, date, 'CO_DRIVER', 'REST'),
        activityRow(vin, date, 'DRIVER', activity),
      ]),
      card_insertions: [insertion(vin, '2026-03-02T06:00:00Z'), insertion(vin, `${dates[0]}T05:0${counter % 10}:00Z`)],
      vu_events: [eventRow(vin, `${dates[1]}T09:00:00Z`)],
      vu_faults: [],
      overspeeding: [],
      calibrations: [calibration(vin, options.tag === 'A' ? '2026-01-10T10:00:00Z' : '2026-02-10T10:00:00Z')],
      vu_positions: [],
    },
  };
  const row: ImportRow = {
    import_id: `imp_vu_${counter}_${sha.slice(0, 8)}`,
    archive_id: `arc_${sha.slice(0, 16)}`,
    file_name: `vu-${counter}.ddd`,
    content_sha256: sha,
    size_bytes: content.byteLength,
    imported_at: options.imported_at ?? 1_770_000_000 + counter,
    generation: 'GEN1',
    status: options.status ?? 'OK',
    kind: 'VEHICLE_UNIT',
    card: { ...NO_CARD },
    driver: { ...NO_DRIVER },
    activity_range: { from: parseIsoDay(dates[0]!), to: parseIsoDay(dates[dates.length - 1]!), days: dates.length },
    warnings: [],
    authenticity: null,
    vehicle_unit: {
      vehicle: { vin, registration: { nation: 'D', number: `REG ${vin.slice(-1)}` } },
      downloaded_at: options.downloaded_at,
      previous_download: null,
      data_range: { from: `${dates[0]}T00:00:00Z`, to: options.downloaded_at },
      trep: ['01', '02', '03', '04', '05'],
      vu: { manufacturer_name: 'Maker', part_number: 'P1', serial_number: 7, software_version: '1.0' },
      overspeed_control: { last_control_at: null, first_overspeed_since: null, overspeed_events_since: counter },
      authenticity: null,
    },
  };
  return { import: row, content, card: noCardRows(row), days: [], vu };
}

function activityRow(vin: string, date: string, slot: 'DRIVER' | 'CO_DRIVER', activity: 'WORK' | 'DRIVING' | 'REST') {
  return {
    import_id: null,
    vin,
    date,
    slot,
    start: `${date}T00:00:00Z`,
    end: `${date}T08:00:00Z`,
    activity,
    duration: 28_800,
    card_inserted: slot === 'DRIVER',
    card_number: slot === 'DRIVER' ? 'DCARD00000000001' : null,
    crew: false,
  };
}

function insertion(vin: string, at: string) {
  return {
    import_id: null,
    vin,
    card_number: 'DCARD00000000001',
    holder: { surname: 'S', first_names: 'F' },
    card_expiry_date: '2030-01-01',
    slot: 'DRIVER' as const,
    inserted_at: at,
    withdrawn_at: null,
    odometer_at_insertion_km: 100,
    odometer_at_withdrawal_km: null,
    previous_vehicle: null,
    manual_input: false,
  };
}

function eventRow(vin: string, start: string) {
  return {
    import_id: null,
    vin,
    code: 5,
    type: 'POWER_SUPPLY_INTERRUPTION',
    description: 'x',
    start,
    end: start,
    card_numbers: [],
    similar_events: 1,
  };
}

function calibration(vin: string, at: string) {
  return {
    import_id: null,
    vin,
    purpose: { code: 3, name: 'PERIODIC_INSPECTION' },
    workshop: { name: 'W', address: 'A', card_number: null },
    at,
    registration: null,
    w: 8000,
    k: 8000,
    l: 3200,
    tyre_size: null,
    authorised_speed_kmh: 90,
    odometer_old_km: 1,
    odometer_new_km: 1,
    next_calibration_date: at.slice(0, 4) === '2026' ? `2028-${at.slice(5, 10)}` : null,
  };
}

export function vehicleUnitStoreSuite(t: Tap, name: string, open: () => Promise<StoragePorts>): void {
  t.test(`${name}: vehicle units: two overlapping downloads merged per VIN, one import alone, a range`, async (t) => {
    const storage = await open();
    t.teardown(() => storage.close());
    const { imports, vehicleUnits } = storage;
    const a = vuImport(VIN, ['2026-03-01', '2026-03-02', '2026-03-03'], {
      tag: 'A',
      downloaded_at: '2026-03-04T10:00:00Z',
    });
    const b = vuImport(VIN, ['2026-03-02', '2026-03-03', '2026-03-04'], {
      tag: 'B',
      downloaded_at: '2026-03-05T10:00:00Z',
    });
    t.equal((await imports.saveImport(a)).outcome, 'created');
    t.equal((await imports.saveImport(b)).outcome, 'created');
    const byVin = { vin: VIN, import_id: null, range: OPEN };
    const days = await vehicleUnits.days(byVin);
    t.same(
      days.map((d) => [d.date, d.odometer_midnight_km, d.import_id]),
      [
        ['2026-03-01', 1000, a.import.import_id],
        ['2026-03-02', 2000, b.import.import_id],
        ['2026-03-03', 2000, b.import.import_id],
        ['2026-03-04', 2000, b.import.import_id],
      ],
      'each day from the newest import holding it',
    );
    const activities = await vehicleUnits.activities(byVin);
    t.same(
      activities.map((r) => [r.date, r.slot, r.activity]),
      [
        ['2026-03-01', 'DRIVER', 'WORK'],
        ['2026-03-01', 'CO_DRIVER', 'REST'],
        ['2026-03-02', 'DRIVER', 'DRIVING'],
        ['2026-03-02', 'CO_DRIVER', 'REST'],
        ['2026-03-03', 'DRIVER', 'DRIVING'],
        ['2026-03-03', 'CO_DRIVER', 'REST'],
        ['2026-03-04', 'DRIVER', 'DRIVING'],
        ['2026-03-04', 'CO_DRIVER', 'REST'],
      ],
      'ordered by time, then slot',
    );
    t.same(activities[0], { ...a.vu!.rows.vu_activities[1], import_id: a.import.import_id, quarantined: false });
    const insertions = await vehicleUnits.cardInsertions(byVin);
    t.same(
      insertions.map((r) => [r.inserted_at, r.import_id]),
      [
        [a.vu!.rows.card_insertions[1]!.inserted_at, a.import.import_id],
        [b.vu!.rows.card_insertions[1]!.inserted_at, b.import.import_id],
        ['2026-03-02T06:00:00Z', b.import.import_id],
      ],
      'an insertion both downloads hold comes once, as the newest copy; each its own',
    );
    const shared = await vehicleUnits.cardInsertions({
      vin: VIN,
      import_id: null,
      range: { from: parseIsoDay('2026-03-02'), to: parseIsoDay('2026-03-02') },
    });
    t.same(
      shared.map((r) => r.inserted_at),
      [b.vu!.rows.card_insertions[1]!.inserted_at, '2026-03-02T06:00:00Z'],
      'a range keeps the rows of its days',
    );
    t.same((await vehicleUnits.events(byVin)).length, 2);
    t.same(
      (await vehicleUnits.speed(byVin)).map((r) => r.start),
      ['2026-03-01T08:00:00Z', '2026-03-02T08:00:00Z'],
    );
    t.same(await vehicleUnits.faults(byVin), []);
    t.same(await vehicleUnits.overspeeding(byVin), []);
    t.same(await vehicleUnits.positions(byVin), []);
    t.same((await vehicleUnits.calibrations(byVin)).length, 2);
    const alone = await vehicleUnits.days({ vin: null, import_id: a.import.import_id, range: OPEN });
    t.same(
      alone.map((d) => d.date),
      ['2026-03-01', '2026-03-02', '2026-03-03'],
      'one import alone: no merge',
    );
    t.same(await vehicleUnits.days({ vin: OTHER_VIN, import_id: null, range: OPEN }), []);

    const [unit, ...none] = await vehicleUnits.vehicleUnits();
    t.same(none, []);
    t.equal(unit!.vin, VIN);
    t.equal(unit!.imports, 2);
    t.equal(unit!.newest_import.import_id, b.import.import_id, 'the newest download by the VU clock');
    t.equal(unit!.downloaded_at, Date.parse('2026-03-05T10:00:00Z') / 1000);
    t.equal(unit!.next_calibration, parseIsoDay('2028-02-10'), "the newest calibration's next date");
    t.same(unit!.registration, { nation: 'D', number: 'REG 1' });
    t.same(unit!.overspeed_control, b.import.vehicle_unit!.overspeed_control);
    t.same(await vehicleUnits.vinsOfRegistration('REG 1', null), [VIN]);
    t.same(await vehicleUnits.vinsOfRegistration('REG 1', 'D'), [VIN]);
    t.same(await vehicleUnits.vinsOfRegistration('REG 1', 'F'), []);

    const listed = await imports.listImports(
      { card_number: null, range: OPEN, kind: 'VEHICLE_UNIT' },
      { limit: 10, offset: 0 },
    );
    t.same(
      listed.items.map((r) => r.import_id),
      [a.import.import_id, b.import.import_id],
    );
    t.same(listed.items[1], b.import, 'the import row reads back as saved');
    const cards = await imports.listImports(
      { card_number: null, range: OPEN, kind: 'DRIVER_CARD' },
      { limit: 10, offset: 0 },
    );
    t.equal(cards.total, 0);
  });

  t.test(`${name}: vehicle units: every page cut in the database is its slice of the whole list`, async (t) => {
    const storage = await open();
    t.teardown(() => storage.close());
    const { imports, vehicleUnits } = storage;
    const a = vuImport(VIN, ['2026-03-01', '2026-03-02', '2026-03-03'], {
      tag: 'A',
      downloaded_at: '2026-03-04T10:00:00Z',
    });
    const b = vuImport(VIN, ['2026-03-02', '2026-03-03', '2026-03-04'], {
      tag: 'B',
      downloaded_at: '2026-03-05T10:00:00Z',
      status: 'QUARANTINED',
    });
    const c = vuImport(VIN, ['2026-03-04', '2026-03-05'], { tag: 'A', downloaded_at: '2026-03-06T10:00:00Z' });
    t.equal((await imports.saveImport(a)).outcome, 'created');
    t.equal((await imports.saveImport(b)).outcome, 'created');
    // the newest as the decoder pool hands it over: its rows already in their written form
    t.equal((await imports.saveImport({ ...c, vu: { prepared: prepareVuRows(c.vu) } })).outcome, 'created');
    const byVin = { vin: VIN, import_id: null, range: OPEN };
    t.same(
      (await vehicleUnits.days(byVin)).map((d) => [d.date, d.import_id, d.quarantined]),
      [
        ['2026-03-01', a.import.import_id, false],
        ['2026-03-02', b.import.import_id, true],
        ['2026-03-03', b.import.import_id, true],
        ['2026-03-04', c.import.import_id, false],
        ['2026-03-05', c.import.import_id, false],
      ],
      'prepared rows read back as the rows they were made of',
    );
    const queries = [
      byVin,
      { vin: VIN, import_id: null, range: { from: parseIsoDay('2026-03-02'), to: parseIsoDay('2026-03-04') } },
      { vin: null, import_id: b.import.import_id, range: OPEN },
      { vin: OTHER_VIN, import_id: null, range: OPEN },
    ];
    const pages = [
      { limit: 1, offset: 0 },
      { limit: 2, offset: 1 },
      { limit: 3, offset: 4 },
      { limit: 100, offset: 0 },
      { limit: 5, offset: 100 },
      { limit: 0, offset: 0 },
    ];
    let rows = 0;
    for (const list of VU_ROW_LISTS)
      for (const query of queries) {
        const whole = await vehicleUnits[list](query);
        rows += whole.length;
        for (const page of pages) {
          const cut = await vehicleUnits.listPage(list, query, page);
          const what = `${list} ${JSON.stringify(query.range)} ${query.import_id ?? query.vin} ${page.limit}@${page.offset}`;
          t.same(cut.items, whole.slice(page.offset, page.offset + page.limit), what);
          t.equal(cut.total, whole.length, `${what}: total`);
        }
      }
    t.ok(rows > 40, `${rows} rows compared`);
    const both = await vehicleUnits.listPage('activities', byVin, { limit: 2, offset: 0 });
    t.same(
      both.items.map((r) => [r.date, r.slot]),
      [
        ['2026-03-01', 'DRIVER'],
        ['2026-03-01', 'CO_DRIVER'],
      ],
      'one start, both slots: the driver first (the JSON row read in the database)',
    );
  });

  t.test(`${name}: vehicle units: quarantine flags, withdraw hides, restore shows, purge deletes`, async (t) => {
    const storage = await open();
    t.teardown(() => storage.close());
    const { imports, vehicleUnits } = storage;
    const a = vuImport(VIN, ['2026-03-01', '2026-03-02'], {
      tag: 'A',
      downloaded_at: '2026-03-03T10:00:00Z',
      imported_at: 100,
    });
    const b = vuImport(VIN, ['2026-03-02', '2026-03-03'], {
      tag: 'B',
      downloaded_at: '2026-03-04T10:00:00Z',
      status: 'QUARANTINED',
      imported_at: 200,
    });
    await imports.saveImport(a);
    await imports.saveImport(b);
    const byVin = { vin: VIN, import_id: null, range: OPEN };
    t.same(
      (await vehicleUnits.days(byVin)).map((d) => [d.date, d.quarantined]),
      [
        ['2026-03-01', false],
        ['2026-03-02', true],
        ['2026-03-03', true],
      ],
      "a quarantined import's rows are flagged",
    );
    const withdrawn = await imports.withdrawImport(b.import.import_id, { reason: 'wrong vehicle', at: 300 });
    t.equal(withdrawn.outcome, 'withdrawn');
    t.same(
      (await vehicleUnits.days(byVin)).map((d) => [d.date, d.import_id]),
      [
        ['2026-03-01', a.import.import_id],
        ['2026-03-02', a.import.import_id],
      ],
      'a withdrawn import takes part in nothing',
    );
    t.same(await vehicleUnits.days({ vin: null, import_id: b.import.import_id, range: OPEN }), []);
    t.equal((await vehicleUnits.vehicleUnits())[0]!.imports, 1);
    t.equal((await vehicleUnits.vehicleUnits())[0]!.newest_import.import_id, a.import.import_id);
    t.equal((await imports.restoreImport(b.import.import_id, 400)).outcome, 'restored');
    t.equal((await vehicleUnits.days(byVin)).length, 3, 'restored: its days are back');

    const purged = await imports.purgeImports(150);
    t.same(
      purged.imports.map((p) => p.import_id),
      [a.import.import_id],
    );
    t.ok(purged.rows.vu_row! > 0, 'the purge counts the VU rows it deleted');
    t.same(purged.cards, [], 'no card history to rebuild');
    t.same(
      (await vehicleUnits.days(byVin)).map((d) => d.import_id),
      [b.import.import_id, b.import.import_id],
    );
    await imports.purgeImports(1_000);
    t.same(await vehicleUnits.vehicleUnits(), []);
    t.same(await vehicleUnits.activities(byVin), []);
    t.equal(await imports.originalContent(b.import.import_id), null);
  });
}
