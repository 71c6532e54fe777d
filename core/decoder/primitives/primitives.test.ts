import t from 'tap';
import { bytes, i24, u16, u24, u32, vrn, ascii, fill } from '../testing/bytes.js';
import { readBcd } from './bcd.js';
import { readDatef } from './datef.js';
import { readFullCardNumber } from './full-card-number.js';
import { ddmmToDegrees, readGeoCoordinates } from './geo-coordinates.js';
import { readGnssPlaceAuthRecord, readGnssPlaceRecord } from './gnss-place.js';
import { readOdometerShort } from './odometer.js';
import { readCodePageString, readName } from './strings.js';
import { readTimeReal, readUint16, readUint24, readUint32 } from './time-real.js';
import { isEmptyRegistration, readVehicleRegistration } from './vehicle-registration.js';

t.test('TimeReal: seconds since 1970, 0 and FFFFFFFF are null', async (t) => {
  t.equal(readTimeReal(bytes(u32(1_700_000_000)), 0), 1_700_000_000);
  t.equal(readTimeReal(bytes(u32(0xfffffffe)), 0), 0xfffffffe);
  t.equal(readTimeReal(bytes(u32(0)), 0), null);
  t.equal(readTimeReal(bytes(0xff, 0xff, 0xff, 0xff), 0), null);
  t.equal(readUint32(bytes(0xff, 0xff, 0xff, 0xff), 0), 0xffffffff);
  t.equal(readUint16(bytes(u16(0xabcd)), 0), 0xabcd);
  t.equal(readUint24(bytes(u24(0xabcdef)), 0), 0xabcdef);
});

t.test('BCD', async (t) => {
  t.equal(readBcd(bytes(0x12, 0x34), 0, 2), 1234);
  t.equal(readBcd(bytes(0x09, 0x99), 0, 2), 999);
  t.equal(readBcd(bytes(0x1a), 0, 1), null);
  t.equal(readBcd(bytes(0xa1), 0, 1), null);
});

t.test('Datef', async (t) => {
  t.equal(readDatef(bytes(0x19, 0x81, 0x02, 0x29), 0), null, '1981-02-29 does not exist');
  t.equal(readDatef(bytes(0x19, 0x84, 0x02, 0x29), 0), '1984-02-29');
  t.equal(readDatef(bytes(0x20, 0x00, 0x01, 0x01), 0), '2000-01-01');
  t.equal(readDatef(bytes(0, 0, 0, 0), 0), null, '00000000 = no date');
  t.equal(readDatef(bytes(0x20, 0x00, 0x13, 0x01), 0), null, 'month 13');
  t.equal(readDatef(bytes(0x20, 0x00, 0x01, 0x00), 0), null, 'day 0');
  t.equal(readDatef(bytes(0xff, 0xff, 0xff, 0xff), 0), null);
});

t.test('OdometerShort', async (t) => {
  t.equal(readOdometerShort(bytes(u24(123456)), 0), 123456);
  t.equal(readOdometerShort(bytes(u24(0)), 0), 0);
  t.equal(readOdometerShort(bytes(0xff, 0xff, 0xff), 0), null);
  t.equal(readOdometerShort(bytes(u24(10_000_000)), 0), null, 'beyond the operating range');
});

t.test('GeoCoordinates: ±DDMM.M × 10 → decimal degrees', async (t) => {
  t.equal(ddmmToDegrees(48305), 48.508333);
  t.equal(ddmmToDegrees(-12300), -12.5);
  const g = readGeoCoordinates(bytes(i24(60105), i24(-24567)), 0); // 60°10.5' N, 24°56.7' W
  t.equal(g.latitude, 60.175);
  t.equal(g.longitude, -24.945);
  t.equal(g.rawLatitude, 60105);
  t.equal(g.rawLongitude, -24567);
  const u = readGeoCoordinates(bytes(0x7f, 0xff, 0xff, 0x7f, 0xff, 0xff), 0);
  t.same([u.latitude, u.longitude], [null, null]);
  const bad = readGeoCoordinates(bytes(i24(10700), i24(1000)), 0); // 10°70' is not a minute value
  t.same([bad.latitude, bad.longitude], [null, null]);
  const far = readGeoCoordinates(bytes(i24(95000), i24(1000)), 0);
  t.equal(far.latitude, null, 'latitude beyond 90°');
  const unknownLon = readGeoCoordinates(bytes(i24(1000), 0x7f, 0xff, 0xff), 0);
  t.same([unknownLon.latitude, unknownLon.longitude], [null, null], 'a half-known position is no position');
});

t.test('GNSS place records', async (t) => {
  const r = readGnssPlaceRecord(bytes(u32(1_700_000_000), 12, i24(48305), i24(11340)), 0);
  t.equal(r.timestamp, 1_700_000_000);
  t.equal(r.accuracy, 12);
  t.equal(r.geo.latitude, 48.508333);
  t.equal(r.geo.longitude, 11.566667);
  const a = readGnssPlaceAuthRecord(bytes(u32(0), 5, i24(0), i24(0), 1), 0);
  t.equal(a.timestamp, null);
  t.equal(a.authenticationStatus, 1);
});

t.test('strings and registrations', async (t) => {
  const n = readName(bytes(1, ascii('MÜLLER', 35)), 0);
  t.equal(n.codePage, 1);
  t.equal(typeof n.text, 'string');
  t.same(readCodePageString(bytes(0, ascii('X', 13)), 0, 13), { codePage: 0, text: null });
  t.same(readCodePageString(bytes(0xff, ascii('X', 13)), 0, 13), { codePage: 0xff, text: null });
  const r = readVehicleRegistration(vrn(0x12, 'ABC-123'), 0);
  t.same(r, { nation: 0x12, number: { codePage: 1, text: 'ABC-123' } });
  t.equal(isEmptyRegistration(r), false);
  t.equal(isEmptyRegistration(readVehicleRegistration(fill(15), 0)), true);
  t.equal(isEmptyRegistration(readVehicleRegistration(fill(15, 0xff), 0)), true);
  t.same(readFullCardNumber(bytes(1, 0x0d, ascii('DF000012345678', 16)), 0), {
    cardType: 1,
    issuingMemberState: 0x0d,
    cardNumber: 'DF000012345678',
  });
});

t.test('audit: TimeReal inside 1970 is no time (never a 1970 date)', async (t) => {
  t.equal(readTimeReal(bytes(u32(1)), 0), null, 'a zeroed field with one damaged bit');
  t.equal(readTimeReal(bytes(u32(86_400)), 0), null, '1970-01-02');
  t.equal(readTimeReal(bytes(u32(31_535_999)), 0), null, '1970-12-31T23:59:59Z');
  t.equal(readTimeReal(bytes(u32(31_536_000)), 0), 31_536_000, '1971-01-01 is a time');
});

t.test('audit: Datef years below 100 are not moved to the 1900s', async (t) => {
  t.equal(readDatef(bytes(0x00, 0x00, 0x02, 0x29), 0), '0000-02-29', 'year 0 is a leap year (1900 is not)');
  t.equal(readDatef(bytes(0x00, 0x50, 0x03, 0x01), 0), '0050-03-01');
  t.equal(readDatef(bytes(0x19, 0x00, 0x02, 0x29), 0), null, '1900-02-29 does not exist');
});

t.test("audit: GeoCoordinates filled with 'FF' (the §2 default for unknown) are no position", async (t) => {
  const ff = readGeoCoordinates(bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff), 0);
  t.same([ff.latitude, ff.longitude], [null, null], 'not −0°00.1′');
  t.equal(ff.rawLatitude, -1);
  const south = readGeoCoordinates(bytes(i24(-1), i24(1000)), 0);
  t.same([south.latitude, south.longitude], [null, null], 'a half-unknown position is no position');
  t.equal(readGeoCoordinates(bytes(i24(-2), i24(1000)), 0).latitude, -0.003333, '−0°00.2′ is a position');
});

t.test('audit: a GNSS record at its EF default {00..00} has no position (not 0°/0°)', async (t) => {
  const r = readGnssPlaceRecord(fill(11), 0);
  t.same([r.timestamp, r.geo.latitude, r.geo.longitude], [null, null, null]);
  const a = readGnssPlaceAuthRecord(fill(12), 0);
  t.same([a.timestamp, a.geo.latitude, a.geo.longitude], [null, null, null]);
  const timed = readGnssPlaceRecord(bytes(u32(1_700_000_000), 10, i24(0), i24(0)), 0);
  t.same([timed.geo.latitude, timed.geo.longitude], [0, 0], 'with a time, 0°/0° is a (strange but) recorded position');
});
