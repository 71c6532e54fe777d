/**
 * The change feed after a restore from a backup folder (SQLite): the restored database numbers its changes after
 * the source's last number (the manifest's `last_change`), every record once — the office's records first, in the
 * order they were made, then the originals as they are imported again (their withdrawals and restores too) — so a
 * cursor kept from the source sees them all once more and misses none; a cursor above the counter answers 410
 * cursor_ahead. New changes are numbered after the restored ones.
 */
import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySigned, writeTestTrustDir } from '../../fixtures/pki/test-pki.js';
import { loadConfig, type Config } from '../config.js';
import { captureIo } from '../testing/capture-io.js';
import { listOf, serviceOf, type Get } from '../testing/service-answers.js';
import { backupCommand } from './backup.js';
import { restoreCommand } from './restore.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'ddd');
const CARD = 'DF00000123456001';

/** The whole feed from c0 (status, then the answer's body). */
async function feed(get: Get, since = 'c0') {
  const answer = await get(`/api/drivercard/changes?since=${since}&limit=5000`);
  return { status: Number(answer.slice(0, 3)), body: JSON.parse(answer.slice(4)) as Record<string, any> };
}

t.test(
  "a restored database numbers its changes after the source's last one; the source's cursors stay valid",
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'drivercard-restore-changes-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const trustDir = writeTestTrustDir(join(dir, 'trust'));
    mkdirSync(join(dir, 'files'));
    const files = ['gen1-full.ddd', 'gen1-basic.ddd'].map((name) => {
      copySigned(join(FIXTURES, name), join(dir, 'files', name));
      return join(dir, 'files', name);
    });
    let n = 0;
    const config = (): Config => loadConfig({}, { dataDir: join(dir, `data-${n++}`), trustDir });

    const sourceConfig = config();
    const source = await serviceOf(t, sourceConfig);
    for (const file of files) t.equal(await source.importFile(file), 0);
    const annotation = { card_number: CARD, kind: 'LEAVE', start: '2026-01-01T00:00:00Z', end: '2026-01-03T00:00:00Z' };
    const created = await source.post('/api/drivercard/annotations', { ...annotation, author: 'office' });
    t.equal(created.status, 201);
    const period = 'date_from=2025-06-01&date_to=2026-05-31&limit=5000';
    const finding = listOf(await source.get(`/api/drivercard/findings?card_number=${CARD}&${period}`)).items[0]!;
    const review = { status: 'CONFIRMED', note: 'seen', author: 'office', card_number: CARD };
    t.equal((await source.post(`/api/drivercard/findings/${finding.finding_id}/review`, review)).status, 201);
    const imports = listOf(await source.get('/api/drivercard/imports?limit=5000')).items.map((i) => i.import_id);
    t.equal((await source.post(`/api/drivercard/imports/${imports[1]}/withdraw`, { reason: 'wrong' })).status, 200);
    t.equal((await source.post(`/api/drivercard/imports/${imports[1]}/restore`, {})).status, 200);
    const withdraw = `/api/drivercard/annotations/${String(created.body.annotation_id)}/withdraw`;
    t.equal((await source.post(withdraw, { author: 'office' })).status, 200);
    const before = await feed(source.get);
    t.equal(before.body.next_cursor, 'c7', 'the source handed out 7 numbers');

    const folder = join(dir, 'portable');
    t.equal(await backupCommand(['--portable', folder], captureIo().io, sourceConfig), 0);
    const targetConfig = config();
    const run = captureIo();
    t.equal(await restoreCommand([folder], run.io, targetConfig), 0, run.err.join(''));
    const target = await serviceOf(t, targetConfig);
    const after = await feed(target.get);
    const restoredItems = [
      ['c8', 'annotation', 'withdrawn', created.body.annotation_id],
      ['c9', 'finding_review', 'reviewed', finding.finding_id],
      ['c10', 'import', 'imported', imports[0]],
      ['c13', 'import', 'restored', imports[1]],
    ];
    t.same(
      after.body.items.map((c: any) => [c.change, c.kind, c.action, c.id]),
      restoredItems,
      "every record once, numbered after the source's last number: the office records as restored, then the originals as replayed",
    );
    const kept = await feed(target.get, before.body.next_cursor as string);
    t.same(
      kept.body.items.map((c: any) => [c.change, c.kind, c.action, c.id]),
      restoredItems,
      "the source's last cursor stays valid: it sees every restored record once more, never misses one",
    );
    const ahead = await feed(target.get, 'c99');
    t.same([ahead.status, ahead.body.error], [410, 'cursor_ahead'], 'a cursor above the counter is refused, not empty');
    const withdrawn = await target.post(`/api/drivercard/imports/${imports[0]}/withdraw`, { reason: 'again' });
    t.equal(withdrawn.status, 200);
    t.same(
      (await feed(target.get, 'c13')).body.items.map((c: any) => [c.change, c.action]),
      [['c14', 'withdrawn']],
      'a new change numbered after the restored ones',
    );
  },
);
