import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { denseCardFile } from './fast-path-import.bench.js';

t.test('the dense card is read from DRIVERCARD_SAMPLES_DIR when it holds the real sample', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-dense-'));
  const saved = process.env.DRIVERCARD_SAMPLES_DIR;
  t.teardown(() => {
    if (saved === undefined) delete process.env.DRIVERCARD_SAMPLES_DIR;
    else process.env.DRIVERCARD_SAMPLES_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  process.env.DRIVERCARD_SAMPLES_DIR = dir;
  t.not(denseCardFile(), join(dir, 'gen1-real-activity.ddd'), 'not named while the folder lacks it');
  writeFileSync(join(dir, 'gen1-real-activity.ddd'), new Uint8Array(4));
  t.equal(denseCardFile(), join(dir, 'gen1-real-activity.ddd'));
});
