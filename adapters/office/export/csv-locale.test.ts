/**
 * The CSV separator follows the office's locale: `;` where decimals are written with a comma (the spreadsheet
 * programs of those locales split on semicolons), `,` otherwise; the `delimiter` query parameter still wins.
 * Wired end to end: DRIVERCARD_LOCALE → configuration → the service's CSV answers.
 */
import t, { type Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { delimiterForLocale } from './csv.js';
import { environmentLocale, loadConfig, localeTag } from '../../../composition/config.js';
import { createServiceContainer, TOKENS } from '../../../composition/container.js';
import { createHttpApp } from '../../http/app.js';
import { strictFetch } from '../../http/testing/strict-answers.js';
import type { SqlImportStore } from '../../storage/open-storage.js';
import { newImport } from '../../../conformance/new-import.js';
import { buildParsedCard, datesFrom, workingDay } from '../../../core/use-cases/testing/parsed-card-builder.js';

t.test('the separator of a locale: ; where the decimal separator is a comma', async (t) => {
  for (const locale of ['de', 'de-DE', 'pl-PL', 'fr', 'es', 'it', 'nl-NL', 'pt-BR', 'cs', 'ru'])
    t.equal(delimiterForLocale(locale), ';', locale);
  for (const locale of ['en', 'en-GB', 'en-US', 'de-CH', 'ja', 'zh']) t.equal(delimiterForLocale(locale), ',', locale);
  t.equal(delimiterForLocale('not a locale!'), ',', 'unknown: the comma');
});

t.test('the locale of the configuration: DRIVERCARD_LOCALE, else LC_ALL / LC_NUMERIC / LANG', async (t) => {
  t.equal(localeTag('de_DE.UTF-8'), 'de-DE');
  t.equal(localeTag('pl_PL.UTF-8@euro'), 'pl-PL');
  t.equal(localeTag('C.UTF-8'), null, 'the POSIX default says nothing about the office');
  t.equal(localeTag('POSIX'), null);
  t.equal(environmentLocale({ LANG: 'de_DE.UTF-8' }), 'de-DE');
  t.equal(environmentLocale({ LANG: 'de_DE.UTF-8', LC_NUMERIC: 'en_GB.UTF-8' }), 'en-GB', 'LC_NUMERIC before LANG');
  t.equal(environmentLocale({ LC_ALL: 'fr_FR.UTF-8', LC_NUMERIC: 'en_GB.UTF-8' }), 'fr-FR', 'LC_ALL first');
  t.equal(environmentLocale({ LANG: 'C.UTF-8' }), Intl.DateTimeFormat().resolvedOptions().locale, 'else the runtime');
  t.equal(loadConfig({ DRIVERCARD_LOCALE: 'pl' }).locale, 'pl');
  t.equal(loadConfig({ LANG: 'nl_NL.UTF-8' }).locale, 'nl-NL');
  t.equal(loadConfig({ LANG: 'nl_NL.UTF-8', DRIVERCARD_LOCALE: 'en-GB' }).locale, 'en-GB', 'the setting wins');
  t.throws(() => loadConfig({ DRIVERCARD_LOCALE: 'not a locale!' }), {
    name: 'ConfigError',
    message: /DRIVERCARD_LOCALE must be a locale/,
  });
});

const CARD = 'DLOC000000000007';
const firstLine = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n')[0]!;

async function serviceWith(env: NodeJS.ProcessEnv, t: Test) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-locale-'));
  const services = createServiceContainer(loadConfig(env, { dataDir }), { web: null });
  t.teardown(async () => {
    await services.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const deps = await services.httpDependencies();
  const store = await services.container.getAsync<SqlImportStore>(TOKENS.ImportStore);
  await store.saveImport(
    newImport(buildParsedCard({ card_number: CARD, days: datesFrom('2026-03-02', 3).map((d) => workingDay(d)) })),
  );
  const http = createHttpApp({ ...deps, allowedHosts: () => new Set(['localhost:5055']) });
  const app = { fetch: strictFetch((request) => http.app.fetch(request), http.openapi) };
  return async (path: string) => (await app.fetch(new Request(`http://localhost:5055${path}`))).text();
}

t.test('the service: the locale gives the default separator, the query parameter wins', async (t) => {
  const basis = `card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-04`;
  const german = await serviceWith({ DRIVERCARD_LOCALE: 'de-DE' }, t);
  for (const path of [`/export/activities.csv?${basis}`, `/export/findings.csv?${basis}`, '/export/drivers.csv']) {
    t.match(firstLine(await german(path)), /^[a-z_]+;[a-z_]+;/, `${path}: ; for de-DE`);
    t.match(firstLine(await german(`${path}${path.includes('?') ? '&' : '?'}delimiter=,`)), /^[a-z_]+,[a-z_]+,/);
  }
  const british = await serviceWith({ DRIVERCARD_LOCALE: 'en-GB' }, t);
  t.match(firstLine(await british(`/export/activities.csv?${basis}`)), /^[a-z_]+,[a-z_]+,/, ', for en-GB');
  t.match(firstLine(await british(`/export/activities.csv?${basis}&delimiter=;`)), /^[a-z_]+;[a-z_]+;/);
});
