/**
 * `drivercard demo [DIR] [--no-serve]`: a first run that shows the product. Writes a generated demo fleet (four
 * drivers' downloads signed by the demo PKI, ../demo/demo-fleet.ts) to DIR/files, their vehicles' VU downloads
 * (../demo/demo-vehicle-units.ts) to DIR/vehicle-units, the demo PKI's roots to
 * DIR/trust (a second run keeps the files of the first), imports the files into DIR (its own SQLite database and REST log) through the same import use case
 * as the service, prints what the office now sees (VERIFIED imports, findings, downloads overdue or due, cards
 * expiring, the vehicles' downloads overdue, calibrations due and drives without a card), then serves DIR on the configured address (or, with --no-serve, prints how to).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FleetUseCases } from '../../core/use-cases/fleet-overview.js';
import { isoDay, dayOf } from '../../core/time.js';
import { loadConfig, type Config } from '../config.js';
import { createServiceContainer, TOKENS } from '../container.js';
import { startServer } from '../server.js';
import { demoFleetFiles, demoTrustFiles } from '../demo/demo-fleet.js';
import { demoVehicleUnitFiles } from '../demo/demo-vehicle-units.js';
import type { TodayView } from '../../core/use-cases/today.js';
import type { VehicleUnitTodayCounts } from '../../core/use-cases/vehicle-unit-today.js';
import { dddFilesOf, formatSummary, importFiles, type ImportSummary } from './import.js';
import type { CommandIo } from './parse.js';
import { serveCommand, type SignalSource } from './serve.js';
import { startupFailure } from './startup-failure.js';

export const DEMO_USAGE = `usage: drivercard demo [DIR] [--no-serve]

Writes a generated demo fleet (signed by a demo PKI that DIR trusts) to DIR (default ./drivercard-demo),
imports it, prints what it shows and serves it (DRIVERCARD_HOST / DRIVERCARD_PORT / DRIVERCARD_TIME_ZONE as for serve).`;

/**
 * The settings the demo takes from the environment as `serve` does: the address, and the time zone the page, the
 * reports and the CSV show times in. Its data, database and trust roots are its own (DIR), whatever is configured.
 */
export function demoEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DRIVERCARD_HOST, DRIVERCARD_PORT, DRIVERCARD_TIME_ZONE } = env;
  return { DRIVERCARD_HOST, DRIVERCARD_PORT, DRIVERCARD_TIME_ZONE };
}

export interface DemoOutcome {
  summary: ImportSummary;
  verified: number;
  drivers: number;
  withFindings: number;
  overdue: number;
  dueWithin7Days: number;
  expiring30d: number;
  /** the demo vehicles' VU downloads (DIR/vehicle-units) and what the today view counts of them */
  vehicleUnits: ImportSummary;
  vehicleCounts: VehicleUnitTodayCounts;
}

/** Writes the demo vehicles' VU downloads once (a second run keeps them) and names them. */
async function vehicleUnitFiles(dataDir: string, now: Date): Promise<Array<{ file: string; path: string }>> {
  const dir = join(dataDir, 'vehicle-units');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let names = await dddFilesOf(dir);
  if (names.length === 0) {
    const files = demoVehicleUnitFiles(isoDay(dayOf(Math.floor(now.getTime() / 1000))));
    for (const f of files) writeFileSync(join(dir, f.name), f.bytes, { mode: 0o600 });
    names = files.map((f) => f.name);
  }
  return names.map((name) => ({ file: name, path: join(dir, name) }));
}

/** Writes the files and the trust roots, imports them and reads the fleet as the page will show it. */
export async function runDemo(config: Config, io: CommandIo, now: Date = new Date()): Promise<DemoOutcome> {
  const filesDir = join(config.dataDir, 'files');
  // card downloads hold personal data (the demo's are made up, but kept as real ones are): owner only
  mkdirSync(filesDir, { recursive: true, mode: 0o700 });
  mkdirSync(config.trustDir!, { recursive: true });
  for (const f of demoTrustFiles()) writeFileSync(join(config.trustDir!, f.name), f.bytes);
  // a second run imports the files of the first (gen2 signatures differ between generations: new bytes would be new imports)
  let names = await dddFilesOf(filesDir);
  if (names.length === 0) {
    const files = demoFleetFiles(isoDay(dayOf(Math.floor(now.getTime() / 1000))));
    for (const f of files) writeFileSync(join(filesDir, f.name), f.bytes, { mode: 0o600 });
    names = files.map((f) => f.name);
  }
  const services = createServiceContainer(config);
  try {
    const imports = await services.importUseCase();
    const verified: string[] = [];
    const counting = {
      parse: async (request: Parameters<typeof imports.parse>[0]) => {
        const answer = await imports.parse(request);
        if (answer.authenticity?.status === 'VERIFIED') verified.push(answer.import_id);
        return answer;
      },
    };
    const summary = await importFiles(
      names.map((name) => ({ file: name, path: join(filesDir, name) })),
      counting,
      { ...io, stderrIsTty: false },
    );
    const vehicleUnits = await importFiles(await vehicleUnitFiles(config.dataDir, now), imports, {
      ...io,
      stderrIsTty: false,
    });
    const today = await services.container.getAsync<TodayView>(TOKENS.Today);
    const { vehicle_units, vu_downloads_overdue, calibrations_due_30d, driving_without_card_4w } = await today.counts();
    const fleet = await services.container.getAsync<FleetUseCases>(TOKENS.FleetUseCases);
    const counts = await fleet.summary();
    const rows = (
      await fleet.list({
        filter: { q: null, overdue: null, expiring_within_days: null },
        sort: 'due',
        order: 'asc',
        page: { limit: 100, offset: 0 },
      })
    ).items;
    const nowS = Math.floor(now.getTime() / 1000);
    return {
      summary,
      verified: verified.length,
      drivers: counts.drivers,
      withFindings: counts.with_infringements,
      overdue: counts.overdue,
      dueWithin7Days: rows.filter(
        (r) => !r.overdue && r.next_download_due_s !== null && r.next_download_due_s - nowS <= 7 * 86_400,
      ).length,
      expiring30d: counts.expiring_30d,
      vehicleUnits,
      vehicleCounts: { vehicle_units, vu_downloads_overdue, calibrations_due_30d, driving_without_card_4w },
    };
  } finally {
    await services.dispose();
  }
}

export function demoReport(outcome: DemoOutcome, dir: string): string {
  return [
    `Demo fleet in ${dir}: ${outcome.drivers} drivers, ${outcome.verified} of ${outcome.summary.created.length + outcome.summary.reused.length} imports VERIFIED ` +
      `(signed by the demo PKI that ${join(dir, 'trust')} trusts).`,
    `  drivers with findings (EU 561/2006 pre-check, last 4 weeks): ${outcome.withFindings}`,
    `  downloads overdue: ${outcome.overdue}, due within 7 days: ${outcome.dueWithin7Days}`,
    `  cards expiring within 30 days: ${outcome.expiring30d}`,
    `  vehicles with a vehicle-unit download: ${outcome.vehicleCounts.vehicle_units}; downloads overdue: ${outcome.vehicleCounts.vu_downloads_overdue}; ` +
      `calibrations due within 30 days or overdue: ${outcome.vehicleCounts.calibrations_due_30d}; ` +
      `drives without a card in the last 4 weeks: ${outcome.vehicleCounts.driving_without_card_4w}`,
    `The files are in ${join(dir, 'files')}; serve this folder again with:`,
    `  DRIVERCARD_DATA_DIR=${dir} DRIVERCARD_TRUST_DIR=${join(dir, 'trust')} npx drivercard serve`,
    '',
  ].join('\n');
}

export async function demoCommand(
  argv: string[],
  io: CommandIo,
  env: NodeJS.ProcessEnv = process.env,
  signals: SignalSource = process,
): Promise<number> {
  if (argv.includes('--help')) {
    io.stdout(`${DEMO_USAGE}\n`);
    return 0;
  }
  const positional = argv.filter((a) => !a.startsWith('--'));
  const flags = argv.filter((a) => a.startsWith('--'));
  if (positional.length > 1 || flags.some((f) => f !== '--no-serve')) {
    io.stderr(`${DEMO_USAGE}\n`);
    return 2;
  }
  const dir = resolve(positional[0] ?? 'drivercard-demo');
  // the demo's own data and trust roots; the address and the time zone come from the environment as for serve
  const served = demoEnvironment(env);
  const overrides = { dataDir: dir, trustDir: join(dir, 'trust'), databaseUrl: null };
  let outcome: DemoOutcome;
  try {
    outcome = await runDemo(loadConfig(served, overrides), io);
  } catch (error) {
    io.stderr(`drivercard demo: ${startupFailure(error)}\n`);
    return 1;
  }
  io.stdout(formatSummary(outcome.summary, 'the demo fleet'));
  io.stdout(formatSummary(outcome.vehicleUnits, 'the demo vehicles'));
  io.stdout(demoReport(outcome, dir));
  if (flags.includes('--no-serve')) return 0;
  return serveCommand([], io, signals, () => startServer(overrides, { env: served }));
}
