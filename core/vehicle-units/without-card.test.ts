import t from 'tap';
import type { VuActivityRow } from '../rows/vu-activities.js';
import { drivingWithoutCard } from './without-card.js';

function row(vin: string, slot: VuActivityRow['slot'], start: string, end: string, over: Partial<VuActivityRow> = {}) {
  const duration = (Date.parse(end) - Date.parse(start)) / 1000;
  return {
    import_id: 'i',
    vin,
    date: start.slice(0, 10),
    slot,
    start,
    end,
    activity: 'DRIVING',
    duration,
    card_inserted: false,
    card_number: null,
    crew: false,
    ...over,
  } satisfies VuActivityRow;
}

t.test('driving with the slot empty, joined across midnight, per VIN and slot', async (t) => {
  const rows: VuActivityRow[] = [
    // given out of order: the function orders them
    row('V1', 'DRIVER', '2026-03-04T00:00:00Z', '2026-03-04T00:40:00Z'),
    row('V1', 'DRIVER', '2026-03-03T23:30:00Z', '2026-03-04T00:00:00Z'),
    row('V1', 'DRIVER', '2026-03-03T05:00:00Z', '2026-03-03T05:20:00Z'),
    // with a card: not counted
    row('V1', 'DRIVER', '2026-03-03T06:00:00Z', '2026-03-03T07:00:00Z', { card_inserted: true, card_number: 'C' }),
    // no card but resting: not counted
    row('V1', 'CO_DRIVER', '2026-03-03T05:00:00Z', '2026-03-03T05:20:00Z', { activity: 'REST' }),
    row('V1', 'CO_DRIVER', '2026-03-03T05:20:00Z', '2026-03-03T05:30:00Z'),
    // another VIN touching the same instant is another interval
    row('V0', 'DRIVER', '2026-03-04T00:40:00Z', '2026-03-04T01:00:00Z'),
  ];
  t.same(drivingWithoutCard(rows), [
    { vin: 'V0', slot: 'DRIVER', start: '2026-03-04T00:40:00Z', end: '2026-03-04T01:00:00Z', duration: 1200 },
    { vin: 'V1', slot: 'CO_DRIVER', start: '2026-03-03T05:20:00Z', end: '2026-03-03T05:30:00Z', duration: 600 },
    { vin: 'V1', slot: 'DRIVER', start: '2026-03-03T05:00:00Z', end: '2026-03-03T05:20:00Z', duration: 1200 },
    { vin: 'V1', slot: 'DRIVER', start: '2026-03-03T23:30:00Z', end: '2026-03-04T00:40:00Z', duration: 4200 },
  ]);
  t.same(drivingWithoutCard([]), []);
});
