/**
 * Day overviews: the very same activity interval rows as the activities endpoint, grouped by their `date`
 * (the UTC day of the card's daily record). Not separate evidence records.
 *
 * Vehicles of a day (rule): a vehicle-used record is listed for a day when its use period
 * [first_use, last_use] (last_use null = still in use) overlaps that UTC day AND at least one DRIVING interval
 * of that day overlaps the use period, i.e. the vehicles actually driven that day. A vehicle only
 * worked in (no driving) is not listed. Registrations are listed once, in order of first use.
 */
import type {
  ActivityIntervalRow,
  DayDistanceRow,
  UtcDay,
  VehicleRegistration,
  VehicleUsedRow,
} from '../domain/rows.js';
import { DAY_SECONDS, dayStart as startOfDay } from '../time.js';
import { timeTotals, type ActivityTotals } from './time-totals.js';

export interface OverviewInput {
  card_number: string | null;
  intervals: readonly ActivityIntervalRow[];
  day_distances: readonly DayDistanceRow[];
  vehicles_used: readonly VehicleUsedRow[];
}

export interface DayOverview {
  date: UtcDay;
  card_number: string | null;
  intervals: ActivityIntervalRow[];
  totals: ActivityTotals;
  distance_km: number;
  vehicles: VehicleRegistration[];
}

/** Rows grouped by date, each group ordered by start. */
export function groupByDate(intervals: readonly ActivityIntervalRow[]): Map<UtcDay, ActivityIntervalRow[]> {
  const byDate = new Map<UtcDay, ActivityIntervalRow[]>();
  for (const row of intervals) {
    const list = byDate.get(row.date);
    if (list) list.push(row);
    else byDate.set(row.date, [row]);
  }
  for (const list of byDate.values()) list.sort((a, b) => a.start - b.start);
  return byDate;
}

function vehiclesDriven(
  date: UtcDay,
  rows: readonly ActivityIntervalRow[],
  vehicles: readonly VehicleUsedRow[],
): VehicleRegistration[] {
  const dayStart = startOfDay(date);
  const dayEnd = dayStart + DAY_SECONDS;
  const driving = rows
    .filter((r) => r.activity === 'DRIVING' && (r.card_inserted || r.manual_entry))
    .map((r) => [r.start, r.end] as const);
  const seen = new Set<string>();
  const out: VehicleRegistration[] = [];
  const ordered = [...vehicles].sort((a, b) => (a.first_use ?? 0) - (b.first_use ?? 0));
  for (const v of ordered) {
    if (v.first_use === null) continue;
    const from = Math.max(v.first_use, dayStart);
    const to = Math.min(v.last_use === null ? Infinity : v.last_use, dayEnd);
    if (!(from < to)) continue;
    if (!driving.some(([s, e]) => s < to && e > from)) continue;
    const key = `${v.registration.nation ?? ''}|${v.registration.number ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ nation: v.registration.nation, number: v.registration.number });
  }
  return out;
}

/** One day object per requested date (dates without data give empty intervals and zero totals). */
export function buildDayOverviews(input: OverviewInput, dates: readonly UtcDay[]): DayOverview[] {
  const byDate = groupByDate(input.intervals);
  const distance = new Map<UtcDay, number>();
  for (const d of input.day_distances) distance.set(d.date, (distance.get(d.date) ?? 0) + d.distance_km);
  return dates.map((date) => {
    const rows = byDate.get(date) ?? [];
    return {
      date,
      card_number: input.card_number,
      intervals: rows,
      totals: timeTotals(rows),
      distance_km: distance.get(date) ?? 0,
      vehicles: vehiclesDriven(date, rows, input.vehicles_used),
    };
  });
}
