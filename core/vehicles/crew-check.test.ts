/** crewRunDisagreements: a crew's two cards in different vehicles or with disagreeing times, hand-computed. */
import t from 'tap';
import { crewRunsOf, type CrewTimes, type VehicleUse } from './mileage.js';
import { crewRunDisagreements } from './crew-check.js';

const H = 3600;
const T0 = Date.UTC(2026, 2, 2) / 1000; // 2026-03-02T00:00Z
const X = { nation: 'D', number: 'X 1' };
const Y = { nation: 'D', number: 'Y 2' };

function use(card: string, from: number, to: number, registration = X): VehicleUse {
  return {
    import_id: `imp-${card}`,
    card_number: card,
    quarantined: false,
    registration,
    vin: null,
    first_use: T0 + from,
    last_use: T0 + to,
    odometer_begin_km: null,
    odometer_end_km: null,
  };
}
const crewOf = (entries: Record<string, [number, number][]>): CrewTimes =>
  new Map(Object.entries(entries).map(([c, spans]) => [c, spans.map(([s, e]) => [T0 + s, T0 + e] as const)]));

function check(uses: VehicleUse[], elsewhere: Record<string, VehicleUse[]>, crew: CrewTimes) {
  const runs = crewRunsOf(uses, crew);
  return runs.flatMap((run) => crewRunDisagreements(run, new Map(Object.entries(elsewhere)), crew));
}
const view = (d: ReturnType<typeof check>) =>
  d.map((x) => [x.kind, x.card_a, x.card_b, (x.from - T0) / 60, (x.to - T0) / 60, x.registration_b?.number ?? null]);

t.test('a crew whose cards agree: nothing listed', async (t) => {
  const crew = crewOf({ A: [[6 * H, 18 * H]], B: [[6 * H, 18 * H]] });
  t.same(check([use('A', 6 * H, 18 * H), use('B', 6 * H, 18 * H)], {}, crew), []);
});

t.test('B leaves X at 12:00 and shows crew in Y from 12:30 while A shows crew in X to 18:00', async (t) => {
  // A: X 06:00-18:00, crew all along; B: X 06:00-12:00, Y 12:30-18:00, crew in both
  const crew = crewOf({
    A: [[6 * H, 18 * H]],
    B: [
      [6 * H, 12 * H],
      [12.5 * H, 18 * H],
    ],
  });
  const out = check([use('A', 6 * H, 18 * H), use('B', 6 * H, 12 * H)], { B: [use('B', 12.5 * H, 18 * H, Y)] }, crew);
  t.same(view(out), [
    ['times', 'A', 'B', 720, 750, null], // 12:00-12:30: A shows a co-driver, no imported card of the crew is in X
    ['other_vehicle', 'A', 'B', 750, 1080, 'Y 2'], // 12:30-18:00: both cards show crew, in X and in Y
  ]);
  // B single in Y (no crew there): not "crew in two vehicles"; A's crew from 12:00 is not backed by B's card
  const single = crewOf({ A: [[6 * H, 18 * H]], B: [[6 * H, 12 * H]] });
  t.same(
    view(check([use('A', 6 * H, 18 * H), use('B', 6 * H, 12 * H)], { B: [use('B', 12.5 * H, 18 * H, Y)] }, single)),
    [['times', 'A', 'B', 720, 1080, null]],
  );
});

t.test('times: one minute of difference is rounding, 61 seconds is listed', async (t) => {
  const crew = crewOf({ A: [[6 * H, 18 * H]], B: [[6 * H, 18 * H]] });
  t.same(check([use('A', 6 * H, 18 * H), use('B', 6 * H + 60, 18 * H)], {}, crew), [], '60 s');
  const late = check([use('A', 6 * H, 18 * H), use('B', 6 * H + 61, 18 * H)], {}, crew);
  t.same(
    late.map((d) => [d.kind, d.card_a, d.from - T0, d.to - T0]),
    [['times', 'A', 6 * H, 6 * H + 61]],
  );
});

t.test('a third imported card of the run covers the time: no disagreement', async (t) => {
  // A 06:00-18:00; B 06:00-12:00; C 12:00-18:00, all in crew in X (a crew change at noon)
  const crew = crewOf({ A: [[6 * H, 18 * H]], B: [[6 * H, 12 * H]], C: [[12 * H, 18 * H]] });
  t.same(check([use('A', 6 * H, 18 * H), use('B', 6 * H, 12 * H), use('C', 12 * H, 18 * H)], {}, crew), []);
});

t.test('crew time outside its own use of X is not read; no crew run, no check', async (t) => {
  // A's crew 04:00-20:00 on its card, but its use of X is 06:00-18:00 and B's too
  const crew = crewOf({ A: [[4 * H, 20 * H]], B: [[6 * H, 18 * H]] });
  t.same(check([use('A', 6 * H, 18 * H), use('B', 6 * H, 18 * H)], {}, crew), []);
  // overlapping uses but only A in crew: not a crew run (./mileage.ts lists it as an overlap)
  t.same(check([use('A', 6 * H, 18 * H), use('B', 6 * H, 12 * H)], {}, crewOf({ A: [[6 * H, 18 * H]] })), []);
});
