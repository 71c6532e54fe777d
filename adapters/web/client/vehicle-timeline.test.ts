import t from 'tap';
import { segmentLabel, timelineBands } from './vehicle-timeline.js';

const use = (card: string, from: string, to: string) => ({
  card_number: card,
  first_use: from,
  last_use: to,
  odometer_begin_km: 1,
  odometer_end_km: 2,
  quarantined: false,
});

t.test('bands in percent of the axis from the first to the last use', async (t) => {
  const bands = timelineBands(
    [
      use('A', '2026-03-02T00:00:00Z', '2026-03-02T06:00:00Z'),
      use('B', '2026-03-02T18:00:00Z', '2026-03-03T00:00:00Z'),
    ],
    [
      {
        kind: 'unaccounted',
        reason: null,
        from: '2026-03-02T06:00:00Z',
        to: '2026-03-02T18:00:00Z',
        km: 120,
        rollover: false,
        cards_before: ['A'],
        cards_after: ['B'],
      },
    ],
  );
  t.same(
    bands.map((b) => [b.kind, b.left, b.width]),
    [
      ['use', 0, 25],
      ['use', 75, 25],
      ['unaccounted', 25, 50],
    ],
  );
  t.equal(bands[2]!.label, '120 km no imported card accounts for');
  t.same(timelineBands([], []), []);
  t.match(
    segmentLabel({
      kind: 'inconsistent',
      reason: 'overlap',
      from: '',
      to: '',
      km: null,
      rollover: false,
      cards_before: ['A'],
      cards_after: ['B'],
    }),
    /overlap/,
  );
});
