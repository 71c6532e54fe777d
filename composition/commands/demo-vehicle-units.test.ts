/**
 * `drivercard demo` imports its vehicles' VU downloads beside the card downloads and prints what the today view
 * counts of them: two vehicles, one download overdue (95 days old), one calibration due in 20 days, one drive
 * without a card (../demo/demo-vehicle-units.ts).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { captureIo } from '../testing/capture-io.js';
import { demoCommand } from './demo.js';

t.test('demo --no-serve: the vehicles of the demo fleet, VERIFIED, with what is due', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'demo-vu-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const dir = join(root, 'demo');
  const run = captureIo();
  t.equal(await demoCommand([dir, '--no-serve'], run.io, {}), 0);
  const text = run.out.join('');
  t.match(
    text,
    /Imported 2 downloads from the demo vehicles: 2 new, 0 reused \(already imported\), 0 quarantined, 0 failed\./,
  );
  t.match(
    text,
    /vehicles with a vehicle-unit download: 2; downloads overdue: 1; calibrations due within 30 days or overdue: 1; drives without a card in the last 4 weeks: 1\n/,
  );
  const files = readdirSync(join(dir, 'vehicle-units'));
  t.equal(files.length, 2);
  t.same(
    files.map((f) => statSync(join(dir, 'vehicle-units', f)).mode & 0o777),
    [0o600, 0o600],
  );
  const again = captureIo();
  t.equal(await demoCommand([dir, '--no-serve'], again.io, {}), 0);
  t.match(again.out.join(''), /Imported 2 downloads from the demo vehicles: 0 new, 2 reused/);
});
