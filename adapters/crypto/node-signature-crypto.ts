/**
 * SignatureCrypto on node:crypto (OpenSSL): RSA through publicDecrypt without padding on a JWK-built key, ECDSA
 * through KeyObjects built from an SPKI DER (brainpool curves are not reachable through JWK or WebCrypto) with
 * `dsaEncoding: 'ieee-p1363'` (plain r‖s). KeyObjects are kept per key (bounded). ecdsaVerifyAsync runs the check
 * on the libuv thread pool (crypto.verify with a callback): a file's EF signatures then use every core.
 */
import { constants, createHash, createPublicKey, publicDecrypt, verify, type KeyObject } from 'node:crypto';
import type { CurveName, HashAlgorithm, SignatureCrypto } from '../../core/ports/signature-crypto.js';

const NODE_HASH: Record<HashAlgorithm, string> = {
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};

/** DER of the named-curve OIDs (RFC 5480, RFC 5639) */
const CURVE_OID: Record<CurveName, string> = {
  prime256v1: '06082a8648ce3d030107',
  secp384r1: '06052b81040022',
  secp521r1: '06052b81040023',
  brainpoolP256r1: '06092b2403030208010107',
  brainpoolP384r1: '06092b240303020801010b',
  brainpoolP512r1: '06092b240303020801010d',
};
const EC_PUBLIC_KEY_OID = '06072a8648ce3d0201';

function derLength(n: number): string {
  if (n < 0x80) return n.toString(16).padStart(2, '0');
  if (n < 0x100) return '81' + n.toString(16).padStart(2, '0');
  return '82' + n.toString(16).padStart(4, '0');
}

function tlv(tag: string, hexValue: string): string {
  return tag + derLength(hexValue.length / 2) + hexValue;
}

/** SubjectPublicKeyInfo { AlgorithmIdentifier { id-ecPublicKey, namedCurve }, BIT STRING point } */
export function ecSpki(curve: CurveName, point: Uint8Array): Buffer {
  const algorithm = tlv('30', EC_PUBLIC_KEY_OID + CURVE_OID[curve]);
  const bits = tlv('03', '00' + Buffer.from(point).toString('hex'));
  return Buffer.from(tlv('30', algorithm + bits), 'hex');
}

function unsignedBase64url(b: Uint8Array): string {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  return Buffer.from(b.subarray(i)).toString('base64url');
}

export class NodeSignatureCrypto implements SignatureCrypto {
  private readonly rsaKeys = new Map<string, KeyObject | null>();
  private readonly ecKeys = new Map<string, KeyObject | null>();

  hash(algorithm: HashAlgorithm, data: Uint8Array): Uint8Array {
    return createHash(NODE_HASH[algorithm]).update(data).digest();
  }

  rsaPublic(modulus: Uint8Array, exponent: Uint8Array, input: Uint8Array): Uint8Array | null {
    // a modulus with a leading zero byte is not a key of its declared size (Appendix 11 keys fill all 128 bytes)
    if (modulus.length === 0 || modulus[0] === 0 || input.length !== modulus.length) return null;
    const key = this.rsaKey(modulus, exponent);
    if (key === null) return null;
    try {
      return publicDecrypt({ key, padding: constants.RSA_NO_PADDING }, input);
    } catch {
      return null;
    }
  }

  ecdsaVerify(
    curve: CurveName,
    publicPoint: Uint8Array,
    algorithm: HashAlgorithm,
    data: Uint8Array,
    signature: Uint8Array,
  ): boolean {
    const key = this.ecKey(curve, publicPoint);
    if (key === null) return false;
    try {
      return verify(NODE_HASH[algorithm], data, { key, dsaEncoding: 'ieee-p1363' }, signature);
    } catch {
      return false;
    }
  }

  ecdsaVerifyAsync(
    curve: CurveName,
    publicPoint: Uint8Array,
    algorithm: HashAlgorithm,
    data: Uint8Array,
    signature: Uint8Array,
  ): Promise<boolean> {
    const key = this.ecKey(curve, publicPoint);
    if (key === null) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      try {
        verify(NODE_HASH[algorithm], data, { key, dsaEncoding: 'ieee-p1363' }, signature, (error, ok) =>
          resolve(!error && ok === true),
        );
      } catch {
        resolve(false);
      }
    });
  }

  /** KeyObjects are built once per key (building one validates the point: about as costly as a verification) */
  private ecKey(curve: CurveName, point: Uint8Array): KeyObject | null {
    const id = curve + ':' + Buffer.from(point).toString('hex');
    let key = this.ecKeys.get(id);
    if (key === undefined) {
      try {
        key = createPublicKey({ key: ecSpki(curve, point), format: 'der', type: 'spki' });
      } catch {
        key = null;
      }
      if (this.ecKeys.size >= 256) this.ecKeys.clear();
      this.ecKeys.set(id, key);
    }
    return key;
  }

  private rsaKey(modulus: Uint8Array, exponent: Uint8Array): KeyObject | null {
    const id = Buffer.from(modulus).toString('hex') + ':' + Buffer.from(exponent).toString('hex');
    let key = this.rsaKeys.get(id);
    if (key === undefined) {
      try {
        key = createPublicKey({
          key: { kty: 'RSA', n: unsignedBase64url(modulus), e: unsignedBase64url(exponent) },
          format: 'jwk',
        });
      } catch {
        key = null;
      }
      if (this.rsaKeys.size >= 256) this.rsaKeys.clear();
      this.rsaKeys.set(id, key);
    }
    return key;
  }
}
