/**
 * Bench: the EU 561 pre-check over one year of a synthetic driver's card activity (~18,000 interval rows:
 * mixed work, driving, breaks, split breaks, reduced rests, a few card-out nights and weekends), median of 25
 * runs against the 50 ms target, next to a baseline measured in the same run (one pass summing the rows'
 * durations per activity) as a ratio. Then the parts that grew the pre-check, each measured alone on the same year so
 * a regression of one shows: the week-spanning weekly-rest assignment (Art. 8(9)), the Mobility Package windows
 * (rest places and Art. 8(8a) return home) and the working-time rules (Directive 2002/15/EC), and the whole
 * pre-check with the rest places, as the service runs it.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Activity, ActivityIntervalRow } from '../../core/domain/rows.js';
import { runPrecheck } from '../../core/eu561/precheck.js';
import type { CountryRecord, PrecheckInput } from '../../core/eu561/types.js';
import { timelineOf } from '../../core/eu561/precheck.js';
import { periodsOf } from '../../core/eu561/timeline.js';
import { analyse } from '../../core/eu561/shifts.js';
import { restPlacesOf } from '../../core/eu561/rest-places.js';
import { returnHome } from '../../core/eu561/rules/mobility-package.js';
import { assignWeeklyRests } from '../../core/eu561/rules/weekly-rest-assignment.js';
import { sixDayPeriods } from '../../core/eu561/rules/weekly-rest.js';
import { runWorkingTime } from '../../core/wtd/working-time.js';

const TARGET_MS = 50;
const RUNS = 25;

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticYear(seed = 561): ActivityIntervalRow[] {
  const rand = rng(seed);
  const rows: ActivityIntervalRow[] = [];
  const push = (start: number, end: number, activity: Activity, known = true, crew = false) => {
    for (let s = start; s < end;) {
      const e = Math.min(end, (Math.floor(s / 86400) + 1) * 86400);
      rows.push({
        import_id: 'bench',
        card_number: 'DBENCH0000000001',
        date: Math.floor(s / 86400),
        start: s,
        end: e,
        activity,
        duration: e - s,
        slot: 'DRIVER',
        crew,
        card_inserted: known,
        manual_entry: false,
      });
      s = e;
    }
  };
  let t = Date.parse('2025-01-06T05:00:00Z') / 1000; // a Monday
  const end = t + 365 * 86400;
  let day = 0;
  while (t < end) {
    const weekday = day % 7;
    if (weekday >= 5) {
      // weekend: rest, or card out for the weekend now and then
      const len = (weekday === 5 ? 2 : 1) * 86400;
      push(t, t + len, 'REST', rand() > 0.1);
      t += len;
      day += weekday === 5 ? 2 : 1;
      continue;
    }
    const crew = rand() < 0.1;
    // a working day: ~24 short activity changes (loading, short stops, driving legs), ~12-13 h duty
    let driving = 0;
    let sinceBreak = 0;
    const dutyEnd = t + (12 + rand() * 1.5) * 3600;
    while (t < dutyEnd) {
      const r = rand();
      if (sinceBreak >= 4 * 3600) {
        const len = rand() < 0.3 ? 15 * 60 : 45 * 60;
        push(t, t + len, 'REST');
        t += len;
        if (len >= 45 * 60) sinceBreak = 0;
      } else if (r < 0.5 && driving < 9 * 3600) {
        const len = Math.min(Math.floor((5 + rand() * 25) * 60), 4.5 * 3600 - sinceBreak);
        push(t, t + len, 'DRIVING', true, crew);
        t += len;
        driving += len;
        sinceBreak += len;
      } else if (r < 0.85) {
        const len = Math.floor((1 + rand() * 8) * 60);
        push(t, t + len, 'WORK', true, crew);
        t += len;
      } else {
        const len = Math.floor((1 + rand() * 5) * 60);
        push(t, t + len, 'AVAILABILITY', true, crew);
        t += len;
      }
    }
    const rest = (rand() < 0.2 ? 9.5 : 11) * 3600;
    const nextStart = Math.max(t + rest, (Math.floor(t / 86400) + 1) * 86400 + 5 * 3600);
    push(t, nextStart, 'REST', rand() > 0.05); // card withdrawn overnight now and then
    t = nextStart;
    day += 1;
  }
  return rows;
}

/** Country records every third day, abroad now and then: the rest places the Mobility Package rules read. */
export function syntheticPlaces(intervals: readonly { start: number }[]): CountryRecord[] {
  const first = intervals[0]?.start ?? 0;
  const records: CountryRecord[] = [];
  for (let day = 0; day < 365; day += 3) {
    records.push({ at: first + day * 86400, country: day % 9 === 0 ? 'FR' : 'DE', source: 'PLACE', type: 'BEGIN' });
  }
  return records;
}

/** Median milliseconds of `runs` calls of `f` after one warm-up call. */
export function medianMs(f: () => unknown, runs: number): number {
  f();
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** The parts of the pre-check measured alone (header), in ms, on `input` (with rest places). */
export function precheckParts(input: PrecheckInput, runs: number): Record<string, number> {
  const { t0 } = timelineOf(input);
  const a = analyse(periodsOf(t0, 'rest'), t0.knownStart!, t0.knownEnd!);
  const missed = sixDayPeriods(a);
  const places = input.rest_places!;
  return {
    'pre-check with rest places': medianMs(() => runPrecheck(input), runs),
    'week-spanning assignment': medianMs(() => assignWeeklyRests(a, missed), runs),
    'Mobility Package windows': medianMs(() => returnHome(a, restPlacesOf(a, places, input.intervals)), runs),
    'working-time rules': medianMs(() => runWorkingTime(input), runs),
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export async function benchEu561(): Promise<void> {
  const intervals = syntheticYear();
  const input: PrecheckInput = {
    card_number: 'DBENCH0000000001',
    surname: 'Bench',
    first_names: 'Synthetic',
    import_ids: ['bench'],
    date_from: null,
    date_to: null,
    intervals,
  };
  runPrecheck(input); // warm-up
  const times: number[] = [];
  const baseline: number[] = [];
  let sink = 0;
  for (let k = 0; k < RUNS; k++) {
    let t0 = performance.now();
    const r = runPrecheck(input);
    times.push(performance.now() - t0);
    sink += r.violations.length;
    t0 = performance.now();
    const sums: Record<string, number> = {};
    for (const row of intervals) sums[row.activity] = (sums[row.activity] ?? 0) + row.duration;
    baseline.push(performance.now() - t0);
    sink += sums.DRIVING ?? 0;
  }
  const result = runPrecheck(input);
  const ms = median(times);
  const base = median(baseline);
  const byStatus = result.violations.reduce<Record<string, number>>(
    (m, v) => ((m[v.status] = (m[v.status] ?? 0) + 1), m),
    {},
  );
  console.log(`eu561 pre-check: ${intervals.length} intervals (1 year), median of ${RUNS} runs`);
  console.log(`  pre-check  ${ms.toFixed(2)} ms   (target ${TARGET_MS} ms: ${ms <= TARGET_MS ? 'met' : 'MISSED'})`);
  console.log(`  baseline   ${base.toFixed(3)} ms   (one pass summing durations)`);
  console.log(`  ratio      ${(ms / base).toFixed(1)} x baseline`);
  console.log(
    `  findings   ${JSON.stringify(byStatus)}, data gaps ${result.data_gaps.length} (checksum ${sink % 997})`,
  );
  const home = { establishment: 'DE', residence: 'DE' };
  const parts = precheckParts(
    { ...input, rest_places: { home, places: [], records: syntheticPlaces(intervals) } },
    RUNS,
  );
  console.log(`  parts, each alone, median of ${RUNS} runs (ratio to the same-run baseline):`);
  for (const [part, partMs] of Object.entries(parts)) {
    console.log(
      `    ${part.padEnd(28)} ${partMs.toFixed(2).padStart(8)} ms   ${(partMs / base).toFixed(0)} x baseline`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchEu561();
}
