/** The pre-check memo's key: every field of every interval and the rest of the input decide whether it is the same. */
import t from 'tap';
import type { ActivityIntervalRow } from '../domain/rows.js';
import { samePrecheckKey, type PrecheckKey } from './precheck-key.js';

// every field of the row (a field added to ActivityIntervalRow fails to compile here until it is listed)
const interval: ActivityIntervalRow = {
  import_id: 'imp_1',
  card_number: 'DTEST00000000042',
  date: 20_000,
  start: 20_000 * 86_400,
  end: 20_000 * 86_400 + 3_600,
  activity: 'DRIVING',
  duration: 3_600,
  slot: 'DRIVER',
  crew: false,
  card_inserted: true,
  manual_entry: false,
};
const other: ActivityIntervalRow = {
  import_id: 'imp_2',
  card_number: 'DTEST00000000043',
  date: 20_001,
  start: 20_000 * 86_400 + 60,
  end: 20_000 * 86_400 + 3_660,
  activity: 'WORK',
  duration: 3_660,
  slot: 'CO_DRIVER',
  crew: true,
  card_inserted: false,
  manual_entry: true,
};

const keyOf = (intervals: ActivityIntervalRow[], rest: object = { at: null }): PrecheckKey => ({ intervals, rest });

t.test('the same intervals and the same rest: the same key', async (t) => {
  t.ok(samePrecheckKey(keyOf([{ ...interval }, { ...interval }]), keyOf([{ ...interval }, { ...interval }])));
  t.ok(samePrecheckKey(keyOf([]), keyOf([])), 'no intervals');
});

t.test('any one field of any interval differing: another key', async (t) => {
  for (const field of Object.keys(interval) as Array<keyof ActivityIntervalRow>) {
    const changed = { ...interval, [field]: other[field] };
    t.notOk(samePrecheckKey(keyOf([interval, interval]), keyOf([interval, changed])), field);
  }
});

t.test('another count of intervals or another rest: another key', async (t) => {
  t.notOk(samePrecheckKey(keyOf([interval]), keyOf([interval, interval])), 'one interval more');
  t.notOk(samePrecheckKey(keyOf([interval], { at: null }), keyOf([interval], { at: 'x' })), 'another option');
});
