#!/usr/bin/env -S node --max-semi-space-size=2 --max-old-space-size=256 --v8-pool-size=2
/**
 * The `drivercard` command (package bin): `serve`, `demo`, `parse FILE`, `import PATH`, `verify FILE`,
 * `purge --older-than …`, `anonymize IN OUT`, `--help`. The commands besides `serve` are imported when they run,
 * so the service does not hold their code (the demo's card encoder and test PKI above all) in its heap.
 */
import { pathToFileURL } from 'node:url';
import { realpathSync } from 'node:fs';
import type { CommandIo } from './commands/parse.js';
import { serveCommand } from './commands/serve.js';
import { loadConfig } from './config.js';
import { createServiceContainer, TOKENS } from './container.js';
import type { ImportLifecycleUseCases } from '../core/use-cases/withdraw-import.js';
import type { ImportStore } from '../core/ports/import-store.js';

export const USAGE = `usage: drivercard <command> [arguments]

Commands:
  serve          start the REST service (default http://127.0.0.1:5055/); see "drivercard serve --help"
  demo [DIR]     import a generated demo fleet into DIR (default ./drivercard-demo) and serve it
  parse FILE     decode one .ddd file and print it as JSON (nothing is stored)
  import PATH    import one download, or every download of a folder whatever its name (.ddd, .C1B, .TGD…),
                 into the database (summary on stdout, skipped files named)
  verify FILE    check the certificate chains and signatures of one .ddd file (exit 0 only when VERIFIED)
  purge --older-than <30d|8w|6m|1y|YYYY-MM-DD>
                 delete for good the imports saved before then (default: DRIVERCARD_RETENTION); never automatic
  anonymize IN OUT [--coarsen-positions]
                 write a copy of IN with names, numbers and registrations replaced (to share a failing file)
  evidence --card CARD --from DATE --to DATE --out FILE.zip
                 write the evidence bundle of a card and a period (originals, manifest, findings, report)
  check-bundle FILE.zip
                 re-hash every entry of an evidence bundle against its manifest (exit 0 only when all match)
  backup [--portable] DEST
                 write a consistent copy of the database, also while the service runs: SQLite to the new file
                 DEST; PostgreSQL (and SQLite with --portable) to the new folder DEST of JSON lines
  restore SRC    put the backup SRC in place as the database of an empty data folder or database (never
                 overwrites); a backup folder restores into SQLite or PostgreSQL
  check          re-hash and re-decode every stored original; exit 1 when any changed (changes nothing)

Options:
  --help         show this help (or a command's help: drivercard <command> --help)`;

const processIo: CommandIo = {
  stdout: (s) => void process.stdout.write(s),
  stderr: (s) => void process.stderr.write(s),
};

export async function runCli(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serveCommand(rest, io);
    case 'demo':
      return (await import('./commands/demo.js')).demoCommand(rest, io);
    case 'parse':
      return (await import('./commands/parse.js')).parseCommand(rest, io);
    case 'verify':
      return (await import('./commands/verify.js')).verifyCommand(rest, io);
    case 'anonymize':
      return (await import('./commands/anonymize.js')).anonymizeCommand(rest, io);
    case 'import': {
      const { importCommand } = await import('./commands/import.js');
      const config = loadConfig();
      const services = createServiceContainer(config);
      try {
        return await importCommand(
          rest,
          { ...io, stderrIsTty: process.stderr.isTTY === true },
          () => services.importUseCase(),
          config.maxPayloadBytes,
        );
      } finally {
        await services.dispose();
      }
    }
    case 'check-bundle':
      return (await import('./commands/evidence.js')).checkBundleCommand(rest, io);
    case 'backup':
      return (await import('./commands/backup.js')).backupCommand(rest, io, loadConfig());
    case 'restore':
      return (await import('./commands/restore.js')).restoreCommand(rest, io, loadConfig());
    case 'evidence':
    case 'check':
      return withServices(command, rest, io);
    case 'purge': {
      const { purgeCommand } = await import('./commands/purge.js');
      const services = createServiceContainer(loadConfig());
      try {
        const lifecycle = () => services.container.getAsync<ImportLifecycleUseCases>(TOKENS.ImportLifecycle);
        return await purgeCommand(rest, io, lifecycle, {
          now: new Date(),
          retention: process.env.DRIVERCARD_RETENTION,
        });
      } finally {
        await services.dispose();
      }
    }
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      io[command === undefined ? 'stderr' : 'stdout'](`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    default:
      io.stderr(`drivercard: unknown command "${command}"\n${USAGE}\n`);
      return 2;
  }
}

/** `evidence` and `check`, which read the configured database through the service's container. */
async function withServices(command: 'evidence' | 'check', rest: string[], io: CommandIo): Promise<number> {
  const services = createServiceContainer(loadConfig());
  try {
    if (command === 'check') {
      const { checkCommand } = await import('./commands/check.js');
      return await checkCommand(rest, io, () => services.container.getAsync<ImportStore>(TOKENS.ImportStore));
    }
    const { evidenceCommand } = await import('./commands/evidence.js');
    return await evidenceCommand(rest, io, async () => ({
      ...(await services.httpDependencies()),
      allowedHosts: () => new Set(),
    }));
  } finally {
    await services.dispose();
  }
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isMain()) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`drivercard: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
