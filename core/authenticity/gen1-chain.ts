/**
 * The first-generation chain of a DF Tachograph (Appendix 11 §3.3.3, CSM_019; CSM_035: "The European public key
 * EUR.PK needs to be known independently (and trusted)"): European key (trust store, selected by the CAR of
 * EF CA_Certificate) → member-state certificate (EF C108, or the trust store's certificate with the card
 * certificate's CAR when the file lacks C108) → card certificate (EF C100).
 */
import type { ApplicationSecurity } from '../domain/card.js';
import type { CertificateReport, ChainReport } from '../domain/authenticity.js';
import type { SignatureCrypto } from '../ports/signature-crypto.js';
import {
  caNation,
  chainStatusOf,
  isCaKeyIdentifier,
  isoOrNull,
  missingCertificate,
  validityAt,
} from './chain-report.js';
import {
  certificateCar,
  unwrapCertificate,
  type Gen1CertificateContent,
  type RsaPublicKey,
} from './gen1-certificate.js';
import { hex } from './record-layout.js';
import type { TrustStore } from './trust-store.js';
import type { VerificationCache } from './verification-cache.js';

export interface ChainContext {
  crypto: SignatureCrypto;
  trust: TrustStore;
  cache: VerificationCache;
  /** the download time (epoch seconds) certificate validity is judged at; null = unknown */
  at: number | null;
}

export interface Gen1Chain {
  report: ChainReport;
  /** the card's key when the whole chain is VALID */
  cardKey: RsaPublicKey | null;
}

function open(cert: Uint8Array, issuer: RsaPublicKey, ctx: ChainContext): Gen1CertificateContent | null {
  return ctx.cache.memo(ctx.crypto, 'gen1', [cert, issuer.modulus, issuer.exponent], () =>
    unwrapCertificate(cert, issuer, ctx.crypto),
  );
}

function rootReport(kid: Uint8Array, known: boolean): CertificateReport {
  const k = hex(kid);
  return {
    role: 'ROOT',
    car: k,
    chr: known ? k : null,
    nation: caNation(kid),
    valid_from: null,
    valid_to: null,
    status: known ? 'VALID' : 'UNKNOWN_ROOT',
  };
}

function certificateReport(
  role: 'MEMBER_STATE' | 'CARD',
  car: Uint8Array,
  content: Gen1CertificateContent | null,
  at: number | null,
): CertificateReport {
  if (content === null)
    return { role, car: hex(car), chr: null, nation: null, valid_from: null, valid_to: null, status: 'INVALID' };
  return {
    role,
    car: hex(car),
    chr: hex(content.keyIdentifier),
    // a CA's nation is its own (CHR); a card's is that of the member state that certified it (CAR)
    nation: caNation(role === 'MEMBER_STATE' ? content.keyIdentifier : car),
    valid_from: null,
    valid_to: isoOrNull(content.endOfValidity),
    status: validityAt(at, null, content.endOfValidity),
  };
}

/** The member-state step: the file's C108 opened by a trusted root, or the trust store's certificate. */
function memberState(
  sec: ApplicationSecurity,
  cardCar: Uint8Array | null,
  ctx: ChainContext,
): { reports: CertificateReport[]; key: RsaPublicKey | null } {
  const c108 = sec.caCertificate;
  const car = c108 === null ? null : certificateCar(c108);
  if (c108 === null || car === null) {
    const stored = cardCar === null ? undefined : ctx.trust.gen1MemberStates.get(hex(cardCar));
    if (stored === undefined)
      return { reports: [missingCertificate('MEMBER_STATE', cardCar === null ? '' : hex(cardCar))], key: null };
    const carOfStored = certificateCar(stored.certificate) as Uint8Array;
    const ms = certificateReport('MEMBER_STATE', carOfStored, stored.content, ctx.at);
    return { reports: [rootReport(carOfStored, true), ms], key: ms.status === 'VALID' ? stored.content : null };
  }
  const root = ctx.trust.gen1Roots.get(hex(car));
  if (root === undefined) {
    const status = isCaKeyIdentifier(car) ? ('UNKNOWN_ROOT' as const) : ('INVALID' as const);
    return {
      reports: [rootReport(car, false), { ...missingCertificate('MEMBER_STATE', hex(car)), status }],
      key: null,
    };
  }
  const content = open(c108, root, ctx);
  const ms = certificateReport('MEMBER_STATE', car, content, ctx.at);
  return { reports: [rootReport(car, true), ms], key: ms.status === 'VALID' ? content : null };
}

export function verifyGen1Chain(sec: ApplicationSecurity, ctx: ChainContext): Gen1Chain {
  const c100 = sec.cardCertificate;
  const cardCar = c100 === null ? null : certificateCar(c100);
  const ms = memberState(sec, cardCar, ctx);
  const certificates = [...ms.reports];
  let cardKey: RsaPublicKey | null = null;
  if (c100 === null) certificates.push(missingCertificate('CARD', ''));
  else if (cardCar === null) certificates.push({ ...missingCertificate('CARD', ''), status: 'INVALID' });
  // issuer unusable (unknown, invalid, expired): the card certificate cannot be checked
  else if (ms.key === null)
    certificates.push({
      ...missingCertificate('CARD', hex(cardCar)),
      status: isCaKeyIdentifier(cardCar) ? 'UNKNOWN_ROOT' : 'INVALID',
    });
  else if (hex(cardCar) !== hex(ms.key.keyIdentifier))
    certificates.push({ ...missingCertificate('CARD', hex(cardCar)), status: 'INVALID' });
  else {
    const content = open(c100, ms.key, ctx);
    const card = certificateReport('CARD', cardCar, content, ctx.at);
    certificates.push(card);
    if (card.status === 'VALID') cardKey = content;
  }
  const status = c100 === null && sec.caCertificate === null ? 'MISSING' : chainStatusOf(certificates);
  return { report: { generation: 'GEN1', status, certificates }, cardKey: status === 'VALID' ? cardKey : null };
}
