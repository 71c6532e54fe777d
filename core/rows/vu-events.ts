/**
 * VU event, fault and overspeeding rows (api-contract.md "vu event / vu fault", "overspeeding") from TREP
 * 03/23/33: VuEventRecord (2.198), VuFaultRecord (2.201), VuOverSpeedingEventRecord (2.215). The code is kept
 * always; type and description come from the EventFaultType table the card rows use (null for RFU and
 * manufacturer-specific codes). `card_numbers`: the cards the record names (driver and co-driver slot at the
 * begin and at the end), each once, empty slots left out. Ordered by start (unknown last), then code.
 */
import type { VuEventOrFault, VuEventsFaults, VuOverspeeding } from '../domain/vu.js';
import { describeEventFault } from '../decoder/tables/event-fault-types.js';
import { isoAt, vuCardNumber } from './vu-common.js';

export interface VuEventRow {
  import_id: string | null;
  vin: string | null;
  code: number;
  type: string | null;
  description: string | null;
  start: string | null;
  end: string | null;
  card_numbers: string[];
  similar_events: number | null;
}

export interface OverspeedingRow {
  import_id: string | null;
  vin: string | null;
  start: string | null;
  end: string | null;
  max_speed_kmh: number;
  average_speed_kmh: number;
  card_number: string | null;
  similar_events: number;
}

function byStart<T extends { begin: number | null; type: number }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => (a.begin ?? Infinity) - (b.begin ?? Infinity) || a.type - b.type);
}

export function vuEventRows(records: readonly VuEventOrFault[], vin: string | null): VuEventRow[] {
  return byStart(records).map((r) => {
    const d = describeEventFault(r.type);
    const cards = r.cards.map(vuCardNumber).filter((n): n is string => n !== null);
    return {
      import_id: null,
      vin,
      code: r.type,
      type: d?.type ?? null,
      description: d?.description ?? null,
      start: isoAt(r.begin),
      end: isoAt(r.end),
      card_numbers: [...new Set(cards)],
      similar_events: r.similarEvents,
    };
  });
}

export function overspeedingRows(records: readonly VuOverspeeding[], vin: string | null): OverspeedingRow[] {
  return byStart(records).map((r) => ({
    import_id: null,
    vin,
    start: isoAt(r.begin),
    end: isoAt(r.end),
    max_speed_kmh: r.maxSpeed,
    average_speed_kmh: r.averageSpeed,
    card_number: vuCardNumber(r.card),
    similar_events: r.similarEvents,
  }));
}

/** The overspeed control data of the VU (VuOverSpeedingControlData, 2.212), for the vehicle row. */
export function overspeedControl(ef: VuEventsFaults | null): {
  last_control_at: string | null;
  first_overspeed_since: string | null;
  overspeed_events_since: number;
} | null {
  if (ef === null) return null;
  const c = ef.overspeedControl;
  return {
    last_control_at: isoAt(c.lastControl),
    first_overspeed_since: isoAt(c.firstOverspeedSince),
    overspeed_events_since: c.overspeedsSince,
  };
}
