/**
 * Anonymizes a driver-card download file so that it can be shared to reproduce a decoding problem.
 *
 * The file is decoded once; the decoder's declared record layouts (core/decoder/ef/*, primitives/*) say where
 * each identifying field lies, and the field is overwritten IN PLACE in a copy of the file (the decoder's EF
 * values are views of the bytes it was given). Everything else stays byte for byte: TLV layout and sizes,
 * activity buffers, events, faults, times, pointers, tables.
 * Replaced: holder surname and first names (fixed text), birth date (1980-01-01), card number (structure-keeping
 * pseudonym; nation byte and the replacement/renewal indexes kept), driving-licence number, vehicle registration
 * numbers (nation and code page kept), VINs, control card numbers — each original always gets the same
 * pseudonym, in every EF that holds it. Optionally positions are coarsened to whole degrees.
 * Signatures and certificates cannot stay valid: they become zero bytes of the same length.
 */
import type { CardApplication, DecodedCard } from '../domain/card.js';
import { decodeDddBytes } from '../decoder/decode-ddd.js';
import { BORDER_CROSSING_RECORD } from '../decoder/ef/border-crossings.js';
import { CARD_CONTROL_ACTIVITY_DATA_RECORD } from '../decoder/ef/control-activity-data.js';
import { CARD_CURRENT_USE } from '../decoder/ef/current-usage.js';
import { CARD_DRIVING_LICENCE_INFORMATION } from '../decoder/ef/driving-licence-info.js';
import { EVENT_FAULT_RECORD } from '../decoder/ef/events-faults.js';
import { FID } from '../decoder/ef/fids.js';
import { GNSS_ACCUMULATED_DRIVING_RECORD } from '../decoder/ef/gnss-places.js';
import {
  CARD_IDENTIFICATION,
  DRIVER_CARD_HOLDER_IDENTIFICATION,
  DRIVER_CARD_NUMBER,
  IDENTIFICATION_HOLDER_OFFSET,
} from '../decoder/ef/identification.js';
import { LOAD_UNLOAD_RECORD } from '../decoder/ef/load-unload-operations.js';
import { PLACE_POINTER, PLACE_RECORD_G2 } from '../decoder/ef/places.js';
import { VEHICLE_POINTER, VEHICLE_RECORD_G2 } from '../decoder/ef/vehicles-used.js';
import { FULL_CARD_NUMBER_LAYOUT } from '../decoder/primitives/full-card-number.js';
import { GNSS_PLACE_AUTH_RECORD, GNSS_PLACE_RECORD } from '../decoder/primitives/gnss-place.js';
import { VEHICLE_REGISTRATION_LAYOUT } from '../decoder/primitives/vehicle-registration.js';
import { coarsenGeoCoordinates } from './coarsen.js';
import { fixedText, pseudonym } from './pseudonym.js';

export interface AnonymizeOptions {
  /** round every GNSS position to whole degrees (±DD°00.0') */
  coarsenPositions?: boolean;
}

export interface Anonymized {
  bytes: Uint8Array;
  /** what was done, one line each (English; never the replaced values) */
  notes: string[];
}

const CERTIFICATES = [FID.CARD_CERTIFICATE, FID.CARD_SIGN_CERTIFICATE, FID.CA_CERTIFICATE, FID.LINK_CERTIFICATE];
const SURNAME = 'ANONYMOUS';
const FIRST_NAMES = 'DRIVER';
/** Datef 1980-01-01 (BCD) */
const BIRTH_DATE = Uint8Array.of(0x19, 0x80, 0x01, 0x01);

/** Overwrites fields of one EF value (a view into the output file). */
class Writer {
  replaced = 0;
  constructor(readonly v: Uint8Array) {}
  /** replace `len` bytes at `o` by a pseudonym of them (blank fields stay blank) */
  pseudo(o: number, len: number, purpose: string): void {
    if (o + len > this.v.length) return;
    const field = this.v.subarray(o, o + len);
    if (field.every((x) => x === 0x20 || x === 0 || x === 0xff)) return;
    field.set(pseudonym(field, purpose));
    this.replaced++;
  }
  put(o: number, bytes: Uint8Array): void {
    if (o + bytes.length > this.v.length) return;
    const field = this.v.subarray(o, o + bytes.length);
    if (field.every((x) => x === 0x20 || x === 0 || x === 0xff)) return;
    field.set(bytes);
    this.replaced++;
  }
  /** VehicleRegistrationIdentification at `o`: nation and code page kept, the 13 number bytes replaced */
  registration(o: number): void {
    const R = VEHICLE_REGISTRATION_LAYOUT;
    this.pseudo(o + R.offset.vehicleRegistrationNumber + 1, R.size.vehicleRegistrationNumber - 1, 'vrn');
  }
}

export function anonymizeDdd(input: Uint8Array, options: AnonymizeOptions = {}): Anonymized {
  const out = input.slice();
  const card = decodeDddBytes(out);
  const notes: string[] = [];
  let fields = 0;
  for (const app of [card.gen1, card.gen2]) {
    if (app === null) continue;
    fields += anonymizeApplication(app, out, options);
  }
  notes.push(
    `${fields} identifying fields were replaced (names, birth date, card, licence and control card numbers, registrations, VINs).`,
  );
  if (options.coarsenPositions) notes.push('GNSS positions were coarsened to whole degrees.');
  notes.push(
    `${zeroSecurity(card, out)} signatures and certificates were replaced with zero bytes: the anonymized file can no longer be verified.`,
  );
  return { bytes: out, notes };
}

/** the value of `fid` in `app` as a view of `out` (the decoder reads the bytes it is given in place) */
function view(app: CardApplication, fid: number, out: Uint8Array): Uint8Array | null {
  const v = app.raw.get(fid);
  if (v === undefined) return null;
  if (v.buffer !== out.buffer)
    throw new Error('the decoder no longer hands out views of the file; the anonymizer cannot write in place');
  return v;
}

function zeroSecurity(card: DecodedCard, out: Uint8Array): number {
  let n = 0;
  for (const app of [card.gen1, card.gen2]) {
    if (app === null) continue;
    for (const signature of app.security.signatures.values()) {
      if (signature.buffer !== out.buffer) throw new Error('signature is not a view of the file');
      signature.fill(0);
      n++;
    }
    for (const fid of CERTIFICATES) {
      const v = view(app, fid, out);
      if (v !== null) {
        v.fill(0);
        n++;
      }
    }
  }
  return n;
}

/** record offsets of a set of `count` records after `header` bytes (stride as the decoder laid them out) */
function offsets(value: Uint8Array, header: number, recordLength: number, count: number): number[] {
  const body = value.length - header;
  const stride = count > 0 && body % count === 0 && body / count > recordLength ? body / count : recordLength;
  return Array.from({ length: count }, (_, i) => header + i * stride);
}

function anonymizeApplication(app: CardApplication, out: Uint8Array, options: AnonymizeOptions): number {
  let n = 0;
  const use = (fid: number, edit: (w: Writer) => void): void => {
    const v = view(app, fid, out);
    if (v === null) return;
    const w = new Writer(v);
    edit(w);
    n += w.replaced;
  };
  use(FID.IDENTIFICATION, (w) => identification(w));
  use(FID.DRIVING_LICENCE_INFO, (w) => {
    const L = CARD_DRIVING_LICENCE_INFORMATION;
    w.pseudo(L.offset.drivingLicenceNumber, L.size.drivingLicenceNumber, 'licence');
  });
  use(FID.EVENTS_DATA, (w) => eventsOrFaults(w, app.events?.records.length ?? 0));
  use(FID.FAULTS_DATA, (w) => eventsOrFaults(w, app.faults?.records.length ?? 0));
  use(FID.VEHICLES_USED, (w) => vehicles(w, app));
  use(FID.CURRENT_USAGE, (w) => w.registration(CARD_CURRENT_USE.offset.sessionOpenVehicle));
  use(FID.CONTROL_ACTIVITY_DATA, (w) => {
    const C = CARD_CONTROL_ACTIVITY_DATA_RECORD;
    w.pseudo(
      C.offset.controlCardNumber + FULL_CARD_NUMBER_LAYOUT.offset.cardNumber,
      FULL_CARD_NUMBER_LAYOUT.size.cardNumber,
      'card',
    );
    w.registration(C.offset.controlVehicleRegistration);
  });
  if (options.coarsenPositions) n += coarsenApplication(app, out, view);
  return n;
}

function identification(w: Writer): void {
  const C = CARD_IDENTIFICATION;
  const H = DRIVER_CARD_HOLDER_IDENTIFICATION;
  const h = IDENTIFICATION_HOLDER_OFFSET;
  // card number: the driver identification replaced, replacement and renewal indexes kept (2.26)
  w.pseudo(
    C.offset.cardNumber + DRIVER_CARD_NUMBER.offset.driverIdentification,
    DRIVER_CARD_NUMBER.size.driverIdentification,
    'card',
  );
  // Name: the code page byte kept, the 35 text bytes replaced
  w.put(h + H.offset.holderSurname + 1, fixedText(SURNAME, H.size.holderSurname - 1));
  w.put(h + H.offset.holderFirstNames + 1, fixedText(FIRST_NAMES, H.size.holderFirstNames - 1));
  w.put(h + H.offset.cardHolderBirthDate, BIRTH_DATE);
}

function eventsOrFaults(w: Writer, count: number): void {
  for (const o of offsets(w.v, 0, EVENT_FAULT_RECORD.len, count))
    w.registration(o + EVENT_FAULT_RECORD.offset.eventVehicleRegistration);
}

function vehicles(w: Writer, app: CardApplication): void {
  const V = VEHICLE_RECORD_G2; // generation 1 fields lie at the same offsets
  const used = app.vehiclesUsed;
  if (used === null) return;
  for (const o of offsets(w.v, VEHICLE_POINTER.len, used.recordSize, used.records.length)) {
    w.registration(o + V.offset.vehicleRegistration);
    if (app.df === 2) w.pseudo(o + V.offset.vehicleIdentificationNumber, V.size.vehicleIdentificationNumber, 'vin');
  }
}

type View = (app: CardApplication, fid: number, out: Uint8Array) => Uint8Array | null;

/** GeoCoordinates of every GNSS record of generation 2 rounded to whole degrees; returns how many changed */
function coarsenApplication(app: CardApplication, out: Uint8Array, view: View): number {
  if (app.df !== 2) return 0;
  let n = 0;
  const each = (fid: number, header: number, len: number, count: number, gnssAt: number): void => {
    const v = view(app, fid, out);
    if (v === null) return;
    for (const o of offsets(v, header, len, count)) n += coarsenGeoCoordinates(v, o + gnssAt) ? 1 : 0;
  };
  const geo = GNSS_PLACE_RECORD.offset.geoCoordinates;
  const geoAuth = GNSS_PLACE_AUTH_RECORD.offset.geoCoordinates;
  const places = app.places;
  if (places)
    each(
      FID.PLACES,
      PLACE_POINTER[2].len,
      places.recordSize,
      places.records.length,
      PLACE_RECORD_G2.offset.entryGNSSPlaceRecord + geo,
    );
  each(
    FID.GNSS_PLACES,
    2,
    GNSS_ACCUMULATED_DRIVING_RECORD.len,
    app.gnssPlaces?.records.length ?? 0,
    GNSS_ACCUMULATED_DRIVING_RECORD.offset.gnssPlaceRecord + geo,
  );
  each(
    FID.BORDER_CROSSINGS,
    2,
    BORDER_CROSSING_RECORD.len,
    app.borderCrossings?.records.length ?? 0,
    BORDER_CROSSING_RECORD.offset.gnssPlaceAuthRecord + geoAuth,
  );
  each(
    FID.LOAD_UNLOAD_OPERATIONS,
    2,
    LOAD_UNLOAD_RECORD.len,
    app.loadUnloadOperations?.records.length ?? 0,
    LOAD_UNLOAD_RECORD.offset.gnssPlaceAuthRecord + geoAuth,
  );
  return n;
}
