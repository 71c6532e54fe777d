/**
 * First-generation RSA keys and certificates (Appendix 11 part A).
 *
 *   EC_PK (European public key, as published)      -- 144 bytes: keyIdentifier 8, n 128, e 8
 *   Certificate ::= OCTET STRING (SIZE(194))       -- data dictionary 2.41, Appendix 11 §3.3.2 (CSM_018):
 *     Sign 128 || Cn' 58 || CAR' 8                 -- Sign = X.CA.SK['6A' || Cr 106 || SHA-1(Cc) 20 || 'BC']
 *   CertificateContent (Cc = Cr || Cn, 164 bytes)  -- data dictionary 2.42, Appendix 11 §3.3.1 (CSM_017):
 *     CPI 1, CAR 8, CHA 7, EOV 4 (TimeReal, 'FF' padded when unused), CHR 8, n 128, e 8
 * Unwrapping (CSM_019): open Sign with the CA key, check '6A' … 'BC', recover C' = Cr' || Cn', check SHA-1(C') = H'.
 */
import type { SignatureCrypto } from '../ports/signature-crypto.js';
import { declareRecord, equalBytes, fieldsOf, uint32 } from './record-layout.js';

export const EC_PK = declareRecord([
  ['keyIdentifier', 8],
  ['modulus', 128],
  ['exponent', 8],
] as const);
export const CERTIFICATE = declareRecord([
  ['sign', 128],
  ['remainder', 58],
  ['car', 8],
] as const);
/** the message Sr recovered from Sign (ISO/IEC 9796-2 with message recovery) */
export const RECOVERED = declareRecord([
  ['header', 1],
  ['recoverable', 106],
  ['hash', 20],
  ['trailer', 1],
] as const);
export const CERTIFICATE_CONTENT = declareRecord([
  ['cpi', 1],
  ['car', 8],
  ['cha', 7],
  ['eov', 4],
  ['chr', 8],
  ['modulus', 128],
  ['exponent', 8],
] as const);

export interface RsaPublicKey {
  keyIdentifier: Uint8Array;
  modulus: Uint8Array;
  exponent: Uint8Array;
}

export interface Gen1CertificateContent extends RsaPublicKey {
  car: Uint8Array;
  cha: Uint8Array;
  /** end of validity, epoch seconds; null when 'FF' padded */
  endOfValidity: number | null;
}

export function readEcPk(b: Uint8Array): RsaPublicKey | null {
  if (b.length !== EC_PK.length) return null;
  const f = fieldsOf(EC_PK, b);
  return { keyIdentifier: f.keyIdentifier, modulus: f.modulus, exponent: f.exponent };
}

/** The CAR appended in clear to a 194-byte certificate (which CA key opens it); null when the size is wrong. */
export function certificateCar(cert: Uint8Array): Uint8Array | null {
  return cert.length === CERTIFICATE.length ? fieldsOf(CERTIFICATE, cert).car : null;
}

/**
 * Opens a certificate with the CA key (CSM_019). null when the signature does not verify: wrong size, wrong
 * framing bytes, hash mismatch, or the CAR in clear differs from the one inside the recovered content.
 */
export function unwrapCertificate(
  cert: Uint8Array,
  ca: RsaPublicKey,
  crypto: SignatureCrypto,
): Gen1CertificateContent | null {
  if (cert.length !== CERTIFICATE.length || ca.modulus.length !== 128) return null;
  const c = fieldsOf(CERTIFICATE, cert);
  const opened = crypto.rsaPublic(ca.modulus, ca.exponent, c.sign);
  if (opened === null || opened.length !== RECOVERED.length) return null;
  const sr = fieldsOf(RECOVERED, opened);
  if (sr.header[0] !== 0x6a || sr.trailer[0] !== 0xbc) return null;
  const content = new Uint8Array(CERTIFICATE_CONTENT.length);
  content.set(sr.recoverable, 0);
  content.set(c.remainder, sr.recoverable.length);
  if (!equalBytes(crypto.hash('SHA-1', content), sr.hash)) return null;
  const f = fieldsOf(CERTIFICATE_CONTENT, content);
  if (!equalBytes(f.car, c.car)) return null;
  const eov = uint32(f.eov);
  return {
    car: f.car,
    cha: f.cha,
    endOfValidity: eov === 0xffffffff ? null : eov,
    keyIdentifier: f.chr,
    modulus: f.modulus,
    exponent: f.exponent,
  };
}

/** DigestInfo prefix of SHA-1 (CSM_034): 30 21 30 09 06 05 2B 0E 03 02 1A 05 00 04 14 */
const SHA1_DIGEST_INFO = Uint8Array.of(
  0x30,
  0x21,
  0x30,
  0x09,
  0x06,
  0x05,
  0x2b,
  0x0e,
  0x03,
  0x02,
  0x1a,
  0x05,
  0x00,
  0x04,
  0x14,
);

/**
 * EF signature (CSM_034/035): Signature = EQT.SK['00' || '01' || PS ('FF'…) || '00' || DER(SHA-1(Data))], 128 bytes,
 * checked by re-encoding the expected block and comparing it whole (no lenient parsing).
 */
export function verifyGen1Signature(
  data: Uint8Array,
  signature: Uint8Array,
  key: RsaPublicKey,
  crypto: SignatureCrypto,
): boolean {
  if (signature.length !== key.modulus.length) return false;
  const opened = crypto.rsaPublic(key.modulus, key.exponent, signature);
  if (opened === null) return false;
  const expected = new Uint8Array(opened.length).fill(0xff);
  const tail = SHA1_DIGEST_INFO.length + 20;
  expected[0] = 0x00;
  expected[1] = 0x01;
  expected[opened.length - tail - 1] = 0x00;
  expected.set(SHA1_DIGEST_INFO, opened.length - tail);
  expected.set(crypto.hash('SHA-1', data), opened.length - 20);
  return equalBytes(opened, expected);
}
