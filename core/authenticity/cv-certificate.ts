/**
 * Second-generation card-verifiable certificates (Appendix 11 part B §9.3, Table 4 "Certificate Profile
 * version 1"), DER (CSM_135):
 *
 *   '7F21' ECC Certificate {
 *     '7F4E' ECC Certificate Body {
 *       '5F29' CPI 1 ('00', CSM_137) · '42' CAR 8 · '5F4C' CHA 7 ·
 *       '7F49' Public Key { '06' domain parameters (OID, Table 1) · '86' public point (uncompressed) } ·
 *       '5F20' CHR 8 · '5F25' CEfD TimeReal 4 · '5F24' CExD TimeReal 4 }
 *     '5F37' ECC Certificate Signature (plain r‖s) }
 * The signature covers the encoded body including its tag and length (CSM_150), hashed by the signing key's
 * size (CSM_50: 256 → SHA-256, 384 → SHA-384, 512/521 → SHA-512).
 */
import type { CurveName, HashAlgorithm } from '../ports/signature-crypto.js';
import { hex, uint32 } from './record-layout.js';

export interface EcPublicKey {
  curve: CurveName;
  point: Uint8Array;
}

export interface CvCertificate {
  /** the whole encoded body '7F4E' L V (what the signature covers) */
  body: Uint8Array;
  car: Uint8Array;
  cha: Uint8Array;
  chr: Uint8Array;
  key: EcPublicKey;
  effective: number;
  expiration: number;
  signature: Uint8Array;
}

/** Table 1 (CSM_48): DER contents of the OIDs (RFC 5480, RFC 5639) */
const CURVES: ReadonlyMap<string, CurveName> = new Map([
  ['2A8648CE3D030107', 'prime256v1'],
  ['2B2403030208010107', 'brainpoolP256r1'],
  ['2B81040022', 'secp384r1'],
  ['2B240303020801010B', 'brainpoolP384r1'],
  ['2B240303020801010D', 'brainpoolP512r1'],
  ['2B81040023', 'secp521r1'],
]);

const KEY_BITS: Record<CurveName, number> = {
  prime256v1: 256,
  brainpoolP256r1: 256,
  secp384r1: 384,
  brainpoolP384r1: 384,
  brainpoolP512r1: 512,
  secp521r1: 521,
};

/** CSM_50 Table 2: the hash linked to a key size. */
export function hashForCurve(curve: CurveName): HashAlgorithm {
  const bits = KEY_BITS[curve];
  return bits === 256 ? 'SHA-256' : bits === 384 ? 'SHA-384' : 'SHA-512';
}

/** Length in bytes of r (and s) in a plain signature by a key on `curve`. */
export function coordinateBytes(curve: CurveName): number {
  return Math.ceil(KEY_BITS[curve] / 8);
}

interface Tlv {
  tag: number;
  /** the whole TLV */
  all: Uint8Array;
  value: Uint8Array;
  next: number;
}

/** One DER TLV at `o` (tags of 1 or 2 bytes, lengths of 1 to 3 octets, CSM_135); null when it overruns. */
function readTlv(b: Uint8Array, o: number): Tlv | null {
  if (o + 2 > b.length) return null;
  let at = o;
  let tag = b[at++];
  if ((tag & 0x1f) === 0x1f) tag = (tag << 8) | b[at++];
  if (at >= b.length) return null;
  let len = b[at++];
  if (len === 0x81 || len === 0x82) {
    const n = len & 0x7f;
    if (at + n > b.length) return null;
    len = n === 1 ? b[at] : (b[at] << 8) | b[at + 1];
    at += n;
  } else if (len > 0x80) {
    return null;
  }
  if (at + len > b.length) return null;
  return { tag, all: b.subarray(o, at + len), value: b.subarray(at, at + len), next: at + len };
}

/** Reads the next TLV of `b` from `o`, requiring `tag` (and `size` when given). */
function expect(b: Uint8Array, o: number, tag: number, size?: number): Tlv | null {
  const t = readTlv(b, o);
  if (t === null || t.tag !== tag || (size !== undefined && t.value.length !== size)) return null;
  return t;
}

/** Parses a certificate laid out as in Table 4; null for anything else (the verifier then rates it INVALID). */
export function parseCvCertificate(b: Uint8Array): CvCertificate | null {
  const c = expect(b, 0, 0x7f21);
  if (c === null || c.next !== b.length) return null;
  const body = expect(c.value, 0, 0x7f4e);
  if (body === null) return null;
  const sig = expect(c.value, body.next, 0x5f37);
  if (sig === null || sig.next !== c.value.length) return null;
  const v = body.value;
  const cpi = expect(v, 0, 0x5f29, 1);
  const car = cpi && expect(v, cpi.next, 0x42, 8);
  const cha = car && expect(v, car.next, 0x5f4c, 7);
  const pk = cha && expect(v, cha.next, 0x7f49);
  const chr = pk && expect(v, pk.next, 0x5f20, 8);
  const from = chr && expect(v, chr.next, 0x5f25, 4);
  const to = from && expect(v, from.next, 0x5f24, 4);
  if (!cpi || !car || !cha || !pk || !chr || !from || !to || to.next !== v.length) return null;
  const oid = expect(pk.value, 0, 0x06);
  const point = oid && expect(pk.value, oid.next, 0x86);
  if (!oid || !point || point.next !== pk.value.length) return null;
  const curve = CURVES.get(hex(oid.value));
  if (curve === undefined) return null;
  return {
    body: body.all,
    car: car.value,
    cha: cha.value,
    chr: chr.value,
    key: { curve, point: point.value },
    effective: uint32(from.value),
    expiration: uint32(to.value),
    signature: sig.value,
  };
}

/** EquipmentType in the last byte of the CHA (data dictionary EquipmentType, generation 2). */
export const EQUIPMENT = { ERCA: 13, MSCA: 14, DRIVER_CARD_SIGN: 17, WORKSHOP_CARD_SIGN: 18, VU_SIGN: 19 } as const;

export function equipmentType(cert: CvCertificate): number {
  return cert.cha[6];
}
