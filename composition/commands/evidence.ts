/**
 * `drivercard evidence --card CARD --from DATE --to DATE --out FILE.zip`: writes the evidence bundle of a driver
 * card and a period (adapters/http/evidence, the same ZIP GET /api/drivercard/evidence answers).
 * `drivercard check-bundle FILE.zip`: re-hashes every entry of a bundle against its manifest.json and names each
 * changed, missing or unlisted entry (exit 0: all as listed; 1: not, or not a bundle; 2: wrong usage).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { checkBundle, EVIDENCE_FORMAT, MANIFEST_NAME, type EvidenceManifest } from '../../core/evidence/manifest.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { readZip } from '../../adapters/evidence/zip.js';
import { evidenceBundle } from '../../adapters/http/evidence/evidence-bundle.js';
import { evidenceQueryFrom } from '../../adapters/http/evidence/evidence.route.js';
import type { HttpAppDependencies } from '../../adapters/http/ports.js';
import { HttpProblem } from '../../adapters/http/shared/problem.js';
import type { QueryValues } from '../../adapters/http/shared/query-params.js';
import { commandArguments } from './arguments.js';
import { readFailure, type CommandIo } from './parse.js';

export const EVIDENCE_USAGE = 'usage: drivercard evidence --card CARD --from YYYY-MM-DD --to YYYY-MM-DD --out FILE.zip';
export const CHECK_BUNDLE_USAGE = 'usage: drivercard check-bundle FILE.zip';

const OPTIONS = { '--card': 'card_number', '--from': 'date_from', '--to': 'date_to', '--out': 'out' } as const;
type OptionName = (typeof OPTIONS)[keyof typeof OPTIONS];

/** `--name value` pairs of the usage, each exactly once; null when anything else is given. */
export function namedOptions(argv: readonly string[]): Record<OptionName, string> | null {
  const values: Partial<Record<OptionName, string>> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = OPTIONS[argv[i] as keyof typeof OPTIONS];
    const value = argv[i + 1];
    if (name === undefined || value === undefined || value.startsWith('--') || values[name] !== undefined) return null;
    values[name] = value;
  }
  return Object.keys(values).length === 4 ? (values as Record<OptionName, string>) : null;
}

export async function evidenceCommand(
  argv: string[],
  io: CommandIo,
  dependencies: () => Promise<HttpAppDependencies>,
  now: Date = new Date(),
): Promise<number> {
  if (argv.includes('--help')) {
    io.stdout(`${EVIDENCE_USAGE}\n`);
    return 0;
  }
  const options = namedOptions(argv);
  if (
    options === null ||
    !/^\d{4}-\d{2}-\d{2}$/.test(options.date_from) ||
    !/^\d{4}-\d{2}-\d{2}$/.test(options.date_to)
  ) {
    io.stderr(`${EVIDENCE_USAGE}\n`);
    return 2;
  }
  try {
    const { card_number, period } = evidenceQueryFrom(options as unknown as QueryValues);
    const bundle = await evidenceBundle(await dependencies(), card_number, period, now);
    await writeFile(options.out, bundle.zip, { flag: 'wx', mode: 0o600 });
    const excluded = bundle.manifest.excluded.length;
    io.stdout(
      `${basename(options.out)}: ${bundle.manifest.files.length} original file(s), ${excluded} import(s) left out, ${bundle.manifest.documents.length} document(s)\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof HttpProblem) {
      io.stderr(`drivercard: ${error.message}\n`);
      return error.status === 400 ? 2 : 1;
    }
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === 'EEXIST') io.stderr(`drivercard: ${basename(options.out)} exists already; nothing was written\n`);
    else if (code) io.stderr(`drivercard: cannot write ${basename(options.out)}: ${readFailure(error)}\n`);
    else throw error;
    return 1;
  }
}

export async function checkBundleCommand(argv: string[], io: CommandIo): Promise<number> {
  const args = commandArguments(argv, io, CHECK_BUNDLE_USAGE, 1, []);
  if (typeof args === 'number') return args;
  const name = basename(args.positional[0]!);
  let entries: Map<string, Uint8Array>;
  let manifest: EvidenceManifest;
  try {
    entries = readZip(await readFile(args.positional[0]!));
    manifest = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(entries.get(MANIFEST_NAME)));
    if (manifest?.format !== EVIDENCE_FORMAT || !Array.isArray(manifest.files) || !Array.isArray(manifest.documents))
      throw new Error('not a manifest');
  } catch (error) {
    // fflate's errors carry a numeric code; the file system's a text one (ENOENT…)
    const fileError = typeof (error as NodeJS.ErrnoException | null)?.code === 'string';
    io.stderr(
      `drivercard: ${name}: ${fileError ? readFailure(error) : 'not an evidence bundle (no readable manifest.json)'}\n`,
    );
    return 1;
  }
  const problems = checkBundle(manifest, entries, new NodeCryptoHasher());
  for (const p of problems) io.stdout(`${p.path}: ${p.problem.toUpperCase()} (${p.detail})\n`);
  const listed = manifest.files.length + manifest.documents.length;
  io.stdout(
    problems.length === 0
      ? `${name}: OK, ${listed} entries as the manifest lists them\n`
      : `${name}: ${problems.length} problem(s)\n`,
  );
  return problems.length === 0 ? 0 : 1;
}
