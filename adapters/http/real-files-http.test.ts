/**
 * Over HTTP: POST /api/drivercard/anonymize, the activity row schema's negative durations, and the real
 * samples' answers (the full service on a throwaway SQLite database) validated through the response schemas.
 * Personal data of the samples is never printed: only schema error paths and counts.
 */
import t, { type Test } from 'tap';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportMissingDependency } from '../../conformance/missing-dependency.js';
import { startServer, type RunningServer } from '../../composition/server.js';
import { decodeDddBytes } from '../../core/decoder/index.js';
import * as schemas from './schemas.js';
import { strictValidator } from './shared/validation.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/ddd/', import.meta.url));
const SAMPLES =
  process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../../shared/samples/', import.meta.url));

async function service(t: Test): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-http-real-'));
  const server = await startServer({ port: 0, dataDir }, { env: {} });
  t.teardown(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return server;
}

const post = (url: string, body: unknown, type = 'application/json') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** schema errors as paths only (never the values: they may be personal data) */
function problems(schema: object, value: unknown): string[] {
  const validate = strictValidator(schema);
  return validate(value) ? [] : validate.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
}

t.test('the activity row schema serves negative durations (activity_time_out_of_order)', async (t) => {
  const row = {
    import_id: 'i',
    card_number: 'C',
    date: '2025-09-05',
    start: '2025-09-05T15:01:00Z',
    end: '2025-09-05T14:53:00Z',
    activity: 'WORK',
    duration: -480,
    slot: 'DRIVER',
    crew: false,
    card_inserted: false,
    manual_entry: true,
  };
  t.same(problems(schemas.activityRowSchema, row), []);
  t.match(JSON.stringify(schemas.activityRowSchema), /negative/);
  t.notSame(problems(schemas.activityRowSchema, { ...row, duration: 1.5 }), [], 'still whole seconds');
});

t.test('POST /api/drivercard/anonymize', async (t) => {
  const server = await service(t);
  const url = `${server.url}/api/drivercard/anonymize`;
  const bytes = readFileSync(join(FIXTURES, 'gen2v2-border-load.ddd'));
  const ok = await post(url, {
    file_name: 'C:\\cards\\x.ddd',
    content_base64: bytes.toString('base64'),
    coarsen_positions: true,
  });
  t.equal(ok.status, 200);
  const body = (await ok.json()) as { file_name: string; content_base64: string; notes: string[] };
  t.same(problems(schemas.anonymizeResponseSchema, body), []);
  t.equal(body.file_name, 'x.ddd', 'base name only');
  const out = new Uint8Array(Buffer.from(body.content_base64, 'base64'));
  t.equal(out.length, bytes.length);
  t.equal(decodeDddBytes(out).gen2?.identification?.holderSurname.text, 'ANONYMOUS');
  t.ok(body.notes.some((n) => /coarsened/.test(n)));
  t.equal(body.notes.filter((n) => /zero bytes/.test(n)).length, 1, 'one line about signatures and certificates');

  t.equal((await post(url, { content_base64: '***' })).status, 400);
  t.equal((await post(url, { content_base64: 'AA==', extra: 1 })).status, 400);
  t.equal((await post(url, { content_base64: 'AA==' }, 'text/plain')).status, 415);
  const vu = await post(url, {
    content_base64: readFileSync(join(FIXTURES, 'corrupt-vu-download.ddd')).toString('base64'),
  });
  // anonymizing rewrites a driver card's EFs: a vehicle-unit download is refused as what it is (POST /parse imports it)
  t.equal(vu.status, 422);
  t.match(await vu.json(), { error: 'unparseable_ddd', reason: 'vehicle_unit_download' });
  const imports = (await (await fetch(`${server.url}/api/drivercard/imports`)).json()) as { total: number };
  t.equal(imports.total, 0, 'nothing was stored');
  const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
  t.ok(openapi.paths['/api/drivercard/anonymize'], 'documented in OpenAPI');
});

t.test('a download with mandatory EFs missing is QUARANTINED and the imports say so', async (t) => {
  const server = await service(t);
  const res = await post(`${server.url}/api/drivercard/parse`, {
    content_base64: readFileSync(join(FIXTURES, 'real-missing-efs.ddd')).toString('base64'),
  });
  const row = (await res.json()) as { status: string; warnings: Array<{ code: string }> };
  t.equal(row.status, 'QUARANTINED');
  t.equal(row.warnings.filter((w) => w.code === 'missing_ef').length, 7);
  const list = (await (await fetch(`${server.url}/api/drivercard/imports`)).json()) as {
    items: Array<{ status: string; quarantined?: boolean }>;
  };
  t.equal(list.items[0]!.status, 'QUARANTINED');
});

async function allPages(base: string, path: string, query: string): Promise<{ items: unknown[]; pages: unknown[] }> {
  const pages: unknown[] = [];
  const items: unknown[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = (await (await fetch(`${base}${path}?${query}&limit=5000&offset=${offset}`)).json()) as {
      items: unknown[];
      total: number;
    };
    pages.push(page);
    items.push(...page.items);
    if (offset + 5000 >= page.total) break;
  }
  return { items, pages };
}

if (!existsSync(SAMPLES)) {
  reportMissingDependency(
    t,
    `REAL SAMPLES MISSING: ${SAMPLES} does not exist; the real samples' answers were not validated.`,
    'CI checks out ../shared beside the repository',
  );
} else {
  t.test("the real samples' answers pass the response schemas", async (t) => {
    const server = await service(t);
    const names = readdirSync(SAMPLES)
      .filter((f) => f.toLowerCase().endsWith('.ddd'))
      .sort();
    let cards = 0;
    for (const name of names) {
      const res = await post(`${server.url}/api/drivercard/parse`, {
        file_name: name,
        content_base64: readFileSync(join(SAMPLES, name)).toString('base64'),
      });
      if (res.status === 422) continue;
      const row = (await res.json()) as { import_id: string; kind: string };
      t.same(problems(schemas.parseResponseSchema, row), [], `${name}: parse answer`);
      const q = `import_id=${row.import_id}`;
      if (row.kind === 'VEHICLE_UNIT') {
        // a vehicle unit's rows are served by the vehicle-unit routes (their own tests: vehicle-units.test.ts)
        const { pages, items } = await allPages(server.url, '/api/drivercard/vehicle-units/activities', q);
        for (const page of pages) t.same(problems(schemas.vuActivitiesResponseSchema, page), [], `${name}: VU rows`);
        t.ok(items.length > 0, `${name}: VU activities served`);
        continue;
      }
      cards++;
      const lists: Array<[string, object]> = [
        ['/api/drivercard/activities', schemas.activitiesResponseSchema],
        ['/api/drivercard/events', schemas.eventsResponseSchema],
        ['/api/drivercard/faults', schemas.faultsResponseSchema],
        ['/api/drivercard/vehicles-used', schemas.vehiclesUsedResponseSchema],
        ['/api/drivercard/positions', schemas.positionsResponseSchema],
      ];
      for (const [path, schema] of lists) {
        const { pages, items } = await allPages(server.url, path, q);
        for (const page of pages) t.same(problems(schema, page), [], `${name}: ${path} (${items.length} rows)`);
        if (path.endsWith('activities')) t.ok(items.length > 0, `${name}: activities served`);
      }
      const single: Array<[string, object]> = [
        [`/api/drivercard/imports?${q}`, schemas.importsResponseSchema],
        [`/api/drivercard/time-summary?${q}`, schemas.timeSummaryResponseSchema],
        // no dates: the import's own activity range (its last 366 days at most, the bound of an overview)
        [`/api/drivercard/day-overview?${q}`, schemas.dayOverviewResponseSchema],
        [`/api/drivercard/week-overview?${q}`, schemas.weekOverviewResponseSchema],
      ];
      for (const [path, schema] of single) {
        const res = await fetch(`${server.url}${path}`);
        t.equal(res.status, 200, `${name}: ${path.split('?')[0]} answers`);
        t.same(problems(schema, await res.json()), [], `${name}: ${path.split('?')[0]}`);
      }
    }
    t.ok(cards >= 2, `${cards} card samples`);
  });
}
