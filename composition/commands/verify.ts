/**
 * `drivercard verify FILE.ddd`: decodes one download, verifies its certificate chains and signatures
 * (core/authenticity) and prints a readable report: the verdict, each chain with its certificates (key
 * references, nation, validity, status) and one line per signed part — per EF for a driver card, per TREP for a
 * vehicle-unit download (the TREP, the day for an activities TREP 02/22/32, the result and why). Exit 0 only
 * when the file is VERIFIED; 1 when it is not (or cannot be read / decoded); 2 on wrong usage. Never prints bytes
 * or personal data.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { AuthenticityVerifier } from '../../core/authenticity/index.js';
import { DddDecodeError } from '../../core/decoder/api.js';
import { efName } from '../../core/decoder/ef/fids.js';
import { decodeDownloadBytes } from '../../core/decoder/index.js';
import type { Authenticity, EfResult } from '../../core/domain/authenticity.js';
import type { Warning } from '../../core/domain/rows.js';
import type { VuAuthenticity, VuChainReport } from '../../core/domain/vu-authenticity.js';
import type { VuAuthenticityVerifier } from '../../core/authenticity/verify-vu.js';
import { ConfigError } from '../config.js';
import { createVerifier, trustDirFromEnv } from '../trust-store-loader.js';
import { createVuVerifier, readFailure, type CommandIo } from './parse.js';

export const VERIFY_USAGE = 'usage: drivercard verify FILE.ddd';

const APPLICATION_TEXT = { TACHOGRAPH: 'DF Tachograph', TACHOGRAPH_G2: 'DF Tachograph_G2' } as const;

/** Each chain with its certificates, one line each (after a blank line). */
function chainLines(chains: readonly (Authenticity['chains'][number] | VuChainReport)[]): string[] {
  const lines: string[] = [];
  for (const chain of chains) {
    lines.push('', `${chain.generation} certificate chain: ${chain.status}`);
    for (const c of chain.certificates) {
      const validity = c.valid_from || c.valid_to ? ` valid ${c.valid_from ?? '…'} to ${c.valid_to ?? '…'}` : '';
      lines.push(
        `  ${c.role.padEnd(12)} ${c.status.padEnd(12)} CAR ${c.car || '-'} CHR ${c.chr ?? '-'}${c.nation ? ` (${c.nation})` : ''}${validity}`,
      );
    }
  }
  return lines;
}

/** The warnings about signatures, certificates and the verdict, after a blank line; none: no lines. */
function warningLines(warnings: readonly Warning[]): string[] {
  const relevant = warnings.filter(
    (w) => w.code.startsWith('signature') || w.code.startsWith('certificate') || w.code.startsWith('authenticity'),
  );
  return relevant.length > 0 ? ['', 'Warnings:', ...relevant.map((w) => `  ${w.code}: ${w.message}`)] : [];
}

/** The readable report (one string, lines ending in \n). */
export function verificationReport(fileName: string, a: Authenticity, warnings: readonly Warning[]): string {
  const lines = [`${fileName}: ${a.status}`, ...chainLines(a.chains)];
  let application = '';
  for (const ef of a.efs) {
    if (ef.application !== application) {
      application = ef.application;
      lines.push('', `${APPLICATION_TEXT[ef.application]} signatures:`);
    }
    lines.push(`  ${ef.ef} ${efName(parseInt(ef.ef, 16)).padEnd(32)} ${ef.result}`);
  }
  lines.push(...warningLines(warnings));
  return lines.join('\n') + '\n';
}

/** Why a TREP has its result (Appendix 7 §2.2.6: each TREP carries its own signature). */
const TREP_REASON: Record<EfResult, string> = {
  VALID: 'the signature verifies with the VU key',
  INVALID: 'the signature does not verify: the data are not what the VU signed',
  MISSING: 'the TREP carries no signature',
  NOT_CHECKED: 'no VU key to check it with (the certificate chain did not open one)',
};

/** The readable report of a VU download: verdict, chains, then one line per TREP in file order. */
export function vuVerificationReport(fileName: string, a: VuAuthenticity, warnings: readonly Warning[]): string {
  const lines = [`${fileName}: ${a.status}`, ...chainLines(a.chains), '', 'TREP signatures:'];
  for (const t of a.treps)
    lines.push(`  TREP ${t.trep} ${(t.day ?? '').padEnd(10)} ${t.result.padEnd(11)} ${TREP_REASON[t.result]}`);
  lines.push(...warningLines(warnings));
  return lines.join('\n') + '\n';
}

export async function verifyCommand(
  argv: string[],
  io: CommandIo,
  verifier?: AuthenticityVerifier,
  vuVerifier?: VuAuthenticityVerifier,
): Promise<number> {
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
  let vu: VuAuthenticityVerifier;
  try {
    v = verifier ?? createVerifier(trustDirFromEnv());
    vu = vuVerifier ?? createVuVerifier(trustDirFromEnv());
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
    const download = decodeDownloadBytes(bytes);
    if (download.kind === 'VEHICLE_UNIT') {
      const o = vu.verify(download.vu);
      io.stdout(vuVerificationReport(fileName, o.authenticity, [...download.vu.warnings, ...o.warnings]));
      return o.authenticity.status === 'VERIFIED' ? 0 : 1;
    }
    const card = download.card;
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
