/** vehicleMileage with hand-computed segments: gaps, tolerance, roll-over, backwards odometers, crew runs, overlaps. */
import t from 'tap';
import { vehicleMileage, distinctUses, type VehicleUse } from './mileage.js';
import { odometerStep } from './odometer.js';

const H = 3600;
const T0 = Date.UTC(2026, 2, 2) / 1000; // 2026-03-02T00:00Z
const reg = { nation: 'D', number: 'M-AB 1234' };
const NO_CREW = new Map();

function use(
  card: string,
  from: number,
  to: number,
  begin: number | null,
  end: number | null,
  extra: Partial<VehicleUse> = {},
): VehicleUse {
  return {
    import_id: `imp-${card}`,
    card_number: card,
    quarantined: false,
    registration: reg,
    vin: null,
    first_use: T0 + from * H,
    last_use: T0 + to * H,
    odometer_begin_km: begin,
    odometer_end_km: end,
    ...extra,
  };
}

t.test('odometer steps: tolerance, roll-over at 1,000,000 km (10,000,000 above 999,999), backwards', async (t) => {
  t.same(odometerStep(1000, 1002), { kind: 'forward', km: 2, rollover: false });
  t.same(odometerStep(1000, 998), { kind: 'forward', km: 0, rollover: false }, '2 km lower is rounding');
  t.same(odometerStep(1000, 997), { kind: 'backwards', km: -3 });
  t.same(odometerStep(999_990, 20), { kind: 'forward', km: 30, rollover: true });
  t.same(odometerStep(950_000, 49_999), { kind: 'forward', km: 99_999, rollover: true });
  t.same(
    odometerStep(950_000, 50_001),
    { kind: 'backwards', km: -899_999 },
    'a wrap of more than 100,000 km is no wrap',
  );
  t.same(
    odometerStep(9_999_000, 500),
    { kind: 'forward', km: 1_500, rollover: true },
    'a 7-digit odometer wraps at 10,000,000',
  );
  t.same(odometerStep(500_000, 400_000), { kind: 'backwards', km: -100_000 });
  t.same(
    odometerStep(200, 999_900),
    { kind: 'backwards', km: -300 },
    'a jump of over 900,000 km is a step back across the wrap',
  );
  t.same(odometerStep(100, 900_100), { kind: 'forward', km: 900_000, rollover: false });
});

t.test('two drivers: a gap of 118 km, a gap within the tolerance', async (t) => {
  const m = vehicleMileage(
    [
      use('B', 30, 40, 100_668, 100_900),
      use('A', 6, 18, 100_000, 100_430),
      use('A', 20, 22, 100_432, 100_550), // +2 km after A's first use: rounding, no segment; 118 km driven
    ],
    NO_CREW,
  );
  t.equal(m.segments.length, 1);
  t.same(m.segments[0], {
    kind: 'unaccounted',
    reason: null,
    km: 118,
    rollover: false,
    from: T0 + 22 * H,
    to: T0 + 30 * H,
    odometer_from_km: 100_550,
    odometer_to_km: 100_668,
    cards_before: ['A'],
    cards_after: ['B'],
    quarantined: false,
  });
  t.equal(m.recorded_km, 430 + 118 + 232);
  t.equal(m.unaccounted_km, 118);
  t.equal(m.first_odometer_km, 100_000);
  t.equal(m.last_odometer_km, 100_900);
  t.same(
    m.uses.map((u) => u.card_number),
    ['A', 'A', 'B'],
    'time order',
  );
});

t.test('a gap of exactly 3 km is unaccounted; 2 km is not', async (t) => {
  t.equal(vehicleMileage([use('A', 0, 1, 10, 20), use('B', 2, 3, 23, 30)], NO_CREW).unaccounted_km, 3);
  t.equal(vehicleMileage([use('A', 0, 1, 10, 20), use('B', 2, 3, 22, 30)], NO_CREW).segments.length, 0);
});

t.test('roll-over between uses and inside a use', async (t) => {
  const m = vehicleMileage(
    [
      use('A', 0, 10, 999_500, 999_980), // 480 km
      use('B', 12, 20, 40, 700), // gap 999,980 → 40 = 60 km through the wrap
      use('A', 22, 30, 700, 200), // inside: 700 → 200 is backwards (999,500 km wrap is too long)
      use('C', 32, 40, 999_900, 100), // inside: wraps, 200 km
    ],
    NO_CREW,
  );
  t.same(
    m.segments.map((s) => [s.kind, s.reason, s.km, s.rollover]),
    [
      ['unaccounted', null, 60, true],
      ['inconsistent', 'use_odometer_backwards', -500, false],
      ['inconsistent', 'odometer_backwards', -300, false], // 200 → 999,900: 300 km back across the wrap
    ],
  );
  t.equal(m.recorded_km, 480 + 660 + 0 + 200);
  t.equal(m.unaccounted_km, 60);
  t.equal(m.inconsistent_segments, 2);
});

t.test('crew: overlapping uses with crew activity on both cards are one run; readings must agree', async (t) => {
  const crew = new Map([
    ['A', [[T0 + 5 * H, T0 + 19 * H]] as const],
    ['B', [[T0 + 8 * H, T0 + 19 * H]] as const],
  ]);
  const agreeing = vehicleMileage(
    [
      use('A', 6, 18, 200_000, 200_800),
      use('B', 8, 18, 200_150, 200_800), // B boards at 200,150 two hours later, both leave at 200,800
      use('C', 20, 22, 200_850, 200_900),
    ],
    crew as any,
  );
  t.same(
    agreeing.segments.map((s) => [s.kind, s.km, s.cards_before, s.cards_after]),
    [['unaccounted', 50, ['A', 'B'], ['C']]],
  );
  t.equal(
    agreeing.recorded_km,
    800 + 50,
    'the crew run counts once (A 200,000 → 200,800), C 50; the gap is not recorded',
  );
  t.same(agreeing.crew_disagreements, []);

  const disagreeing = vehicleMileage(
    [use('A', 6, 18, 200_000, 200_800), use('B', 8, 18, 199_000, 200_830)],
    crew as any,
  );
  t.equal(disagreeing.segments.length, 0, 'crew explains the overlap');
  t.same(
    disagreeing.crew_disagreements.map((d) => [d.card_a, d.odometer_a_km, d.card_b, d.odometer_b_km]),
    [
      ['A', 200_000, 'B', 199_000], // B's begin at 08:00 lies below A's begin at 06:00
      ['A', 200_800, 'B', 200_830], // both at 18:00, 30 km apart
    ],
  );
});

t.test('an overlap without crew activity on both cards is inconsistent', async (t) => {
  const onlyA = new Map([['A', [[T0, T0 + 24 * H]] as const]]);
  const m = vehicleMileage([use('A', 6, 18, 300_000, 300_500), use('B', 10, 20, 300_200, 300_700)], onlyA as any);
  t.same(
    m.segments.map((s) => [s.kind, s.reason, s.from, s.to, s.cards_before, s.cards_after, s.km]),
    [['inconsistent', 'overlap', T0 + 10 * H, T0 + 18 * H, ['A'], ['B'], null]],
  );
  t.equal(m.unaccounted_km, 0, 'no gap is computed across an overlap');
  const sameCard = vehicleMileage(
    [use('A', 6, 18, 300_000, 300_500), use('A', 10, 20, 300_200, 300_700)],
    onlyA as any,
  );
  t.equal(sameCard.segments[0]?.reason, 'overlap', 'one card cannot be a crew with itself');
});

t.test('undated uses and missing readings take no part; quarantined sides are flagged', async (t) => {
  const m = vehicleMileage(
    [
      use('A', 0, 1, 10, 20),
      { ...use('B', 0, 0, 5, 6), first_use: null },
      use('C', 2, 3, null, 40),
      use('D', 4, 5, 100, 110, { quarantined: true }),
    ],
    NO_CREW,
  );
  t.equal(m.undated.length, 1);
  t.same(
    m.segments.map((s) => [s.km, s.cards_before, s.cards_after, s.quarantined]),
    [[60, ['C'], ['D'], true]],
  );
});

t.test('distinctUses keeps the newest download of one record', async (t) => {
  const a = { ...use('A', 0, 1, 10, 20), sequence: 1 };
  const b = { ...use('A', 0, 1, 10, 25), sequence: 2, import_id: 'newer' };
  const c = { ...use('B', 0, 1, 10, 25), sequence: 1 };
  t.same(
    distinctUses([b, a, c]).map((u) => u.import_id),
    ['newer', 'imp-B'],
  );
});
