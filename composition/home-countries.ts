/**
 * The cards' home countries in the container: the per-card setting lives in the `card_home_countries` table beside
 * the imports (MikroORM adapter only; with another store only DRIVERCARD_HOME_COUNTRY applies and setting refuses).
 */
import type { Container } from 'inversify';
import type { Clock } from '../core/ports/clock.js';
import type { HomeCountryStore } from '../core/ports/home-country-store.js';
import type { ImportStore } from '../core/ports/import-store.js';
import { HomeCountrySettings } from '../core/use-cases/home-countries.js';
import type { RefreshFleetCard } from '../core/use-cases/refresh-fleet-card.js';
import { MikroOrmImportStore } from '../adapters/storage/open-storage.js';
import { MikroOrmHomeCountries } from '../adapters/storage/home-countries/home-countries-store.js';
import { TOKENS } from './tokens.js';

export function bindHomeCountries(container: Container): void {
  container
    .bind<HomeCountrySettings>(TOKENS.HomeCountries)
    .toResolvedValue(
      (store: ImportStore, clock: Clock, defaultCountry: string | null) => {
        const homes: HomeCountryStore | null =
          store instanceof MikroOrmImportStore ? new MikroOrmHomeCountries(store) : null;
        // the fleet row's computation reads the pre-check, which reads these settings: resolved when told, not
        // when built (a cycle of bindings otherwise)
        const onCardChanged = async (card: string) =>
          (await container.getAsync<RefreshFleetCard>(TOKENS.RefreshFleetCard)).refresh(card);
        return new HomeCountrySettings({ store, homes, clock, defaultCountry, onCardChanged });
      },
      [TOKENS.ImportStore, TOKENS.Clock, TOKENS.HomeCountry],
    )
    .inSingletonScope();
}
