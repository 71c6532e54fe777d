/**
 * `cardHistoryActivities` (core/ports/import-store.ts) on SQLite and PostgreSQL: a card's history in a range with
 * the activity intervals of the days it serves, read together — exactly what `cardHistory` and then `activities` of
 * its served days give, in the same order; another card's days are not read; an unknown card has none. And
 * `cardDataDays`: the days `cardDataDays` (core/fleet/readiness.ts) finds among those activities.
 */
import type { TAP } from 'tap';
import { cardDataDays } from '../core/fleet/readiness.js';
import { buildParsedCard, day, workingDay, type DaySpec } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport, type ClosableStore } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];
const CARD = 'DTEST00000000001';
const OPEN = { from: null, to: null };

/** 03-03 recorded differently by the second download (a conflict the history's merge decides). */
const shortDay = (date: string): DaySpec => ({
  date,
  changes: [
    ['00:00', 'REST'],
    ['08:00', 'DRIVING'],
    ['12:00', 'REST'],
  ],
});

export function cardHistoryActivitiesSuite(t: Tap, name: string, makeStore: () => Promise<ClosableStore>): void {
  t.test(`${name}: a card's history read with the activities of its served days`, async (t) => {
    const store = await makeStore();
    t.teardown(() => store.close());
    const first = newImport(
      buildParsedCard({ card_number: CARD, days: [workingDay('2026-03-02'), workingDay('2026-03-03')] }),
    );
    const second = newImport(
      buildParsedCard({ card_number: CARD, days: [shortDay('2026-03-03'), shortDay('2026-03-04')] }),
    );
    const other = newImport(buildParsedCard({ card_number: 'DTEST00000000002', days: [workingDay('2026-03-03')] }));
    for (const input of [first, second, other]) await store.saveImport(input);

    const all = await store.cardHistoryActivities(CARD, OPEN);
    t.same(
      all.served.map((r) => r.date),
      [day('2026-03-02'), day('2026-03-03'), day('2026-03-04')],
      'three days served',
    );
    t.same(all.conflicts, [day('2026-03-03')], 'the two downloads disagree on 03-03');
    const servedBy = new Map(all.served.map((r) => [r.date, r.import_id]));
    // workingDay: 7 intervals; shortDay: 3; 03-03 comes from one of the two downloads only
    const perDay = (date: number) => (servedBy.get(date) === first.import.import_id ? 7 : 3);
    t.equal(all.activities.length, perDay(day('2026-03-02')) + perDay(day('2026-03-03')) + perDay(day('2026-03-04')));
    t.equal(perDay(day('2026-03-02')) + perDay(day('2026-03-04')), 10, '03-02 from the first, 03-04 from the second');
    t.ok(
      all.activities.every((a) => a.import_id === servedBy.get(a.date)),
      "each interval from its day's import",
    );
    t.ok(
      all.activities.every((a, i) => i === 0 || all.activities[i - 1]!.start <= a.start),
      'in time order',
    );

    for (const range of [
      OPEN,
      { from: day('2026-03-03'), to: day('2026-03-03') },
      { from: day('2026-03-04'), to: null },
    ]) {
      const history = await store.cardHistory(CARD, range);
      const activities = await store.activities(
        history.served.map(({ import_id, date }) => ({ import_id, date })),
        null,
      );
      t.strictSame(
        await store.cardHistoryActivities(CARD, range),
        { ...history, activities: activities.items },
        `the same as cardHistory then activities (${JSON.stringify(range)})`,
      );
    }
    t.strictSame(await store.cardHistoryActivities('DTEST00000000009', OPEN), {
      served: [],
      conflicts: [],
      activities: [],
    });
  });

  t.test(
    `${name}: the served days holding card data, as cardDataDays finds them in the served activities`,
    async (t) => {
      const store = await makeStore();
      t.teardown(() => store.close());
      const out = { inserted: false };
      const days: DaySpec[] = [
        workingDay('2026-03-02'),
        { date: '2026-03-03', changes: [['00:00', 'REST', out]] }, // card out the whole day
        {
          date: '2026-03-04',
          changes: [
            ['00:00', 'REST', out],
            ['09:00', 'WORK', { inserted: false, manual: true }],
          ],
        },
        // card inserted for no time at all, then out
        {
          date: '2026-03-05',
          changes: [
            ['00:00', 'REST', out],
            ['08:00', 'WORK'],
            ['08:00', 'REST', out],
          ],
        },
        {
          date: '2026-03-06',
          changes: [
            ['00:00', 'REST', out],
            ['23:59', 'DRIVING'],
          ],
        },
      ];
      const first = newImport(buildParsedCard({ card_number: CARD, days }));
      // a later download whose 03-06 is card out only: the history serves one of the two (a conflict)
      const second = newImport(
        buildParsedCard({ card_number: CARD, days: [{ date: '2026-03-06', changes: [['00:00', 'REST', out]] }] }),
      );
      const other = newImport(buildParsedCard({ card_number: 'DTEST00000000002', days: [workingDay('2026-03-03')] }));
      for (const input of [first, second, other]) await store.saveImport(input);

      for (const range of [
        OPEN,
        { from: day('2026-03-03'), to: day('2026-03-05') },
        { from: day('2026-03-06'), to: null },
        { from: null, to: day('2026-03-01') },
      ]) {
        const { activities } = await store.cardHistoryActivities(CARD, range);
        const expected = [...cardDataDays(activities)].sort((a, b) => a - b);
        t.strictSame(
          await store.cardDataDays(CARD, range),
          expected,
          `as the activities say (${JSON.stringify(range)})`,
        );
      }
      const all = await store.cardDataDays(CARD, OPEN);
      t.ok(all.includes(day('2026-03-02')) && all.includes(day('2026-03-04')), 'inserted, and entered by hand');
      t.notOk(all.includes(day('2026-03-03')) || all.includes(day('2026-03-05')), 'card out; inserted for no time');
      t.strictSame(await store.cardDataDays('DTEST00000000009', OPEN), [], 'an unknown card has none');
    },
  );
}
