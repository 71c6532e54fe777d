/** Shared pieces of the chain reports: nations from key identifiers, validity at the download time, chain verdicts. */
import type { CertificateReport, CertificateStatus, ChainStatus } from '../domain/authenticity.js';
import { isoTimestampOrNull } from '../time.js';

/**
 * The nation of a Certification Authority key identifier (Appendix 11 §3.3.1 note 5.2, data dictionary
 * CertificationAuthorityKID: nationNumeric 1, nationAlpha 3, keySerialNumber 1, additionalInfo 2, caIdentifier 1).
 */
export function caNation(kid: Uint8Array | null): string | null {
  if (kid === null || kid.length !== 8) return null;
  let s = '';
  for (let i = 1; i < 4; i++) {
    const c = kid[i];
    if (c === 0x20) continue;
    if (c < 0x41 || c > 0x5a) return null;
    s += String.fromCharCode(c);
  }
  return s.length > 0 ? s : null;
}

/**
 * A well-formed Certification Authority key identifier (Appendix 11 §3.3.1 note 5.2): an alphanumeric nation
 * code and the identifier '01' in the last byte. A certificate whose CAR is not one cannot be a genuine
 * certificate of the EU PKI whatever root is trusted (INVALID, not UNKNOWN_ROOT).
 */
export function isCaKeyIdentifier(kid: Uint8Array): boolean {
  return kid.length === 8 && kid[7] === 0x01 && caNation(kid) !== null;
}

export const isoOrNull = isoTimestampOrNull;

/** VALID when `at` lies inside [from, to] (open ends allowed); EXPIRED otherwise. No download time → VALID. */
export function validityAt(at: number | null, from: number | null, to: number | null): CertificateStatus {
  if (at === null) return 'VALID';
  if (from !== null && at < from) return 'EXPIRED';
  if (to !== null && at > to) return 'EXPIRED';
  return 'VALID';
}

/** The chain verdict from its certificates. */
export function chainStatusOf(certificates: readonly CertificateReport[]): ChainStatus {
  const statuses = certificates.map((c) => c.status);
  if (statuses.some((s) => s === 'INVALID' || s === 'EXPIRED')) return 'INVALID';
  if (statuses.every((s) => s === 'VALID')) return 'VALID';
  return 'UNVERIFIABLE';
}

export function missingCertificate(role: CertificateReport['role'], car: string): CertificateReport {
  return { role, car, chr: null, nation: null, valid_from: null, valid_to: null, status: 'MISSING' };
}
