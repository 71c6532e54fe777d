/**
 * Backup, restore and check on PostgreSQL (a throwaway cluster): a backup taken while eight clients import restores
 * to a database answering as the source did at the backup's moment (the source with the imports committed after
 * that moment withdrawn: a withdrawn import takes part in no answer but the listing asking for withdrawn ones); a
 * backup at rest, with withdrawals, a restore of a withdrawn import, annotations, reviews and home countries,
 * restores to a database whose every answer equals the source's, on PostgreSQL and on SQLite (and SQLite's portable
 * backup of that back into PostgreSQL); an original altered
 * in the database is reported by `check` (which changes nothing) and refused by a restore; a non-empty database,
 * a changed part and a folder that is no backup are refused.
 */
import t, { type Test } from 'tap';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { knex } from '@mikro-orm/postgresql';
import { reportMissingDependency } from '../../conformance/missing-dependency.js';
import { startPostgres, type PostgresServer } from '../../conformance/postgres-server.js';
import type { ImportStore } from '../../core/ports/import-store.js';
import { loadConfig, type Config } from '../config.js';
import { TOKENS } from '../container.js';
import { captureIo } from '../testing/capture-io.js';
import { BACKUP_FILES, signedFixtureFolder } from '../testing/signed-fixtures.js';
import { answers, listOf, serviceOf, withdrawAllBut } from '../testing/service-answers.js';
import { backupCommand } from './backup.js';
import { checkCommand } from './check.js';
import { restoreCommand } from './restore.js';

const FILES = BACKUP_FILES;
const CARD = 'DF00000123456001';

function setUp(t: Test, server: PostgresServer) {
  const { dir, trustDir, files } = signedFixtureFolder(t, 'drivercard-backup-pg-', FILES);
  let n = 0;
  const postgres = (): Config =>
    loadConfig({}, { dataDir: join(dir, `data-${n++}`), trustDir, databaseUrl: server.freshDatabaseUrl() });
  const sqlite = (): Config => loadConfig({}, { dataDir: join(dir, `data-${n++}`), trustDir });
  return { dir, files, postgres, sqlite };
}

const started = await startPostgres();
if (!started.available) {
  reportMissingDependency(t, `PostgreSQL backup tests NOT RUN: ${started.missing}.`, '.ci/run installs postgresql-15');
} else {
  const server = started.server;
  t.teardown(() => server.stop());

  t.test(
    'a backup while eight clients import restores to the answers of its moment; at rest to every answer',
    async (t) => {
      const { dir, files, postgres, sqlite } = setUp(t, server);
      const sourceConfig = postgres();
      const source = await serviceOf(t, sourceConfig);
      t.equal(await source.importFile(files[0]!), 0);
      t.equal(
        (
          await source.post('/api/drivercard/annotations', {
            card_number: CARD,
            kind: 'LEAVE',
            start: '2026-01-01T00:00:00Z',
            end: '2026-01-03T00:00:00Z',
            author: 'office',
          })
        ).status,
        201,
      );
      const homes = await source.post(`/api/drivercard/drivers/${CARD}/home-countries`, {
        establishment: 'DE',
        residence: 'FR',
      });
      t.equal(homes.status, 200, 'home countries set');
      const findings = listOf(
        await source.get(
          `/api/drivercard/findings?card_number=${CARD}&date_from=2025-06-01&date_to=2026-05-31&limit=5000`,
        ),
      ).items;
      t.ok(findings.length > 0, 'the card has findings to review');
      const review = { status: 'CONFIRMED', note: 'seen', author: 'office', card_number: CARD };
      t.equal((await source.post(`/api/drivercard/findings/${findings[0]!.finding_id}/review`, review)).status, 201);

      // eight clients import while the backup is taken
      const busy = join(dir, 'busy');
      const run = captureIo();
      const [code, ...imported] = await Promise.all([
        backupCommand([busy], run.io, sourceConfig),
        ...files.slice(1).map(source.importFile),
      ]);
      t.equal(code, 0, run.err.join(''));
      t.match(
        run.out.join(''),
        /^busy: backup written \(\d+ originals, 1 annotations, 1 review entries, 1 home countries\)\n$/,
      );
      t.same(
        imported,
        files.slice(1).map(() => 0),
        'every client imported',
      );
      t.equal(statSync(busy).mode & 0o777, 0o700, 'the backup folder is private');
      t.equal(statSync(join(busy, 'originals.jsonl')).mode & 0o777, 0o600, 'its files too');

      const busyConfig = postgres();
      const restoreRun = captureIo();
      t.equal(await restoreCommand([busy], restoreRun.io, busyConfig), 0, restoreRun.err.join(''));
      t.match(
        restoreRun.out.join(''),
        /^busy: restored \(\d+ originals, 1 annotations, 1 review entries, 1 home countries\)\n$/,
      );
      const restoredBusy = await serviceOf(t, busyConfig);
      const inBackup = new Set<string>(
        listOf(await restoredBusy.get('/api/drivercard/imports?limit=5000')).items.map((r) => r.import_id),
      );
      t.ok(inBackup.size >= 1, 'the backup holds the imports committed before it');
      // the source at the backup's moment: the imports committed after it withdrawn
      const after = await withdrawAllBut(source, inBackup);
      t.comment(`${inBackup.size} of ${inBackup.size + after} imports in the backup taken under load`);
      t.same(
        await answers(restoredBusy.get, false),
        await answers(source.get, false),
        'the restored database answers as the source at the backup',
      );
      const store = () => restoredBusy.services.container.getAsync<ImportStore>(TOKENS.ImportStore);
      const check = captureIo();
      t.equal(await checkCommand([], check.io, store), 0, 'every restored original intact');
      t.equal(check.out.join(''), `${inBackup.size} original(s) checked: all intact\n`);

      // at rest, with a withdrawn import and one withdrawn and restored
      const all = listOf(await source.get('/api/drivercard/imports?limit=5000')).items;
      const first = all.find((r) => r.file_name === 'gen1-full.ddd')!;
      t.equal(
        (await source.post(`/api/drivercard/imports/${first.import_id}/withdraw`, { reason: 'checked twice' })).status,
        200,
      );
      t.equal((await source.post(`/api/drivercard/imports/${first.import_id}/restore`, {})).status, 200);
      const last = all.at(-1)!;
      if (all.length > 1)
        t.equal(
          (await source.post(`/api/drivercard/imports/${last.import_id}/withdraw`, { reason: 'wrong driver' })).status,
          200,
        );
      const rest = join(dir, 'rest');
      t.equal(await backupCommand([rest], captureIo().io, sourceConfig), 0);
      const expected = await answers(source.get, true);
      t.equal(listOf(expected.imports).items.length, FILES.length, 'every import compared, withdrawn ones too');
      t.match(expected.imports, /"withdrawn_at"/);
      t.match(expected[`annotations ${CARD}`], /^200 .*"kind":"LEAVE"/);
      t.match(expected[`home countries ${CARD}`], /^200 .*"DE"/);
      t.match(expected[`reviews ${CARD}`], /^200 .*"CONFIRMED".*"chain_valid":true/);
      // PostgreSQL → PostgreSQL, PostgreSQL → SQLite, and that SQLite's portable backup → PostgreSQL
      const onSqlite = sqlite();
      const portable = join(dir, 'portable');
      for (const [from, target] of [
        [rest, postgres()],
        [rest, onSqlite],
        [portable, postgres()],
      ] as const) {
        if (from === portable) t.equal(await backupCommand(['--portable', portable], captureIo().io, onSqlite), 0);
        const restoreRun = captureIo();
        t.equal(await restoreCommand([from], restoreRun.io, target), 0, restoreRun.err.join(''));
        const restored = await serviceOf(t, target);
        t.same(
          await answers(restored.get, true),
          expected,
          `${from === portable ? 'from SQLite ' : ''}into ${target.databaseUrl ? 'PostgreSQL' : 'SQLite'}: every answer as the source's`,
        );
      }

      const again = captureIo();
      t.equal(await restoreCommand([rest], again.io, busyConfig), 1, 'a database holding imports is refused');
      t.match(again.err.join(''), /not empty; a restore overwrites nothing/);
      const twice = captureIo();
      t.equal(await backupCommand([rest], twice.io, sourceConfig), 1, 'never over an existing folder');
      t.match(twice.err.join(''), /exists already/);
      const part = join(rest, 'annotations.jsonl');
      writeFileSync(part, readFileSync(part, 'utf8').replace('"LEAVE"', '"SICK!"'));
      const changed = captureIo();
      t.equal(await restoreCommand([rest], changed.io, postgres()), 1);
      t.match(changed.err.join(''), /the part annotations\.jsonl is missing or changed/);
      const none = captureIo();
      t.equal(await restoreCommand([join(dir, 'files')], none.io, postgres()), 1);
      t.match(none.err.join(''), /no readable manifest\.json/);
      const file = captureIo();
      t.equal(await restoreCommand([files[0]!], file.io, postgres()), 1, 'a file is no PostgreSQL backup');
      t.match(file.err.join(''), /restored from a backup folder/);
    },
  );

  t.test('check reports an original altered in the database, changes nothing; a restore refuses it', async (t) => {
    const { dir, files, postgres } = setUp(t, server);
    const config = postgres();
    const source = await serviceOf(t, config);
    t.equal(await source.importFile(files[0]!), 0);
    t.equal(await source.importFile(files[1]!), 0);
    const store = () => source.services.container.getAsync<ImportStore>(TOKENS.ImportStore);
    const clean = captureIo();
    t.equal(await checkCommand([], clean.io, store), 0);
    t.equal(clean.out.join(''), '2 original(s) checked: all intact\n');

    const altered = new Uint8Array(readFileSync(files[0]!));
    altered[100]! ^= 0xff;
    const db = knex({ client: 'pg', connection: config.databaseUrl! });
    t.teardown(() => db.destroy());
    const { import_id } = (await db('imports').where({ file_name: 'gen1-full.ddd' }).first('import_id')) as {
      import_id: string;
    };
    await db.raw(
      "UPDATE import_content SET content = ?, encoding = NULL WHERE import_pk = (SELECT pk FROM imports WHERE file_name = 'gen1-full.ddd')",
      [Buffer.from(altered)],
    );
    const run = captureIo();
    t.equal(await checkCommand([], run.io, store), 1, 'the change is reported');
    t.match(run.out.join(''), new RegExp(`^${import_id} gen1-full\\.ddd: CHANGED \\(SHA-256 [0-9a-f]{64}`, 'm'));
    t.match(run.out.join(''), /2 original\(s\) checked: 1 not intact\n$/);
    t.same(await (await store()).originalContent(import_id), altered, 'the stored bytes are left as found');

    const backup = join(dir, 'altered');
    t.equal(await backupCommand([backup], captureIo().io, config), 0, 'the backup keeps what is stored');
    const restoreRun = captureIo();
    const target = postgres();
    t.equal(await restoreCommand([backup], restoreRun.io, target), 1);
    t.match(
      restoreRun.err.join(''),
      new RegExp(
        `after 0 original\\(s\\): the original of import ${import_id} does not match its recorded SHA-256.*; the database was emptied again`,
      ),
    );
    const left = knex({ client: 'pg', connection: target.databaseUrl! });
    t.teardown(() => left.destroy());
    const [counts] = (
      await left.raw(
        'SELECT (SELECT COUNT(*) FROM imports) AS imports, (SELECT COUNT(*) FROM card_home_countries) AS homes, (SELECT COUNT(*) FROM change_counter) AS counter',
      )
    ).rows;
    t.same(counts, { imports: '0', homes: '0', counter: '0' }, 'nothing of the failed restore is left');
  });
}
