/**
 * The trust store: European roots (and optionally member-state and link certificates) the verifier starts from.
 * Built from the files of a folder (composition reads them; this module only classifies bytes):
 * - 144 bytes: a first-generation European public key (EC_PK: key identifier 8, n 128, e 8);
 * - 194 bytes: a first-generation member-state certificate, kept when one of the gen1 roots opens it;
 * - '7F 21 …': a second-generation CV certificate: a self-signed ERCA root (CAR = CHR, CSM_139, its own signature
 *   checked), or a link / member-state certificate (checked when a chain uses it).
 * Anything else is ignored with a note (file names only, never bytes).
 */
import type { SignatureCrypto } from '../ports/signature-crypto.js';
import { hashForCurve, parseCvCertificate, type CvCertificate } from './cv-certificate.js';
import {
  CERTIFICATE,
  EC_PK,
  readEcPk,
  certificateCar,
  unwrapCertificate,
  type Gen1CertificateContent,
  type RsaPublicKey,
} from './gen1-certificate.js';
import { equalBytes, hex } from './record-layout.js';

export interface TrustStore {
  /** gen1 European keys by key identifier (hex) */
  gen1Roots: ReadonlyMap<string, RsaPublicKey>;
  /** gen1 member-state certificates opened by a gen1 root, by CHR (hex) */
  gen1MemberStates: ReadonlyMap<string, { certificate: Uint8Array; content: Gen1CertificateContent }>;
  /** gen2 ERCA root certificates (self-signature verified) by CHR (hex) */
  gen2Roots: ReadonlyMap<string, CvCertificate>;
  /** other gen2 certificates of the folder (link, member state) by CHR (hex); verified when used */
  gen2Certificates: ReadonlyMap<string, { certificate: Uint8Array; parsed: CvCertificate }>;
}

export interface TrustFile {
  name: string;
  bytes: Uint8Array;
}

export function emptyTrustStore(): TrustStore {
  return { gen1Roots: new Map(), gen1MemberStates: new Map(), gen2Roots: new Map(), gen2Certificates: new Map() };
}

export function verifyCvSignature(cert: CvCertificate, issuer: CvCertificate, crypto: SignatureCrypto): boolean {
  return crypto.ecdsaVerify(
    issuer.key.curve,
    issuer.key.point,
    hashForCurve(issuer.key.curve),
    cert.body,
    cert.signature,
  );
}

export function buildTrustStore(
  files: readonly TrustFile[],
  crypto: SignatureCrypto,
): { store: TrustStore; notes: string[] } {
  const gen1Roots = new Map<string, RsaPublicKey>();
  const gen2Roots = new Map<string, CvCertificate>();
  const gen2Certificates = new Map<string, { certificate: Uint8Array; parsed: CvCertificate }>();
  const gen1Pending: TrustFile[] = [];
  const notes: string[] = [];
  for (const f of files) {
    if (f.bytes.length === EC_PK.length) {
      const key = readEcPk(f.bytes) as RsaPublicKey;
      gen1Roots.set(hex(key.keyIdentifier), key);
    } else if (f.bytes.length === CERTIFICATE.length) {
      gen1Pending.push(f);
    } else {
      const cv = parseCvCertificate(f.bytes);
      if (cv === null) notes.push(`${f.name}: not a European key or certificate; ignored.`);
      else if (equalBytes(cv.car, cv.chr)) {
        if (verifyCvSignature(cv, cv, crypto)) gen2Roots.set(hex(cv.chr), cv);
        else notes.push(`${f.name}: a self-signed certificate whose signature does not verify; ignored.`);
      } else gen2Certificates.set(hex(cv.chr), { certificate: f.bytes, parsed: cv });
    }
  }
  const gen1MemberStates = new Map<string, { certificate: Uint8Array; content: Gen1CertificateContent }>();
  for (const f of gen1Pending) {
    const root = gen1Roots.get(hex(certificateCar(f.bytes) as Uint8Array));
    const content = root ? unwrapCertificate(f.bytes, root, crypto) : null;
    if (content === null) notes.push(`${f.name}: a first-generation certificate no trusted root opens; ignored.`);
    else gen1MemberStates.set(hex(content.keyIdentifier), { certificate: f.bytes, content });
  }
  return { store: { gen1Roots, gen1MemberStates, gen2Roots, gen2Certificates }, notes };
}
