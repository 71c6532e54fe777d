import t from 'tap';
import { cutoffOf, purgeCommand } from './purge.js';
import { officeService } from '../../adapters/http/testing/office-service.js';
import { buildParsedCard, workingDay } from '../../core/use-cases/testing/parsed-card-builder.js';

const NOW = new Date('2026-03-31T12:00:00Z');
const at = (iso: string) => Date.parse(iso) / 1000;

t.test('the cut-off of a retention: durations back from now, or a date', async (t) => {
  t.equal(cutoffOf('30d', NOW), at('2026-03-01T12:00:00Z'));
  t.equal(cutoffOf('2w', NOW), at('2026-03-17T12:00:00Z'));
  t.equal(cutoffOf('1m', NOW), at('2026-02-28T12:00:00Z'), "Feb 31 does not exist: the month's last day");
  t.equal(cutoffOf('13m', NOW), at('2025-02-28T12:00:00Z'));
  t.equal(cutoffOf('1y', new Date('2024-02-29T00:00:00Z')), at('2023-02-28T00:00:00Z'), 'leap day');
  t.equal(cutoffOf('1y', NOW), at('2025-03-31T12:00:00Z'));
  t.equal(cutoffOf('2025-01-01', NOW), at('2025-01-01T00:00:00Z'));
  for (const bad of ['', '30', 'd', '-3d', '1.5y', '2025-02-30', '2025-1-01', '30 days', 'P1Y'])
    t.equal(cutoffOf(bad, NOW), null, bad);
});

t.test('drivercard purge: deletes what is older, reports it without card numbers or names; usage errors', async (t) => {
  const s = await officeService();
  t.teardown(() => s.close());
  s.setNow('2024-05-01T08:00:00Z');
  const old = await s.importCard(buildParsedCard({ days: [workingDay('2024-04-29')], surname: 'SECRETNAME' }));
  s.setNow('2026-03-30T08:00:00Z');
  const recent = await s.importCard(buildParsedCard({ days: [workingDay('2026-03-29')], surname: 'SECRETNAME' }));
  const out: string[] = [];
  const err: string[] = [];
  const io = { stdout: (x: string) => void out.push(x), stderr: (x: string) => void err.push(x) };
  const lifecycle = async () => s.bundle.lifecycle;

  t.equal(await purgeCommand([], io, lifecycle, { now: NOW, retention: undefined }), 2, 'no retention at all');
  t.match(err.join(''), /give --older-than or set DRIVERCARD_RETENTION/);
  t.equal(await purgeCommand(['--older-than', 'soon'], io, lifecycle, { now: NOW, retention: '1y' }), 2);
  t.equal(await purgeCommand(['--older-than=1y'], io, lifecycle, { now: NOW, retention: undefined }), 0);
  const report = out.join('');
  t.match(
    report,
    /^purged 1 import\(s\) saved before 2025-03-31T12:00:00Z\n  2024-05-01T08:00:00Z  1\.ddd  OK  activity 2024-04-29\.\.2024-04-29\n/,
  );
  t.match(
    report,
    /rows deleted: import_content 1, day_record 1, activity_day 1, card_event 0, card_fault 0, vehicle_used 0, position 0, specific_condition 0, vu_row 0, imports 1/,
  );
  t.notMatch(report, /SECRETNAME|DRIVER0000000100/, 'no personal data');
  t.equal(await s.store.findImport({ kind: 'import_id', value: old.import_id }), null);
  t.ok(await s.store.findImport({ kind: 'import_id', value: recent.import_id }));
  const fleet = (await (await s.get('/api/drivercard/drivers')).json()) as any;
  t.same(
    fleet.items.map((r: any) => r.imports),
    [1],
    'the fleet row counts the import left',
  );
  out.length = 0;
  t.equal(await purgeCommand([], io, lifecycle, { now: NOW, retention: '2026-03-31' }), 0, 'the configured retention');
  t.match(out.join(''), /^purged 1 import/);
  t.equal(((await (await s.get('/api/drivercard/drivers')).json()) as any).total, 0, 'no import left: no fleet row');
});
