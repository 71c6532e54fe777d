/**
 * The storage port's vehicle queries (core/ports/import-store.ts: vehicleUses, vehicleList) as a suite any
 * adapter runs: vehicleStoreSuite(t, 'sqlite', () => createSqlStore({ dataDir })). Rows are built directly.
 */
import type { TAP } from 'tap';
import { buildParsedCard, ts, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport, type ClosableStore } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const truck = (
  number: string,
  nation: string | null,
  first: string,
  last: string,
  begin: number,
  end: number,
  vin: string | null = null,
) => ({
  registration: { nation, number },
  vin,
  first_use: first,
  last_use: last,
  odometer_begin_km: begin,
  odometer_end_km: end,
  distance_km: end - begin,
});

export function vehicleStoreSuite(t: Tap, name: string, makeStore: () => Promise<ClosableStore>): void {
  t.test(
    `${name}: vehicleUses reads one vehicle's rows of every card, by registration or VIN, quarantined flagged`,
    async (t) => {
      const store = await makeStore();
      t.teardown(() => store.close());
      const a = newImport(
        buildParsedCard({
          card_number: 'VEH0000000000001',
          days: [workingDay('2026-03-02')],
          vehicles: [
            truck('M-AB 1', 'D', '2026-03-02T06:00:00Z', '2026-03-02T12:00:00Z', 1000, 1300, 'WVIN0000000000001'),
            truck('M-XY 2', 'D', '2026-03-02T13:00:00Z', '2026-03-02T15:00:00Z', 5000, 5100),
          ],
        }),
      );
      const b = newImport(
        buildParsedCard({
          card_number: 'VEH0000000000002',
          days: [workingDay('2026-03-03')],
          vehicles: [
            truck('M-AB 1', 'D', '2026-03-03T06:00:00Z', '2026-03-03T12:00:00Z', 1350, 1600, 'WVIN0000000000001'),
            truck('M-AB 1', 'A', '2026-03-03T13:00:00Z', '2026-03-03T14:00:00Z', 70, 80),
          ],
        }),
        { status: 'QUARANTINED' },
      );
      await store.saveImport(a);
      await store.saveImport(b);

      const byReg = await store.vehicleUses({ kind: 'registration', number: 'M-AB 1', nation: 'D' });
      t.same(
        byReg.map((u) => [u.card_number, u.first_use, u.odometer_begin_km, u.quarantined, u.import_id]),
        [
          ['VEH0000000000001', ts('2026-03-02T06:00:00Z'), 1000, false, a.import.import_id],
          ['VEH0000000000002', ts('2026-03-03T06:00:00Z'), 1350, true, b.import.import_id],
        ],
      );
      t.ok(byReg[1]!.sequence > byReg[0]!.sequence, 'the later import has the larger sequence');
      t.equal(
        (await store.vehicleUses({ kind: 'registration', number: 'M-AB 1', nation: null })).length,
        3,
        'any nation',
      );
      t.equal((await store.vehicleUses({ kind: 'vin', value: 'WVIN0000000000001' })).length, 2);
      t.same(await store.vehicleUses({ kind: 'vin', value: 'nothing' }), []);

      const list = await store.vehicleList({ limit: 2, offset: 0 });
      t.same(list, {
        items: [
          { nation: 'A', number: 'M-AB 1' },
          { nation: 'D', number: 'M-AB 1' },
        ],
        total: 3,
      });
      t.same((await store.vehicleList({ limit: 5, offset: 2 })).items, [{ nation: 'D', number: 'M-XY 2' }]);
    },
  );

  t.test(`${name}: vehicleUses uses the registration and VIN indexes`, async (t) => {
    const store = (await makeStore()) as ClosableStore & {
      dialect: { name: string };
      query(sql: string): Promise<Array<{ name: string }>>;
    };
    t.teardown(() => store.close());
    const plan =
      store.dialect.name === 'postgres'
        ? "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'vehicle_used'"
        : "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'vehicle_used'";
    const names = (await store.query(plan)).map((r) => r.name);
    t.ok(names.includes('vehicle_used_registration_index'));
    t.ok(names.includes('vehicle_used_vin_index'));
  });
}
