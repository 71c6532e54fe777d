/**
 * The second-generation chain of a DF Tachograph_G2 (Appendix 11 §14.3, CSM_234; §9.1.7 certificate replacement):
 * European root (trust store, the root named by the member-state certificate's CAR) → [link certificate (EF C109
 * or the trust store) when the member-state certificate was issued under a newer root than the trusted one:
 * its CAR is the previous root, its CHR the new root, CSM_140] → MSCA_Card certificate (EF C108, or the trust
 * store's certificate with the card certificate's CAR) → Card_Sign certificate (EF C101). Each signature is
 * ECDSA over the encoded body with the issuer key's hash (CSM_150), each CHA must name the right equipment
 * (CSM_234: ERCA 13 for a link, MSCA 14, Driver/Workshop Card Sign 17/18), each validity period must contain the
 * download time.
 */
import type { ApplicationSecurity } from '../domain/card.js';
import type { CertificateReport, CertificateRole, ChainReport } from '../domain/authenticity.js';
import { caNation, chainStatusOf, isoOrNull, missingCertificate, validityAt } from './chain-report.js';
import { EQUIPMENT, equipmentType, parseCvCertificate, type CvCertificate } from './cv-certificate.js';
import type { ChainContext } from './gen1-chain.js';
import { hex } from './record-layout.js';
import { verifyCvSignature } from './trust-store.js';

export interface Gen2Chain {
  report: ChainReport;
  cardKey: CvCertificate | null;
}

interface Step {
  report: CertificateReport;
  /** the certificate when it is VALID (its key may sign the next one) */
  trusted: CvCertificate | null;
}

function checkedBy(cert: CvCertificate, issuer: CvCertificate, ctx: ChainContext): boolean {
  return ctx.cache.memo(ctx.crypto, 'gen2', [cert.body, cert.signature, issuer.body], () =>
    verifyCvSignature(cert, issuer, ctx.crypto),
  );
}

function step(
  role: CertificateRole,
  cert: CvCertificate,
  issuer: CvCertificate | null,
  allowed: readonly number[],
  ctx: ChainContext,
): Step {
  const base = {
    role,
    car: hex(cert.car),
    chr: hex(cert.chr),
    nation: caNation(role === 'CARD' ? cert.car : cert.chr),
    valid_from: isoOrNull(cert.effective),
    valid_to: isoOrNull(cert.expiration),
  };
  if (issuer === null) return { report: { ...base, status: 'UNKNOWN_ROOT' }, trusted: null };
  if (!allowed.includes(equipmentType(cert)) || !checkedBy(cert, issuer, ctx))
    return { report: { ...base, status: 'INVALID' }, trusted: null };
  const status = validityAt(ctx.at, cert.effective, cert.expiration);
  return { report: { ...base, status }, trusted: status === 'VALID' ? cert : null };
}

function rootStep(root: CvCertificate, ctx: ChainContext): Step {
  // the root's own signature was checked when the trust store was loaded
  const report: CertificateReport = {
    role: 'ROOT',
    car: hex(root.car),
    chr: hex(root.chr),
    nation: caNation(root.chr),
    valid_from: isoOrNull(root.effective),
    valid_to: isoOrNull(root.expiration),
    status: 'VALID',
  };
  void ctx;
  return { report, trusted: root };
}

/** Root (and link) steps leading to the key named `car`. */
function issuerSteps(car: Uint8Array, sec: ApplicationSecurity, ctx: ChainContext): Step[] {
  const root = ctx.trust.gen2Roots.get(hex(car));
  if (root !== undefined) return [rootStep(root, ctx)];
  const fileLink = sec.linkCertificate === null ? null : parseCvCertificate(sec.linkCertificate);
  const link =
    fileLink !== null && hex(fileLink.chr) === hex(car)
      ? fileLink
      : (ctx.trust.gen2Certificates.get(hex(car))?.parsed ?? null);
  const oldRoot = link === null ? undefined : ctx.trust.gen2Roots.get(hex(link.car));
  if (link === null || oldRoot === undefined) {
    return [
      { report: { ...missingCertificate('ROOT', hex(link?.car ?? car)), status: 'UNKNOWN_ROOT' }, trusted: null },
    ];
  }
  return [rootStep(oldRoot, ctx), step('LINK', link, oldRoot, [EQUIPMENT.ERCA], ctx)];
}

function memberStateCertificate(
  sec: ApplicationSecurity,
  card: CvCertificate | null,
  ctx: ChainContext,
): CvCertificate | null | 'UNREADABLE' {
  if (sec.caCertificate !== null) return parseCvCertificate(sec.caCertificate) ?? 'UNREADABLE';
  if (card === null) return null;
  return ctx.trust.gen2Certificates.get(hex(card.car))?.parsed ?? null;
}

/** `leaf`: the equipment types the signing certificate may name (a VU download's: VU Sign, CSM_77). */
export function verifyGen2Chain(
  sec: ApplicationSecurity,
  ctx: ChainContext,
  leaf: readonly number[] = [EQUIPMENT.DRIVER_CARD_SIGN, EQUIPMENT.WORKSHOP_CARD_SIGN],
): Gen2Chain {
  const card = sec.cardSignCertificate === null ? null : parseCvCertificate(sec.cardSignCertificate);
  const ms = memberStateCertificate(sec, card, ctx);
  const steps: Step[] = [];
  if (ms === 'UNREADABLE')
    steps.push({ report: { ...missingCertificate('MEMBER_STATE', ''), status: 'INVALID' }, trusted: null });
  else if (ms === null)
    steps.push({ report: missingCertificate('MEMBER_STATE', card === null ? '' : hex(card.car)), trusted: null });
  else {
    steps.push(...issuerSteps(ms.car, sec, ctx));
    steps.push(step('MEMBER_STATE', ms, steps[steps.length - 1].trusted, [EQUIPMENT.MSCA], ctx));
  }
  const msTrusted = steps[steps.length - 1].trusted;
  if (sec.cardSignCertificate === null) steps.push({ report: missingCertificate('CARD', ''), trusted: null });
  else if (card === null)
    steps.push({ report: { ...missingCertificate('CARD', ''), status: 'INVALID' }, trusted: null });
  else {
    const issuer = msTrusted !== null && hex(msTrusted.chr) === hex(card.car) ? msTrusted : null;
    const mismatch = msTrusted !== null && issuer === null;
    const s = step('CARD', card, issuer, leaf, ctx);
    steps.push(mismatch ? { report: { ...s.report, status: 'INVALID' }, trusted: null } : s);
  }
  const certificates = steps.map((s) => s.report);
  const status =
    sec.cardSignCertificate === null && sec.caCertificate === null ? 'MISSING' : chainStatusOf(certificates);
  return {
    report: { generation: 'GEN2', status, certificates },
    cardKey: status === 'VALID' ? steps[steps.length - 1].trusted : null,
  };
}
