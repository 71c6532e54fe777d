/** Roadside readiness with hand-computed day sets. */
import t from 'tap';
import { cardDataDays, readinessOf, readinessWindow } from './readiness.js';

const AT = 20_522; // 2026-03-10
const set = (...days: number[]) => new Set(days);

t.test('the window is the day at and the 56 days before it', async (t) => {
  t.same(readinessWindow(AT), { from: AT - 56, to: AT });
});

t.test('missing days: no record, card-out only, covered by another record', async (t) => {
  const cardData = new Set<number>();
  for (let d = AT - 56; d <= AT - 3; d++) cardData.add(d); // every day but the last three …
  cardData.delete(AT - 30); // … and one in the middle
  cardData.delete(AT - 56); // … and the first day of the window
  const recorded = set(...cardData, AT - 30, AT - 2); // AT−30 and AT−2 recorded card-out only
  const r = readinessOf(AT, recorded, cardData, set(AT - 56, AT - 100));
  t.same(r.missing, [
    { date: AT - 30, reason: 'card_out' },
    { date: AT - 2, reason: 'card_out' },
    { date: AT - 1, reason: 'no_record' },
    { date: AT, reason: 'no_record' },
  ]);
  t.equal(r.days, 57);
  t.equal(r.card_days, 57 - 2 - 3);
  t.equal(r.otherwise_covered_days, 1, 'AT−56 by an annotation; AT−100 lies outside');
});

t.test('a day before the window never counts; an empty card misses all 57', async (t) => {
  t.equal(readinessOf(AT, set(AT - 57), set(AT - 57), set()).missing.length, 57);
});

t.test('card data: an inserted or manually entered interval of positive length', async (t) => {
  const row = (date: number, card_inserted: boolean, manual_entry: boolean, duration = 60) => ({
    date,
    card_inserted,
    manual_entry,
    duration,
  });
  t.same(
    [...cardDataDays([row(1, true, false), row(2, false, false), row(3, false, true), row(4, true, false, 0)])],
    [1, 3],
  );
});
