/**
 * `drivercard verify FILE.ddd`: decodes one driver-card download, verifies its certificate chains and EF
 * signatures (core/authenticity) and prints a readable report: the verdict, each chain with its certificates
 * (key references, nation, validity, status) and one line per EF. Exit 0 only when the file is VERIFIED;
 * 1 when it is not (or cannot be read / decoded); 2 on wrong usage. Never prints bytes or personal data.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { AuthenticityVerifier } from '../../core/authenticity/index.js';
import { DddDecodeError } from '../../core/decoder/api.js';
import { efName } from '../../core/decoder/ef/fids.js';
import { decodeDddBytes } from '../../core/decoder/index.js';
import type { Authenticity } from '../../core/domain/authenticity.js';
import type { Warning } from '../../core/domain/rows.js';
import { ConfigError } from '../config.js';
import { createVerifier, trustDirFromEnv } from '../trust-store-loader.js';
import { readFailure, type CommandIo } from './parse.js';

export const VERIFY_USAGE = 'usage: drivercard verify FILE.ddd';

const APPLICATION_TEXT = { TACHOGRAPH: 'DF Tachograph', TACHOGRAPH_G2: 'DF Tachograph_G2' } as const;

/** The readable report (one string, lines ending in \n). */
export function verificationReport(fileName: string, a: Authenticity, warnings: readonly Warning[]): string {
  const lines = [`${fileName}: ${a.status}`];
  for (const chain of a.chains) {
    lines.push('', `${chain.generation} certificate chain: ${chain.status}`);
    for (const c of chain.certificates) {
      const validity = c.valid_from || c.valid_to ? ` valid ${c.valid_from ?? '…'} to ${c.valid_to ?? '…'}` : '';
      lines.push(
        `  ${c.role.padEnd(12)} ${c.status.padEnd(12)} CAR ${c.car || '-'} CHR ${c.chr ?? '-'}${c.nation ? ` (${c.nation})` : ''}${validity}`,
      );
    }
  }
  let application = '';
  for (const ef of a.efs) {
    if (ef.application !== application) {
      application = ef.application;
      lines.push('', `${APPLICATION_TEXT[ef.application]} signatures:`);
    }
    lines.push(`  ${ef.ef} ${efName(parseInt(ef.ef, 16)).padEnd(32)} ${ef.result}`);
  }
  const relevant = warnings.filter(
    (w) => w.code.startsWith('signature') || w.code.startsWith('certificate') || w.code.startsWith('authenticity'),
  );
  if (relevant.length > 0) lines.push('', 'Warnings:', ...relevant.map((w) => `  ${w.code}: ${w.message}`));
  return lines.join('\n') + '\n';
}

export async function verifyCommand(argv: string[], io: CommandIo, verifier?: AuthenticityVerifier): Promise<number> {
  if (argv.includes('--help')) {
    io.stdout(`${VERIFY_USAGE}\n`);
    return 0;
  }
  if (argv.length !== 1 || argv[0].startsWith('--')) {
    io.stderr(`${VERIFY_USAGE}\n`);
    return 2;
  }
  const fileName = basename(argv[0]);
  let v: AuthenticityVerifier;
  try {
    v = verifier ?? createVerifier(trustDirFromEnv());
  } catch (error) {
    io.stderr(`drivercard: ${error instanceof ConfigError ? error.message : 'the trust store cannot be loaded'}\n`);
    return 1;
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(argv[0]);
  } catch (error) {
    io.stderr(`drivercard: cannot read ${fileName}: ${readFailure(error)}\n`);
    return 1;
  }
  try {
    const card = decodeDddBytes(bytes);
    const outcome = v.verify(card);
    io.stdout(verificationReport(fileName, outcome.authenticity, [...card.warnings, ...outcome.warnings]));
    return outcome.authenticity.status === 'VERIFIED' ? 0 : 1;
  } catch (error) {
    io.stderr(
      `drivercard: cannot decode ${fileName}: ${error instanceof DddDecodeError ? error.reason : 'internal_error'}\n`,
    );
    return 1;
  }
}
