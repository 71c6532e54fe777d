import t from 'tap';
import {
  appIdGen1,
  appIdGen2,
  ascii,
  bytes,
  emptyVrn,
  fill,
  i24,
  identification,
  name,
  T,
  u16,
  u24,
  u32,
  vrn,
} from '../testing/bytes.js';
import { decodeApplicationIdentification } from './application-identification.js';
import { decodeApplicationIdentificationV2 } from './application-identification-v2.js';
import { decodeAuthStatusRecords } from './auth-status.js';
import { decodeBorderCrossings } from './border-crossings.js';
import { decodeCardDownload } from './card-download.js';
import { DecodeContext, recordLayout } from './context.js';
import { decodeControlActivityData } from './control-activity-data.js';
import { decodeCurrentUsage } from './current-usage.js';
import { decodeDrivingLicenceInfo } from './driving-licence-info.js';
import { decodeEventFaultData } from './events-faults.js';
import { efName } from './fids.js';
import { decodeGnssPlaces } from './gnss-places.js';
import { decodeIdentification } from './identification.js';
import { decodeLoadTypeEntries } from './load-type-entries.js';
import { decodeLoadUnloadOperations } from './load-unload-operations.js';
import { decodePlaces } from './places.js';
import { decodeSpecificConditions } from './specific-conditions.js';
import { decodeVehicleUnitsUsed } from './vehicle-units-used.js';
import { decodeVehiclesUsed } from './vehicles-used.js';

const t1 = T('2025-05-06T07:08:09Z');
const t2 = T('2025-05-06T09:00:00Z');
const codes = (ctx: DecodeContext) => ctx.warnings.map((w) => w.code);

t.test('record layout: strict when short, tolerant when longer', async (t) => {
  let ctx = new DecodeContext();
  t.same(recordLayout(ctx, 'EF X', 2 + 3 * 10, 2, 10, 3), { count: 3, stride: 10 });
  t.same(codes(ctx), []);
  t.same(recordLayout(ctx, 'EF X', 2 + 3 * 12, 2, 10, 3), { count: 3, stride: 12 });
  t.same(codes(ctx), ['record_longer_than_specified']);
  ctx = new DecodeContext();
  t.same(recordLayout(ctx, 'EF X', 2 + 25, 2, 10, 3), { count: 2, stride: 10 });
  t.same(codes(ctx), ['ef_size_mismatch']);
  ctx = new DecodeContext();
  t.same(recordLayout(ctx, 'EF X', 2 + 47, 2, 10, 3), { count: 3, stride: 10 }, 'longer, not a multiple');
  t.same(codes(ctx), ['ef_size_mismatch']);
  ctx = new DecodeContext();
  t.same(recordLayout(ctx, 'EF X', 2 + 25, 2, 10, null), { count: 2, stride: 10 });
  t.same(codes(ctx), ['ef_size_mismatch']);
  ctx = new DecodeContext();
  t.equal(recordLayout(ctx, 'EF X', 1, 2, 10, 3), null);
  t.same(codes(ctx), ['damaged_ef']);
  t.equal(efName(0x0504), 'Driver_Activity_Data');
  t.equal(efName(0x0999), 'EF 0999');
});

t.test('Application_Identification gen1 / gen2 / V2', async (t) => {
  const ctx = new DecodeContext();
  const g1 = decodeApplicationIdentification(
    appIdGen1({ events: 12, faults: 24, activity: 13776, vehicles: 200, places: 112 }),
    1,
    ctx,
    'EF',
  )!;
  t.same(g1, {
    typeOfTachographCardId: 1,
    cardStructureVersion: [0, 0],
    noOfEventsPerType: 12,
    noOfFaultsPerType: 24,
    activityStructureLength: 13776,
    noOfCardVehicleRecords: 200,
    noOfCardPlaceRecords: 112,
    noOfGnssAdRecords: null,
    noOfSpecificConditionRecords: null,
    noOfCardVehicleUnitRecords: null,
  });
  const g2 = decodeApplicationIdentification(appIdGen2({ version: 1, places: 0x0102 }), 2, ctx, 'EF')!;
  t.same(g2.cardStructureVersion, [1, 1]);
  t.equal(g2.noOfCardPlaceRecords, 0x0102);
  t.equal(g2.noOfGnssAdRecords, 336);
  t.equal(g2.noOfSpecificConditionRecords, 112);
  t.equal(g2.noOfCardVehicleUnitRecords, 200);
  t.same(codes(ctx), []);
  t.equal(decodeApplicationIdentification(fill(9), 1, ctx, 'EF'), null);
  t.same(codes(ctx), ['damaged_ef']);
  t.same(decodeApplicationIdentificationV2(bytes(u16(8), u16(1120), u16(1624), u16(336), u16(3072)), ctx, 'EF'), {
    lengthOfFollowingData: 8,
    noOfBorderCrossingRecords: 1120,
    noOfLoadUnloadRecords: 1624,
    noOfLoadTypeEntryRecords: 336,
    vuConfigurationLengthRange: 3072,
  });
  t.equal(decodeApplicationIdentificationV2(fill(4), ctx, 'EF'), null);
});

t.test('Identification', async (t) => {
  const ctx = new DecodeContext();
  const id = decodeIdentification(identification({ cardNumber: 'FIN0000012345601' }), ctx, 'EF')!;
  t.equal(id.issuingMemberState, 0x12);
  t.equal(id.cardNumber, 'FIN0000012345601');
  t.equal(id.driverIdentification, 'FIN00000123456');
  t.equal(id.replacementIndex, '0');
  t.equal(id.renewalIndex, '1');
  t.same(id.issuingAuthorityName, { codePage: 1, text: 'AUTHORITY' });
  t.equal(id.issueDate, T('2020-01-01T00:00:00Z'));
  t.equal(id.validityBegin, T('2020-01-02T00:00:00Z'));
  t.equal(id.expiryDate, T('2025-01-01T00:00:00Z'));
  t.equal(id.holderSurname.text, 'SURNAME');
  t.equal(id.holderFirstNames.text, 'FIRST');
  t.equal(id.birthDate, '1980-02-29');
  t.equal(id.preferredLanguage, 'en');
  t.same(codes(ctx), []);
  const longer = decodeIdentification(bytes(identification(), 0, 0), ctx, 'EF');
  t.equal(longer?.cardNumber, 'D1234567890120');
  t.same(codes(ctx), ['record_longer_than_specified']);
  t.equal(decodeIdentification(fill(100), ctx, 'EF'), null);
});

t.test('Card_Download, Driving_Licence_Info, Current_Usage, Control_Activity_Data', async (t) => {
  const ctx = new DecodeContext();
  t.same(decodeCardDownload(bytes(u32(t1)), ctx, 'EF'), { lastCardDownload: t1 });
  t.same(decodeCardDownload(bytes(u32(0)), ctx, 'EF'), { lastCardDownload: null });
  t.same(decodeDrivingLicenceInfo(bytes(name('DVLA'), 0x0f, ascii('LIC-1', 16)), ctx, 'EF'), {
    issuingAuthority: { codePage: 1, text: 'DVLA' },
    issuingNation: 0x0f,
    licenceNumber: 'LIC-1',
  });
  const cu = decodeCurrentUsage(bytes(u32(t1), vrn(0x0d, 'B-XY 12')), ctx, 'EF')!;
  t.equal(cu.sessionOpenTime, t1);
  t.equal(cu.sessionOpenVehicle.number.text, 'B-XY 12');
  const ca = decodeControlActivityData(
    bytes(0x81, u32(t1), 3, 0x0d, ascii('CTRL000000000100', 16), vrn(0x0d, 'M-A 1'), u32(t1 - 86400), u32(t2)),
    ctx,
    'EF',
  )!;
  t.equal(ca.controlType, 0x81);
  t.equal(ca.controlTime, t1);
  t.same(ca.controlCardNumber, { cardType: 3, issuingMemberState: 0x0d, cardNumber: 'CTRL000000000100' });
  t.equal(ca.controlVehicleRegistration.nation, 0x0d);
  t.equal(ca.controlDownloadPeriodBegin, t1 - 86400);
  t.equal(ca.controlDownloadPeriodEnd, t2);
  t.same(codes(ctx), []);
  for (const f of [decodeCardDownload, decodeDrivingLicenceInfo, decodeCurrentUsage, decodeControlActivityData]) {
    t.equal(f(fill(3), ctx, 'EF'), null);
  }
  t.same(codes(ctx), ['damaged_ef', 'damaged_ef', 'damaged_ef', 'damaged_ef']);
});

t.test('Events_Data and Faults_Data', async (t) => {
  const rec = (type: number, b: number, e: number, reg = vrn(0x12, 'ABC-1')) => bytes(type, u32(b), u32(e), reg);
  const empty = () => fill(24);
  // gen1 with 2 events per type: 6 groups × 2
  const groups: Uint8Array[] = [];
  for (let g = 0; g < 6; g++) groups.push(g === 1 ? rec(0x05, t1, t2) : empty(), empty());
  const ctx = new DecodeContext();
  const ev = decodeEventFaultData(bytes(...groups), 6, 2, ctx, 'EF')!;
  t.equal(ev.records.length, 12);
  t.equal(ev.recordsPerGroup, 2);
  const used = ev.records.filter((r) => !r.empty);
  t.equal(used.length, 1);
  t.same([used[0].index, used[0].group, used[0].code, used[0].begin, used[0].end], [2, 1, 5, t1, t2]);
  t.equal(used[0].vehicleRegistration.number.text, 'ABC-1');
  t.same(codes(ctx), []);
  // without an application identification: 6 groups inferred
  const ev2 = decodeEventFaultData(bytes(...groups), 6, null, ctx, 'EF')!;
  t.equal(ev2.recordsPerGroup, 2);
  t.equal(ev2.records[2].group, 1);
  // not divisible into groups: one group
  const ev3 = decodeEventFaultData(bytes(rec(1, t1, t2), rec(2, t1, t2), empty()), 2, null, ctx, 'EF')!;
  t.equal(ev3.groups, 1);
  t.equal(ev3.records.length, 3);
  // too short for what the application identification says
  const ev4 = decodeEventFaultData(bytes(rec(0x41, t1, 0, emptyVrn())), 2, 12, ctx, 'EF')!;
  t.equal(ev4.records.length, 1);
  t.equal(ev4.records[0].end, null);
  t.same(codes(ctx), ['ef_size_mismatch']);
  const ff = decodeEventFaultData(fill(24, 0xff), 1, 1, new DecodeContext(), 'EF')!;
  t.equal(ff.records[0].empty, true, 'an all-FF record is an unused slot');
});

t.test('Vehicles_Used gen1 (31) and gen2 (48, VIN)', async (t) => {
  const v1 = (i: number) =>
    bytes(u24(1000 + i), u24(1100 + i), u32(t1 + i), u32(t2 + i), vrn(0x12, 'V' + i), 0x04, 0x01);
  const ctx = new DecodeContext();
  const g1 = decodeVehiclesUsed(bytes(u16(1), v1(0), v1(1), fill(31)), 1, 3, ctx, 'EF')!;
  t.equal(g1.vehiclePointerNewestRecord, 1);
  t.equal(g1.recordSize, 31);
  t.same(
    g1.records.map((r) => [
      r.index,
      r.odometerBegin,
      r.odometerEnd,
      r.firstUse,
      r.lastUse,
      r.registration.number.text,
      r.vuDataBlockCounter,
      r.vin,
      r.empty,
    ]),
    [
      [0, 1000, 1100, t1, t2, 'V0', 401, null, false],
      [1, 1001, 1101, t1 + 1, t2 + 1, 'V1', 401, null, false],
      [2, 0, 0, null, null, null, 0, null, true],
    ],
  );
  const g2 = decodeVehiclesUsed(bytes(u16(0), v1(5), ascii('WDB9634031L123456', 17)), 2, 1, ctx, 'EF')!;
  t.equal(g2.records[0].vin, 'WDB9634031L123456');
  t.equal(g2.records[0].odometerBegin, 1005);
  t.same(codes(ctx), []);
  t.equal(decodeVehiclesUsed(fill(1), 1, 3, ctx, 'EF'), null);
  t.equal(
    decodeVehiclesUsed(bytes(u16(0), fill(31, 0xff)), 1, 1, new DecodeContext(), 'EF')!.records[0].empty,
    true,
    'all FF: unused',
  );
});

t.test('Places gen1 (pointer 1 byte, 10) and gen2 (pointer 2 bytes, 21)', async (t) => {
  const ctx = new DecodeContext();
  const p1 = decodePlaces(bytes(0, u32(t1), 0, 0x0e, 0x05, u24(4242), fill(10)), 1, 2, ctx, 'EF')!;
  t.equal(p1.placePointerNewestRecord, 0);
  t.same(
    p1.records.map((r) => [r.entryTime, r.entryType, r.country, r.region, r.odometer, r.gnss, r.empty]),
    [
      [t1, 0, 0x0e, 0x05, 4242, null, false],
      [null, 0, 0, 0, 0, null, true],
    ],
  );
  const p2 = decodePlaces(
    bytes(u16(0), u32(t1), 3, 0x12, 0, u24(77), u32(t1 - 60), 15, i24(60105), i24(24567)),
    2,
    1,
    ctx,
    'EF',
  )!;
  t.equal(p2.recordSize, 21);
  t.equal(p2.records[0].entryType, 3);
  t.equal(p2.records[0].gnss?.timestamp, t1 - 60);
  t.equal(p2.records[0].gnss?.accuracy, 15);
  t.equal(p2.records[0].gnss?.geo.latitude, 60.175);
  t.same(codes(ctx), []);
});

t.test('Specific_Conditions gen1 (56 records, no pointer) and gen2 (pointer)', async (t) => {
  const ctx = new DecodeContext();
  const s1 = decodeSpecificConditions(bytes(u32(t1), 1, u32(t2), 2, fill(54 * 5)), 1, null, ctx, 'EF')!;
  t.equal(s1.conditionPointerNewestRecord, null);
  t.equal(s1.records.length, 56);
  t.same(
    s1.records.slice(0, 3).map((r) => [r.entryTime, r.type, r.empty]),
    [
      [t1, 1, false],
      [t2, 2, false],
      [null, 0, true],
    ],
  );
  const s2 = decodeSpecificConditions(bytes(u16(1), u32(t1), 3, u32(t2), 4), 2, 2, ctx, 'EF')!;
  t.equal(s2.conditionPointerNewestRecord, 1);
  t.same(
    s2.records.map((r) => r.type),
    [3, 4],
  );
  t.same(codes(ctx), []);
});

t.test(
  'gen2 EFs: VehicleUnits_Used, GNSS_Places, authentication, border crossings, load/unload, load types',
  async (t) => {
    const ctx = new DecodeContext();
    const vu = decodeVehicleUnitsUsed(bytes(u16(0), u32(t1), 0x21, 0x07, ascii('0102', 4), fill(10)), 2, ctx, 'EF')!;
    t.same(
      vu.records.map((r) => [r.timestamp, r.manufacturerCode, r.deviceId, r.vuSoftwareVersion, r.empty]),
      [
        [t1, 0x21, 0x07, '0102', false],
        [null, 0, 0, null, true],
      ],
    );
    const gp = decodeGnssPlaces(
      bytes(u16(0), u32(t2), u32(t2 - 5), 8, i24(48305), i24(-11340), u24(123456)),
      1,
      ctx,
      'EF',
    )!;
    t.same(
      [gp.records[0].timestamp, gp.records[0].gnss.geo.longitude, gp.records[0].odometer],
      [t2, -11.566667, 123456],
    );
    const au = decodeAuthStatusRecords(bytes(u16(1), u32(t1), 1, u32(0), 0), 2, ctx, 'EF')!;
    t.equal(au.pointerNewestRecord, 1);
    t.same(
      au.records.map((r) => [r.timestamp, r.authenticationStatus, r.empty]),
      [
        [t1, 1, false],
        [null, 0, true],
      ],
    );
    const bc = decodeBorderCrossings(
      bytes(u16(0), 0x12, 0x0d, u32(t1), 9, i24(54000), i24(10000), 1, u24(500)),
      1,
      ctx,
      'EF',
    )!;
    t.same(
      [
        bc.records[0].countryLeft,
        bc.records[0].countryEntered,
        bc.records[0].gnss.timestamp,
        bc.records[0].gnss.geo.latitude,
        bc.records[0].gnss.authenticationStatus,
        bc.records[0].odometer,
      ],
      [0x12, 0x0d, t1, 54, 1, 500],
    );
    const lu = decodeLoadUnloadOperations(
      bytes(u16(0), u32(t2), 3, u32(t2), 9, i24(54000), i24(10000), 0, u24(501)),
      1,
      ctx,
      'EF',
    )!;
    t.same(
      [lu.records[0].timestamp, lu.records[0].operationType, lu.records[0].odometer, lu.records[0].empty],
      [t2, 3, 501, false],
    );
    const lt = decodeLoadTypeEntries(bytes(u16(0), u32(t2), 2), 1, ctx, 'EF')!;
    t.same([lt.records[0].timestamp, lt.records[0].loadTypeEntered], [t2, 2]);
    t.same(codes(ctx), []);
    for (const f of [
      decodeVehicleUnitsUsed,
      decodeGnssPlaces,
      decodeAuthStatusRecords,
      decodeBorderCrossings,
      decodeLoadUnloadOperations,
      decodeLoadTypeEntries,
    ]) {
      t.equal(f(fill(1), 1, ctx, 'EF'), null);
    }
  },
);
