/** The default CardDecoder: the DDD decoder followed by the row mapper (and the authenticity verifier). Throws DddDecodeError. */
import type { ParsedCard } from '../domain/rows.js';
import type { AuthenticityVerifier } from '../authenticity/index.js';
import { decodeDdd } from '../decoder/index.js';
import { toParsedCard } from '../rows/to-parsed-card.js';

export type CardDecoder = (content: Uint8Array) => Promise<ParsedCard>;

export const decodeCardFile: CardDecoder = async (content) => toParsedCard(await decodeDdd(content));

/** Decodes, maps and verifies: `metadata.authenticity` set, the verifier's warnings appended. */
export function verifyingCardDecoder(verifier: AuthenticityVerifier): CardDecoder {
  return async (content) => {
    const decoded = await decodeDdd(content);
    // the signature checks start first (off this thread when the verifier can), the rows are mapped meanwhile
    const verifying = verifier.verifyAsync?.(decoded) ?? null;
    const parsed = toParsedCard(decoded);
    const outcome = verifying === null ? verifier.verify(decoded) : await verifying;
    parsed.metadata.authenticity = outcome.authenticity;
    parsed.metadata.warnings.push(...outcome.warnings);
    return parsed;
  };
}
