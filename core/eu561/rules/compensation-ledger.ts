/**
 * The compensation ledger of reduced weekly rests (Art. 8(6) second subparagraph, 8(7)), one debt at a time, as
 * an immutable value so that ./weekly-rest-assignment.ts can carry it in its search states.
 *
 * Readings (favourable to the driver where the text allows):
 * - the compensation owed is 45 h minus the reduced rest's length;
 * - a later continuous rest (ending by the deadline) compensates when what it holds beyond its own base covers
 *   the debt: base 45 h for a rest of 45 h or more (a regular weekly rest plus the compensation), else base 9 h
 *   (a daily rest plus the compensation: "attached to another rest period of at least nine hours"). Debts are
 *   paid in time order, each by the first rest that can; one rest may pay several while its surplus lasts. A
 *   rest used to pay a debt is not itself asked for compensation.
 * - a rest still running at the end of the data never pays (its end is unknown).
 */
import type { RestPeriod } from '../shifts.js';
import { LIMITS } from '../ruleset.js';

/** index in the analysis' rests -> surplus already taken and whether it paid a debt (absent: untouched) */
export type Ledger = ReadonlyMap<number, { taken: number; used: boolean }>;

export const EMPTY_LEDGER: Ledger = new Map();

function surplusOf(r: RestPeriod): number {
  const base = r.duration >= LIMITS.regularWeeklyRest ? LIMITS.regularWeeklyRest : LIMITS.reducedDailyRest;
  return Math.max(0, r.duration - base);
}

/**
 * The debt of the reduced rest rests[k] due by `deadline`: null when that rest already paid an earlier debt
 * (it owes none), else whether it is paid and the ledger after it.
 */
export function payDebt(
  rests: readonly RestPeriod[],
  k: number,
  deadline: number,
  ledger: Ledger,
): { owed: number; paid: boolean; ledger: Ledger } | null {
  if (ledger.get(k)?.used) return null;
  const reduced = rests[k]!;
  const owed = LIMITS.regularWeeklyRest - reduced.duration;
  for (let q = k + 1; q < rests.length && rests[q]!.end <= deadline; q++) {
    const r = rests[q]!;
    const taken = ledger.get(q)?.taken ?? 0;
    if (r.rightOpen || surplusOf(r) - taken < owed) continue;
    const next = new Map(ledger);
    next.set(q, { taken: taken + owed, used: true });
    return { owed, paid: true, ledger: next };
  }
  return { owed, paid: false, ledger };
}

/** The ledger without the rests starting before `from` (no later debt can use them), and its text key. */
export function ledgerAhead(
  rests: readonly RestPeriod[],
  ledger: Ledger,
  from: number,
): { ledger: Ledger; key: string } {
  const kept = new Map<number, { taken: number; used: boolean }>();
  const parts: string[] = [];
  for (const [q, e] of [...ledger].sort((x, y) => x[0] - y[0])) {
    if (rests[q]!.start < from) continue;
    kept.set(q, e);
    parts.push(`${q}:${e.taken}`);
  }
  return { ledger: kept, key: parts.join(' ') };
}
