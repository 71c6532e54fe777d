/**
 * Card against vehicle, unaccounted kilometres, overspeeding per driver and due dates over hand-written rows; every
 * expected value computed by hand in the comment beside it.
 */
import t from 'tap';
import type { MileageSegment, VehicleUse } from '../vehicles/mileage.js';
import { cardMismatches } from './card-against-vehicle.js';
import { overspeedingByDriver } from './overspeeding-by-driver.js';
import { vuTimeline, type Insertion } from './timeline.js';
import { heldPeriods, unaccountedKm, vehicleUnitSegments } from './unaccounted-km.js';

const VIN = 'VIN00000000000001';
const T0 = Date.UTC(2026, 2, 2) / 1000; // 2026-03-02T00:00Z
const H = 3600;
const DAY0 = T0 / 86_400;
const iso = (s: number) => new Date(s * 1000).toISOString().replace('.000', '');

function insertion(
  card: string | null,
  from: number,
  to: number | null,
  odoIn: number,
  odoOut: number | null,
): Insertion {
  return {
    card_number: card,
    holder: { surname: null, first_names: null },
    slot: 'DRIVER',
    inserted_at: T0 + from * H,
    withdrawn_at: to === null ? null : T0 + to * H,
    odometer_at_insertion_km: odoIn,
    odometer_at_withdrawal_km: odoOut,
    quarantined: false,
  };
}

function use(card: string, from: number, to: number, begin: number, end: number): VehicleUse {
  return {
    import_id: 'c1',
    card_number: card,
    quarantined: false,
    registration: { nation: 'D', number: 'B-X 1' },
    vin: VIN,
    first_use: T0 + from * H,
    last_use: T0 + to * H,
    odometer_begin_km: begin,
    odometer_end_km: end,
  };
}

t.test('card against vehicle: a use the card lacks, times and odometers beyond the tolerance', async (t) => {
  const covered = new Map([
    ['A', { from: DAY0 - 10, to: DAY0 + 5 }],
    ['B', { from: DAY0 - 10, to: DAY0 + 5 }],
    ['C', { from: DAY0 + 1, to: DAY0 + 5 }],
  ]);
  const insertions = [
    insertion('A', 8, 10, 1000, 1100), // the card recorded the same use, 40 s and 1 km apart: agrees
    insertion('A', 12, 14, 1110, 1200), // the card has no use of it
    insertion('B', 15, 18, 1200, 1400), // the card's use: withdrawal 2 min later, end odometer 3 km higher
    insertion('C', 19, 20, 1400, 1450), // C's downloads start the next day: not judged
    insertion(null, 21, 22, 1450, 1460), // no card number: nothing to compare
    insertion('D', 22, 23, 1460, 1470), // D was never imported
  ];
  const uses = [
    { ...use('A', 8, 10, 1001, 1100), first_use: T0 + 8 * H + 40 },
    use('B', 15, 18, 1200, 1403),
    { ...use('B', 15, 18, 1200, 1400), card_number: 'Z', first_use: T0 + 15 * H + 120 },
  ];
  uses[1]!.last_use = T0 + 18 * H + 120;
  const out = cardMismatches(VIN, insertions, uses, covered);
  t.equal(out.length, 2);
  t.equal(out[0]!.kind, 'USE_MISSING_ON_CARD');
  t.equal(out[0]!.inserted_at, T0 + 12 * H);
  t.equal(out[0]!.card_use, null);
  t.equal(out[1]!.kind, 'USE_DIFFERS');
  t.same(out[1]!.disagreements, [
    { field: 'withdrawn_at', vehicle_unit: T0 + 18 * H, card: T0 + 18 * H + 120, difference: 120 },
    { field: 'odometer_at_withdrawal_km', vehicle_unit: 1400, card: 1403, difference: 3 },
  ]);
});

t.test('card against vehicle: an overlapping use whose first use is off by more than a minute', async (t) => {
  const covered = new Map([['A', { from: DAY0, to: DAY0 }]]);
  const late = { ...use('A', 8, 10, 1000, 1100), first_use: T0 + 8 * H + 300 };
  const [m] = cardMismatches(VIN, [insertion('A', 8, 10, 1000, 1100)], [late], covered);
  t.same(m!.disagreements, [
    { field: 'inserted_at', vehicle_unit: T0 + 8 * H, card: T0 + 8 * H + 300, difference: 300 },
  ]);
  t.equal(m!.withdrawn_at, T0 + 10 * H, 'the withdrawal day is the last covered day: not compared');
  const still = cardMismatches(VIN, [insertion('A', 8, null, 1000, null)], [late], covered);
  t.equal(still[0]!.disagreements.length, 1, 'a card still in: only the insertion is compared');
});

t.test('unaccounted km from the VU: periods with no card in either slot, bounded by its readings', async (t) => {
  const timeline = vuTimeline({
    vin: VIN,
    activities: [],
    insertions: [
      { ...row(insertion('A', 6, 10, 1030, 1200)) },
      { ...row(insertion('B', 12, 30, 1260, 1800)) }, // over midnight
      { ...row(insertion('C', 14, 16, 1330, 1400)), slot: 'CO_DRIVER' },
    ],
    // the odometer at the end of 03-01 (00:00 of 03-02), of 03-02, and of 03-03 (after the download: not taken)
    days: [dayRow(-1, 1000), dayRow(0, 1500), dayRow(1, 1900)],
    downloaded_at: T0 + 40 * H,
  });
  const periods = heldPeriods(timeline.days, T0 + 40 * H);
  t.same(periods, [{ from: T0 - 24 * H, to: T0 + 40 * H }], 'three days joined, the last cut at the download');
  const segments = vehicleUnitSegments(timeline, periods);
  // 03-01 00:00 – 03-02 06:00: 1000 at 00:00 of 03-02 → 1030 = 30 km; 10:00–12:00: 1200 → 1260 = 60 km;
  // from 30:00: 1800 and no later reading
  t.same(
    segments.map((s) => [s.from, s.to, s.km, s.cards_before, s.cards_after]),
    [
      [T0 - 24 * H, T0 + 6 * H, 30, [], ['A']],
      [T0 + 10 * H, T0 + 12 * H, 60, ['A'], ['B']],
    ],
  );
  const card: MileageSegment[] = [
    cardSegment(-60, -50, 900, 950), // before the VU's time: kept (50 km)
    cardSegment(2, 8, 1010, 1030), // inside: replaced by the VU
    cardSegment(-30, 3, 990, 1010), // across the VU's edge: kept (20 km), the VU's first 30 km left out
  ];
  const all = unaccountedKm(segments, periods, card);
  t.same(all.km_by_basis, { VEHICLE_UNIT: 60, CARDS: 70 });
  t.equal(all.unaccounted_km, 130);
  t.same(
    all.segments.map((s) => s.basis),
    ['CARDS', 'CARDS', 'VEHICLE_UNIT'],
  );
  t.same(heldPeriods(new Set([DAY0, DAY0 + 2]), null).length, 2, 'a missing day splits the periods');
});

t.test('unaccounted km: a backwards step or one within the tolerance gives no segment', async (t) => {
  const timeline = vuTimeline({
    vin: VIN,
    activities: [],
    insertions: [row(insertion('A', 6, 10, 990, 1200)), row(insertion('B', 12, 20, 1202, 1300))],
    days: [dayRow(0, 1000)],
  });
  t.same(vehicleUnitSegments(timeline, heldPeriods(timeline.days, null)), []);
});

t.test('overspeeding per driver: the record card, else the driver-slot card at its start', async (t) => {
  const rows = [
    speeding(9, 'A', 98),
    speeding(11, null, 101), // B in the driver slot 10–14
    speeding(15, null, 95), // no card
    speeding(12, null, 92),
  ];
  const insertions = [insertion('B', 10, 14, 0, 0), { ...insertion('Z', 10, 14, 0, 0), slot: 'CO_DRIVER' as const }];
  const groups = overspeedingByDriver([{ vin: VIN, records: rows, insertions }]);
  t.same(
    groups.map((g) => [g.card_number, g.events, g.max_speed_kmh, g.duration]),
    [
      ['A', 1, 98, 120],
      ['B', 2, 101, 240],
      [null, 1, 95, 120],
    ],
  );
  t.same(
    groups[1]!.overspeeding.map((o) => [o.start, o.card_source]),
    [
      [T0 + 11 * H, 'INSERTION'],
      [T0 + 12 * H, 'INSERTION'],
    ],
  );
  t.equal(groups[0]!.overspeeding[0]!.card_source, 'RECORD');
  t.equal(groups[2]!.overspeeding[0]!.card_source, null);
  const undated = overspeedingByDriver([
    { vin: VIN, records: [{ ...speeding(1, null, 90), start: null, end: null }], insertions },
  ]);
  t.same([undated[0]!.card_number, undated[0]!.duration], [null, 0]);
});

function row(i: Insertion) {
  return {
    import_id: 'v1',
    vin: VIN,
    card_number: i.card_number,
    holder: i.holder,
    card_expiry_date: null,
    slot: i.slot,
    inserted_at: iso(i.inserted_at),
    withdrawn_at: i.withdrawn_at === null ? null : iso(i.withdrawn_at),
    odometer_at_insertion_km: i.odometer_at_insertion_km,
    odometer_at_withdrawal_km: i.odometer_at_withdrawal_km,
    previous_vehicle: null,
    manual_input: false,
    quarantined: false,
  };
}

function dayRow(offset: number, km: number) {
  return {
    import_id: 'v1',
    vin: VIN,
    date: iso(T0 + offset * 86_400).slice(0, 10),
    odometer_midnight_km: km,
    quarantined: false,
  };
}

function cardSegment(from: number, to: number, a: number, b: number): MileageSegment {
  return {
    kind: 'unaccounted',
    reason: null,
    from: T0 + from * H,
    to: T0 + to * H,
    odometer_from_km: a,
    odometer_to_km: b,
    km: b - a,
    rollover: false,
    cards_before: ['X'],
    cards_after: ['Y'],
    quarantined: false,
  };
}

function speeding(hour: number, card: string | null, max: number) {
  return {
    import_id: 'v1',
    vin: VIN,
    start: iso(T0 + hour * H),
    end: iso(T0 + hour * H + 120),
    max_speed_kmh: max,
    average_speed_kmh: max - 5,
    card_number: card,
    similar_events: 0,
    quarantined: false,
  };
}
