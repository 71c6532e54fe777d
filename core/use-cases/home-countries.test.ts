/** The home countries a card's checks use: the office's setting per field, else DRIVERCARD_HOME_COUNTRY. */
import t from 'tap';
import type { ImportStore } from '../ports/import-store.js';
import type { HomeCountryStore, StoredHomeCountries } from '../ports/home-country-store.js';
import { HomeCountrySettings } from './home-countries.js';

const KNOWN = 'DKNOWN0000000001';
// only findImport is read (the card must be known)
const store = {
  findImport: async (q: { value: string }) => (q.value === KNOWN ? ({} as never) : null),
} as unknown as ImportStore;

function memory(): HomeCountryStore {
  const rows = new Map<string, StoredHomeCountries>();
  return {
    homeCountries: async (c) => rows.get(c) ?? null,
    setHomeCountries: async (r) => void rows.set(r.card_number, r),
  };
}
const clock = { now: () => new Date('2026-04-01T08:00:00Z') };

t.test('the configured default fills each field the card does not set', async (t) => {
  const s = new HomeCountrySettings({ store, homes: memory(), clock, defaultCountry: 'NL' });
  t.match(await s.of(KNOWN), {
    establishment: 'NL',
    residence: 'NL',
    establishment_source: 'configuration',
    residence_source: 'configuration',
    updated_at: null,
  });
  t.match(await s.set(KNOWN, { establishment: null, residence: ' pl ' }), {
    establishment: 'NL',
    residence: 'PL',
    establishment_source: 'configuration',
    residence_source: 'card',
    updated_at: Date.parse('2026-04-01T08:00:00Z') / 1000,
  });
});

t.test('without a default or a setting: unknown (null), so the Mobility Package rules are not evaluated', async (t) => {
  const s = new HomeCountrySettings({ store, homes: memory(), clock, defaultCountry: null });
  t.match(await s.effective(KNOWN), {
    establishment: null,
    residence: null,
    establishment_source: null,
    residence_source: null,
  });
});

t.test(
  'refused: codes that are not ISO 3166-1 alpha-2 of a recorded country, unknown cards, a store that keeps none',
  async (t) => {
    const s = new HomeCountrySettings({ store, homes: memory(), clock, defaultCountry: null });
    for (const bad of ['XX', 'NLD', 'EC', '', 'D'])
      await t.rejects(s.set(KNOWN, { establishment: bad, residence: null }), { code: 'invalid_payload' }, bad);
    await t.rejects(s.set('DUNKNOWN00000001', { establishment: 'NL', residence: null }), { code: 'not_found' });
    await t.rejects(s.of('DUNKNOWN00000001'), { code: 'not_found' });
    const none = new HomeCountrySettings({ store, homes: null, clock, defaultCountry: 'DE' });
    await t.rejects(none.set(KNOWN, { establishment: 'NL', residence: null }), { code: 'invalid_payload' });
    t.match(await none.of(KNOWN), { establishment: 'DE', residence: 'DE' });
  },
);

t.test('a card whose home countries were set is told as changed, once stored; a refused setting is not', async (t) => {
  const told: string[] = [];
  const homes = memory();
  const s = new HomeCountrySettings({
    store,
    homes,
    clock,
    defaultCountry: null,
    onCardChanged: async (card) => void told.push(`${card} ${(await homes.homeCountries(card))?.establishment}`),
  });
  await s.set(KNOWN, { establishment: 'NL', residence: null });
  await t.rejects(s.set(KNOWN, { establishment: 'XX', residence: null }));
  t.same(told, [`${KNOWN} NL`]);
});
