/**
 * The authenticity of a vehicle-unit download: the verdict, one certificate chain per generation of TREPs
 * present, one result per TREP. The statuses are those of a card file (./authenticity.ts); a VU chain's last
 * certificate is the VU's, not a card's.
 */
import type { AuthenticityStatus, CertificateReport, CertificateRole, ChainStatus, EfResult } from './authenticity.js';

export type VuCertificateRole = Exclude<CertificateRole, 'CARD'> | 'VEHICLE_UNIT';

export interface VuCertificateReport extends Omit<CertificateReport, 'role'> {
  role: VuCertificateRole;
}

export interface VuChainReport {
  generation: 'GEN1' | 'GEN2';
  status: ChainStatus;
  certificates: VuCertificateReport[];
}

export interface VuTrepReport {
  /** the TREP, 2 upper-case hex digits */
  trep: string;
  /** file offset of the TREP's '76' byte */
  offset: number;
  /** for an activities TREP, the day downloaded (YYYY-MM-DD) */
  day: string | null;
  result: EfResult;
}

export interface VuAuthenticity {
  status: AuthenticityStatus;
  chains: VuChainReport[];
  treps: VuTrepReport[];
}
