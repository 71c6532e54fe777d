/**
 * Test helper: builds card-like activity rows from a compact timeline, split at 00:00 UTC like the card's
 * daily records. Not used by production code.
 *
 *   timeline('2026-03-02T06:00Z', [['DRIVING', '4h30'], ['REST', '45m'], ['DRIVING', '2h', { crew: true }]])
 *
 * Activities: DRIVING, WORK, AVAILABILITY, REST, UNKNOWN (card not inserted, no manual entry), MANUAL_REST /
 * MANUAL_WORK (entered by hand), and SKIP (no row at all: time absent from the data).
 */
import type { Activity, ActivityIntervalRow } from '../../domain/rows.js';
import type { PrecheckInput } from '../types.js';

export type Step = [string, string] | [string, string, { crew?: boolean; slot?: 'DRIVER' | 'CO_DRIVER' }];

/** '4h30' | '45m' | '11h' | '2d' | '1d3h' -> seconds */
export function dur(text: string): number {
  const re = /(\d+(?:\.\d+)?)(d|h|m|s)?/g;
  let total = 0;
  let m: RegExpExecArray | null;
  let lastUnit = '';
  while ((m = re.exec(text))) {
    const n = Number(m[1]);
    const unit = m[2] ?? (lastUnit === 'h' ? 'm' : 'h');
    lastUnit = unit;
    total += n * (unit === 'd' ? 86400 : unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
  }
  return Math.round(total);
}

export function timeline(start: string, steps: readonly Step[]): ActivityIntervalRow[] {
  let t = Math.floor(Date.parse(start.length === 17 ? start.replace('Z', ':00Z') : start) / 1000);
  const rows: ActivityIntervalRow[] = [];
  for (const [what, length, opts] of steps) {
    const end = t + dur(length);
    if (what !== 'SKIP') {
      const manual = what.startsWith('MANUAL_');
      const unknown = what === 'UNKNOWN';
      const activity = (unknown ? 'REST' : manual ? what.slice(7) : what) as Activity;
      for (let s = t; s < end;) {
        const e = Math.min(end, (Math.floor(s / 86400) + 1) * 86400);
        rows.push({
          import_id: 'imp-1',
          card_number: 'DTEST00000000001',
          date: Math.floor(s / 86400),
          start: s,
          end: e,
          activity,
          duration: e - s,
          slot: opts?.slot ?? 'DRIVER',
          crew: opts?.crew ?? false,
          card_inserted: !unknown && !manual,
          manual_entry: manual,
        });
        s = e;
      }
    }
    t = end;
  }
  return rows;
}

/** A PrecheckInput over the rows, basis = the rows themselves. */
export function input(intervals: ActivityIntervalRow[], extra: Partial<PrecheckInput> = {}): PrecheckInput {
  return {
    card_number: 'DTEST00000000001',
    surname: 'Muster',
    first_names: 'Max',
    import_ids: ['imp-1'],
    date_from: null,
    date_to: null,
    intervals,
    ...extra,
  };
}

/** A typical compliant working day: 06:00 start, 4h30 drive, 45 min break, 4h drive, work, then rest to next 06:00. */
export function standardDay(): Step[] {
  return [
    ['WORK', '30m'],
    ['DRIVING', '4h30'],
    ['REST', '45m'],
    ['DRIVING', '4h'],
    ['WORK', '30m'],
    ['REST', '13h45'],
  ];
}

/** A 13 h shift with 6 h driving (W1h, D4h, R45m, D2h, W5h15) — compliant on its own. */
export function shift13(): Step[] {
  return [
    ['WORK', '1h'],
    ['DRIVING', '4h'],
    ['REST', '45m'],
    ['DRIVING', '2h'],
    ['WORK', '5h15'],
  ];
}

/** n shifts of 13 h separated by 11 h rests, the last followed by a rest of `lastRest`. */
export function block(n: number, lastRest: string): Step[] {
  const out: Step[] = [];
  for (let k = 0; k < n; k++) {
    out.push(...shift13());
    out.push(['REST', k === n - 1 ? lastRest : '11h']);
  }
  return out;
}
