/**
 * The cards' home countries in the container: the per-card setting lives in the `card_home_countries` table beside
 * the imports (the storage bundle's HomeCountryStore); DRIVERCARD_HOME_COUNTRY applies where none is stored.
 * Two bindings of one use case: the checks read the effective countries (the pre-check, hence the fleet row's
 * computation, depends on them), while the setting tells the fleet row of the card it changed, so it depends on
 * that computation; split, the bindings form no cycle.
 */
import type { Container } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { HomeCountryStore } from '../core/ports/home-country-store.js';
import type { ImportStore } from '../core/ports/import-store.js';
import { HomeCountrySettings } from '../core/use-cases/home-countries.js';
import type { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { TOKENS } from './tokens.js';

export function bindHomeCountries(container: Container): void {
  container
    .bind<HomeCountrySettings>(TOKENS.EffectiveHomeCountries)
    .toResolvedValue(
      (store: ImportStore, homes: HomeCountryStore, clock: Clock, defaultCountry: string | null) =>
        new HomeCountrySettings({ store, homes, clock, defaultCountry }),
      [TOKENS.ImportStore, TOKENS.HomeCountryStore, TOKENS.Clock, TOKENS.HomeCountry],
    )
    .inSingletonScope();
  container
    .bind<HomeCountrySettings>(TOKENS.HomeCountries)
    .toResolvedValue(
      (
        store: ImportStore,
        homes: HomeCountryStore,
        clock: Clock,
        defaultCountry: string | null,
        refresh: RefreshFleetCard,
      ) =>
        new HomeCountrySettings({
          store,
          homes,
          clock,
          defaultCountry,
          onCardChanged: (card) => refresh.refresh(card),
        }),
      [TOKENS.ImportStore, TOKENS.HomeCountryStore, TOKENS.Clock, TOKENS.HomeCountry, TOKENS.RefreshFleetCard],
    )
    .inSingletonScope();
}
