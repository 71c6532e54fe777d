/**
 * The decoder's entry for any download file: a vehicle-unit download (first byte '76' with a TREP other than
 * 06, core/decoder/prefix.ts) goes to the VU decoder, everything else — including a card downloaded through a
 * VU ('76 06') — to the card decoder, which still answers `vehicle_unit_download` when called alone. Whole files
 * and chunk sources alike: the first two bytes decide, then the chunks read so far are handed on.
 */
import type { DecodedCard } from '../../domain/card.js';
import type { DecodedVu } from '../../domain/vu.js';
import type { ByteSource } from '../api.js';
import { decodeDdd, decodeDddBytes } from '../decode-ddd.js';
import { isVehicleUnitDownload } from '../prefix.js';
import { decodeVu, decodeVuBytes } from './decode-vu.js';

export type DecodedDownload = { kind: 'DRIVER_CARD'; card: DecodedCard } | { kind: 'VEHICLE_UNIT'; vu: DecodedVu };

/** bytes needed to tell a VU download from a card download */
const KIND_PREFIX = 2;

export function decodeDownloadBytes(bytes: Uint8Array): DecodedDownload {
  if (bytes.length > 0 && isVehicleUnitDownload(bytes.subarray(0, KIND_PREFIX)))
    return { kind: 'VEHICLE_UNIT', vu: decodeVuBytes(bytes) };
  return { kind: 'DRIVER_CARD', card: decodeDddBytes(bytes) };
}

async function* replay(
  head: Uint8Array[],
  rest: AsyncIterator<Uint8Array> | Iterator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  yield* head;
  for (let r = await rest.next(); r.done !== true; r = await rest.next()) yield r.value;
}

export async function decodeDownload(source: ByteSource): Promise<DecodedDownload> {
  if (source instanceof Uint8Array) return decodeDownloadBytes(source);
  const it =
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]()
      : (source as Iterable<Uint8Array>)[Symbol.iterator]();
  const head: Uint8Array[] = [];
  let seen = 0;
  while (seen < KIND_PREFIX) {
    const r = await it.next();
    if (r.done === true) break;
    head.push(r.value);
    seen += r.value.length;
  }
  const first = new Uint8Array(Math.min(seen, KIND_PREFIX));
  let filled = 0;
  for (const c of head) {
    const take = Math.min(c.length, first.length - filled);
    first.set(c.subarray(0, take), filled);
    filled += take;
  }
  const all = replay(head, it);
  if (first.length > 0 && isVehicleUnitDownload(first)) return { kind: 'VEHICLE_UNIT', vu: await decodeVu(all) };
  return { kind: 'DRIVER_CARD', card: await decodeDdd(all) };
}
