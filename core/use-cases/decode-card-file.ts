/** The default CardDecoder: the DDD decoder followed by the row mapper. Throws DddDecodeError. */
import type { ParsedCard } from '../domain/rows.js';
import { decodeDdd } from '../decoder/index.js';
import { toParsedCard } from '../rows/to-parsed-card.js';

export type CardDecoder = (content: Uint8Array) => Promise<ParsedCard>;

export const decodeCardFile: CardDecoder = async (content) => toParsedCard(await decodeDdd(content));
