/**
 * The backup folder of JSON lines on SQLite (`backup --portable`): with withdrawals, a restored import,
 * annotations, reviews and home countries it restores into an empty data folder whose every answer equals the
 * source's; the manifest and the parts are checked before anything is written (another format or version, a part
 * missing from the manifest, a changed part); an original held twice, or no longer stored, is refused.
 */
import t, { type Test } from 'tap';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { databaseFile } from '../../adapters/storage/open-storage.js';
import { loadConfig, type Config } from '../config.js';
import { captureIo } from '../testing/capture-io.js';
import { signedFixtureFolder } from '../testing/signed-fixtures.js';
import { answers, listOf, serviceOf } from '../testing/service-answers.js';
import { backupCommand } from './backup.js';
import { restoreCommand } from './restore.js';

const FILES = ['gen1-full.ddd', 'gen1-basic.ddd', 'gen2-full.ddd', 'gen1-card-download.ddd'];
const CARD = 'DF00000123456001';

function setUp(t: Test) {
  const { dir, trustDir, files } = signedFixtureFolder(t, 'drivercard-backup-portable-', FILES);
  let n = 0;
  const config = (): Config => loadConfig({}, { dataDir: join(dir, `data-${n++}`), trustDir });
  return { dir, files, config };
}

/** Rewrites a part and the manifest's record of it, so that only the content differs from what was written. */
function rewritePart(folder: string, file: string, text: string): void {
  writeFileSync(join(folder, file), text);
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
  const name = Object.keys(manifest.parts).find((p) => manifest.parts[p].file === file)!;
  manifest.parts[name] = {
    file,
    records: text.split('\n').length - 1,
    bytes: Buffer.byteLength(text),
    sha256: createHash('sha256').update(text).digest('hex'),
  };
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest));
}

t.test('a portable backup of SQLite restores to every answer of the source', async (t) => {
  const { dir, files, config } = setUp(t);
  const sourceConfig = config();
  const source = await serviceOf(t, sourceConfig);
  t.equal(await source.importFile(files[0]!), 0);
  const annotation = { card_number: CARD, kind: 'LEAVE', start: '2026-01-01T00:00:00Z', end: '2026-01-03T00:00:00Z' };
  t.equal((await source.post('/api/drivercard/annotations', { ...annotation, author: 'office' })).status, 201);
  const homes = { establishment: 'DE', residence: 'FR' };
  t.equal((await source.post(`/api/drivercard/drivers/${CARD}/home-countries`, homes)).status, 200);
  const period = 'date_from=2025-06-01&date_to=2026-05-31&limit=5000';
  const finding = listOf(await source.get(`/api/drivercard/findings?card_number=${CARD}&${period}`)).items[0]!;
  const review = { status: 'CONFIRMED', note: 'seen', author: 'office', card_number: CARD };
  t.equal((await source.post(`/api/drivercard/findings/${finding.finding_id}/review`, review)).status, 201);
  for (const file of files.slice(1)) t.equal(await source.importFile(file), 0);
  const rows = listOf(await source.get('/api/drivercard/imports?limit=5000')).items;
  const [first, second] = [rows[0]!.import_id, rows[1]!.import_id];
  t.equal((await source.post(`/api/drivercard/imports/${first}/withdraw`, { reason: 'checked twice' })).status, 200);
  t.equal((await source.post(`/api/drivercard/imports/${first}/restore`, {})).status, 200);
  t.equal((await source.post(`/api/drivercard/imports/${second}/withdraw`, { reason: 'wrong driver' })).status, 200);

  const folder = join(dir, 'portable');
  const run = captureIo();
  t.equal(await backupCommand(['--portable', folder], run.io, sourceConfig), 0, run.err.join(''));
  t.equal(
    run.out.join(''),
    'portable: backup written (4 originals, 1 annotations, 1 review entries, 1 home countries)\n',
  );
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
  t.match(manifest, { format: 'drivercard-backup', format_version: 1, parts: { originals: { records: 4 } } });
  t.ok(manifest.schema_migrations.length > 0, 'the source schema is named');
  const target = config();
  const restoreRun = captureIo();
  t.equal(await restoreCommand([folder], restoreRun.io, target), 0, restoreRun.err.join(''));
  t.equal(
    restoreRun.out.join(''),
    'portable: restored (4 originals, 1 annotations, 1 review entries, 1 home countries)\n',
  );
  const expected = await answers(source.get, true);
  t.match(expected.imports, /"status":"WITHDRAWN"/);
  t.match(expected.imports, /"restored_at":"20/);
  t.match(expected[`reviews ${CARD}`], /"CONFIRMED".*"chain_valid":true/);
  t.same(await answers((await serviceOf(t, target)).get, true), expected, 'every answer as the source gives it');

  const twice = captureIo();
  t.equal(await restoreCommand([folder], twice.io, target), 1, 'a data folder holding a database is refused');
  t.match(twice.err.join(''), /not empty; a restore overwrites nothing/);
  const again = captureIo();
  t.equal(await backupCommand(['--portable', folder], again.io, sourceConfig), 1);
  t.match(again.err.join(''), /backup folder exists already/);
  const parentless = captureIo();
  t.equal(await backupCommand(['--portable', join(dir, 'no', 'parent')], parentless.io, sourceConfig), 1);
  t.match(parentless.err.join(''), /the backup folder cannot be created/);
  const unreachable = captureIo();
  const nowhere = { ...config(), databaseUrl: 'postgres://drivercard@127.0.0.1:1/none' };
  t.equal(await restoreCommand([folder], unreachable.io, nowhere), 1, 'a database that cannot be opened');
  t.match(unreachable.err.join(''), /restore refused: the database could not be opened/);
  const nothing = captureIo();
  t.equal(await backupCommand(['--portable', join(dir, 'none')], nothing.io, config()), 1);
  t.match(nothing.err.join(''), /there is no database to back up/);
});

t.test('a backup folder is checked before anything is written', async (t) => {
  const { dir, files, config } = setUp(t);
  const sourceConfig = config();
  const source = await serviceOf(t, sourceConfig);
  t.equal(await source.importFile(files[0]!), 0);
  t.equal(await source.importFile(files[1]!), 0);
  const folder = join(dir, 'b');
  t.equal(await backupCommand(['--portable', folder], captureIo().io, sourceConfig), 0);
  const manifestText = readFileSync(join(folder, 'manifest.json'), 'utf8');
  const refused = async (pattern: RegExp, message: string) => {
    const target = config();
    const run = captureIo();
    t.equal(await restoreCommand([folder], run.io, target), 1, message);
    t.match(run.err.join(''), pattern, message);
    t.notOk(existsSync(databaseFile({ dataDir: target.dataDir })), `${message}: no database written`);
  };
  const manifest = JSON.parse(manifestText);
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify({ ...manifest, format: 'other' }));
  await refused(/manifest\.json of another format/, 'another format');
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify({ ...manifest, format_version: 2 }));
  await refused(/format version 2 is not one this version reads/, 'another version');
  writeFileSync(
    join(folder, 'manifest.json'),
    JSON.stringify({ ...manifest, parts: { originals: manifest.parts.originals } }),
  );
  await refused(/does not list every part/, 'a part not listed');
  writeFileSync(join(folder, 'manifest.json'), manifestText);
  rmSync(join(folder, 'home-countries.jsonl'));
  await refused(/the part home-countries\.jsonl is missing or changed/, 'a part missing');
  writeFileSync(join(folder, 'home-countries.jsonl'), '');

  // an original held twice: the second is refused, after the first was imported
  const originals = readFileSync(join(folder, 'originals.jsonl'), 'utf8');
  const line = originals.split('\n')[0]!;
  const copy = JSON.parse(line);
  rewritePart(
    folder,
    'originals.jsonl',
    `${originals}${JSON.stringify({ ...copy, import_id: 'imp_copy', archive_id: 'a_copy' })}\n`,
  );
  const target = config();
  const run = captureIo();
  t.equal(await restoreCommand([folder], run.io, target), 1);
  t.match(
    run.err.join(''),
    /after 2 original\(s\): the original of import imp_copy does not match its recorded SHA-256 or is held twice; the database was emptied again, as it was before\n$/,
  );
  const Sqlite = createRequire(import.meta.url)('better-sqlite3');
  const left = new Sqlite(databaseFile({ dataDir: target.dataDir }), { readonly: true });
  const count = (table: string) => (left.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  t.same(
    ['imports', 'import_content', 'card_day', 'fleet_card', 'fleet_count', 'annotation', 'card_home_countries'].map(
      count,
    ),
    [0, 0, 0, 0, 0, 0, 0],
    'nothing of the failed restore is left',
  );
  left.close();
  rewritePart(folder, 'originals.jsonl', originals);
  const again = captureIo();
  t.equal(await restoreCommand([folder], again.io, target), 0, 'the emptied database takes the backup');
  t.match(again.out.join(''), /restored \(\d+ originals/);

  // an import whose original is no longer stored cannot be backed up
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const db = new Database(databaseFile({ dataDir: sourceConfig.dataDir }));
  db.prepare('DELETE FROM import_content WHERE import_pk = (SELECT MIN(pk) FROM imports)').run();
  db.close();
  const lost = captureIo();
  t.equal(await backupCommand(['--portable', join(dir, 'lost')], lost.io, sourceConfig), 1);
  t.match(lost.err.join(''), /import imp_[0-9a-f]+ has no stored original \(run drivercard check\)/);
  t.equal(await backupCommand(['--portable'], captureIo().io, sourceConfig), 2, 'usage');
});
