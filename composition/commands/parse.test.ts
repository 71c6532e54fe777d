import t from 'tap';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeSignatureCrypto } from '../../adapters/crypto/node-signature-crypto.js';
import { buildTrustStore } from '../../core/authenticity/index.js';
import { VuAuthenticityVerifier } from '../../core/authenticity/verify-vu.js';
import { DddDecodeError } from '../../core/decoder/api.js';
import { decodeDownload } from '../../core/decoder/index.js';
import { toParsedCard } from '../../core/rows/to-parsed-card.js';
import { testTrustFiles } from '../../fixtures/pki/test-pki.js';
import { parseCommand, readFailure } from './parse.js';

const SAMPLES =
  process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../../shared/samples/', import.meta.url));

async function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = await parseCommand(argv, { stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'drivercard-parse-'));

t.test('usage errors', async (t) => {
  const none = await run([]);
  t.equal(none.code, 2);
  t.match(none.err, /^usage: drivercard parse FILE\.ddd/);
  t.equal(none.out, '');
  t.equal((await run(['a.ddd', 'b.ddd'])).code, 2);
  t.equal((await run(['a.ddd', '--bogus'])).code, 2);
  const help = await run(['--help']);
  t.equal(help.code, 0);
  t.match(help.out, /usage/);
});

t.test('missing file: one line naming the path as given', async (t) => {
  const path = join(dir, 'nested', 'MISSING.ddd');
  const r = await run([path]);
  t.equal(r.code, 1);
  t.equal(r.out, '');
  t.equal(r.err, `drivercard: cannot read ${path}: no such file\n`);
  const relative = await run(['nested/MISSING.ddd']);
  t.equal(relative.err, 'drivercard: cannot read nested/MISSING.ddd: no such file\n', 'relative stays relative');
});

t.test('a directory is not a file', async (t) => {
  const sub = join(dir, 'folder.ddd');
  mkdirSync(sub, { recursive: true });
  const r = await run([sub]);
  t.equal(r.code, 1);
  t.equal(r.err, `drivercard: cannot read ${sub}: it is a directory\n`);
});

t.test('an empty file cannot be decoded', async (t) => {
  const path = join(dir, 'empty.ddd');
  writeFileSync(path, new Uint8Array(0));
  const r = await run([path]);
  t.equal(r.code, 1);
  t.equal(r.out, '');
  t.match(r.err, /^drivercard: cannot decode empty\.ddd: empty \(.+\)\n$/);
  t.equal(r.err.split('\n').length, 2, 'one line');
});

t.test('a file with a truncated block cannot be decoded', async (t) => {
  const path = join(dir, 'broken.ddd');
  // EF ICC header announcing 25 bytes, only 3 present
  writeFileSync(path, Uint8Array.from([0x00, 0x02, 0x00, 0x00, 0x19, 1, 2, 3]));
  const r = await run([path]);
  t.equal(r.code, 1);
  t.match(r.err, /^drivercard: cannot decode broken\.ddd: [a-z_]+ \(.+\)\n$/);
  t.notMatch(r.err, dir);
});

const vu = join(SAMPLES, 'vehicle-unit-download.ddd');
const gen1 = join(SAMPLES, 'gen1-real-activity.ddd');

/** Skip a sample test only outside CI (under CI=true nothing skips: a missing sample fails). */
const missing = (path: string) => !existsSync(path) && process.env.CI !== 'true' && `REAL SAMPLE MISSING: ${path}`;

t.test('real vehicle-unit download: the rows of the contract, verified', { skip: missing(vu) }, async (t) => {
  const r = await run([vu]);
  t.equal(r.code, 0);
  t.equal(r.err, '');
  const out = JSON.parse(r.out);
  t.same(Object.keys(out), [
    'import',
    'vu_activities',
    'card_insertions',
    'vu_events',
    'vu_faults',
    'overspeeding',
    'calibrations',
    'vu_positions',
  ]);
  t.match(out.import, {
    kind: 'VEHICLE_UNIT',
    generation: 'GEN1',
    card: null,
    driver: null,
    file_name: 'vehicle-unit-download.ddd',
    size_bytes: 103_348,
    downloaded_at: '2022-09-07T10:09:25Z',
    previous_download: { at: '2022-08-30T17:30:16Z' },
    trep: ['01', '02', '03', '04', '05'],
    activity_range: { from: '2022-07-31', to: '2022-08-29', days: 30 },
    warnings: [],
  });
  t.equal(out.import.authenticity.status, 'VERIFIED', 'under the shipped European roots');
  t.equal(out.card_insertions.length, 10, '10 distinct insertions (12 records)');
  t.ok(
    out.card_insertions.every((i: { withdrawn_at: string | null }) => i.withdrawn_at !== null),
    'no card inserted at the download',
  );
  const days = new Set(out.vu_activities.map((a: { date: string }) => a.date));
  t.equal(days.size, 30, 'activities on 30 days');
  const seconds = out.vu_activities.reduce((n: number, a: { duration: number }) => n + a.duration, 0);
  t.equal(seconds, 30 * 2 * 86_400, 'each slot of each day covered once, 00:00 to 24:00');
  t.equal(out.vu_activities.at(-1).end, '2022-08-30T00:00:00Z', 'the newest day ends at 24:00, before the download');
  t.ok(
    out.vu_activities.every((a: { card_inserted: boolean; card_number: string | null }) =>
      a.card_inserted ? a.card_number !== null : a.card_number === null,
    ),
    'a card number exactly where a card was in the slot',
  );
  t.notMatch(r.out, SAMPLES, 'no local path in the output');
});

const crypto = new NodeSignatureCrypto();
const testVerifier = new VuAuthenticityVerifier(crypto, buildTrustStore(testTrustFiles(), crypto).store);
const VU_FIXTURES = fileURLToPath(new URL('../../fixtures/ddd/vu-downloads/', import.meta.url));

t.test('a generated VU download of every generation: verified under the test PKI', async (t) => {
  for (const [name, treps] of [
    ['vu-gen1', ['01', '02', '03', '04', '05', '06']],
    ['vu-gen2', ['21', '22', '23', '24', '25']],
    ['vu-gen2v2', ['24', '31', '32', '33', '35']],
  ] as const) {
    let out = '';
    const code = await parseCommand(
      [join(VU_FIXTURES, `${name}.ddd`), '--pretty'],
      { stdout: (s) => (out += s), stderr: () => undefined },
      { decodeDownload, toParsedCard, vuVerifier: testVerifier },
    );
    t.equal(code, 0, name);
    const o = JSON.parse(out);
    t.same(o.import.trep, treps, `${name}: TREPs`);
    t.equal(o.import.authenticity.status, 'VERIFIED', `${name}: verified`);
    t.equal(o.card_insertions.length, 3, `${name}: the insertion across midnight once`);
    t.equal(o.vu_activities.length, 19, `${name}: 19 intervals`);
    t.ok(out.split('\n').length > 100, 'pretty');
  }
});

t.test('real gen1 sample', { skip: missing(gen1) }, async (t) => {
  const r = await run([gen1]);
  t.equal(r.code, 0);
  t.equal(r.err, '');
  t.ok(r.out.endsWith('\n'));
  t.equal(r.out.trim().split('\n').length, 1, 'compact: one line');
  const out = JSON.parse(r.out);
  t.same(Object.keys(out), ['import', 'activities', 'events', 'faults', 'vehicles_used', 'positions', 'warnings']);
  const bytes = readFileSync(gen1);
  t.match(out.import, {
    generation: 'GEN1',
    file_name: 'gen1-real-activity.ddd',
    size_bytes: 26_493,
    content_sha256: createHash('sha256').update(bytes).digest('hex'),
    card: { card_number: 'DRIVER0000000100' },
    driver: { surname: 'TEST_SURNAME' },
    activity_range: { from: '2025-04-15', to: '2025-09-12', days: 145 },
  });
  t.notOk('import_id' in out.import, 'no ids yet');
  t.same(out.warnings, out.import.warnings);
  t.equal(out.activities.length, 6013);
  t.equal(out.events.length, 1);
  t.match(out.events[0], { code: 5, type: 'CARD_INSERTION_WHILE_DRIVING', start: '2020-01-01T12:00:00Z' });
  t.equal(out.faults.length, 0);
  t.equal(out.vehicles_used.length, 200);
  t.equal(out.positions.filter((p: { source: string }) => p.source === 'PLACE').length, 112);
  t.notMatch(r.out, SAMPLES, 'no local path in the output');
  // the authenticity verdict and its warnings name certificates and signatures; nothing else may (no bytes)
  const { authenticity, ...importRest } = out.import;
  const withoutVerdict = JSON.stringify({ ...out, import: { ...importRest, warnings: [] }, warnings: [] });
  t.notMatch(withoutVerdict, /certificate|signature/i, 'no certificates or signatures');
  t.equal(authenticity.status, 'INVALID', 'random certificate bytes: the verdict is printed');
  t.notMatch(JSON.stringify(authenticity), /[0-9A-F]{40}/, 'key references only, never certificate or signature bytes');

  const pretty = await run([gen1, '--pretty']);
  t.equal(pretty.code, 0);
  t.equal(JSON.stringify(JSON.parse(pretty.out)), r.out.trim(), '--pretty prints the same object');
  t.ok(pretty.out.split('\n').length > 100);
});

t.test('read failures are named by error code, never by message', async (t) => {
  const err = (code?: string) => Object.assign(new Error('/secret/path/x.ddd'), code ? { code } : {});
  t.equal(readFailure(err('ENOENT')), 'no such file');
  t.equal(readFailure(err('EISDIR')), 'it is a directory');
  t.equal(readFailure(err('EACCES')), 'permission denied');
  t.equal(readFailure(err('EPERM')), 'permission denied');
  t.equal(readFailure(err('EIO')), 'read error EIO');
  t.equal(readFailure(err()), 'read error');
  t.equal(readFailure(null), 'read error');
});

t.test('every decode reason has its own English text', async (t) => {
  const path = join(dir, 'any.ddd');
  writeFileSync(path, Uint8Array.from([1, 2, 3]));
  const reasons = [
    'empty',
    'not_a_ddd_file',
    'truncated',
    'vehicle_unit_download',
    'no_identification',
    'conflicting_duplicate_ef',
    'reserved_length',
  ] as const;
  for (const reason of reasons) {
    const r = await runWith([path], async () => {
      throw new DddDecodeError(reason, 'detail with bytes 0xAB');
    });
    t.equal(r.code, 1);
    t.match(r.err, new RegExp(`^drivercard: cannot decode any\\.ddd: ${reason} \\([a-zA-Z][^)]+\\)\\n$`));
    t.notMatch(r.err, /0xAB|undefined/);
  }
});

t.test('an unexpected decoder failure is reported without its message', async (t) => {
  const path = join(dir, 'crash.ddd');
  writeFileSync(path, Uint8Array.from([1, 2, 3]));
  const r = await runWith([path], async () => {
    throw new TypeError('secret bytes 00 11 22');
  });
  t.equal(r.code, 1);
  t.equal(r.err, 'drivercard: cannot decode crash.ddd: internal_error (the decoder failed unexpectedly)\n');
});

async function runWith(argv: string[], decode: () => Promise<never>) {
  let out = '';
  let err = '';
  const code = await parseCommand(
    argv,
    { stdout: (s) => (out += s), stderr: (s) => (err += s) },
    { decodeDownload: decode, toParsedCard },
  );
  return { code, out, err };
}
