/**
 * Overspeeding per driver: the VU's overspeeding records (VuOverSpeedingEventRecord 2.215, an event once the
 * speed exceeded the authorised speed for more than 60 s, Annex IC 3.9.2) each given to the card in the driver
 * slot at the time and grouped per card.
 * - The card is the one the record names (cardNumberDriverSlotBegin: `RECORD`); a record naming none takes the
 *   card the VU's insertions put in the driver slot at its start (`INSERTION`, by the minute, as activity rows
 *   do); with neither, the record belongs to no card (card_number null, `card_source` null): driven without a
 *   card.
 * - Groups are ordered by card number, the group without a card last; records within a group by start.
 */
import type { OverspeedingRow } from '../rows/vu-events.js';
import { parseIsoTimestamp, type EpochSeconds } from '../time.js';
import { minuteOf, type Insertion } from './timeline.js';

export type CardSource = 'RECORD' | 'INSERTION';

export interface AttributedOverspeeding {
  vin: string;
  start: EpochSeconds | null;
  end: EpochSeconds | null;
  max_speed_kmh: number;
  average_speed_kmh: number;
  similar_events: number;
  card_source: CardSource | null;
  quarantined: boolean;
}

export interface DriverOverspeeding {
  card_number: string | null;
  events: number;
  /** the highest max_speed_kmh of its records */
  max_speed_kmh: number;
  /** seconds over the authorised speed, summed over records with a start and an end */
  duration: number;
  overspeeding: AttributedOverspeeding[];
}

/** One vehicle's records with the insertions of its VU. */
export interface VehicleOverspeeding {
  vin: string;
  records: ReadonlyArray<OverspeedingRow & { quarantined: boolean }>;
  insertions: readonly Insertion[];
}

function driverCardAt(insertions: readonly Insertion[], at: EpochSeconds): string | null {
  const i = insertions.find(
    (x) =>
      x.slot === 'DRIVER' &&
      x.card_number !== null &&
      minuteOf(x.inserted_at) <= at &&
      (x.withdrawn_at === null || x.withdrawn_at > at),
  );
  return i?.card_number ?? null;
}

function attribute(vin: string, r: OverspeedingRow & { quarantined: boolean }, insertions: readonly Insertion[]) {
  const start = r.start === null ? null : parseIsoTimestamp(r.start);
  const fromInsertion = r.card_number === null && start !== null ? driverCardAt(insertions, start) : null;
  const card = r.card_number ?? fromInsertion;
  const source: CardSource | null = r.card_number !== null ? 'RECORD' : fromInsertion !== null ? 'INSERTION' : null;
  const row: AttributedOverspeeding = {
    vin,
    start,
    end: r.end === null ? null : parseIsoTimestamp(r.end),
    max_speed_kmh: r.max_speed_kmh,
    average_speed_kmh: r.average_speed_kmh,
    similar_events: r.similar_events,
    card_source: source,
    quarantined: r.quarantined,
  };
  return { card, row };
}

/** The records of every vehicle given, grouped per card (see the header). Pure. */
export function overspeedingByDriver(vehicles: readonly VehicleOverspeeding[]): DriverOverspeeding[] {
  const groups = new Map<string | null, AttributedOverspeeding[]>();
  for (const v of vehicles)
    for (const r of v.records) {
      const { card, row } = attribute(v.vin, r, v.insertions);
      groups.set(card, [...(groups.get(card) ?? []), row]);
    }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([card, rows]) => {
      rows.sort((a, b) => (a.start ?? Infinity) - (b.start ?? Infinity));
      return {
        card_number: card,
        events: rows.length,
        max_speed_kmh: Math.max(...rows.map((r) => r.max_speed_kmh)),
        duration: rows.reduce((n, r) => n + (r.start !== null && r.end !== null ? Math.max(0, r.end - r.start) : 0), 0),
        overspeeding: rows,
      };
    });
}
