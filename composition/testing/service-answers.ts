/**
 * A service of a configuration for tests that compare two databases through their HTTP answers (backups and
 * restores): its container, a GET giving the answer's status and text, a POST, an import through the CLI's
 * command, and `answers`, every answer such a comparison reads.
 */
import type { Test } from 'tap';
import { createHttpApp } from '../../adapters/http/app.js';
import { importCommand } from '../commands/import.js';
import type { Config } from '../config.js';
import { createServiceContainer } from '../container.js';
import { captureIo } from './capture-io.js';

const HOST = '127.0.0.1:5055';

export type Get = (path: string) => Promise<string>;

/** The service over the configured database, disposed when the test ends. */
export async function serviceOf(t: Test, config: Config) {
  const services = createServiceContainer(config);
  t.teardown(() => services.dispose());
  const { app } = createHttpApp({ ...(await services.httpDependencies()), allowedHosts: () => new Set([HOST]) });
  const get: Get = async (path) => {
    const answer = await app.fetch(new Request(`http://${HOST}${path}`));
    return `${answer.status} ${await answer.text()}`;
  };
  const post = async (path: string, body: unknown) => {
    const answer = await app.fetch(
      new Request(`http://${HOST}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  const importFile = (file: string) => importCommand([file], captureIo().io, () => services.importUseCase(), 1 << 22);
  return { services, get, post, importFile };
}

/** The JSON list of a `200 …` answer of `get`. */
export const listOf = (answer: string) => JSON.parse(answer.slice(4)) as { items: Record<string, any>[] };

/**
 * Every answer compared: the imports (withdrawn ones too with `withdrawn`), the drivers, and per card its findings of
 * the period (at most 366 days), annotations, home countries and the review history of its first finding.
 */
export async function answers(
  get: Get,
  withdrawn: boolean,
  period = 'date_from=2025-06-01&date_to=2026-05-31',
): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  all.imports = await get(`/api/drivercard/imports?limit=5000${withdrawn ? '&include_withdrawn=true' : ''}`);
  all.drivers = await get('/api/drivercard/drivers?limit=5000');
  const cards = new Set(listOf(all.imports).items.map((i) => i.card.card_number as string));
  for (const card of [...cards].sort()) {
    const findings = await get(`/api/drivercard/findings?card_number=${card}&${period}&limit=5000`);
    all[`findings ${card}`] = findings;
    all[`annotations ${card}`] = await get(`/api/drivercard/annotations?card_number=${card}&include_withdrawn=true`);
    all[`home countries ${card}`] = await get(`/api/drivercard/drivers/${card}/home-countries`);
    const first = findings.startsWith('200 ')
      ? (listOf(findings).items[0]?.finding_id as string | undefined)
      : undefined;
    if (first !== undefined) all[`reviews ${card}`] = await get(`/api/drivercard/findings/${first}/reviews`);
  }
  return all;
}

/** Withdraws from the source every import the restored database does not list: the source at the backup's moment. */
export async function withdrawAllBut(
  source: Awaited<ReturnType<typeof serviceOf>>,
  kept: ReadonlySet<string>,
): Promise<number> {
  let withdrawn = 0;
  for (const row of listOf(await source.get('/api/drivercard/imports?limit=5000')).items) {
    if (kept.has(row.import_id)) continue;
    const answer = await source.post(`/api/drivercard/imports/${row.import_id}/withdraw`, {
      reason: 'after the backup',
    });
    if (answer.status !== 200) throw new Error(`withdrawing an import answered ${answer.status}`);
    withdrawn += 1;
  }
  return withdrawn;
}
