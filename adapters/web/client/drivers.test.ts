import t from 'tap';
import { driversFromImports, normaliseCardNumber } from './drivers.js';

const row = (
  card: string | null,
  surname: string | null,
  first: string | null,
  importedAt: string,
  to: string | null,
) => ({
  imported_at: importedAt,
  card: { card_number: card },
  driver: { surname, first_names: first },
  activity_range: { from: null, to },
});

t.test('imports are de-duplicated by card; the newest name and the latest activity win', async (t) => {
  const drivers = driversFromImports([
    row('DRIVER0000000100', 'OLDNAME', 'Fred', '2026-01-01T00:00:00Z', '2025-09-12'),
    row('driver 0000000100', 'TEST_SURNAME', 'Fred', '2026-02-01T00:00:00Z', '2025-08-01'),
    row('NB00000000321000', 'de Vries', 'Anouk', '2026-01-05T00:00:00Z', null),
    row('ZZ00000000000001', null, null, '2026-01-05T00:00:00Z', '2026-03-01'),
    row(null, 'NOCARD', null, '2026-01-05T00:00:00Z', '2026-03-01'),
  ]);
  t.same(drivers, [
    { card_number: 'NB00000000321000', name: 'de Vries, Anouk', latest_activity: null },
    { card_number: 'DRIVER0000000100', name: 'TEST_SURNAME, Fred', latest_activity: '2025-09-12' },
    { card_number: 'ZZ00000000000001', name: 'ZZ00000000000001', latest_activity: '2026-03-01' },
  ]);
});

t.test('an older or unnamed import does not rename, a later range extends', async (t) => {
  const drivers = driversFromImports([
    row('A1', 'NEW', null, '2026-02-01T00:00:00Z', null),
    row('A1', 'OLD', null, '2026-01-01T00:00:00Z', '2026-01-31'),
    row('A1', null, null, '2026-03-01T00:00:00Z', null),
  ]);
  t.same(drivers, [{ card_number: 'A1', name: 'NEW', latest_activity: '2026-01-31' }]);
  t.equal(normaliseCardNumber(' ab 12\t3 '), 'AB123');
});
