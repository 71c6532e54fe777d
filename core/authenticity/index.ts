/** Public surface of the authenticity verifier. */
import type { Authenticity } from '../domain/authenticity.js';
import type { DecodedCard } from '../domain/card.js';
import type { Warning } from '../domain/rows.js';
import type { SignatureCrypto } from '../ports/signature-crypto.js';
import type { TrustStore } from './trust-store.js';
import { VerificationCache } from './verification-cache.js';
import { verifyCard, verifyCardAsync, type VerificationOutcome } from './verify-card.js';

export { buildTrustStore, emptyTrustStore, type TrustFile, type TrustStore } from './trust-store.js';
export { VerificationCache } from './verification-cache.js';
export { downloadTimeOf, verifyCard, verifyCardAsync, type VerificationOutcome } from './verify-card.js';

/** The warning codes of the verifier (stable API; the decoder adds `signature_scheme_unknown`). */
export const AUTHENTICITY_WARNING_CODES = [
  'signature_invalid',
  'certificate_invalid',
  'certificate_unknown_root',
  'authenticity_unverifiable',
  'authenticity_unsigned',
] as const;

export interface AuthenticityVerifier {
  verify(card: DecodedCard): VerificationOutcome;
  /** the same verdict, the file's EF signatures checked concurrently (optional; never rejects) */
  verifyAsync?(card: DecodedCard): Promise<VerificationOutcome>;
}

/** The answer when the verifier itself failed (a bug, not bad bytes). */
function failedVerification(): VerificationOutcome {
  const authenticity: Authenticity = { status: 'UNVERIFIABLE', chains: [], efs: [] };
  const warning: Warning = {
    code: 'authenticity_unverifiable',
    message: 'The signatures of the file could not be checked.',
  };
  return { authenticity, warnings: [warning] };
}

/** The verifier of a process: one trust store, one cache shared by every import. */
export class CardAuthenticityVerifier implements AuthenticityVerifier {
  constructor(
    private readonly crypto: SignatureCrypto,
    private readonly trust: TrustStore,
    readonly cache: VerificationCache = new VerificationCache(),
  ) {}

  /** Never throws: an unexpected failure (a bug, not bad bytes) rates the file UNVERIFIABLE with a warning. */
  verify(card: DecodedCard): VerificationOutcome {
    try {
      return verifyCard(card, { crypto: this.crypto, trust: this.trust, cache: this.cache });
    } catch {
      return failedVerification();
    }
  }

  /** verify() with the EF signatures checked concurrently off the calling thread (import path); never rejects. */
  async verifyAsync(card: DecodedCard): Promise<VerificationOutcome> {
    try {
      return await verifyCardAsync(card, { crypto: this.crypto, trust: this.trust, cache: this.cache });
    } catch {
      return failedVerification();
    }
  }
}
