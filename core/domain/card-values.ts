/**
 * The data dictionary's small value types the card model's records share (Annex IC): times, code-page strings,
 * registrations, card numbers and GNSS places, with the same conventions as ./card.ts (null for sentinels).
 */
/** UNIX seconds (TimeReal), null for 0 / FFFFFFFF. */
export type TimeRealValue = number | null;

/** A string with its ISO 8859 code page (Name, Address, VehicleRegistrationNumber). */
export interface CodePageString {
  /** ISO/IEC 8859 part (1..16); 0 / 255 = no string */
  codePage: number;
  /** decoded and trimmed; null when empty or the code page says "no value" */
  text: string | null;
}

/** VehicleRegistrationIdentification: nation (NationNumeric) + VehicleRegistrationNumber (codePage + 13 bytes). */
export interface VehicleRegistrationIdentification {
  nation: number;
  number: CodePageString;
}

/** FullCardNumber: cardType (EquipmentType) + cardIssuingMemberState (NationNumeric) + cardNumber (16 IA5). */
export interface FullCardNumber {
  cardType: number;
  issuingMemberState: number;
  cardNumber: string | null;
}

/** GeoCoordinates decoded to decimal degrees; raw integers kept for re-encoding. */
export interface GeoCoordinates {
  /** decimal degrees, null for 7FFFFF (unknown) */
  latitude: number | null;
  longitude: number | null;
  /** the stored signed 24-bit integers (±DDMM.M × 10 / ±DDDMM.M × 10) */
  rawLatitude: number;
  rawLongitude: number;
}

/** GNSSPlaceRecord (gen2): timeStamp 4 + gnssAccuracy 1 + geoCoordinates 6 = 11 bytes. */
export interface GnssPlaceRecord {
  timestamp: TimeRealValue;
  accuracy: number;
  geo: GeoCoordinates;
}

/** GNSSPlaceAuthRecord (gen2 v2): GNSSPlaceRecord + authenticationStatus 1 = 12 bytes. */
export interface GnssPlaceAuthRecord extends GnssPlaceRecord {
  authenticationStatus: number;
}
