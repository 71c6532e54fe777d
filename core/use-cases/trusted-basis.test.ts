/**
 * Why a left-out import is quarantined, and the last day a trusted operation evaluates (no gap after the data's end,
 * but the days only left-out imports hold are evaluated, as gaps).
 */
import t from 'tap';
import { evaluatedEnd, quarantineReasonOf } from './trusted-basis.js';

t.test('the reason: the quarantining warning first, then an invalid authenticity, else not verified', async (t) => {
  const warning = (code: string) => ({ code, message: '' });
  t.equal(
    quarantineReasonOf({ warnings: [warning('unknown_tag'), warning('damaged_ef')], authenticity: null }),
    'damaged_ef',
  );
  t.equal(
    quarantineReasonOf({ warnings: [warning('unknown_tag')], authenticity: { status: 'INVALID' } as never }),
    'authenticity_invalid',
  );
  t.equal(
    quarantineReasonOf({ warnings: [], authenticity: { status: 'UNVERIFIABLE' } as never }),
    'not_verified',
    'quarantined because verified data is required',
  );
  t.equal(quarantineReasonOf({ warnings: [] }), 'not_verified');
});

t.test('the evaluated end', async (t) => {
  t.equal(evaluatedEnd(30, 20, null), null, 'a range past the data: open there');
  t.equal(evaluatedEnd(20, 20, null), null, 'ending on the last day: open (its download cut the day)');
  t.equal(evaluatedEnd(15, 20, null), 15, 'ending before the data does: kept');
  t.equal(evaluatedEnd(null, 20, null), null);
  t.equal(evaluatedEnd(30, null, null), 30, 'no data at all: kept');
  t.equal(evaluatedEnd(30, 20, 24), 24, 'days only left-out imports hold: up to the last of them');
  t.equal(evaluatedEnd(null, null, 24), 24);
  t.equal(evaluatedEnd(30, 20, 18), null, 'left-out days inside the data: the data decides');
});
