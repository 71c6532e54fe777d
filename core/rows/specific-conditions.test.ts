/** specificConditionRows: type codes of 2.154 per generation, empty and RFU records skipped, time order. */
import t from 'tap';
import type { DecodedCard, SpecificConditionRecord } from '../domain/card.js';
import { specificConditionRows } from './specific-conditions.js';

const rec = (index: number, entryTime: number | null, type: number): SpecificConditionRecord => ({
  index,
  entryTime,
  type,
  empty: entryTime === null && type === 0,
});
const cardOf = (gen1: SpecificConditionRecord[] | null, gen2: SpecificConditionRecord[] | null) =>
  ({
    gen1: gen1 && { specificConditions: { conditionPointerNewestRecord: null, records: gen1 } },
    gen2: gen2 && { specificConditions: { conditionPointerNewestRecord: 0, records: gen2 } },
  }) as unknown as DecodedCard;

t.test('generation 2: begin and end of both conditions, in time order; RFU and empty skipped', async (t) => {
  const rows = specificConditionRows(
    cardOf(
      [rec(0, 500, 3)],
      [rec(0, 300, 4), rec(1, 100, 3), rec(2, null, 0), rec(3, 400, 1), rec(4, 450, 2), rec(5, 460, 5), rec(6, 470, 0)],
    ),
    'C1',
  );
  t.same(
    rows.map((r) => [r.at, r.condition]),
    [
      [100, 'FERRY_TRAIN_BEGIN'],
      [300, 'FERRY_TRAIN_END'],
      [400, 'OUT_OF_SCOPE_BEGIN'],
      [450, 'OUT_OF_SCOPE_END'],
    ],
    'the G2 application wins over gen1 (its 500 crossing is not read)',
  );
  t.equal(rows[0]!.card_number, 'C1');
});

t.test("generation 1: '03'H is the crossing (its begin), '04'H is RFU", async (t) => {
  const rows = specificConditionRows(cardOf([rec(0, 100, 3), rec(1, 200, 4), rec(2, 300, 1)], null), null);
  t.same(
    rows.map((r) => [r.at, r.condition]),
    [
      [100, 'FERRY_TRAIN_BEGIN'],
      [300, 'OUT_OF_SCOPE_BEGIN'],
    ],
  );
});
