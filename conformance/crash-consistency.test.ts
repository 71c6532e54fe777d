/**
 * Crash consistency: a child process imports files through the real use case into a SQLite file and is
 * killed with SIGKILL in the middle of its work. Reopened, the database holds every acknowledged import
 * complete (all row counts match what its file decodes to) and no partial import at all.
 */
import t from 'tap';
import { untrackedChildEnv } from './child-env.js';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqlStore } from '../adapters/storage/open-storage.js';
import { cardForFile, DAYS } from './crash/card-for-file.js';

const root = await mkdtemp(join(tmpdir(), 'drivercard-crash-'));
t.teardown(() => rm(root, { recursive: true, force: true }));
const script = fileURLToPath(new URL('./crash/import-loop.ts', import.meta.url));

async function runAndKill(dataDir: string, killAfterAcks: number): Promise<Map<string, number>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: untrackedChildEnv(),
  });
  const acked = new Map<string, number>();
  let buffer = '';
  let stderr = '';
  let killing = false;
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const m = /^ACK (\S+) (\d+)$/.exec(line);
        if (m) acked.set(m[1]!, Number(m[2]));
        // kill at a random moment of the next import (decode, insert or commit)
        if (acked.size >= killAfterAcks && !killing) {
          killing = true;
          setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, Math.random() * 3);
        }
      }
    });
    child.on('exit', (code) => (code !== null ? reject(new Error(`child exited ${code}: ${stderr}`)) : resolve()));
  });
  t.equal(await exited, 'SIGKILL', 'the child was killed');
  return acked;
}

for (const [run, killAfter] of [
  [1, 25],
  [2, 60],
] as const) {
  t.test(`run ${run}: SIGKILL after ${killAfter} acknowledgements`, async (t) => {
    const dataDir = join(root, `run-${run}`);
    const acked = await runAndKill(dataDir, killAfter);
    t.ok(acked.size >= killAfter);
    const store = await createSqlStore({ dataDir });
    t.teardown(() => store.close());
    const imports = await store.listImports(
      { card_number: null, range: { from: null, to: null } },
      { limit: 5000, offset: 0 },
    );
    const ids = new Set(imports.items.map((i) => i.import_id));
    for (const id of acked.keys()) t.ok(ids.has(id), `acknowledged ${id} is stored`);
    t.ok(
      imports.total <= acked.size + 1,
      'at most one import beyond the acknowledged ones (committed, not yet printed)',
    );
    let complete = 0;
    for (const row of imports.items) {
      const n = Number(/^f(\d+)\.ddd$/.exec(row.file_name ?? '')![1]);
      const expected = cardForFile(n);
      const days = await store.dayRecords({ kind: 'import', import_id: row.import_id }, { from: null, to: null });
      const scope = { kind: 'import', import_id: row.import_id, range: { from: null, to: null } } as const;
      const counts = [
        days.length,
        (
          await store.activities(
            days.map((d) => ({ import_id: row.import_id, date: d.date })),
            null,
          )
        ).total,
        (await store.events(scope, null)).total,
        (await store.vehiclesUsed(scope, null)).total,
        (await store.positions(scope, null)).total,
      ];
      const want = [
        DAYS,
        expected.activities.length,
        expected.events.length,
        expected.vehicles_used.length,
        expected.positions.length,
      ];
      const content = await store.originalContent(row.import_id);
      if (JSON.stringify(counts) === JSON.stringify(want) && content?.byteLength === row.size_bytes) complete++;
      else t.fail(`import ${row.import_id} (file ${n}) is partial: ${counts} vs ${want}`);
    }
    t.equal(complete, imports.total, `all ${imports.total} stored imports are complete`);
    const orphans = await store.query(
      `SELECT (SELECT COUNT(*) FROM activity_day WHERE import_pk NOT IN (SELECT pk FROM imports))
            + (SELECT COUNT(*) FROM day_record WHERE import_pk NOT IN (SELECT pk FROM imports))
            + (SELECT COUNT(*) FROM import_content WHERE import_pk NOT IN (SELECT pk FROM imports)) AS n`,
    );
    t.equal(orphans[0].n, 0, 'no rows without their import');
  });
}
