/**
 * Verifies a decoded card file offline: one certificate chain per application present and one result per EF.
 *
 * - DF Tachograph (gen1, also on a gen2 card): chain of ./gen1-chain.ts; each EF's signature (appendix 01) is
 *   RSA PKCS#1 v1.5 with SHA-1 over the EF's value (CSM_034/035), by the card key of EF Card_Certificate.
 * - DF Tachograph_G2: chain of ./gen2-chain.ts; each EF's signature (appendix 03) is ECDSA r‖s by the
 *   CardSignCertificate key, hash by that key's size (CSM_233, CSM_50).
 * EF Card_Download is downloaded unsigned (DDP_035): NOT_CHECKED without a signature, verified with one.
 *
 * Certificate validity is judged at the download time, not today (a card certificate that expired after the
 * download is still valid for that file). The card does not record the download instant itself; the time used
 * is the newest of EF Card_Download's LastCardDownload (written to the card by the equipment that downloads it
 * for company purposes, data dictionary 2.89) and the newest activity change the card recorded (the card
 * cannot have been downloaded before it recorded that change). Both are lower bounds of the download instant, so
 * a certificate that expired before them was certainly expired at the download. Neither present → validity
 * periods are reported but not judged.
 *
 * Verdict: INVALID when a certificate or a signed EF fails; UNSIGNED when the file holds no signature and no
 * certificate at all; UNVERIFIABLE when a chain cannot reach a trusted root, a signature is missing, or the file
 * signs with a foreign scheme; VERIFIED otherwise. Never throws on any bytes.
 */
import type { Authenticity, AuthenticityStatus, ChainReport, EfReport, EfResult, SignedApplication } from '../domain/authenticity.js';
import type { CardApplication, DecodedCard } from '../domain/card.js';
import type { Warning } from '../domain/rows.js';
import { FID, efName } from '../decoder/ef/fids.js';
import { coordinateBytes, hashForCurve, type CvCertificate } from './cv-certificate.js';
import { verifyGen1Signature, type RsaPublicKey } from './gen1-certificate.js';
import { verifyGen1Chain, type ChainContext } from './gen1-chain.js';
import { verifyGen2Chain } from './gen2-chain.js';
import { hex } from './record-layout.js';

const CERTIFICATE_EFS: ReadonlySet<number> = new Set([FID.CARD_CERTIFICATE, FID.CARD_SIGN_CERTIFICATE, FID.CA_CERTIFICATE, FID.LINK_CERTIFICATE]);

export interface VerificationOutcome {
  authenticity: Authenticity;
  warnings: Warning[];
}

type Verify = (data: Uint8Array, signature: Uint8Array) => boolean;

/** The download time (see the file comment): newest of LastCardDownload and the newest activity change. */
export function downloadTimeOf(card: DecodedCard): number | null {
  let at: number | null = null;
  for (const app of [card.gen1, card.gen2]) {
    const t = app?.cardDownload?.lastCardDownload ?? null;
    if (t !== null && (at === null || t > at)) at = t;
    const days = app?.driverActivity?.days ?? [];
    const last = days[days.length - 1];
    if (last !== undefined) {
      const minutes = last.changes.length > 0 ? last.changes[last.changes.length - 1].minutes : 0;
      const t2 = last.date + minutes * 60;
      if (at === null || t2 > at) at = t2;
    }
  }
  return at;
}

function efLabel(fid: number, application: SignedApplication): string {
  return `EF ${efName(fid)} (${application === 'TACHOGRAPH' ? 'Tachograph' : 'Tachograph_G2'})`;
}

function efResults(app: CardApplication, application: SignedApplication, verify: Verify | null): EfReport[] {
  const out: EfReport[] = [];
  for (const [fid, value] of app.raw) {
    if (CERTIFICATE_EFS.has(fid)) continue;
    const signature = app.security.signatures.get(fid);
    let result: EfResult;
    if (signature === undefined) result = fid === FID.CARD_DOWNLOAD || app.security.foreignSignatures.has(fid) ? 'NOT_CHECKED' : 'MISSING';
    else if (verify === null) result = 'NOT_CHECKED';
    else result = verify(value, signature) ? 'VALID' : 'INVALID';
    out.push({ ef: hex(Uint8Array.of(fid >> 8, fid & 0xff)), application, result });
  }
  return out;
}

function gen1Verifier(key: RsaPublicKey | null, ctx: ChainContext): Verify | null {
  return key === null ? null : (data, signature) => verifyGen1Signature(data, signature, key, ctx.crypto);
}

function gen2Verifier(cert: CvCertificate | null, ctx: ChainContext): Verify | null {
  if (cert === null) return null;
  const { curve, point } = cert.key;
  return (data, signature) =>
    signature.length === 2 * coordinateBytes(curve) && ctx.crypto.ecdsaVerify(curve, point, hashForCurve(curve), data, signature);
}

function hasSecurityData(app: CardApplication | null): boolean {
  if (app === null) return false;
  const s = app.security;
  return s.signatures.size > 0 || s.cardCertificate !== null || s.cardSignCertificate !== null || s.caCertificate !== null;
}

function hasForeign(card: DecodedCard): boolean {
  return [card.gen1, card.gen2].some((a) => a !== null && (a.security.foreignSignatures.size > 0 || a.security.x509Certificate !== null));
}

function verdict(chains: ChainReport[], efs: EfReport[], foreign: boolean, anySigned: boolean): AuthenticityStatus {
  if (chains.some((c) => c.status === 'INVALID') || efs.some((e) => e.result === 'INVALID')) return 'INVALID';
  if (!anySigned && !foreign) return 'UNSIGNED';
  const unsignedDownload = (e: EfReport): boolean => e.ef === '050E' && e.result === 'NOT_CHECKED';
  if (foreign || chains.some((c) => c.status !== 'VALID') || efs.some((e) => e.result !== 'VALID' && !unsignedDownload(e))) return 'UNVERIFIABLE';
  return 'VERIFIED';
}

function warningsOf(a: Authenticity, card: DecodedCard): Warning[] {
  const out: Warning[] = [];
  for (const e of a.efs) {
    if (e.result !== 'INVALID') continue;
    const label = efLabel(parseInt(e.ef, 16), e.application);
    out.push({ code: 'signature_invalid', message: `The signature of ${label} does not verify: the EF is not what the card signed.` });
  }
  for (const c of a.chains) {
    const gen = c.generation === 'GEN1' ? 'first-generation' : 'second-generation';
    for (const cert of c.certificates) {
      const role = cert.role.toLowerCase().replace('_', '-');
      if (cert.status === 'INVALID') out.push({ code: 'certificate_invalid', message: `The ${gen} ${role} certificate does not verify.` });
      if (cert.status === 'EXPIRED') out.push({ code: 'certificate_invalid', message: `The ${gen} ${role} certificate was not valid at the download time.` });
    }
    if (c.status === 'UNVERIFIABLE' && c.certificates.some((cert) => cert.status === 'UNKNOWN_ROOT')) {
      out.push({ code: 'certificate_unknown_root', message: `The ${gen} certificate chain does not lead to a trusted European root (trust store).` });
    }
  }
  if (a.status === 'UNSIGNED') out.push({ code: 'authenticity_unsigned', message: 'The file holds no signature and no certificate: its authenticity cannot be checked.' });
  if (a.status === 'UNVERIFIABLE' && !hasForeign(card)) {
    out.push({ code: 'authenticity_unverifiable', message: 'Signatures or certificates are missing or lead to no trusted root: the file could not be verified.' });
  }
  return out;
}

export function verifyCard(card: DecodedCard, ctx: Omit<ChainContext, 'at'>): VerificationOutcome {
  const full: ChainContext = { ...ctx, at: downloadTimeOf(card) };
  const chains: ChainReport[] = [];
  const efs: EfReport[] = [];
  if (card.gen1 !== null) {
    const chain = verifyGen1Chain(card.gen1.security, full);
    chains.push(chain.report);
    efs.push(...efResults(card.gen1, 'TACHOGRAPH', gen1Verifier(chain.cardKey, full)));
  }
  if (card.gen2 !== null) {
    const chain = verifyGen2Chain(card.gen2.security, full);
    chains.push(chain.report);
    efs.push(...efResults(card.gen2, 'TACHOGRAPH_G2', gen2Verifier(chain.cardKey, full)));
  }
  const anySigned = hasSecurityData(card.gen1) || hasSecurityData(card.gen2);
  const authenticity: Authenticity = { status: verdict(chains, efs, hasForeign(card), anySigned), chains, efs };
  return { authenticity, warnings: warningsOf(authenticity, card) };
}
