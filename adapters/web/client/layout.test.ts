import t from 'tap';
import { segmentKind, spanOnDay } from './layout.js';

t.test('spans on a day axis, in percent', async (t) => {
  t.same(spanOnDay('2026-03-02', '2026-03-02T06:00:00Z', '2026-03-02T12:00:00Z'), { left: 25, width: 25 });
  t.same(spanOnDay('2026-03-02', '2026-03-02T16:20:00Z', '2026-03-03T00:00:00Z'), { left: 68.0556, width: 31.9444 });
  t.same(
    spanOnDay('2026-03-02', '2026-03-01T20:00:00Z', '2026-03-02T06:00:00Z'),
    { left: 0, width: 25 },
    'clipped at 00:00',
  );
  t.same(
    spanOnDay('2026-03-02', '2026-03-02T18:00:00Z', '2026-03-04T06:00:00Z'),
    { left: 75, width: 25 },
    'clipped at 24:00',
  );
  t.equal(spanOnDay('2026-03-02', '2026-03-03T01:00:00Z', '2026-03-03T02:00:00Z'), null, 'another day');
  t.equal(spanOnDay('2026-03-02', 'x', '2026-03-03T02:00:00Z'), null, 'not a time');
});

t.test('segment kinds', async (t) => {
  t.equal(segmentKind({ activity: 'DRIVING', card_inserted: true, manual_entry: false }), 'DRIVING');
  t.equal(
    segmentKind({ activity: 'REST', card_inserted: false, manual_entry: true }),
    'REST',
    'manual entries keep their activity',
  );
  t.equal(
    segmentKind({ activity: 'REST', card_inserted: false, manual_entry: false }),
    'UNKNOWN',
    'card out, not entered',
  );
  t.equal(segmentKind({ activity: 'OTHER', card_inserted: true, manual_entry: false }), 'UNKNOWN');
  for (const a of ['WORK', 'AVAILABILITY'])
    t.equal(segmentKind({ activity: a, card_inserted: true, manual_entry: false }), a);
});
