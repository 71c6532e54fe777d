/**
 * An existing database from an earlier schema opens and serves the same answers after the migration.
 * fixtures/legacy/drivercard-c81c5c7.sqlite.gz was written by release c81c5c7 (one `activity` row per interval;
 * provenance in fixtures/legacy/make-legacy.mjs). The service opens it (the intervals move to packed days, the old
 * table is dropped) and must answer every read exactly like a service that imported the same files fresh.
 * Import ids are random per database, so answers are compared with each import id replaced by its archive id.
 */
import t from 'tap';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startServer, type RunningServer } from '../composition/server.js';
import { signDdd, writeTestTrustDir } from '../fixtures/pki/test-pki.js';
import { twentyEightDayCard } from '../fixtures/scenarios/twenty-eight-day.js';
import { createSqlStore } from '../adapters/storage/open-storage.js';

const FIXTURES = new URL('../fixtures/', import.meta.url);
const ddd = (name: string) => new Uint8Array(readFileSync(new URL(`ddd/${name}`, FIXTURES)));
/** the files of the legacy database, in its import order, with the same archive ids */
const FILES: Array<[string, Uint8Array]> = [
  ['gen1-basic.ddd', signDdd(ddd('gen1-basic.ddd'))],
  ['gen1-full.ddd', signDdd(ddd('gen1-full.ddd'))],
  ['gen2-crew-gnss.ddd', signDdd(ddd('gen2-crew-gnss.ddd'))],
  ['corrupt-damaged-activity.ddd', ddd('corrupt-damaged-activity.ddd')],
  ['history-a.ddd', signDdd(twentyEightDayCard(11, 'LEGACY0000000001', '2026-12-27'))],
  ['history-b.ddd', signDdd(twentyEightDayCard(11, 'LEGACY0000000001', '2027-01-10'))],
  ['history-c.ddd', signDdd(twentyEightDayCard(12, 'LEGACY0000000001', '2027-01-03'))],
];
const CARDS = ['DF00000123456001', 'BG00000045678110', 'LEGACY0000000001'];
const LEGACY_INTERVALS = 7620; // COUNT(*) FROM activity in the legacy database

const trustDir = writeTestTrustDir(mkdtempSync(join(tmpdir(), 'drivercard-migration-trust-')));
const dirs: string[] = [trustDir];
t.teardown(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-migration-'));
  dirs.push(dir);
  return dir;
}

async function get(server: RunningServer, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(server.url + path);
  return { status: response.status, body: await response.json() };
}

/** Every import id in an answer replaced by its archive id (the ids differ between the two databases). */
async function normalised(server: RunningServer, value: unknown): Promise<string> {
  const imports = (await get(server, '/api/drivercard/imports?limit=100')).body as {
    items: Array<{ import_id: string; archive_id: string }>;
  };
  let text = JSON.stringify(value);
  for (const row of imports.items) text = text.split(row.import_id).join(`<${row.archive_id}>`);
  return text.replace(/"imported_at":"[^"]*"/g, '"imported_at":"…"');
}

/** The reads compared: per import and per card, every resource the API serves from stored rows. */
async function reads(server: RunningServer): Promise<string[]> {
  const imports = (await get(server, '/api/drivercard/imports?limit=100')).body as {
    items: Array<{ import_id: string }>;
  };
  const paths: string[] = [];
  for (const { import_id: id } of imports.items) {
    for (const resource of ['activities', 'events', 'faults', 'vehicles-used', 'positions', 'time-summary']) {
      paths.push(`/api/drivercard/${resource}?import_id=${id}&limit=5000`);
    }
  }
  for (const card of CARDS) {
    for (const resource of ['activities', 'events', 'vehicles-used', 'time-summary'])
      paths.push(`/api/drivercard/${resource}?card_number=${card}&limit=5000`);
    paths.push(`/api/drivercard/week-overview?card_number=${card}&week=2026-W52`);
    paths.push(`/api/drivercard/day-overview?card_number=${card}&date_from=2026-12-01&date_to=2027-01-10`);
    paths.push(
      `/api/drivercard/eu561/violations?card_number=${card}&date_from=2026-12-14&date_to=2027-01-10&include_quarantined=true`,
    );
  }
  const out: string[] = [];
  for (const path of paths) {
    const answer = await get(server, path);
    out.push(
      `${path.replace(/import_id=[^&]+/, 'import_id=…')} ${answer.status} ${await normalised(server, answer.body)}`,
    );
  }
  return out;
}

t.test(
  'a database of the release before packed activity days opens, migrates and answers as a fresh one',
  async (t) => {
    const legacyDir = dataDir();
    writeFileSync(
      join(legacyDir, 'drivercard.sqlite'),
      gunzipSync(readFileSync(new URL('legacy/drivercard-c81c5c7.sqlite.gz', FIXTURES))),
      { mode: 0o600 },
    );
    const env = { DRIVERCARD_TRUST_DIR: trustDir };

    const migrated = await startServer({ port: 0, dataDir: legacyDir }, { env });
    let legacyAnswers: string[];
    try {
      legacyAnswers = await reads(migrated);
    } finally {
      await migrated.close();
    }

    const fresh = await startServer({ port: 0, dataDir: dataDir() }, { env });
    let freshAnswers: string[];
    try {
      for (const [name, bytes] of FILES) {
        const response = await fetch(fresh.url + '/api/drivercard/parse', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            file_name: name,
            archive_id: `legacy/${name}`,
            content_base64: Buffer.from(bytes).toString('base64'),
          }),
        });
        t.equal(response.status, 200, `${name} imported into the fresh database`);
      }
      freshAnswers = await reads(fresh);
    } finally {
      await fresh.close();
    }

    t.ok(legacyAnswers.length > 60, `${legacyAnswers.length} reads compared`);
    t.ok(
      legacyAnswers.some((line) => line.includes('"activity":"DRIVING"')),
      'the reads include activity intervals',
    );
    t.ok(
      legacyAnswers.some((line) => line.includes('"conflicts":["2026-12-')),
      'the reads include a listed conflict',
    );
    // The one expected difference: the legacy rows were decoded before the newest day of a download ended at the
    // download (README "The newest day ends at the download"): their last interval of that day runs to 24:00, a fresh
    // import's ends at the download. Every other answer, and every other field, is the same.
    let cut = 0;
    for (let i = 0; i < freshAnswers.length; i++) {
      if (legacyAnswers[i] === freshAnswers[i]) {
        t.pass(freshAnswers[i]!.slice(0, 120));
        continue;
      }
      const explained = downloadCutDifference(legacyAnswers[i]!, freshAnswers[i]!);
      t.ok(explained !== null, `only the download day's last interval differs: ${freshAnswers[i]!.slice(0, 120)}`);
      cut += explained ?? 0;
    }
    t.ok(cut > 0, `${cut} last intervals of a download day end at the download in the fresh database`);

    const store = await createSqlStore({ dataDir: legacyDir });
    try {
      const [legacy] = await store.query(
        "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'activity'",
      );
      t.equal(legacy!.n, 0, 'the per-interval table is dropped');
      const [packed] = await store.query('SELECT SUM(n) AS n FROM activity_day');
      t.equal(packed!.n, LEGACY_INTERVALS, 'every interval of the old table is in a packed day');
      const imports = await store.listImports(
        { card_number: null, range: { from: null, to: null } },
        { limit: 100, offset: 0 },
      );
      t.equal(imports.total, FILES.length);
      for (const row of imports.items) {
        const original = await store.originalContent(row.import_id);
        t.equal(
          createHash('sha256').update(original!).digest('hex'),
          row.content_sha256,
          `${row.file_name}: the original bytes stored before the encoding column read back`,
        );
      }
    } finally {
      await store.close();
    }
  },
);

interface Row {
  import_id: string;
  date: string;
  start: string;
  end: string;
  duration: number;
  activity: string;
  card_inserted: boolean;
  manual_entry: boolean;
}

/**
 * How many intervals explain the difference of two answers (null: something else differs). An explained interval is
 * the last of its import and day, runs to 24:00 in the legacy answer and ends earlier in the fresh one (duration =
 * end − start), at most one day per import; a day's totals differ by exactly the time cut off.
 */
function downloadCutDifference(legacyLine: string, freshLine: string): number | null {
  const split = (line: string) =>
    [line.slice(0, line.indexOf('{')), JSON.parse(line.slice(line.indexOf('{')))] as const;
  const [legacyHead, legacy] = split(legacyLine);
  const [freshHead, fresh] = split(freshLine);
  if (legacyHead !== freshHead) return null;
  const cutDays = new Map<string, string>();
  let count = 0;
  const rowsOf = (items: Row[]) => {
    const last = new Map<string, Row>();
    for (const r of items) {
      const key = `${r.import_id}/${r.date}`;
      const known = last.get(key);
      if (!known || r.start >= known.start) last.set(key, r);
    }
    return last;
  };
  const sameRows = (a: Row[], b: Row[], totals?: [Record<string, number>, Record<string, number>]): boolean => {
    if (a.length !== b.length) return false;
    const last = rowsOf(a);
    const bucket: Record<string, number> = {};
    for (let k = 0; k < a.length; k++) {
      const x = a[k]!;
      const y = b[k]!;
      if (JSON.stringify(x) === JSON.stringify(y)) continue;
      const midnight = Date.parse(`${x.date}T00:00:00Z`) / 1000 + 86_400;
      const xe = Date.parse(x.end) / 1000;
      const ye = Date.parse(y.end) / 1000;
      const others = (r: Row) => JSON.stringify({ ...r, end: null, duration: null });
      if (last.get(`${x.import_id}/${x.date}`) !== x || xe !== midnight || !(ye < xe) || others(x) !== others(y))
        return false;
      if (y.duration !== ye - Date.parse(y.start) / 1000 || x.duration - y.duration !== xe - ye) return false;
      const day = cutDays.get(x.import_id);
      if (day !== undefined && day !== x.date) return false;
      cutDays.set(x.import_id, x.date);
      const key = x.card_inserted || x.manual_entry ? x.activity : 'UNKNOWN';
      bucket[key] = (bucket[key] ?? 0) + (xe - ye);
      count++;
    }
    if (!totals) return true;
    const [lt, ft] = totals;
    return Object.keys(lt).every((k) => lt[k]! - ft[k]! === (bucket[k] ?? 0));
  };
  const { items: li, ...lrest } = legacy as {
    items: Array<Row & { intervals?: Row[]; totals?: Record<string, number> }>;
  };
  const { items: fi, ...frest } = fresh as typeof legacy;
  if (JSON.stringify(lrest) !== JSON.stringify(frest) || li.length !== fi.length) return null;
  for (let k = 0; k < li.length; k++) {
    const x = li[k]!;
    const y = fi[k]!;
    if (x.intervals && y.intervals) {
      const { intervals: _a, totals: lt, ...xo } = x;
      const { intervals: _b, totals: ft, ...yo } = y;
      if (JSON.stringify(xo) !== JSON.stringify(yo) || !sameRows(x.intervals, y.intervals, [lt!, ft!])) return null;
    } else if (!sameRows([x], [y])) return null;
  }
  return count > 0 ? count : null;
}
