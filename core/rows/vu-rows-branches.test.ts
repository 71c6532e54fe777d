/**
 * The VU rows' branches on what a generated file does not show: a download without overview, events or technical
 * data; insertion copies that disagree on the withdrawal; unknown slots, codes and purposes; days without a date,
 * changes in the same minute or past the download; records without times.
 */
import t from 'tap';
import type { ActivityChange } from '../domain/card.js';
import type { DecodedVu, VuCalibration, VuCardInsertion, VuCardNumber, VuDay, VuEventOrFault } from '../domain/vu.js';
import { cardInSlot, vuActivityRows } from './vu-activities.js';
import { vuCardNumber } from './vu-common.js';
import { vuRows } from './vu-download.js';
import { overspeedControl, vuEventRows } from './vu-events.js';
import { cardInsertionRows, distinctInsertions } from './vu-insertions.js';
import { calibrationRows, vuPositionRows } from './vu-technical.js';

const T0 = Date.UTC(2026, 2, 2) / 1000; // 2026-03-02T00:00:00Z
const H = 3600;
const str = (text: string | null) => ({ codePage: 1, text });
const card = (cardNumber: string | null, cardType = 1): VuCardNumber => ({
  cardType,
  issuingMemberState: 13,
  cardNumber,
  generation: null,
});
const NO_CARD = card(null, 0);

function insertion(over: Partial<VuCardInsertion>): VuCardInsertion {
  return {
    holderSurname: str('S'),
    holderFirstNames: str('F'),
    card: card('X1'),
    cardExpiryDate: null,
    insertedAt: T0 + H,
    odometerAtInsertion: 10,
    slot: 0,
    withdrawnAt: null,
    odometerAtWithdrawal: 0,
    previousVehicle: { registration: { nation: null, number: str(null) }, withdrawnAt: null },
    manualInput: false,
    ...over,
  };
}

const change = (slot: 0 | 1, minutes: number, activity: 0 | 1 | 2 | 3, notInserted = false): ActivityChange => ({
  raw: 0,
  slot,
  crewOrKnown: true,
  notInserted,
  activity,
  minutes,
});

function day(date: number | null, activities: ActivityChange[], over: Partial<VuDay> = {}): VuDay {
  return {
    date,
    odometerMidnight: null,
    insertions: [],
    activities,
    places: [],
    positions: [],
    specificConditions: [],
    borderCrossings: 0,
    loadUnloadOperations: 0,
    ...over,
  };
}

const empty: DecodedVu = {
  generation: 'GEN2',
  overview: null,
  days: [],
  eventsFaults: null,
  speed: [],
  technical: null,
  cardDownloads: [],
  treps: [],
  warnings: [],
};

t.test('a download with nothing but its TREPs: every summary field null, no rows', async (t) => {
  const rows = vuRows(empty);
  t.same(rows.import, {
    kind: 'VEHICLE_UNIT',
    generation: 'GEN2',
    card: null,
    driver: null,
    vehicle: { vin: null, registration: null },
    downloaded_at: null,
    previous_download: null,
    data_range: { from: null, to: null },
    trep: [],
    vu: null,
    activity_range: { from: null, to: null, days: 0 },
    warnings: [],
    authenticity: null,
    overspeed_control: null,
  });
  for (const key of [
    'vu_activities',
    'card_insertions',
    'vu_events',
    'vu_faults',
    'overspeeding',
    'calibrations',
    'vu_positions',
  ] as const)
    t.same(rows[key], [], key);
  t.equal(overspeedControl(null), null);
});

t.test('card numbers: trimmed, upper-cased, none for card type 0 or a blank number', async (t) => {
  t.equal(vuCardNumber(card(' df 0001 ')), 'DF0001');
  t.equal(vuCardNumber(card('DF0001', 0)), null);
  t.equal(vuCardNumber(card('   ')), null);
  t.equal(vuCardNumber(card(null)), null);
  t.equal(vuCardNumber(null), null);
});

t.test('insertions: one per card, slot and time; the copy that knows the withdrawal wins', async (t) => {
  const open = insertion({});
  const closed = insertion({ withdrawnAt: T0 + 30 * H, odometerAtWithdrawal: 500 });
  const later = insertion({ insertedAt: T0 + 2 * H, slot: 1 });
  const undated = insertion({ insertedAt: null, card: card('X2') });
  const forwards = distinctInsertions([
    day(T0, [], { insertions: [undated, open] }),
    day(T0 + 86_400, [], { insertions: [closed, later] }),
  ]);
  t.same(forwards, [closed, later, undated], 'ordered by insertion time, unknown last');
  const undated2 = insertion({ insertedAt: null, card: card('X3'), slot: 1 });
  t.same(
    distinctInsertions([day(T0, [], { insertions: [undated2, later, undated] })]),
    [later, undated, undated2],
    'unknown times: the driver slot first',
  );
  const backwards = distinctInsertions([
    day(T0, [], { insertions: [closed] }),
    day(T0 + 86_400, [], { insertions: [open] }),
  ]);
  t.same(backwards, [closed], 'a later copy without the withdrawal does not replace it');
  const [row] = cardInsertionRows([closed], 'VIN');
  t.equal(row!.odometer_at_withdrawal_km, 500);
  t.equal(cardInsertionRows([open], null)[0]!.odometer_at_withdrawal_km, null, 'still in: no withdrawal odometer');
});

t.test('insertion rows: an unknown slot number and a previous vehicle known only by its withdrawal', async (t) => {
  const odd = insertion({
    slot: 2,
    previousVehicle: { registration: { nation: null, number: str(null) }, withdrawnAt: T0 },
  });
  const [row] = cardInsertionRows([odd], null);
  t.equal(row!.slot, null);
  t.same(row!.previous_vehicle, { registration: null, withdrawn_at: '2026-03-02T00:00:00Z' });
});

t.test('activities: undated days, same-minute changes, minutes past the day, the download as the end', async (t) => {
  const days = [
    day(T0 + 86_400 + 5, [change(0, 0, 0), change(0, 60, 3), change(0, 600, 0)]),
    day(null, [change(0, 0, 3)]),
    day(T0 + 12 * H, [change(0, 0, 2), change(0, 0, 1), change(0, 1440, 3), change(1, 0, 3, true)]),
  ];
  const limited = vuActivityRows(days, [], T0 + 86_400 + 2 * H, 'V');
  t.same(
    limited.map((r) => [r.date, r.slot, r.start, r.end, r.activity, r.card_inserted, r.crew]),
    [
      ['2026-03-02', 'DRIVER', '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', 'AVAILABILITY', true, true],
      ['2026-03-02', 'CO_DRIVER', '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', 'DRIVING', false, false],
      ['2026-03-03', 'DRIVER', '2026-03-03T00:00:00Z', '2026-03-03T01:00:00Z', 'REST', true, true],
      ['2026-03-03', 'DRIVER', '2026-03-03T01:00:00Z', '2026-03-03T02:00:00Z', 'DRIVING', true, true],
    ],
    'days in order; the later of two same-minute changes holds; nothing past the download',
  );
  const open = vuActivityRows(days, [], null, 'V');
  t.same(
    [open.length, open.at(-1)!.start, open.at(-1)!.end],
    [5, '2026-03-03T10:00:00Z', '2026-03-04T00:00:00Z'],
    'without a download time: the last change runs to 24:00',
  );
});

t.test('the card in a slot', async (t) => {
  const ins = [
    insertion({ insertedAt: null, card: card('NOTIME') }),
    insertion({ slot: 1, card: card('OTHER') }),
    insertion({ insertedAt: T0 + H + 30, withdrawnAt: T0 + 2 * H, card: card('A') }),
  ];
  t.equal(cardInSlot(ins, 0, T0 + H), 'A', 'inserted within the minute the interval starts');
  t.equal(cardInSlot(ins, 0, T0 + 2 * H), null, 'withdrawn at the start');
  t.equal(cardInSlot(ins, 0, T0), null, 'not yet inserted');
  t.equal(cardInSlot(ins, 1, T0 + 3 * H), 'OTHER');
});

t.test('events: unknown codes, undated records last, each card once', async (t) => {
  const ev = (type: number, begin: number | null, cards: VuCardNumber[]): VuEventOrFault => ({
    type,
    purpose: 0,
    begin,
    end: null,
    cards,
    similarEvents: null,
  });
  const rows = vuEventRows(
    [
      ev(0x7f, null, []),
      ev(0x05, T0, [card('A'), card('A'), NO_CARD, card('B')]),
      ev(0x01, T0, []),
      ev(0x7e, null, []),
    ],
    null,
  );
  t.same(
    rows.map((r) => [r.code, r.start, r.end, r.card_numbers]),
    [
      [0x01, '2026-03-02T00:00:00Z', null, []],
      [0x05, '2026-03-02T00:00:00Z', null, ['A', 'B']],
      [0x7e, null, null, []],
      [0x7f, null, null, []],
    ],
  );
  t.equal(rows[1]!.type, 'CARD_INSERTION_WHILE_DRIVING');
  t.equal(rows[3]!.type, null, 'RFU: no name');
  t.equal(rows[3]!.description, null);
});

t.test('calibrations: purposes without a name, no registration, no time', async (t) => {
  const base: VuCalibration = {
    purpose: 0,
    workshopName: str(null),
    workshopAddress: str('Street 1'),
    workshopCard: NO_CARD,
    workshopCardExpiry: null,
    vin: null,
    registration: { nation: 13, number: str(null) },
    w: 1,
    k: 2,
    l: 3,
    tyreSize: null,
    authorisedSpeed: 0,
    oldOdometer: null,
    newOdometer: null,
    oldTime: null,
    newTime: null,
    nextCalibrationDate: null,
  };
  const rows = calibrationRows([base, { ...base, purpose: 0x80 }, { ...base, purpose: 6 }], null);
  t.same(
    rows.map((r) => r.purpose),
    [
      { code: 0, name: null },
      { code: 0x80, name: null },
      { code: 6, name: 'TIME_ADJUSTMENT_WITHOUT_CALIBRATION' },
    ],
  );
  t.match(rows[0], {
    at: null,
    registration: null,
    next_calibration_date: null,
    workshop: { name: null, address: 'Street 1', card_number: null },
  });
});

t.test('positions: undated last, places before GNSS at the same time, unknown entry types', async (t) => {
  const place = { card: NO_CARD, entryTime: T0, entryType: 9, country: 13, region: 0, odometer: 1 };
  const rows = vuPositionRows(
    [
      day(T0, [], {
        places: [{ ...place, entryTime: null }, place],
        positions: [{ timestamp: T0, latitude: null, longitude: null, odometer: 2 }],
      }),
    ],
    null,
  );
  t.same(
    rows.map((r) => [r.source, r.timestamp, r.type, r.card_number]),
    [
      ['PLACE', '2026-03-02T00:00:00Z', null, null],
      ['GNSS_ACCUMULATED_DRIVING', '2026-03-02T00:00:00Z', null, null],
      ['PLACE', null, null, null],
    ],
  );
});
