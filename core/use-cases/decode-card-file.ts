/**
 * The CardDecoder port of the import use case: a DDD file's bytes → the card's rows and its day records. The
 * default decoders: the DDD decoder followed by the row mapper (and the authenticity verifier), the day records
 * computed beside them (withDayRecords). Throws DddDecodeError.
 */
import type { ParsedCard } from '../domain/rows.js';
import type { AuthenticityVerifier } from '../authenticity/index.js';
import type { Hasher } from '../ports/hasher.js';
import type { DayRecord, StoredForm } from '../ports/import-store.js';
import { decodeDdd } from '../decoder/index.js';
import { toParsedCard } from '../rows/to-parsed-card.js';
import { dayRecordsOf } from './day-records.js';

/** What the import stores of a decoded file: its rows and one record per UTC day it recorded (./day-records.ts). */
export interface DecodedCardFile {
  card: ParsedCard;
  days: DayRecord[];
  /** the bytes' stored form, when the decoder computed it beside the rows (the decoder pool's workers do) */
  stored_form?: StoredForm;
}

/** The port: an adapter may decode elsewhere (the decoder pool's worker threads compute both there). */
export type CardDecoder = (content: Uint8Array) => Promise<DecodedCardFile>;

/** Bytes → rows only (the decoder and the row mapper, optionally the verifier). */
export type ParsedCardDecoder = (content: Uint8Array) => Promise<ParsedCard>;

export const decodeCardFile: ParsedCardDecoder = async (content) => toParsedCard(await decodeDdd(content));

/** A CardDecoder computing the day records on this thread after `decode`. */
export function withDayRecords(decode: ParsedCardDecoder, hasher: Hasher): CardDecoder {
  return async (content) => {
    const card = await decode(content);
    return { card, days: dayRecordsOf(card, hasher) };
  };
}

/** Decodes, maps and verifies: `metadata.authenticity` set, the verifier's warnings appended. */
export function verifyingCardDecoder(verifier: AuthenticityVerifier): ParsedCardDecoder {
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
