/**
 * The Vehicles view's pure parts (tested): the vehicles from VU downloads as rows and their due states, the
 * filters the today counts open, and a vehicle's day/week timeline of both slots — per slot a lane of the
 * activities the VU recorded (driving with no card in the slot marked apart), a lane of the cards in the slot
 * (by holder name), and a lane of overspeeding — laid out in percent of a window of local days of the page's zone.
 */
import { hoursMinutes } from '../../vocabulary/durations.js';
import {
  formatLocalClock,
  formatLocalDateTime,
  localDateOf,
  localDayWindow,
  localParts,
} from '../../vocabulary/local-time.js';
import {
  DUE_WORDS,
  holderName,
  NO_CARD,
  OVERSPEEDING,
  SLOT_NAMES,
  VU_ACTIVITY_NAMES,
  WITHOUT_CARD,
} from '../../vocabulary/vehicle-words.js';

export type VuSlot = keyof typeof SLOT_NAMES;

/** A row of GET /vehicle-units (the fields the view reads; a service without them leaves them undefined). */
export interface VehicleUnitJson {
  vin: string;
  registration: { nation: string | null; number: string | null } | null;
  vu?: { manufacturer_name: string | null; serial_number: number | null } | null;
  /** the newest download: the VU's clock at it and its authenticity verdict (null: not checked) */
  newest_download?: { downloaded_at: string | null; authenticity: string | null } | null;
  download_due?: string | null;
  download_overdue?: boolean;
  next_calibration_date?: string | null;
  calibration_overdue?: boolean;
  calibration_due_soon?: boolean;
}

export interface VuActivityJson {
  vin: string | null;
  slot: VuSlot;
  start: string;
  end: string;
  activity: string;
  duration: number;
  card_inserted: boolean;
  card_number: string | null;
}

export interface CardInsertionJson {
  card_number: string | null;
  holder: { surname: string | null; first_names: string | null } | null;
}

/** An interval of GET /vehicle-units/driving-without-card: the analysis that also measures its distance. */
export interface WithoutCardJson {
  slot: VuSlot;
  start: string;
  end: string;
  distance_km: number | null;
}

export interface OverspeedingJson {
  start: string | null;
  end: string | null;
  max_speed_kmh: number;
  card_number: string | null;
}

/** The lists the today counts open in the Vehicles view. */
export const VEHICLE_FILTERS = ['all', 'download_overdue', 'calibration_due', 'without_card'] as const;
export type VehicleFilter = (typeof VEHICLE_FILTERS)[number];

export const VEHICLE_FILTER_TITLES: Record<VehicleFilter, string> = {
  all: 'All vehicles with a vehicle-unit download',
  download_overdue: 'Vehicles whose vehicle-unit download is overdue',
  calibration_due: 'Vehicles whose calibration is due within 30 days or overdue',
  without_card: 'Vehicles driven without a card in the last 4 weeks',
};

/** The vehicles of a filter; `withoutCard`: the VINs driven without a card in the last 4 weeks. */
export function filterVehicles(
  rows: readonly VehicleUnitJson[],
  filter: VehicleFilter,
  withoutCard: ReadonlySet<string>,
): VehicleUnitJson[] {
  if (filter === 'download_overdue') return rows.filter((r) => r.download_overdue === true);
  if (filter === 'calibration_due') return rows.filter((r) => r.calibration_overdue || r.calibration_due_soon);
  if (filter === 'without_card') return rows.filter((r) => withoutCard.has(r.vin));
  return [...rows];
}

/** The download's due state in words, null when nothing is due. */
export function downloadFlag(r: VehicleUnitJson): string | null {
  return r.download_overdue ? DUE_WORDS.download_overdue : null;
}

/** The calibration's due state in words (overdue, or due within 30 days), null when nothing is due. */
export function calibrationFlag(r: VehicleUnitJson): string | null {
  if (r.calibration_overdue) return DUE_WORDS.calibration_overdue;
  return r.calibration_due_soon ? DUE_WORDS.calibration_due_soon : null;
}

export function authenticityOf(r: VehicleUnitJson): string {
  return r.newest_download?.authenticity ?? 'not checked';
}

export type Span = 'day' | 'week';

/** The local dates of the window around `date`: the day itself, or its week (Monday to Sunday). */
export function windowDates(date: string, span: Span): string[] {
  const ms = Date.parse(`${date}T00:00:00Z`);
  const monday = span === 'day' ? ms : ms - ((new Date(ms).getUTCDay() + 6) % 7) * 86_400_000;
  const n = span === 'day' ? 1 : 7;
  return Array.from({ length: n }, (_, i) => new Date(monday + i * 86_400_000).toISOString().slice(0, 10));
}

/** The date a step back or forward shows (a day or a week). */
export function stepDate(date: string, span: Span, direction: -1 | 1): string {
  const days = span === 'day' ? 1 : 7;
  return new Date(Date.parse(`${date}T00:00:00Z`) + direction * days * 86_400_000).toISOString().slice(0, 10);
}

/** The UTC dates to ask the service for: the window's local days touch the UTC day before and after. */
export function queryDates(dates: readonly string[]): { date_from: string; date_to: string } {
  return { date_from: stepDate(dates[0]!, 'day', -1), date_to: stepDate(dates[dates.length - 1]!, 'day', 1) };
}

export interface TimelineBand {
  kind: 'activity' | 'without-card' | 'card' | 'no-card' | 'overspeeding';
  activity?: string;
  left: number;
  width: number;
  label: string;
}

export interface TimelineLane {
  key: string;
  title: string;
  bands: TimelineBand[];
}

interface Window {
  startMs: number;
  endMs: number;
  zone: string;
}

function span(w: Window, startIso: string, endIso: string): { left: number; width: number } | null {
  const from = Math.max(Date.parse(startIso), w.startMs);
  const to = Math.min(Date.parse(endIso), w.endMs);
  if (!(to > from)) return null;
  const total = w.endMs - w.startMs;
  return { left: ((from - w.startMs) / total) * 100, width: Math.max(((to - from) / total) * 100, 0.3) };
}

const when = (w: Window, start: string, end: string) =>
  `${formatLocalDateTime(start, w.zone)}–${formatLocalClock(end, w.zone)}`;

/**
 * The distance of the analysis's interval holding a row driven without a card: its km, the whole drive's when the
 * interval runs past the row (across midnight), "distance not known" when no readings bound it; nothing when the
 * analysis lists no such interval.
 */
function distanceText(w: Window, r: VuActivityJson, intervals: readonly WithoutCardJson[]): string {
  const [start, end] = [Date.parse(r.start), Date.parse(r.end)];
  const i = intervals.find((x) => x.slot === r.slot && Date.parse(x.start) <= start && Date.parse(x.end) >= end);
  if (i === undefined) return '';
  if (i.distance_km === null) return ', distance not known';
  const whole = Date.parse(i.start) === start && Date.parse(i.end) === end;
  return whole ? `, ${i.distance_km} km` : `, ${i.distance_km} km over the drive ${when(w, i.start, i.end)}`;
}

function activityLane(
  w: Window,
  slot: VuSlot,
  rows: readonly VuActivityJson[],
  names: Map<string, string>,
  withoutCard: readonly WithoutCardJson[],
) {
  const bands: TimelineBand[] = [];
  for (const r of rows) {
    const at = span(w, r.start, r.end);
    if (at === null) continue;
    const without = r.activity === 'DRIVING' && !r.card_inserted;
    const name = VU_ACTIVITY_NAMES[r.activity as keyof typeof VU_ACTIVITY_NAMES] ?? r.activity;
    const card = r.card_number === null ? NO_CARD : (names.get(r.card_number) ?? r.card_number);
    const distance = without ? distanceText(w, r, withoutCard) : '';
    const label = `${without ? WITHOUT_CARD : name} ${when(w, r.start, r.end)} (${hoursMinutes(r.duration)}), ${card}${distance}`;
    bands.push({ kind: without ? 'without-card' : 'activity', activity: r.activity, ...at, label });
  }
  return { key: `${slot}-activity`, title: `${SLOT_NAMES[slot]}: activities`, bands };
}

/** The cards in a slot: consecutive rows with the same card joined into one band. */
function cardLane(w: Window, slot: VuSlot, rows: readonly VuActivityJson[], names: Map<string, string>) {
  const runs: Array<{ card: string | null; start: string; end: string }> = [];
  for (const r of rows) {
    const last = runs.at(-1);
    if (last && last.card === r.card_number && Date.parse(last.end) === Date.parse(r.start)) last.end = r.end;
    else runs.push({ card: r.card_number, start: r.start, end: r.end });
  }
  const bands: TimelineBand[] = [];
  for (const run of runs) {
    const at = span(w, run.start, run.end);
    if (at === null) continue;
    const who = run.card === null ? NO_CARD : `${names.get(run.card) ?? run.card} (${run.card})`;
    bands.push({ kind: run.card === null ? 'no-card' : 'card', ...at, label: `${who} ${when(w, run.start, run.end)}` });
  }
  return { key: `${slot}-cards`, title: `${SLOT_NAMES[slot]}: card`, bands };
}

/**
 * The lanes of a vehicle's window: each slot's activities and cards, then overspeeding. A drive without a card is
 * marked on its activity row and named with the distance the analysis (`withoutCard`) gives it.
 */
export function timelineLanes(
  window: Window,
  activities: readonly VuActivityJson[],
  insertions: readonly CardInsertionJson[],
  overspeeding: readonly OverspeedingJson[],
  withoutCard: readonly WithoutCardJson[],
): TimelineLane[] {
  const names = new Map<string, string>();
  for (const i of insertions) if (i.card_number) names.set(i.card_number, holderName(i.holder, i.card_number));
  const sorted = [...activities].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const lanes: TimelineLane[] = [];
  for (const slot of Object.keys(SLOT_NAMES) as VuSlot[]) {
    const rows = sorted.filter((r) => r.slot === slot);
    lanes.push(activityLane(window, slot, rows, names, withoutCard), cardLane(window, slot, rows, names));
  }
  const marks: TimelineBand[] = [];
  for (const o of overspeeding) {
    const at = o.start && o.end ? span(window, o.start, o.end) : null;
    if (at === null) continue;
    const card = o.card_number === null ? NO_CARD : (names.get(o.card_number) ?? o.card_number);
    marks.push({
      kind: 'overspeeding',
      ...at,
      label: `${OVERSPEEDING} ${when(window, o.start!, o.end!)}, up to ${o.max_speed_kmh} km/h, ${card}`,
    });
  }
  lanes.push({ key: 'overspeeding', title: OVERSPEEDING, bands: marks });
  return lanes;
}

/** The window of local days [start of the first, end of the last) in the zone. */
export function windowOf(dates: readonly string[], zone: string): Window {
  return {
    startMs: localDayWindow(dates[0]!, zone).startMs,
    endMs: localDayWindow(dates[dates.length - 1]!, zone).endMs,
    zone,
  };
}

/** The axis marks of a window: each local day's start (a week), or every 6 hours of the day (a day), in percent. */
export function axisTicks(dates: readonly string[], zone: string): Array<{ left: number; label: string }> {
  const w = windowOf(dates, zone);
  const at = (ms: number) => ((ms - w.startMs) / (w.endMs - w.startMs)) * 100;
  if (dates.length > 1) return dates.map((d) => ({ left: at(localDayWindow(d, zone).startMs), label: d.slice(5) }));
  const ticks: Array<{ left: number; label: string }> = [];
  const offset = (ms: number) => localParts(ms, zone).offset_minutes * 60_000;
  for (let h = 0; h < 24; h += 6) {
    // the instant the local clock shows h:00 (on the days the clocks change, h hours of the clock, not of time)
    const guess = w.startMs + h * 3_600_000;
    const ms = guess - (offset(guess) - offset(w.startMs));
    if (ms < w.endMs) ticks.push({ left: at(ms), label: formatLocalClock(new Date(ms).toISOString(), zone) });
  }
  return ticks;
}

/** The local date a vehicle opens on: that of its newest download, else today's. */
export function openingDate(r: VehicleUnitJson, nowMs: number, zone: string): string {
  const at = r.newest_download?.downloaded_at;
  return (at && localDateOf(at, zone)) || localDateOf(new Date(nowMs).toISOString(), zone)!;
}
