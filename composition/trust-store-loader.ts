/**
 * Loads the trust store at start: every regular file of DRIVERCARD_TRUST_DIR, by default the project's copy of
 * the two published European roots (composition/trust-roots/: gen1 EC_PK, gen2 ERCA root certificate no. 1).
 * A configured folder that cannot be read, or that yields no root, is a configuration error (the service would
 * otherwise rate every file UNVERIFIABLE without saying why).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeSignatureCrypto } from '../adapters/crypto/node-signature-crypto.js';
import {
  buildTrustStore,
  CardAuthenticityVerifier,
  type TrustFile,
  type TrustStore,
} from '../core/authenticity/index.js';
import type { SignatureCrypto } from '../core/ports/signature-crypto.js';
import { VuAuthenticityVerifier } from '../core/authenticity/verify-vu.js';
import { ConfigError } from './config.js';

/** composition/trust-roots from the sources (tsx) or from dist/composition */
export function shippedTrustDir(): string {
  const candidates = [
    new URL('./trust-roots/', import.meta.url),
    new URL('../../composition/trust-roots/', import.meta.url),
  ];
  for (const c of candidates) {
    const dir = fileURLToPath(c);
    if (existsSync(dir)) return dir;
  }
  throw new ConfigError('The shipped trust roots (composition/trust-roots) are missing; set DRIVERCARD_TRUST_DIR.');
}

export function readTrustFiles(dir: string): TrustFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    throw new ConfigError('DRIVERCARD_TRUST_DIR names a folder that cannot be read.');
  }
  const files: TrustFile[] = [];
  for (const name of names) {
    const path = join(dir, name);
    if (!statSync(path).isFile() || statSync(path).size > 65_536) continue;
    files.push({ name, bytes: readFileSync(path) });
  }
  return files;
}

export function loadTrustStore(
  trustDir: string | null,
  crypto: SignatureCrypto,
): { store: TrustStore; notes: string[] } {
  const loaded = buildTrustStore(readTrustFiles(trustDir ?? shippedTrustDir()), crypto);
  if (loaded.store.gen1Roots.size === 0 && loaded.store.gen2Roots.size === 0) {
    throw new ConfigError(
      'The trust folder holds no European root (gen1 EC_PK of 144 bytes or a self-signed gen2 root certificate).',
    );
  }
  return loaded;
}

/** The verifier of a process, on node:crypto, from DRIVERCARD_TRUST_DIR (null = the shipped roots). */
export function createVerifier(trustDir: string | null): CardAuthenticityVerifier {
  const crypto = new NodeSignatureCrypto();
  return new CardAuthenticityVerifier(crypto, loadTrustStore(trustDir, crypto).store);
}

/** The VU verifier of a trust folder (null = the shipped roots), on node:crypto. */
export function createVuVerifier(trustDir: string | null): VuAuthenticityVerifier {
  const crypto = new NodeSignatureCrypto();
  return new VuAuthenticityVerifier(crypto, loadTrustStore(trustDir, crypto).store);
}

/** DRIVERCARD_TRUST_DIR of the environment for the one-shot commands (parse, verify). */
export function trustDirFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env.DRIVERCARD_TRUST_DIR?.trim();
  return dir ? resolve(dir) : null;
}
