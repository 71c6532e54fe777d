/**
 * Vehicle-unit downloads through the HTTP app on SQLite and (when its binaries exist) PostgreSQL: the real sample
 * imports VERIFIED by POST /parse and its rows are what ../shared/samples/README says; each generation's golden VU
 * file imports VERIFIED under the test PKI and its rows through the API equal the golden JSON (built from the
 * scenarios); a tampered copy is QUARANTINED; posting twice answers the same import; withdraw and restore; the
 * filters' refusals. Personal data of the sample (VIN, registration, names, card numbers) is never printed.
 */
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeCryptoHasher } from '../../crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../../crypto/random-id-generator.js';
import { NodeSignatureCrypto } from '../../crypto/node-signature-crypto.js';
import { openStorage } from '../../storage/open-storage.js';
import { createServiceContainer } from '../../../composition/container.js';
import { decodeCardFile } from '../../../core/use-cases/decode-card-file.js';
import { loadConfig } from '../../../composition/config.js';
import { createHttpApp } from '../app.js';
import { buildTrustStore } from '../../../core/authenticity/index.js';
import { VuAuthenticityVerifier } from '../../../core/authenticity/verify-vu.js';
import type { StoragePorts } from '../../../core/ports/storage.js';
import { testTrustFiles } from '../../../fixtures/pki/test-pki.js';
import { startPostgres } from '../../../conformance/postgres-server.js';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import * as schemas from '../schemas.js';
import { strictValidator } from '../shared/validation.js';

type Tap = Parameters<Parameters<typeof t.test>[0]>[0];
type Json = Record<string, any>;

const repo = resolve(import.meta.dirname, '..', '..', '..');
const SAMPLES =
  process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../../../shared/samples/', import.meta.url));
const SAMPLE = join(SAMPLES, 'vehicle-unit-download.ddd');
const GENERATIONS = ['gen1', 'gen2', 'gen2v2'] as const;
const ACTIVITY = ['REST', 'AVAILABILITY', 'WORK', 'DRIVING'];

const crypto = new NodeSignatureCrypto();
const roots = ['gen1-erca-root-EC_PK.bin', 'gen2-erca-root-1.bin'].map((name) => ({
  name,
  bytes: new Uint8Array(readFileSync(join(repo, 'composition', 'trust-roots', name))),
}));
const vuVerifier = new VuAuthenticityVerifier(crypto, buildTrustStore([...roots, ...testTrustFiles()], crypto).store);

async function service(t: Tap, open: () => Promise<StoragePorts>) {
  const storage = await open();
  const dataDir = await mkdtemp(join(tmpdir(), 'drivercard-vu-'));
  const services = createServiceContainer(loadConfig({}, { dataDir }), {
    storage: async () => storage,
    clock: { now: () => new Date('2026-03-10T08:00:00Z') },
    hasher: new NodeCryptoHasher(),
    ids: new RandomIdGenerator(),
    decodeCard: decodeCardFile,
    vuVerifier,
    fleetDrain: false,
    web: null,
  });
  const bundle = await services.useCases();
  const errors: unknown[] = [];
  const { app } = createHttpApp({
    ...bundle,
    restLog: { record: () => undefined, close: async () => undefined },
    allowedHosts: () => new Set(['127.0.0.1:5055']),
    maxPayloadBytes: 1 << 22,
    web: null,
    onUnexpectedError: (error) => errors.push(error),
  });
  t.teardown(async () => {
    await bundle.refreshFleet.idle();
    await services.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });
  const call = async (path: string, body?: unknown) => {
    const init: RequestInit =
      body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const response = await app.fetch(new Request(`http://127.0.0.1:5055${path}`, init));
    return { status: response.status, body: (await response.json()) as Json };
  };
  const parse = (bytes: Uint8Array, file_name = 'vu.ddd') =>
    call('/api/drivercard/parse', { file_name, content_base64: Buffer.from(bytes).toString('base64') });
  const noErrors = () => t.same(errors, [], 'no unexpected error');
  return { call, parse, noErrors };
}

function valid(t: Tap, schema: object, body: unknown, what: string): void {
  const validate = strictValidator(schema);
  t.ok(validate(body), `${what} matches its schema`, { errors: validate.errors });
}

function suite(name: string, open: () => Promise<StoragePorts>): void {
  t.test(`${name}: the real VU sample through POST /parse and the vehicle-unit routes`, async (t) => {
    if (!existsSync(SAMPLE)) {
      t.fail(`sample missing: ${SAMPLE} (set DRIVERCARD_SAMPLES_DIR)`);
      return;
    }
    const { call, parse, noErrors } = await service(t, open);
    const bytes = new Uint8Array(readFileSync(SAMPLE));
    const first = await parse(bytes);
    t.equal(first.status, 200);
    valid(t, schemas.parseResponseSchema, first.body, 'the parse answer');
    const row = first.body;
    t.match(row, {
      kind: 'VEHICLE_UNIT',
      status: 'OK',
      generation: 'GEN1',
      card: null,
      driver: null,
      reused: false,
      downloaded_at: '2022-09-07T10:09:25Z',
      previous_download: { at: '2022-08-30T17:30:16Z' },
      trep: ['01', '02', '03', '04', '05'],
      activity_range: { from: '2022-07-31', to: '2022-08-29', days: 30 },
      warnings: [],
    });
    t.equal(row.authenticity.status, 'VERIFIED');
    t.equal(row.authenticity.treps.length, 34, 'every TREP signature checked');
    t.ok(row.authenticity.treps.every((r: Json) => r.result === 'VALID'));
    const again = await parse(bytes, 'again.ddd');
    t.match(again.body, { import_id: row.import_id, reused: true, kind: 'VEHICLE_UNIT' }, 'posted twice: one import');

    const id = encodeURIComponent(row.import_id);
    const activities = await call(`/api/drivercard/vehicle-units/activities?import_id=${id}&limit=5000`);
    valid(t, schemas.vuActivitiesResponseSchema, activities.body, 'the activities');
    const dates = new Set(activities.body.items.map((r: Json) => r.date));
    t.equal(dates.size, 30, 'activities on the 30 days');
    t.ok(activities.body.items.every((r: Json) => r.end <= '2022-09-07T10:09:25Z'));
    const insertions = await call(`/api/drivercard/vehicle-units/card-insertions?import_id=${id}`);
    t.equal(insertions.body.total, 10, '12 records, 10 distinct insertions');
    t.ok(
      insertions.body.items.every((r: Json) => r.withdrawn_at !== null),
      'no card inserted at the download',
    );
    const units = await call('/api/drivercard/vehicle-units');
    valid(t, schemas.vehicleUnitsResponseSchema, units.body, 'the vehicles');
    t.equal(units.body.total, 1);
    t.match(units.body.items[0], {
      imports: 1,
      newest_download: { import_id: row.import_id, downloaded_at: '2022-09-07T10:09:25Z', authenticity: 'VERIFIED' },
      // its calibration records hold no time: the next calibration is still read from them, long overdue by the clock
      next_calibration_date: '2022-11-13',
      calibration_overdue: true,
    });
    const vin = encodeURIComponent(units.body.items[0].vin);
    const byVin = await call(`/api/drivercard/vehicle-units/activities?vin=${vin}&limit=5000`);
    t.equal(byVin.body.total, activities.body.total, 'one download: the VIN reads what the import holds');
    const speed = await call(`/api/drivercard/vehicle-units/speed?import_id=${id}&limit=1`);
    t.ok(speed.body.total > 0);
    t.equal(speed.body.items[0].speeds_kmh.length, 60);

    // a changed byte of one day's activities (just before that TREP's 128-byte signature)
    const treps = row.authenticity.treps as Array<{ trep: string; offset: number }>;
    const day = treps.findIndex((r) => r.trep === '02');
    const tampered = bytes.slice();
    tampered[treps[day + 1]!.offset - 129]! ^= 0x01;
    const bad = await parse(tampered, 'tampered.ddd');
    t.equal(bad.status, 200);
    t.match(bad.body, { kind: 'VEHICLE_UNIT', status: 'QUARANTINED', authenticity: { status: 'INVALID' } });
    const flagged = await call(
      `/api/drivercard/vehicle-units/activities?import_id=${encodeURIComponent(bad.body.import_id)}`,
    );
    t.ok(
      flagged.body.items.every((r: Json) => r.quarantined === true),
      "the tampered copy's rows are flagged",
    );

    const withdrawn = await call(`/api/drivercard/imports/${id}/withdraw`, { reason: 'wrong vehicle' });
    t.equal(withdrawn.status, 200);
    t.match(withdrawn.body, { kind: 'VEHICLE_UNIT', status: 'WITHDRAWN' });
    const gone = await call(`/api/drivercard/vehicle-units/activities?import_id=${id}`);
    t.equal(gone.status, 404, 'a withdrawn import is not found');
    const left = await call('/api/drivercard/vehicle-units');
    t.same(
      left.body.items.map((r: Json) => r.newest_download.import_id),
      [bad.body.import_id],
      'the quarantined copy is what is left',
    );
    const restored = await call(`/api/drivercard/imports/${id}/restore`, {});
    t.match(restored.body, { status: 'OK' });
    t.equal((await call(`/api/drivercard/vehicle-units/activities?import_id=${id}`)).status, 200);
    const vuOnly = await call('/api/drivercard/imports?kind=VEHICLE_UNIT');
    valid(t, schemas.importsResponseSchema, vuOnly.body, 'the imports list');
    t.equal(vuOnly.body.total, 2);
    t.equal((await call('/api/drivercard/imports?kind=DRIVER_CARD')).body.total, 0);
    noErrors();
  });

  t.test(`${name}: every generation's golden VU file imports and its rows equal the golden JSON`, async (t) => {
    const { call, parse, noErrors } = await service(t, open);
    for (const gen of GENERATIONS) {
      const bytes = new Uint8Array(readFileSync(join(repo, 'fixtures', 'ddd', 'vu-downloads', `vu-${gen}.ddd`)));
      const golden = JSON.parse(
        readFileSync(join(repo, 'fixtures', 'golden', 'vu-downloads', `vu-${gen}.json`), 'utf8'),
      );
      const answer = await parse(bytes, `vu-${gen}.ddd`);
      t.equal(answer.status, 200, gen);
      valid(t, schemas.parseResponseSchema, answer.body, `${gen}: the parse answer`);
      t.match(answer.body, {
        kind: 'VEHICLE_UNIT',
        status: 'OK',
        generation: golden.generation,
        downloaded_at: golden.downloaded_at,
        previous_download: golden.previous_download,
        data_range: golden.data_range,
        vehicle: { vin: golden.vehicle.vin },
        authenticity: { status: 'VERIFIED' },
      });
      const id = `import_id=${encodeURIComponent(answer.body.import_id)}&limit=5000`;
      const rows = async (list: string) => {
        const answer = await call(`/api/drivercard/vehicle-units/${list}?${id}`);
        t.equal(answer.status, 200, `${gen} ${list}`);
        return answer.body.items as Json[];
      };
      const activities = await rows('activities');
      t.same(
        [...new Set(activities.map((r) => r.date))],
        golden.days.map((d: Json) => d.date),
        `${gen}: the days`,
      );
      t.same(
        activities.map(goldenChangeOf(golden)),
        activities.map((r) => r.activity),
        `${gen}: each interval's activity`,
      );
      const changes = expectedIntervals(golden);
      t.equal(activities.length, changes, `${gen}: one interval per change (the same minute's later one holding)`);
      t.same(
        (await rows('events')).map((r) => [r.code, r.start, r.end]),
        golden.events.map((e: Json) => [e.type, e.start, e.end]),
      );
      t.same(
        (await rows('faults')).map((r) => [r.code, r.start, r.end]),
        golden.faults.map((e: Json) => [e.type, e.start, e.end]),
      );
      t.same(
        (await rows('overspeeding')).map((r) => [r.start, r.max_speed_kmh, r.average_speed_kmh, r.card_number]),
        golden.overspeeding.map((e: Json) => [e.start, e.max_speed_kmh, e.average_speed_kmh, e.card_number]),
      );
      t.same(
        (await rows('calibrations')).map((r) => [
          r.purpose.code,
          r.workshop.name,
          r.next_calibration_date,
          r.odometer_new_km,
        ]),
        golden.calibrations.map((c: Json) => [c.purpose, c.workshop, c.next_calibration_date, c.odometer_new_km]),
      );
      t.same(
        (await rows('speed')).map((r) => [r.start, r.speeds_kmh[0]]),
        golden.speed_blocks.map((b: Json) => [b.start, b.first_speed_kmh]),
      );
    }
    const units = await call('/api/drivercard/vehicle-units');
    t.equal(units.body.total, 1, 'the three generations describe one vehicle');
    t.equal(units.body.items[0].imports, 3);
    noErrors();
  });

  t.test(`${name}: the vehicle-unit routes refuse bad filters clearly`, async (t) => {
    const { call, noErrors } = await service(t, open);
    const refusals: Array<[string, number, string]> = [
      ['/api/drivercard/vehicle-units/activities', 400, 'invalid_filter'],
      ['/api/drivercard/vehicle-units/events?vin=A&import_id=B', 400, 'invalid_filter'],
      ['/api/drivercard/vehicle-units/faults?vin=A&nation=D', 400, 'invalid_filter'],
      ['/api/drivercard/vehicle-units/positions?vin=%20', 400, 'invalid_filter'],
      ['/api/drivercard/vehicle-units/speed?vin=A&date_from=2026-03-02&date_to=2026-03-01', 400, 'invalid_filter'],
      ['/api/drivercard/vehicle-units/calibrations?vin=A&limit=5001', 400, 'invalid_filter'],
      ['/api/drivercard/vehicle-units/overspeeding?import_id=nope', 404, 'not_found'],
      ['/api/drivercard/vehicle-units?colour=red', 400, 'invalid_filter'],
      ['/api/drivercard/imports?kind=TRUCK', 400, 'invalid_filter'],
    ];
    for (const [path, status, error] of refusals) {
      const answer = await call(path);
      t.equal(answer.status, status, path);
      t.equal(answer.body.error, error, path);
      t.type(answer.body.message, 'string');
    }
    const kind = await call('/api/drivercard/imports?kind=TRUCK');
    t.ok(JSON.stringify(kind.body).includes('VEHICLE_UNIT'), 'the allowed values are named');
    const none = await call('/api/drivercard/vehicle-units/card-insertions?registration=X%201&nation=d');
    t.same(none.body, { items: [], total: 0, limit: 500, offset: 0, conflicts: [] });
    t.same((await call('/api/drivercard/vehicle-units?vin=NONE')).body.items, []);
    noErrors();
  });
}

/** The activity of the golden change that starts each interval: the day's last change of that slot at that minute. */
function goldenChangeOf(golden: Json) {
  return (row: Json): string => {
    const day = golden.days.find((d: Json) => d.date === row.date);
    const minute = (Date.parse(row.start) - Date.parse(`${row.date}T00:00:00Z`)) / 60_000;
    const slot = row.slot === 'DRIVER' ? 0 : 1;
    const same = day.activity_changes.filter((c: Json) => c.slot === slot && c.minute === minute);
    return ACTIVITY[same[same.length - 1].activity]!;
  };
}

/** Distinct (day, slot, minute) changes of the golden days that start before the download and within the day. */
function expectedIntervals(golden: Json): number {
  const keys = new Set<string>();
  for (const day of golden.days)
    for (const c of day.activity_changes) {
      const start = Date.parse(`${day.date}T00:00:00Z`) + c.minute * 60_000;
      if (c.minute < 1440 && start < Date.parse(golden.downloaded_at)) keys.add(`${day.date}|${c.slot}|${c.minute}`);
    }
  return keys.size;
}

const root = await mkdtemp(join(tmpdir(), 'drivercard-vu-http-'));
t.teardown(() => rm(root, { recursive: true, force: true }));
let n = 0;
suite('sqlite', () => openStorage({ dataDir: join(root, `db-${++n}`) }));

const started = await startPostgres();
if (!started.available) {
  reportMissingDependency(
    t,
    `PostgreSQL vehicle-unit HTTP tests NOT RUN: ${started.missing}.`,
    '.ci/run installs postgresql-15',
  );
} else {
  const server = started.server;
  t.teardown(() => server.stop());
  suite('postgres', () => openStorage({ databaseUrl: server.freshDatabaseUrl(), dataDir: root, poolSize: 4 }));
}
