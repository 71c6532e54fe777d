/**
 * Position rows: places (EF Places → PLACE), GNSS accumulated driving (EF GNSS_Places →
 * GNSS_ACCUMULATED_DRIVING), border crossings (EF Border_Crossings → BORDER_CROSSING, country_code = country
 * entered) and load/unload operations (EF Load_Unload_Operations → LOAD_UNLOAD). Empty slots skipped.
 *
 * Place type from EntryTypeDailyWorkPeriod (2.66). The converted text lost the value table; the values are
 * those of the regulation's ASN.1 (gen1: 0 begin, 1 end; gen2 adds 2 begin with the related time entered
 * manually, 3 end with the related time entered manually, 4 begin with the related time assumed by the VU,
 * 5 end with the related time assumed by the VU): even → BEGIN, odd → END for 0..5; anything else → null.
 * region_code only for places in Spain (the only country with RegionNumeric values, 2.122).
 * gnss_accuracy is the X.Y value of the GSA sentence (GNSSAccuracy, 2.77, stores it × 10; 1..100, else null).
 * Ordered by timestamp (unknown last), then source, then storage position.
 */
import type { DecodedCard, GeoCoordinates } from '../domain/card.js';
import type { PositionRow, PositionSource } from '../domain/rows.js';
import { nationCode, regionCode } from '../decoder/tables/nation-codes.js';
import { pick } from './views.js';

interface Keyed {
  row: PositionRow;
  time: number;
  source: number;
  index: number;
}

const OPERATION: Record<number, string> = { 1: 'LOAD', 2: 'UNLOAD', 3: 'LOAD_UNLOAD' };

export function placeType(entryType: number): 'BEGIN' | 'END' | null {
  if (entryType > 5) return null;
  return entryType % 2 === 0 ? 'BEGIN' : 'END';
}

function accuracy(a: number | undefined): number | null {
  return a === undefined || a < 1 || a > 100 ? null : a / 10;
}

function row(
  cardNumber: string | null,
  source: PositionSource,
  timestamp: number | null,
  geo: GeoCoordinates | null,
  type: string | null,
  country: string | null,
  region: string | null,
  odometer: number | null,
  gnssAccuracy: number | null,
): PositionRow {
  return {
    import_id: null,
    card_number: cardNumber,
    timestamp,
    latitude: geo?.latitude ?? null,
    longitude: geo?.longitude ?? null,
    source,
    type,
    country_code: country,
    region_code: region,
    odometer_km: odometer,
    gnss_accuracy: gnssAccuracy,
  };
}

/** Adds a position with its moment, its EF's place in the order (source) and its index in the EF. */
type Push = (r: PositionRow, time: number | null, source: number, index: number) => void;

export function positionRows(card: DecodedCard, cardNumber: string | null): PositionRow[] {
  const out: Keyed[] = [];
  const push: Push = (r, time, source, index) => {
    out.push({ row: r, time: time ?? Infinity, source, index });
  };
  placeRows(card, cardNumber, push);
  gnssPlaceRows(card, cardNumber, push);
  borderCrossingRows(card, cardNumber, push);
  loadUnloadRows(card, cardNumber, push);
  out.sort((a, b) => a.time - b.time || a.source - b.source || a.index - b.index);
  return out.map((k) => k.row);
}

/** EF Places: the places entered at the begin or end of a daily work period. */
function placeRows(card: DecodedCard, cardNumber: string | null, push: Push): void {
  for (const p of pick(card, 'places')?.records ?? []) {
    if (p.empty) continue;
    const country = nationCode(p.country);
    const region = country === 'ES' ? regionCode(p.region) : null;
    push(
      row(
        cardNumber,
        'PLACE',
        p.entryTime,
        p.gnss?.geo ?? null,
        placeType(p.entryType),
        country,
        region,
        p.odometer,
        accuracy(p.gnss?.accuracy),
      ),
      p.entryTime,
      0,
      p.index,
    );
  }
}

/** EF GNSS_Places (Gen2): the positions of every 3 hours of accumulated driving. */
function gnssPlaceRows(card: DecodedCard, cardNumber: string | null, push: Push): void {
  for (const g of pick(card, 'gnssPlaces')?.records ?? []) {
    if (g.empty) continue;
    push(
      row(
        cardNumber,
        'GNSS_ACCUMULATED_DRIVING',
        g.timestamp,
        g.gnss.geo,
        null,
        null,
        null,
        g.odometer,
        accuracy(g.gnss.accuracy),
      ),
      g.timestamp,
      1,
      g.index,
    );
  }
}

/** EF Border_Crossings (Gen2 v2): the countries entered. */
function borderCrossingRows(card: DecodedCard, cardNumber: string | null, push: Push): void {
  for (const b of pick(card, 'borderCrossings')?.records ?? []) {
    if (b.empty) continue;
    const t = b.gnss.timestamp;
    push(
      row(
        cardNumber,
        'BORDER_CROSSING',
        t,
        b.gnss.geo,
        null,
        nationCode(b.countryEntered),
        null,
        b.odometer,
        accuracy(b.gnss.accuracy),
      ),
      t,
      2,
      b.index,
    );
  }
}

/** EF Load_Unload_Operations (Gen2 v2): the load and unload operations. */
function loadUnloadRows(card: DecodedCard, cardNumber: string | null, push: Push): void {
  for (const l of pick(card, 'loadUnloadOperations')?.records ?? []) {
    if (l.empty) continue;
    push(
      row(
        cardNumber,
        'LOAD_UNLOAD',
        l.timestamp,
        l.gnss.geo,
        OPERATION[l.operationType] ?? null,
        null,
        null,
        l.odometer,
        accuracy(l.gnss.accuracy),
      ),
      l.timestamp,
      3,
      l.index,
    );
  }
}
