/**
 * drivingWithoutCard over hand-written VU rows: intervals joined across midnight, the readings that bound them
 * (withdrawal, insertion, midnight), no bound when driving lies between or a day is missing, insertions around.
 */
import t from 'tap';
import type { VuActivityRow } from '../rows/vu-activities.js';
import type { CardInsertionRow } from '../rows/vu-insertions.js';
import { drivingWithoutCard } from './driving-without-card.js';
import { vuTimeline, type VuTimelineRows } from './timeline.js';

const VIN = 'VIN00000000000001';
const at = (day: number, hh: number, mm = 0, ss = 0) =>
  `2026-03-0${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}Z`;
const s = (iso: string) => Date.parse(iso) / 1000;

function act(
  day: number,
  from: [number, number],
  to: [number, number],
  activity: VuActivityRow['activity'],
  card: string | null,
  slot: VuActivityRow['slot'] = 'DRIVER',
): VuActivityRow & { quarantined: boolean } {
  const start = at(day, ...from);
  const end = to[0] === 24 ? at(day + 1, 0) : at(day, ...to);
  return {
    import_id: 'i1',
    vin: VIN,
    date: `2026-03-0${day}`,
    slot,
    start,
    end,
    activity,
    duration: s(end) - s(start),
    card_inserted: card !== null,
    card_number: card,
    crew: false,
    quarantined: false,
  };
}

function ins(
  card: string,
  inserted: string,
  withdrawn: string | null,
  odoIn: number,
  odoOut: number | null,
  slot: CardInsertionRow['slot'] = 'DRIVER',
): CardInsertionRow & { quarantined: boolean } {
  return {
    import_id: 'i1',
    vin: VIN,
    card_number: card,
    holder: { surname: null, first_names: null },
    card_expiry_date: null,
    slot,
    inserted_at: inserted,
    withdrawn_at: withdrawn,
    odometer_at_insertion_km: odoIn,
    odometer_at_withdrawal_km: odoOut,
    previous_vehicle: null,
    manual_input: false,
    quarantined: false,
  };
}

const day = (d: number, km: number | null) => ({
  import_id: 'i1',
  vin: VIN,
  date: `2026-03-0${d}`,
  odometer_midnight_km: km,
  quarantined: false,
});

t.test('between two insertions: distance from the withdrawal to the next insertion', async (t) => {
  const rows: VuTimelineRows = {
    vin: VIN,
    activities: [
      act(2, [0, 0], [8, 0], 'REST', null),
      act(2, [8, 0], [10, 0], 'DRIVING', 'A'),
      act(2, [10, 0], [10, 30], 'REST', null),
      act(2, [10, 30], [11, 15], 'DRIVING', null),
      act(2, [11, 15], [11, 40], 'REST', null),
      act(2, [11, 40], [24, 0], 'DRIVING', 'B'),
    ],
    insertions: [ins('A', at(2, 8), at(2, 10, 0, 20), 5000, 5180), ins('B', at(2, 11, 40, 5), null, 5243, null)],
    days: [day(2, 5000)],
  };
  const [d, ...rest] = drivingWithoutCard(vuTimeline(rows));
  t.equal(rest.length, 0);
  t.equal(d!.start, s(at(2, 10, 30)));
  t.equal(d!.end, s(at(2, 11, 15)));
  t.equal(d!.duration, 45 * 60);
  t.equal(d!.distance_km, 5243 - 5180);
  t.equal(d!.distance_basis!.from.source, 'CARD_WITHDRAWAL');
  t.equal(d!.distance_basis!.to.source, 'CARD_INSERTION');
  t.same(d!.insertion_before, { card_number: 'A', withdrawn_at: s(at(2, 10, 0, 20)), odometer_km: 5180 });
  t.same(d!.insertion_after, { card_number: 'B', inserted_at: s(at(2, 11, 40, 5)), odometer_km: 5243 });
});

t.test('across midnight: one interval; bounded by the midnight ending the day before', async (t) => {
  const rows: VuTimelineRows = {
    vin: VIN,
    activities: [
      act(2, [0, 0], [22, 0], 'REST', null),
      act(2, [22, 0], [24, 0], 'DRIVING', null),
      act(3, [0, 0], [1, 30], 'DRIVING', null),
      act(3, [1, 30], [2, 0], 'REST', null),
      act(3, [2, 0], [3, 0], 'WORK', 'C'),
    ],
    insertions: [ins('C', at(3, 2, 0, 30), at(3, 3), 7150, 7150)],
    // each day's value is its odometer at 24:00: 03-01 ends at 7,000, 03-02 at 7,100 (inside the interval)
    days: [day(1, 7000), day(2, 7100), day(3, 7150)],
  };
  const [d] = drivingWithoutCard(vuTimeline(rows));
  t.equal(d!.start, s(at(2, 22)));
  t.equal(d!.end, s(at(3, 1, 30)));
  t.equal(d!.duration, 3.5 * 3600);
  t.equal(d!.distance_basis!.from.source, 'MIDNIGHT', 'the midnight ending 03-01, nothing driven until 22:00');
  t.equal(d!.distance_basis!.from.at, s(at(2, 0)));
  t.equal(d!.distance_km, 150, '7150 at the insertion − 7000 at 00:00 of 03-02');
  const downloaded = vuTimeline({ ...rows, downloaded_at: s(at(3, 12)) });
  t.same(
    downloaded.readings.filter((r) => r.source === 'MIDNIGHT').map((r) => r.at),
    [s(at(2, 0)), s(at(3, 0))],
    'the day of the download has not reached its midnight: its value is not taken',
  );
  t.equal(d!.insertion_before, null, 'no card of the slot was withdrawn before');
  t.equal(d!.insertion_after!.card_number, 'C');
});

t.test('no bound: driving between the reading and the interval, a day missing, backwards', async (t) => {
  const driven: VuTimelineRows = {
    vin: VIN,
    activities: [
      act(2, [0, 0], [6, 0], 'REST', null),
      act(2, [6, 0], [7, 0], 'DRIVING', 'A', 'CO_DRIVER'),
      act(2, [7, 0], [8, 0], 'DRIVING', null),
      act(2, [8, 0], [9, 0], 'REST', null),
    ],
    insertions: [ins('A', at(2, 9, 10), null, 900, null)],
    days: [day(1, 800), day(2, 1000)],
  };
  const [d] = drivingWithoutCard(vuTimeline(driven));
  t.equal(d!.distance_km, null, 'the reading of 00:00 is separated by driving in the other slot');
  t.equal(d!.distance_basis, null);
  t.equal(d!.insertion_after!.card_number, 'A', 'the insertion after is still named');

  const gap: VuTimelineRows = {
    vin: VIN,
    activities: [act(4, [0, 0], [1, 0], 'DRIVING', null), act(4, [1, 0], [2, 0], 'REST', null)],
    insertions: [ins('A', at(2, 8), at(2, 9), 100, 150), ins('B', at(4, 1, 30), null, 260, null)],
    days: [day(2, 150), day(3, 200), day(4, 260)],
  };
  const [f] = drivingWithoutCard(vuTimeline(gap));
  t.same([f!.distance_basis!.from.source, f!.distance_km], ['MIDNIGHT', 60], '260 − 200 at the end of 03-03');
  const noMidnight = { ...gap, days: [day(2, 150), day(4, 260)] };
  const [g] = drivingWithoutCard(vuTimeline(noMidnight));
  t.equal(g!.distance_km, null, '03-03 is not held: the reading ending 03-02 does not bound it');
  t.equal(g!.insertion_before!.card_number, 'A');

  const backwards = { ...gap, insertions: [ins('B', at(4, 1, 30), null, 150, null)] };
  const [b] = drivingWithoutCard(vuTimeline(backwards));
  t.equal(b!.distance_km, null, 'the odometer ran backwards: no distance');
  t.same([b!.distance_basis!.from.odometer_km, b!.distance_basis!.to.odometer_km], [200, 150]);
});

t.test('driving with a card, or rest without one, is not driving without a card', async (t) => {
  const rows: VuTimelineRows = {
    vin: VIN,
    activities: [act(2, [0, 0], [5, 0], 'REST', null), act(2, [5, 0], [9, 0], 'DRIVING', 'A')],
    insertions: [ins('A', at(2, 5), null, 1, null), { ...ins('X', at(2, 1), null, 1, null), inserted_at: null }],
    days: [day(2, 1)],
  };
  t.same(drivingWithoutCard(vuTimeline(rows)), []);
});
