/**
 * Time by country from the card's own position records (pure): border crossings (EF Border_Crossings, gen2v2:
 * the country entered, Annex IC 2.203), places (EF Places, the country where a daily work period began or ended,
 * 2.117 / 2.66) and GNSS positions (EF GNSS_Places, EF Load_Unload_Operations), which carry coordinates but no
 * country (no border data is shipped for reverse geocoding, so their country is read from the records around them).
 *
 * Reading: evidence points with a country (crossings and places) are put in time order; the country at an instant
 * is that of the last point at or before it (before the first point: that of a first place; none before a first
 * crossing, which names only the country entered). A stretch is
 * RECORDED when the points on both sides confirm it (the next point names the same country, or is a border
 * crossing, which records that the country was left only then); it is INFERRED when it is carried past the last
 * point, back before the first, or across a change of country that no crossing records (gen1 cards: the place of
 * the next day's start in another country). Without any point the time has no country (null).
 * Every activity interval is split at the evidence points, so the countries' totals (and the null country's) add
 * up to the recorded time. A day counts for each country in which some of its time lies (`days`), and as a working
 * day where it holds driving, other work or availability there (`working_days`).
 */
import type { ActivityIntervalRow, ActivityTotals, EpochSeconds, PositionRow, UtcDay } from '../domain/rows.js';
import { totalsKeyOf, zeroTotals } from '../overview/time-totals.js';

export interface CountryEvidence {
  source: PositionRow['source'];
  timestamp: EpochSeconds;
  type: string | null;
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
  odometer_km: number | null;
  /** the country was read from the records around it (GNSS positions, loads) */
  inferred: boolean;
}

export interface CountryTime {
  /** null: time no record places */
  country_code: string | null;
  totals: ActivityTotals;
  total_s: number;
  /** seconds of total_s resting on inference */
  inferred_s: number;
  days: UtcDay[];
  working_days: UtcDay[];
  evidence: CountryEvidence[];
  /** load / unload operations in this country (cabotage evidence) */
  operations: CountryEvidence[];
}

export interface TimeByCountry {
  countries: CountryTime[];
  /** total of every interval: equals the sum of the countries' total_s */
  recorded_s: number;
}

interface Point {
  t: EpochSeconds;
  country: string;
  crossing: boolean;
  row: PositionRow;
}

function pointsOf(positions: readonly PositionRow[]): Point[] {
  return positions
    .filter(
      (p) =>
        p.timestamp !== null && p.country_code !== null && (p.source === 'BORDER_CROSSING' || p.source === 'PLACE'),
    )
    .map((p) => ({ t: p.timestamp!, country: p.country_code!, crossing: p.source === 'BORDER_CROSSING', row: p }))
    .sort((a, b) => a.t - b.t);
}

/** The country at instant x and whether the records on both sides confirm it. */
function countryAt(points: readonly Point[], x: EpochSeconds): { country: string | null; inferred: boolean } {
  if (points.length === 0) return { country: null, inferred: false };
  let i = -1;
  for (let k = 0; k < points.length && points[k]!.t <= x; k++) i = k;
  // before the first record: the country of a first place carried back; a first crossing names only the country
  // entered, so the time before it has no country
  if (i < 0)
    return points[0]!.crossing ? { country: null, inferred: false } : { country: points[0]!.country, inferred: true };
  const prev = points[i]!;
  const next = points[i + 1];
  const confirmed = next !== undefined && (next.country === prev.country || next.crossing);
  return { country: prev.country, inferred: !confirmed };
}

function emptyCountry(country: string | null): CountryTime {
  return {
    country_code: country,
    totals: zeroTotals(),
    total_s: 0,
    inferred_s: 0,
    days: [],
    working_days: [],
    evidence: [],
    operations: [],
  };
}

function evidenceOf(row: PositionRow, inferred: boolean): CountryEvidence {
  return {
    source: row.source,
    timestamp: row.timestamp!,
    type: row.type,
    country_code: row.country_code,
    latitude: row.latitude,
    longitude: row.longitude,
    odometer_km: row.odometer_km,
    inferred,
  };
}

/** The pieces of an interval between the evidence points inside it (an interval of no or negative length: one piece). */
function pieces(row: ActivityIntervalRow, points: readonly Point[]): Array<[EpochSeconds, number]> {
  if (row.end <= row.start) return [[row.start, row.duration]];
  const cuts = points.map((p) => p.t).filter((t) => t > row.start && t < row.end);
  const bounds = [row.start, ...new Set(cuts), row.end];
  const out: Array<[EpochSeconds, number]> = [];
  for (let i = 1; i < bounds.length; i++) out.push([bounds[i - 1]!, bounds[i]! - bounds[i - 1]!]);
  return out;
}

const WORKING = new Set(['DRIVING', 'WORK', 'AVAILABILITY']);

/**
 * Time, days and evidence per country (see the header); countries by code, the null country last. Positions may
 * reach back before `periodStart` (to know where the period starts); of those only the last country record is
 * listed as evidence.
 */
export function timeByCountry(
  intervals: readonly ActivityIntervalRow[],
  positions: readonly PositionRow[],
  periodStart: EpochSeconds | null = null,
): TimeByCountry {
  const points = pointsOf(positions);
  const byCountry = new Map<string | null, CountryTime>();
  const entry = (c: string | null) => byCountry.get(c) ?? byCountry.set(c, emptyCountry(c)).get(c)!;
  const days = new Map<string | null, Set<UtcDay>>();
  const working = new Map<string | null, Set<UtcDay>>();
  let recorded = 0;
  for (const row of intervals) {
    recorded += row.duration;
    const key = totalsKeyOf(row);
    for (const [start, seconds] of pieces(row, points)) {
      const at = countryAt(points, start);
      const c = entry(at.country);
      c.totals[key] += seconds;
      c.total_s += seconds;
      if (at.inferred && at.country !== null) c.inferred_s += seconds;
      if (seconds <= 0) continue;
      (days.get(at.country) ?? days.set(at.country, new Set()).get(at.country)!).add(row.date);
      if (WORKING.has(key))
        (working.get(at.country) ?? working.set(at.country, new Set()).get(at.country)!).add(row.date);
    }
  }
  // records before the period: only the last one, which the period's first hours rest on
  const from = periodStart ?? -Infinity;
  const lastBefore = points.filter((p) => p.t < from).pop();
  for (const p of points) if (p.t >= from || p === lastBefore) entry(p.country).evidence.push(evidenceOf(p.row, false));
  for (const row of positions) {
    if (row.timestamp === null || row.timestamp < from || row.source === 'BORDER_CROSSING' || row.source === 'PLACE')
      continue;
    const at = countryAt(points, row.timestamp);
    const item = evidenceOf(row, true);
    const c = entry(at.country);
    (row.source === 'LOAD_UNLOAD' ? c.operations : c.evidence).push(item);
  }
  for (const c of byCountry.values()) {
    c.days = [...(days.get(c.country_code) ?? [])].sort((a, b) => a - b);
    c.working_days = [...(working.get(c.country_code) ?? [])].sort((a, b) => a - b);
    c.evidence.sort((a, b) => a.timestamp - b.timestamp);
    c.operations.sort((a, b) => a.timestamp - b.timestamp);
  }
  const countries = [...byCountry.values()].sort((a, b) =>
    a.country_code === null ? 1 : b.country_code === null ? -1 : a.country_code.localeCompare(b.country_code),
  );
  return { countries, recorded_s: recorded };
}
