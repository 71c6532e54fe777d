/**
 * The authenticity of an import (API contract addition, README "Authenticity"): the verdict,
 * one certificate chain per application present, one result per EF. Never bytes: key references as hex text.
 */
export type AuthenticityStatus = 'VERIFIED' | 'INVALID' | 'UNVERIFIABLE' | 'UNSIGNED';
export type ChainStatus = 'VALID' | 'INVALID' | 'UNVERIFIABLE' | 'MISSING';
export type CertificateRole = 'ROOT' | 'LINK' | 'MEMBER_STATE' | 'CARD';
export type CertificateStatus = 'VALID' | 'INVALID' | 'UNKNOWN_ROOT' | 'EXPIRED' | 'MISSING';
export type EfResult = 'VALID' | 'INVALID' | 'MISSING' | 'NOT_CHECKED';
export type SignedApplication = 'TACHOGRAPH' | 'TACHOGRAPH_G2';

export const AUTHENTICITY_STATUSES: readonly AuthenticityStatus[] = ['VERIFIED', 'INVALID', 'UNVERIFIABLE', 'UNSIGNED'];
export const CHAIN_STATUSES: readonly ChainStatus[] = ['VALID', 'INVALID', 'UNVERIFIABLE', 'MISSING'];
export const CERTIFICATE_ROLES: readonly CertificateRole[] = ['ROOT', 'LINK', 'MEMBER_STATE', 'CARD'];
export const CERTIFICATE_STATUSES: readonly CertificateStatus[] = [
  'VALID',
  'INVALID',
  'UNKNOWN_ROOT',
  'EXPIRED',
  'MISSING',
];
export const EF_RESULTS: readonly EfResult[] = ['VALID', 'INVALID', 'MISSING', 'NOT_CHECKED'];
export const SIGNED_APPLICATIONS: readonly SignedApplication[] = ['TACHOGRAPH', 'TACHOGRAPH_G2'];

export interface CertificateReport {
  role: CertificateRole;
  /** Certification Authority Reference, hex */
  car: string;
  /** Certificate Holder Reference, hex (null when the certificate could not be opened) */
  chr: string | null;
  /** nation of the holder (CA key identifiers, Appendix 11 §3.3.1 note 5.2: 3 alphanumeric bytes) */
  nation: string | null;
  valid_from: string | null;
  valid_to: string | null;
  status: CertificateStatus;
}

export interface ChainReport {
  generation: 'GEN1' | 'GEN2';
  status: ChainStatus;
  certificates: CertificateReport[];
}

export interface EfReport {
  /** FID, 4 upper-case hex digits */
  ef: string;
  application: SignedApplication;
  result: EfResult;
}

export interface Authenticity {
  status: AuthenticityStatus;
  chains: ChainReport[];
  efs: EfReport[];
}
