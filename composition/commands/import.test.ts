/**
 * `drivercard import DIR` chooses files by their content: downloads under any name are imported, every other
 * regular file is named as skipped with why, sub-folders are not entered.
 */
import t, { type Test } from 'tap';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySigned, writeTestTrustDir } from '../../fixtures/pki/test-pki.js';
import { loadConfig } from '../config.js';
import { createServiceContainer } from '../container.js';
import { captureIo } from '../testing/capture-io.js';
import { downloadsOf, examineFile, importCommand, skipReasonOf } from './import.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'ddd');

function tempDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-import-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A folder as download tools of several countries leave it, with files that are not downloads among them. */
function mixedFolder(t: Test): { dir: string; maxBytes: number } {
  const dir = tempDir(t);
  copySigned(join(FIXTURES, 'gen1-basic.ddd'), join(dir, 'a-france.C1B'));
  copySigned(join(FIXTURES, 'gen2-full.ddd'), join(dir, 'b-spain.TGD'));
  copyFileSync(join(dir, 'a-france.C1B'), join(dir, 'c-lower.c1b'));
  copySigned(join(FIXTURES, 'gen1-greek.ddd'), join(dir, 'd-no-extension'));
  copyFileSync(join(FIXTURES, 'vu-downloads', 'vu-gen1.ddd'), join(dir, 'e-vehicle.DDD'));
  copyFileSync(join(FIXTURES, 'corrupt-random.ddd'), join(dir, 'f-random.ddd'));
  writeFileSync(join(dir, 'g-notes.txt'), 'driver list, not a card\n');
  writeFileSync(join(dir, 'h-empty.esm'), '');
  const maxBytes = readFileSync(join(dir, 'b-spain.TGD')).length;
  // a card-download start, but one byte over the limit: not read
  const big = new Uint8Array(maxBytes + 1);
  big.set(readFileSync(join(dir, 'a-france.C1B')).subarray(0, 8));
  writeFileSync(join(dir, 'i-big.ddd'), big);
  mkdirSync(join(dir, 'older'));
  copySigned(join(FIXTURES, 'gen1-basic.ddd'), join(dir, 'older', 'nested.ddd'));
  return { dir, maxBytes };
}

t.test('a folder of mixed names: downloads by content, the rest skipped and named', async (t) => {
  const { dir, maxBytes } = mixedFolder(t);
  const trustDir = writeTestTrustDir(join(tempDir(t), 'trust'));
  const services = createServiceContainer(loadConfig({}, { dataDir: tempDir(t), trustDir }));
  t.teardown(() => services.dispose());
  const run = captureIo();
  t.equal(
    await importCommand([dir], run.io, () => services.importUseCase(), maxBytes),
    0,
    'skipped files fail nothing',
  );
  const stdout = run.out.join('');
  t.match(
    stdout,
    /^Imported 5 downloads from drivercard-import-\w+: 4 new, 1 reused \(already imported\), 0 quarantined, 0 failed; 4 other files skipped\.\n/,
  );
  const lines = stdout.trim().split('\n').slice(1);
  t.same(
    lines.map((l) => l.trim().replace(/ {2,}/g, ' ')),
    [
      'new a-france.C1B (0 warnings)',
      'new b-spain.TGD (0 warnings)',
      'new d-no-extension (0 warnings)',
      'new e-vehicle.DDD (0 warnings)',
      'reused c-lower.c1b (0 warnings)',
      'skipped f-random.ddd: not a tachograph download (its first bytes are not those of a driver-card download)',
      'skipped g-notes.txt: not a tachograph download (its first bytes are not those of a driver-card download)',
      'skipped h-empty.esm: empty (no download data)',
      'skipped i-big.ddd: larger than the largest download the service accepts',
    ],
    'each file once, the nested folder not entered',
  );
  t.equal(run.err.join('').trim().split('\n').length, 5, 'progress counts the downloads only');
});

t.test('a folder without downloads names what it skipped', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'readme.txt'), 'hello');
  const never = async () => {
    throw new Error('the database is not opened when there is nothing to import');
  };
  const run = captureIo();
  t.equal(await importCommand([dir], run.io, never), 0);
  t.match(run.out.join(''), /^No downloads in drivercard-import-\w+\.\n {2}skipped +readme\.txt: not a tachograph/);
});

t.test('recognition is the decoder’s own', async (t) => {
  const header = new Uint8Array(readFileSync(join(FIXTURES, 'card-transfer-header.ddd')).subarray(0, 5));
  t.equal(skipReasonOf(header), null, 'a card download behind a vehicle unit’s transfer header');
  t.equal(skipReasonOf(new Uint8Array([0x76, 0x06])), 'empty', 'a transfer header alone');
  t.equal(skipReasonOf(new Uint8Array([0x76, 0x01, 0, 0, 0])), null, 'a vehicle-unit download is imported');
  t.equal(skipReasonOf(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])), 'not_a_download', 'a PDF');
  const missing = await examineFile(join(tempDir(t), 'gone.ddd'), 1024);
  t.same(missing, { reason: 'unreadable', code: 'ENOENT' });
  const dir = tempDir(t);
  writeFileSync(join(dir, 'x'), new Uint8Array([0x76, 0x05, 0x00]));
  writeFileSync(join(dir, 'y'), new Uint8Array([0x76, 0x06]));
  t.same(await downloadsOf(dir, 1024), {
    files: [{ file: 'x', path: join(dir, 'x') }],
    skipped: [{ file: 'y', reason: 'empty', code: null }],
  });
});
