/**
 * The vehicle report and the vehicle CSV exports over our own gen1 VU file (fixtures/scenarios/vu-scenarios.ts,
 * read through the VehicleUnitStore port's in-memory fake): the PDF's text (pdftotext) and the CSVs parsed back,
 * against what the scenario says by hand — card A (Müller, Jürgen Karl) in the driver slot, card B (Dupont, Marie) in
 * the co-driver slot, the drive without a card 05:00–05:20 UTC on 2026-03-03 (06:00–06:20 in Berlin), the
 * calibration due 2026-04-10.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { encodeVu } from '../../../fixtures/encoder/vu/encode-vu.js';
import { vuScenario } from '../../../fixtures/scenarios/vu-scenarios.js';
import { decodeVuBytes } from '../../../core/decoder/vu/decode-vu.js';
import { vuRows } from '../../../core/rows/vu-download.js';
import {
  FakeVehicleUnitStore,
  fakeVuImportRow,
  type FakeVuImport,
} from '../../../core/use-cases/testing/vehicle-unit-store-fake.js';
import { VehicleReportQuery } from '../../../core/use-cases/vehicle-report.js';
import { createHttpApp } from '../app.js';
import type { HttpAppDependencies } from '../ports.js';
import { parseCsv } from '../../office/testing/parse-csv.js';
import { VEHICLE_ACTIVITY_HEADER, WITHOUT_CARD_HEADER } from './vehicle-report.route.js';

const VIN = 'WDB9634031L123456';
const stored: FakeVuImport = {
  import_id: 'vu-1',
  status: 'OK',
  imported_at: Date.parse('2026-03-03T16:00:00Z') / 1000,
  content_sha256: 'ab'.repeat(32),
  file_name: 'vu-gen1.ddd',
  rows: vuRows(decodeVuBytes(encodeVu(vuScenario('GEN1')).bytes)),
};
const store = new FakeVehicleUnitStore([stored]);
const vehicleReport = new VehicleReportQuery({
  vehicleUnits: store,
  imports: { findImport: async (l) => (l.value === 'vu-1' ? fakeVuImportRow(stored) : null) },
  clock: { now: () => new Date('2026-03-21T10:00:00Z') },
});

function app(withVehicles = true) {
  const deps = {
    ...(withVehicles ? { vehicleReport } : {}),
    timeZone: 'Europe/Berlin',
    restLog: { record: () => undefined, close: async () => undefined },
    allowedHosts: () => new Set(['127.0.0.1:5055']),
    maxPayloadBytes: 1 << 20,
    web: null,
  } as unknown as HttpAppDependencies;
  const { app } = createHttpApp(deps);
  return (path: string) => app.fetch(new Request(`http://127.0.0.1:5055/api/drivercard${path}`));
}

const PERIOD = `vin=${VIN}&date_from=2026-03-01&date_to=2026-03-05`;

t.test('the activities CSV: both slots, the card and its holder, local times beside UTC', async (t) => {
  const res = await app()(`/export/vehicle-activities.csv?${PERIOD}`);
  t.equal(res.status, 200);
  t.match(
    res.headers.get('content-disposition'),
    /filename="vehicle-activities_B-TR-4711-DE_2026-03-01_2026-03-05\.csv"/,
  );
  const [header, ...rows] = parseCsv(await res.text());
  t.same(header, VEHICLE_ACTIVITY_HEADER);
  const col = (name: string) => header!.indexOf(name);
  const without = rows.find((r) => r[col('start')] === '2026-03-03T05:00:00Z' && r[col('slot')] === 'DRIVER')!;
  t.same(
    [
      without[col('activity')],
      without[col('duration_hmm')],
      without[col('card_inserted')],
      without[col('card_number')],
    ],
    ['DRIVING', '0:20', 'false', ''],
  );
  t.equal(without[col('start_local')], '2026-03-03T06:00:00+01:00');
  const crew = rows.find((r) => r[col('start')] === '2026-03-03T06:20:00Z' && r[col('slot')] === 'DRIVER')!;
  t.same(
    [crew[col('card_number')], crew[col('holder')], crew[col('crew')]],
    ['DF00000123456001', 'Müller, Jürgen Karl', 'true'],
  );
  t.ok(
    rows.some((r) => r[col('slot')] === 'CO_DRIVER' && r[col('holder')] === 'Dupont, Marie'),
    'the co-driver by name',
  );
  t.equal(new Set(rows.map((r) => r[col('date')])).size, 2, 'the two days of the file');
});

t.test('the driving-without-card CSV, of one vehicle and of the fleet; semicolons on request', async (t) => {
  for (const path of [
    `/export/driving-without-card.csv?${PERIOD}`,
    '/export/driving-without-card.csv?date_from=2026-03-01&date_to=2026-03-05',
  ]) {
    const [header, ...rows] = parseCsv(await (await app()(path)).text());
    t.same(header, WITHOUT_CARD_HEADER);
    t.same(rows, [
      [
        VIN,
        'B-TR 4711 (DE)',
        'DRIVER',
        '2026-03-03T05:00:00Z',
        '2026-03-03T05:20:00Z',
        '1200',
        '0:20',
        '', // distance_km: no reading bounds the drive in this file (the in-memory store holds no day records)
        'false',
        '2026-03-03T06:00:00+01:00',
        '2026-03-03T06:20:00+01:00',
        'Europe/Berlin',
      ],
    ]);
  }
  const semicolon = parseCsv(await (await app()(`/export/driving-without-card.csv?${PERIOD}&delimiter=;`)).text(), ';');
  t.equal(semicolon.length, 2);
  const before = parseCsv(
    await (await app()(`/export/driving-without-card.csv?vin=${VIN}&date_from=2026-03-04&date_to=2026-03-05`)).text(),
  );
  t.equal(before.length, 1, 'a period without it: the header alone');
});

const noPdfToText = spawnSync('pdftotext', ['-v']).error !== undefined;
t.test(
  'the vehicle report as PDF and HTML',
  { skip: noPdfToText ? 'pdftotext is not installed' : false },
  async (t) => {
    const res = await app()(`/vehicle-report.pdf?${PERIOD}`);
    t.equal(res.status, 200);
    t.equal(res.headers.get('content-type'), 'application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'vehicle-report-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'r.pdf'), Buffer.from(await res.arrayBuffer()));
    execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'r.pdf'), join(dir, 'r.txt')]);
    const text = readFileSync(join(dir, 'r.txt'), 'utf8').replace(/\s+/g, ' ');
    t.match(text, 'Vehicle report: B-TR 4711 (DE)');
    t.match(text, `VIN ${VIN}`);
    // the fields' values in their order: newest download, download due, next calibration (labels come first)
    t.match(
      text,
      /2026-03-03 16:00 Europe\/Berlin \(UTC\+01:00\) 2026-06-01 17:00 Europe\/Berlin \(UTC\+02:00\) 2026-04-10 — Calibration due within 30 days/,
    );
    t.match(text, 'times in Europe/Berlin');
    t.match(
      text,
      /Driving without a card.*Driver slot 2026-03-03 06:00 Europe\/Berlin \(UTC\+01:00\) 2026-03-03 06:20 Europe\/Berlin \(UTC\+01:00\) 0:20/,
    );
    t.match(text, 'Müller, Jürgen Karl');
    t.match(text, 'Dupont, Marie');
    t.match(text, 'ab'.repeat(32), "the file's SHA-256");
    t.match(text, 'vu-gen1.ddd');
    const html = await (await app()(`/vehicle-report?${PERIOD}`)).text();
    t.match(html, /Driving without a card/);
    t.match(html, 'Werkstatt Nord');
  },
);

t.test('bad and missing selections answer JSON errors', async (t) => {
  const get = app();
  const missingVin = await get('/vehicle-report?date_from=2026-03-01&date_to=2026-03-05');
  t.equal(missingVin.status, 400);
  t.match(await missingVin.json(), { error: 'invalid_filter' });
  t.equal((await get('/vehicle-report.pdf?vin=WDB9634031L123456&date_from=2026-01-01&date_to=2026-12-31')).status, 400);
  const unknown = await get('/vehicle-report?vin=VF1AAAAAAAAAAAAAA&date_from=2026-03-01&date_to=2026-03-05');
  t.equal(unknown.status, 404);
  t.match(await unknown.json(), { error: 'not_found' });
  const without = await app(false)(`/export/vehicle-activities.csv?${PERIOD}`);
  t.equal(without.status, 404, 'a service without VU storage');
});
