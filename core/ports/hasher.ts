/** Content hashing the core needs: identity of uploaded files and fingerprints of day records. */
export interface Hasher {
  /** SHA-256 of the bytes as 64 lowercase hex characters. */
  sha256Hex(bytes: Uint8Array): string;
  /** SHA-256 of the text's UTF-8 bytes, as sha256Hex (no encoded copy of the text is made) */
  sha256HexOfText(text: string): string;
}
