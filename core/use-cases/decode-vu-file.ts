/**
 * The VuDecoder port of the import use case: a vehicle-unit download's bytes → its rows in the shapes of
 * core/rows/vu-*.ts, the day records (VuDayRow: one per UTC day the VU recorded, with its midnight odometer) and the
 * detailed speed blocks, verified when a verifier is given. The card decoder pool keeps refusing a VU
 * (`vehicle_unit_download`), so the card path is untouched: the use case tells a VU by its first two bytes
 * (core/decoder/prefix.ts) and hands it here. Throws DddDecodeError.
 */
import type { VuAuthenticityVerifier } from '../authenticity/verify-vu.js';
import { decodeVuBytes } from '../decoder/vu/decode-vu.js';
import type { DecodedVu } from '../domain/vu.js';
import type { PreparedVuRows, StoredForm } from '../ports/import-store.js';
import type { VuDayRow, VuSpeedRow } from '../ports/vehicle-unit-store.js';
import { vuRows, type VuRows } from '../rows/vu-download.js';
import { isoTimestamp, isoDay, dayOf } from '../time.js';

/** What the import stores of a VU download decoded on the calling thread: its rows, day records and speed. */
export interface DecodedVuRows {
  rows: VuRows;
  days: VuDayRow[];
  speed: VuSpeedRow[];
  stored_form?: StoredForm;
}

/**
 * What the import stores of a decoded VU download: its rows as objects, or (the decoder pool) the import summary
 * and the rows in the storage's written form, with the body's stored form.
 */
export type DecodedVuFile =
  DecodedVuRows | { rows: Pick<VuRows, 'import'>; prepared: PreparedVuRows; stored_form?: StoredForm };

export type VuDecoder = (content: Uint8Array) => Promise<DecodedVuFile>;

/** One record per UTC day recorded (the first copy of a day, as the decoder keeps it), in date order. */
function dayRows(vu: DecodedVu, vin: string): VuDayRow[] {
  const seen = new Map<number, VuDayRow>();
  for (const d of vu.days) {
    if (d.date === null) continue;
    const day = dayOf(d.date);
    if (!seen.has(day))
      seen.set(day, { import_id: '', vin, date: isoDay(day), odometer_midnight_km: d.odometerMidnight });
  }
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
}

/** The detailed speed blocks with a begin time, one row per minute (Speed values in km/h). */
function speedRows(vu: DecodedVu, vin: string): VuSpeedRow[] {
  return vu.speed
    .filter((b) => b.begin !== null)
    .map((b) => ({ import_id: '', vin, start: isoTimestamp(b.begin!), speeds_kmh: Array.from(b.speeds) }));
}

/** Decodes, maps and (with a verifier) verifies: the import's `authenticity` set, the verifier's warnings added. */
export function vuFileDecoder(
  verifier: VuAuthenticityVerifier | null,
): (content: Uint8Array) => Promise<DecodedVuRows> {
  return async (content) => {
    const vu = decodeVuBytes(content);
    const rows = vuRows(vu);
    if (verifier !== null) {
      const outcome = verifier.verify(vu);
      rows.import.authenticity = outcome.authenticity;
      rows.import.warnings.push(...outcome.warnings);
    }
    const vin = vu.overview?.vin ?? '';
    return { rows, days: dayRows(vu, vin), speed: speedRows(vu, vin) };
  };
}
