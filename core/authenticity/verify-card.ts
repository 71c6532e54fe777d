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
 * is the decoder's download time (core/decoder/download-time.ts: the newest activity change, raised to a
 * consistent EF Card_Download LastCardDownload or a later instant the card recorded that day), the same moment
 * at which the activity rows end. It is a lower bound of the download instant, so a certificate that expired
 * before it was certainly expired at the download. None → validity periods are reported but not judged.
 *
 * Verdict: INVALID when a certificate or a signed EF fails; UNSIGNED when the file holds no signature and no
 * certificate at all; UNVERIFIABLE when a chain cannot reach a trusted root, a signature is missing, or the file
 * signs with a foreign scheme; VERIFIED otherwise. Never throws on any bytes.
 *
 * Cost: the certificate checks are memoised per chain (./verification-cache.ts). The EF signature checks are
 * planned first, then run either one after the other (verifyCard) or all at once (verifyCardAsync, through the
 * port's ecdsaVerifyAsync: the import path, so that a file's ECDSA checks, about 0.6 ms each on brainpoolP256r1,
 * use every core); gen2 EF results are memoised by key ‖ signature ‖ value. Both give the same verdict.
 */
import type {
  Authenticity,
  AuthenticityStatus,
  ChainReport,
  EfReport,
  EfResult,
  SignedApplication,
} from '../domain/authenticity.js';
import type { CardApplication, DecodedCard } from '../domain/card.js';
import type { Warning } from '../domain/rows.js';
import { downloadTimeOf as downloadTimeOfFile } from '../decoder/download-time.js';
import { FID, efName } from '../decoder/ef/fids.js';
import { coordinateBytes, hashForCurve, type CvCertificate } from './cv-certificate.js';
import { verifyGen1Signature, type RsaPublicKey } from './gen1-certificate.js';
import { verifyGen1Chain, type ChainContext } from './gen1-chain.js';
import { verifyGen2Chain } from './gen2-chain.js';
import { hex } from './record-layout.js';

const CERTIFICATE_EFS: ReadonlySet<number> = new Set([
  FID.CARD_CERTIFICATE,
  FID.CARD_SIGN_CERTIFICATE,
  FID.CA_CERTIFICATE,
  FID.LINK_CERTIFICATE,
]);

export interface VerificationOutcome {
  authenticity: Authenticity;
  warnings: Warning[];
}

/**
 * How the EF signatures of one application are checked, one at a time on the calling thread (`sync`) or all of a
 * file's at once (`async`: the crypto port's ecdsaVerifyAsync runs off the calling thread). Same results.
 */
interface EfVerifier {
  sync(data: Uint8Array, signature: Uint8Array): boolean;
  /** absent: the check is cheap enough to run on the calling thread either way */
  async?(data: Uint8Array, signature: Uint8Array): Promise<boolean>;
}

/** One EF of the file: its result when no signature check decides it, else the check to run. */
interface PlannedEf {
  ef: string;
  application: SignedApplication;
  result: EfResult | null;
  check: { verifier: EfVerifier; data: Uint8Array; signature: Uint8Array } | null;
}

/** The chains checked and the EF signature checks still to run. */
interface Plan {
  chains: ChainReport[];
  efs: PlannedEf[];
}

/** The download time (see the file comment): the decoder's one definition (core/decoder/download-time.ts). */
export const downloadTimeOf: (card: DecodedCard) => number | null = downloadTimeOfFile;

function efLabel(fid: number, application: SignedApplication): string {
  return `EF ${efName(fid)} (${application === 'TACHOGRAPH' ? 'Tachograph' : 'Tachograph_G2'})`;
}

function planEfs(app: CardApplication, application: SignedApplication, verifier: EfVerifier | null): PlannedEf[] {
  const out: PlannedEf[] = [];
  for (const [fid, value] of app.raw) {
    if (CERTIFICATE_EFS.has(fid)) continue;
    const ef = hex(Uint8Array.of(fid >> 8, fid & 0xff));
    const signature = app.security.signatures.get(fid);
    if (signature !== undefined && verifier !== null) {
      out.push({ ef, application, result: null, check: { verifier, data: value, signature } });
      continue;
    }
    let result: EfResult;
    if (signature === undefined)
      result = fid === FID.CARD_DOWNLOAD || app.security.foreignSignatures.has(fid) ? 'NOT_CHECKED' : 'MISSING';
    else result = 'NOT_CHECKED';
    out.push({ ef, application, result, check: null });
  }
  return out;
}

/** RSA with SHA-1 (CSM_034): a public operation of some microseconds, checked on the calling thread either way. */
function gen1Verifier(key: RsaPublicKey | null, ctx: ChainContext): EfVerifier | null {
  if (key === null) return null;
  return { sync: (data, signature) => verifyGen1Signature(data, signature, key, ctx.crypto) };
}

/**
 * ECDSA (CSM_233), the costly check (about 0.6 ms per EF on brainpoolP256r1): memoised by key ‖ signature ‖ value
 * (./verification-cache.ts), and run concurrently off the calling thread when the port can.
 */
function gen2Verifier(cert: CvCertificate | null, ctx: ChainContext): EfVerifier | null {
  if (cert === null) return null;
  const { curve, point } = cert.key;
  const { crypto, cache } = ctx;
  const hash = hashForCurve(curve);
  const kind = 'ef2:' + curve;
  const sized = (signature: Uint8Array): boolean => signature.length === 2 * coordinateBytes(curve);
  return {
    sync: (data, signature) =>
      sized(signature) &&
      cache.memo(crypto, kind, [point, signature, data], () => crypto.ecdsaVerify(curve, point, hash, data, signature)),
    async: async (data, signature) =>
      sized(signature) &&
      cache.memoAsync(crypto, kind, [point, signature, data], () =>
        crypto.ecdsaVerifyAsync
          ? crypto.ecdsaVerifyAsync(curve, point, hash, data, signature)
          : Promise.resolve(crypto.ecdsaVerify(curve, point, hash, data, signature)),
      ),
  };
}

function hasSecurityData(app: CardApplication | null): boolean {
  if (app === null) return false;
  const s = app.security;
  return (
    s.signatures.size > 0 || s.cardCertificate !== null || s.cardSignCertificate !== null || s.caCertificate !== null
  );
}

function hasForeign(card: DecodedCard): boolean {
  return [card.gen1, card.gen2].some(
    (a) => a !== null && (a.security.foreignSignatures.size > 0 || a.security.x509Certificate !== null),
  );
}

function verdict(chains: ChainReport[], efs: EfReport[], foreign: boolean, anySigned: boolean): AuthenticityStatus {
  if (chains.some((c) => c.status === 'INVALID') || efs.some((e) => e.result === 'INVALID')) return 'INVALID';
  if (!anySigned && !foreign) return 'UNSIGNED';
  const unsignedDownload = (e: EfReport): boolean => e.ef === '050E' && e.result === 'NOT_CHECKED';
  if (
    foreign ||
    chains.some((c) => c.status !== 'VALID') ||
    efs.some((e) => e.result !== 'VALID' && !unsignedDownload(e))
  )
    return 'UNVERIFIABLE';
  return 'VERIFIED';
}

function warningsOf(a: Authenticity, card: DecodedCard): Warning[] {
  const out: Warning[] = [];
  for (const e of a.efs) {
    if (e.result !== 'INVALID') continue;
    const label = efLabel(parseInt(e.ef, 16), e.application);
    out.push({
      code: 'signature_invalid',
      message: `The signature of ${label} does not verify: the EF is not what the card signed.`,
    });
  }
  for (const c of a.chains) {
    const gen = c.generation === 'GEN1' ? 'first-generation' : 'second-generation';
    for (const cert of c.certificates) {
      const role = cert.role.toLowerCase().replace('_', '-');
      if (cert.status === 'INVALID')
        out.push({ code: 'certificate_invalid', message: `The ${gen} ${role} certificate does not verify.` });
      if (cert.status === 'EXPIRED')
        out.push({
          code: 'certificate_invalid',
          message: `The ${gen} ${role} certificate was not valid at the download time.`,
        });
    }
    if (c.status === 'UNVERIFIABLE' && c.certificates.some((cert) => cert.status === 'UNKNOWN_ROOT')) {
      out.push({
        code: 'certificate_unknown_root',
        message: `The ${gen} certificate chain does not lead to a trusted European root (trust store).`,
      });
    }
  }
  if (a.status === 'UNSIGNED')
    out.push({
      code: 'authenticity_unsigned',
      message: 'The file holds no signature and no certificate: its authenticity cannot be checked.',
    });
  if (a.status === 'UNVERIFIABLE' && !hasForeign(card)) {
    out.push({
      code: 'authenticity_unverifiable',
      message: 'Signatures or certificates are missing or lead to no trusted root: the file could not be verified.',
    });
  }
  return out;
}

/** The chains of every application present and the EF signature checks they allow (chain checks are memoised). */
function planCard(card: DecodedCard, ctx: ChainContext): Plan {
  const chains: ChainReport[] = [];
  const efs: PlannedEf[] = [];
  if (card.gen1 !== null) {
    const chain = verifyGen1Chain(card.gen1.security, ctx);
    chains.push(chain.report);
    efs.push(...planEfs(card.gen1, 'TACHOGRAPH', gen1Verifier(chain.cardKey, ctx)));
  }
  if (card.gen2 !== null) {
    const chain = verifyGen2Chain(card.gen2.security, ctx);
    chains.push(chain.report);
    efs.push(...planEfs(card.gen2, 'TACHOGRAPH_G2', gen2Verifier(chain.cardKey, ctx)));
  }
  return { chains, efs };
}

/** The verdict once every check of the plan has its answer (`checked[i]` for the plan's i-th EF). */
function conclude(card: DecodedCard, plan: Plan, checked: ReadonlyArray<boolean | null>): VerificationOutcome {
  const efs: EfReport[] = plan.efs.map((e, i) => ({
    ef: e.ef,
    application: e.application,
    result: e.result ?? (checked[i] === true ? 'VALID' : 'INVALID'),
  }));
  const anySigned = hasSecurityData(card.gen1) || hasSecurityData(card.gen2);
  const authenticity: Authenticity = {
    status: verdict(plan.chains, efs, hasForeign(card), anySigned),
    chains: plan.chains,
    efs,
  };
  return { authenticity, warnings: warningsOf(authenticity, card) };
}

/** Verifies on the calling thread, one signature after the other. */
export function verifyCard(card: DecodedCard, ctx: Omit<ChainContext, 'at'>): VerificationOutcome {
  const plan = planCard(card, { ...ctx, at: downloadTimeOf(card) });
  return conclude(
    card,
    plan,
    plan.efs.map((e) => (e.check === null ? null : e.check.verifier.sync(e.check.data, e.check.signature))),
  );
}

/** The same verdict, the file's EF signatures checked concurrently (the port's ecdsaVerifyAsync when present). */
export async function verifyCardAsync(card: DecodedCard, ctx: Omit<ChainContext, 'at'>): Promise<VerificationOutcome> {
  const plan = planCard(card, { ...ctx, at: downloadTimeOf(card) });
  // the costly checks start first, the cheap ones run here meanwhile
  const started = plan.efs.map((e) =>
    e.check?.verifier.async ? e.check.verifier.async(e.check.data, e.check.signature) : null,
  );
  const checked = plan.efs.map(
    (e, i) => started[i] ?? (e.check === null ? null : e.check.verifier.sync(e.check.data, e.check.signature)),
  );
  return conclude(
    card,
    plan,
    started.some((p) => p !== null) ? await Promise.all(checked) : (checked as Array<boolean | null>),
  );
}
