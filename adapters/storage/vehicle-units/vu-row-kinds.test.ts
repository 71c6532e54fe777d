/**
 * prepareVuRows (the decoder pool's workers) and vuRowValues of its result give the very `vu_row` values that
 * vuRowValues makes of the rows themselves, rows without a time (day and start null) and texts beyond ASCII
 * included.
 */
import t from 'tap';
import type { VuRowSet } from '../../../core/ports/import-store.js';
import { prepareVuRows, vuRowValues } from './vu-row-kinds.js';

const rows = {
  days: [{ import_id: '', vin: 'V', date: '2026-03-01', odometer_midnight_km: 10 }],
  speed: [{ import_id: '', vin: 'V', start: '2026-03-01T08:00:00Z', speeds_kmh: [0, 12, 255] }],
  rows: {
    vu_activities: [],
    card_insertions: [],
    vu_events: [],
    vu_faults: [],
    overspeeding: [],
    calibrations: [
      { import_id: null, vin: 'V', purpose: { code: 3, name: 'PERIODIC_INSPECTION' }, at: null, workshop: 'Čeština ✓' },
      {
        import_id: null,
        vin: 'V',
        purpose: { code: 1, name: 'ACTIVATION' },
        at: '2026-02-01T10:00:00Z',
        workshop: '𝔘',
      },
    ],
    vu_positions: [{ import_id: null, vin: 'V', timestamp: null, source: 'PLACE', type: 'BEGIN' }],
  },
} as unknown as VuRowSet;

t.test('prepared rows give the values of the rows they were made of', async (t) => {
  const direct = vuRowValues(5, 'VIN1', rows);
  const prepared = prepareVuRows(rows);
  t.equal(prepared.kind.length, 5);
  t.same(vuRowValues(5, 'VIN1', { prepared }), direct);
  const untimed = direct.filter((v) => v[5] === null);
  t.same(
    untimed.map((v) => [v[1], v[4]]),
    [
      ['calibration', null],
      ['position', null],
    ],
    'no time: day and start null, not NaN',
  );
  t.same(JSON.parse(direct.find((v) => v[1] === 'calibration' && v[2] === 1)![7] as string).workshop, '𝔘');
});

t.test('no rows: nothing prepared, nothing written', async (t) => {
  const empty = { days: [], speed: [], rows: { ...rows.rows, calibrations: [], vu_positions: [] } } as VuRowSet;
  const prepared = prepareVuRows(empty);
  t.equal(prepared.bodies, '');
  t.same(vuRowValues(1, 'V', { prepared }), []);
});
