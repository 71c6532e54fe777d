/**
 * The public-key operations the authenticity verifier needs (core/authenticity). Implemented on node:crypto in
 * adapters/crypto/node-signature-crypto.ts. No method throws: unusable keys or inputs give null / false.
 */
export type HashAlgorithm = 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';

/** The standardized domain parameters of Appendix 11 CSM_48, Table 1 (OpenSSL names). */
export type CurveName =
  'prime256v1' | 'brainpoolP256r1' | 'secp384r1' | 'brainpoolP384r1' | 'brainpoolP512r1' | 'secp521r1';

export interface SignatureCrypto {
  hash(algorithm: HashAlgorithm, data: Uint8Array): Uint8Array;
  /**
   * The raw RSA public operation input^exponent mod modulus (no padding), as many bytes as the modulus;
   * null when the key is unusable or input ≥ modulus.
   */
  rsaPublic(modulus: Uint8Array, exponent: Uint8Array, input: Uint8Array): Uint8Array | null;
  /** ECDSA over `data` hashed with `algorithm`, plain signature r‖s (TR-03111); false when anything is unusable. */
  ecdsaVerify(
    curve: CurveName,
    publicPoint: Uint8Array,
    algorithm: HashAlgorithm,
    data: Uint8Array,
    signature: Uint8Array,
  ): boolean;
  /**
   * The same check off the calling thread (optional): lets the verifier run a file's EF signatures concurrently.
   * Resolves false when anything is unusable; never rejects. Absent: the verifier uses ecdsaVerify.
   */
  ecdsaVerifyAsync?(
    curve: CurveName,
    publicPoint: Uint8Array,
    algorithm: HashAlgorithm,
    data: Uint8Array,
    signature: Uint8Array,
  ): Promise<boolean>;
}
