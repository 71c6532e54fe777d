/**
 * Verifies a decoded vehicle-unit download offline: one certificate chain per generation of TREPs present, one
 * result per TREP.
 *
 * - Generation 1 (TREPs 01–05): the chain of ./gen1-chain.ts with the certificates of TREP 01 — European key
 *   (trust store, by the CAR of the MemberStateCertificate) → MemberStateCertificate → VUCertificate (Appendix 11
 *   §3.3.3, CSM_019) — and each TREP's 128-byte Signature: RSA PKCS#1 v1.5 with SHA-1 (CSM_034/035) by the VU key.
 * - Generation 2 (TREPs 21–25 / 31–35, 24): the chain of ./gen2-chain.ts with the MemberStateCertificate and
 *   VUCertificate record arrays of the overview — European root → MSCA_VU-EGF → VU_Sign (CSM_231, CSM_77: CHA
 *   equipment type 19) — and each TREP's SignatureRecordArray: ECDSA plain r‖s with the hash of the VU key's size
 *   (CSM_233, CSM_50).
 * Which bytes each signature covers is decided by the decoder (core/decoder/vu/gen1.ts for gen1: the data after
 * the TREP byte, after the certificates for 01, up to the Signature; core/decoder/vu/gen2.ts for gen2: every
 * record array with its header before the SignatureRecordArray, the overview's two certificate arrays excepted,
 * DDP_029 "all preceding data except the certificates").
 *
 * Validity is judged at the VU's clock at the download (the overview's CurrentDateTime). Verdict as for a card:
 * INVALID when a certificate or a TREP fails; UNSIGNED without any signature or certificate; UNVERIFIABLE when a
 * chain does not reach a trusted root or a signature is missing; VERIFIED otherwise. Never throws on any bytes.
 */
import type { ChainReport } from '../domain/authenticity.js';
import type { ApplicationSecurity } from '../domain/card.js';
import type { Warning } from '../domain/rows.js';
import type { DecodedVu, VuTrep } from '../domain/vu.js';
import type { VuAuthenticity, VuChainReport, VuTrepReport } from '../domain/vu-authenticity.js';
import type { SignatureCrypto } from '../ports/signature-crypto.js';
import { isoDay, dayOf } from '../time.js';
import { EQUIPMENT, coordinateBytes, hashForCurve, type CvCertificate } from './cv-certificate.js';
import { verifyGen1Signature, type RsaPublicKey } from './gen1-certificate.js';
import { verifyGen1Chain, type ChainContext } from './gen1-chain.js';
import { verifyGen2Chain } from './gen2-chain.js';
import type { TrustStore } from './trust-store.js';
import { VerificationCache } from './verification-cache.js';

export interface VuVerificationOutcome {
  authenticity: VuAuthenticity;
  warnings: Warning[];
}

function security(certificates: VuTrep['certificates'], gen: 1 | 2): ApplicationSecurity {
  const vu = certificates?.vu ?? null;
  return {
    cardCertificate: gen === 1 ? vu : null,
    cardSignCertificate: gen === 2 ? vu : null,
    caCertificate: certificates?.memberState ?? null,
    linkCertificate: null,
    signatures: new Map(),
    foreignSignatures: new Map(),
    x509Certificate: null,
  };
}

/** The card chain's report with its last certificate named for what it is here: the VU's. */
function asVuChain(report: ChainReport): VuChainReport {
  return {
    generation: report.generation,
    status: report.status,
    certificates: report.certificates.map((c) => ({ ...c, role: c.role === 'CARD' ? 'VEHICLE_UNIT' : c.role })),
  };
}

type Check = (data: Uint8Array, signature: Uint8Array) => boolean;

function gen1Check(key: RsaPublicKey | null, ctx: ChainContext): Check | null {
  return key === null ? null : (data, signature) => verifyGen1Signature(data, signature, key, ctx.crypto);
}

function gen2Check(cert: CvCertificate | null, ctx: ChainContext): Check | null {
  if (cert === null) return null;
  const { curve, point } = cert.key;
  const hash = hashForCurve(curve);
  return (data, signature) =>
    signature.length === 2 * coordinateBytes(curve) && ctx.crypto.ecdsaVerify(curve, point, hash, data, signature);
}

function trepReport(t: VuTrep, check: Check | null): VuTrepReport {
  const result =
    t.signature === null
      ? 'MISSING'
      : check === null
        ? 'NOT_CHECKED'
        : check(t.signed, t.signature)
          ? 'VALID'
          : 'INVALID';
  return {
    trep: t.trep.toString(16).toUpperCase().padStart(2, '0'),
    offset: t.offset,
    day: t.day === null ? null : isoDay(dayOf(t.day)),
    result,
  };
}

function verdict(chains: VuChainReport[], treps: VuTrepReport[]): VuAuthenticity['status'] {
  if (chains.some((c) => c.status === 'INVALID') || treps.some((t) => t.result === 'INVALID')) return 'INVALID';
  if (chains.every((c) => c.status === 'MISSING') && treps.every((t) => t.result === 'MISSING')) return 'UNSIGNED';
  if (chains.some((c) => c.status !== 'VALID') || treps.some((t) => t.result !== 'VALID')) return 'UNVERIFIABLE';
  return 'VERIFIED';
}

function warningsOf(a: VuAuthenticity): Warning[] {
  const out: Warning[] = [];
  for (const t of a.treps)
    if (t.result === 'INVALID')
      out.push({
        code: 'signature_invalid',
        message: `The signature of TREP ${t.trep}${t.day === null ? '' : ` (${t.day})`} does not verify: the data are not what the vehicle unit signed.`,
      });
  for (const c of a.chains)
    for (const cert of c.certificates)
      if (cert.status === 'INVALID' || cert.status === 'EXPIRED')
        out.push({
          code: 'certificate_invalid',
          message: `The ${c.generation} ${cert.role.toLowerCase()} certificate does not verify at the download time.`,
        });
  if (a.status === 'UNSIGNED')
    out.push({
      code: 'authenticity_unsigned',
      message: 'The file holds no signature and no certificate: its authenticity cannot be checked.',
    });
  if (a.status === 'UNVERIFIABLE')
    out.push({
      code: 'authenticity_unverifiable',
      message:
        'Some signatures of the file could not be checked (a certificate chain or a signature is missing or leads to no trusted root).',
    });
  return out;
}

export function verifyVu(vu: DecodedVu, base: Omit<ChainContext, 'at'>): VuVerificationOutcome {
  const ctx: ChainContext = { ...base, at: vu.overview?.currentDateTime ?? null };
  const chains: VuChainReport[] = [];
  const checks = new Map<'GEN1' | 'GEN2', Check | null>();
  for (const gen of ['GEN1', 'GEN2'] as const) {
    const ofGen = vu.treps.filter((t) => (t.generation === 'GEN1') === (gen === 'GEN1'));
    if (ofGen.length === 0) continue;
    const certificates = ofGen.find((t) => t.certificates !== null)?.certificates ?? null;
    if (gen === 'GEN1') {
      const chain = verifyGen1Chain(security(certificates, 1), ctx);
      chains.push(asVuChain(chain.report));
      checks.set(gen, gen1Check(chain.cardKey, ctx));
    } else {
      const chain = verifyGen2Chain(security(certificates, 2), ctx, [EQUIPMENT.VU_SIGN]);
      chains.push(asVuChain(chain.report));
      checks.set(gen, gen2Check(chain.cardKey, ctx));
    }
  }
  const treps = vu.treps.map((t) => trepReport(t, checks.get(t.generation === 'GEN1' ? 'GEN1' : 'GEN2') ?? null));
  const authenticity: VuAuthenticity = { status: verdict(chains, treps), chains, treps };
  return { authenticity, warnings: warningsOf(authenticity) };
}

/** The VU verifier of a process: one trust store, one cache. Never throws. */
export class VuAuthenticityVerifier {
  constructor(
    private readonly crypto: SignatureCrypto,
    private readonly trust: TrustStore,
    readonly cache: VerificationCache = new VerificationCache(),
  ) {}

  verify(vu: DecodedVu): VuVerificationOutcome {
    try {
      return verifyVu(vu, { crypto: this.crypto, trust: this.trust, cache: this.cache });
    } catch {
      const authenticity: VuAuthenticity = { status: 'UNVERIFIABLE', chains: [], treps: [] };
      return {
        authenticity,
        warnings: [{ code: 'authenticity_unverifiable', message: 'The signatures of the file could not be checked.' }],
      };
    }
  }
}
