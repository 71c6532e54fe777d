/**
 * Round trip: seeded random scenarios of all three generations → encoder → decodeDdd → toParsedCard must give
 * the rows computed from the scenario (intervals, events, faults, vehicles, positions, day distances, metadata).
 */
import t from 'tap';
import { decodeDddBytes } from '../core/decoder/index.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { describeEventFault } from '../core/decoder/tables/event-fault-types.js';
import { sortRows } from '../fixtures/encoder/canonical.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { expectedRows } from '../fixtures/encoder/expected.js';
import { dayDistanceToResponse } from '../adapters/http/mappers.js';
import { randomScenario } from '../fixtures/scenarios/random.js';
import { actualOf } from './compare.js';

/** JSON with object keys sorted, so that key order does not count as a difference */
function stable(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );
}

const CASES = Number(process.env.ROUNDTRIP_CASES ?? 120);

t.test(`${CASES} random scenarios decode to their own rows`, async (t) => {
  const seen = new Set<string>();
  let failures = 0;
  for (let seed = 1; seed <= CASES && failures < 5; seed++) {
    const s = randomScenario(seed * 7919);
    seen.add(s.generation);
    const bytes = encodeCard(s);
    const e = expectedRows(s, describeEventFault);
    const parsed = toParsedCard(decodeDddBytes(bytes));
    const a = actualOf(parsed);
    const expected = {
      import: { ...e.import, import_id: null },
      activities: sortRows(e.activities),
      events: sortRows(e.events),
      faults: sortRows(e.faults),
      vehicles_used: sortRows(e.vehicles_used),
      positions: sortRows(e.positions),
      day_distances: sortRows(e.day_distances),
    };
    const actual = { ...a, day_distances: sortRows(parsed.day_distances.map(dayDistanceToResponse)) };
    // one assertion per case keeps the output short; on a mismatch, show the first differing part
    const part = (Object.keys(expected) as (keyof typeof expected)[]).find(
      (k) => stable(actual[k]) !== stable(expected[k]),
    );
    if (part) {
      failures++;
      t.same(actual[part], expected[part], `seed ${seed * 7919} (${s.generation}): ${part}`);
    } else {
      t.pass(`seed ${seed * 7919} (${s.generation})`);
    }
  }
  t.same([...seen].sort(), ['GEN1', 'GEN2', 'GEN2V2'], 'all generations covered');
});
