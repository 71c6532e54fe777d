/**
 * The home-country port's contract (core/ports/home-country-store.ts) as a suite the MikroORM adapter runs on
 * SQLite and PostgreSQL. `open` gives a fresh, empty database and a way to reopen the same one (a restart).
 */
import type { TAP } from 'tap';
import { SqlHomeCountries } from '../adapters/storage/home-countries/home-countries-store.js';
import type { ReopenableStore } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];
const T0 = Date.parse('2026-03-02T00:00:00Z') / 1000;

export function homeCountriesSuite(t: Tap, name: string, open: () => Promise<ReopenableStore>): void {
  t.test(`${name}: home countries per card are set, replaced, cleared and kept over a restart`, async (t) => {
    const opened = await open();
    let store = opened.store;
    t.teardown(() => store.close());
    const homes = () => new SqlHomeCountries(store.db);
    t.equal(await homes().homeCountries('DTEST00000000001'), null, 'none set');
    await homes().setHomeCountries({
      card_number: 'DTEST00000000001',
      establishment: 'NL',
      residence: 'PL',
      updated_at: T0,
    });
    await homes().setHomeCountries({
      card_number: 'DTEST00000000002',
      establishment: 'DE',
      residence: null,
      updated_at: T0 + 1,
    });
    t.same(await homes().homeCountries('DTEST00000000001'), {
      card_number: 'DTEST00000000001',
      establishment: 'NL',
      residence: 'PL',
      updated_at: T0,
    });
    await homes().setHomeCountries({
      card_number: 'DTEST00000000001',
      establishment: null,
      residence: 'LT',
      updated_at: T0 + 2 ** 31,
    });
    t.same(
      await homes().homeCountries('DTEST00000000001'),
      { card_number: 'DTEST00000000001', establishment: null, residence: 'LT', updated_at: T0 + 2 ** 31 },
      'replaced; a time past 2038 kept',
    );
    store = await opened.reopen();
    t.same(
      await homes().homeCountries('DTEST00000000002'),
      { card_number: 'DTEST00000000002', establishment: 'DE', residence: null, updated_at: T0 + 1 },
      'kept over a restart, the other card untouched',
    );
    t.same((await homes().homeCountries('DTEST00000000001'))?.residence, 'LT');
  });
}
