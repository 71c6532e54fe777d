/**
 * The import summary of a VU download (api-contract.md "Vehicle-unit downloads", import): `kind` VEHICLE_UNIT,
 * `card` and `driver` null, the vehicle of the overview, the VU's clock at this download (CurrentDateTime), the
 * previous download (VuDownloadActivityData: the response table calls it the download's data, but it is written
 * before this download is made, so it names the previous one), the downloadable period, the TREPs present, the
 * VU's identification (TREP 05/25/35, null when absent) and the range of the activity days held.
 */
import type { Warning } from '../domain/rows.js';
import type { DecodedVu, VuGeneration } from '../domain/vu.js';
import type { VuAuthenticity } from '../domain/vu-authenticity.js';
import { dayOf, dayStart } from '../time.js';
import { isoAt, isoDate, text, vuCardNumber, vuRegistration, type VuRegistrationRow } from './vu-common.js';

/** TREP 06: a card downloaded through the VU (Appendix 7 DDP_049) */
const TREP_CARD_DOWNLOAD = '06';

export interface VuImportSummary {
  kind: 'VEHICLE_UNIT';
  generation: VuGeneration;
  card: null;
  driver: null;
  vehicle: { vin: string | null; registration: VuRegistrationRow | null };
  downloaded_at: string | null;
  previous_download: { at: string | null; card_number: string | null; company_or_workshop: string | null } | null;
  data_range: { from: string | null; to: string | null };
  trep: string[];
  vu: {
    manufacturer_name: string | null;
    part_number: string | null;
    serial_number: number;
    software_version: string | null;
  } | null;
  activity_range: { from: string | null; to: string | null; days: number };
  warnings: Warning[];
  /** null until the signatures are checked (core/authenticity/verify-vu.ts) */
  authenticity: VuAuthenticity | null;
}

const hex2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0');

/** The TREPs present, each once, ascending; 06 when a card download came through the VU. */
function trepsOf(vu: DecodedVu): string[] {
  const treps = new Set(vu.treps.map((t) => hex2(t.trep)));
  if (vu.cardDownloads.length > 0) treps.add(TREP_CARD_DOWNLOAD);
  return [...treps].sort();
}

function activityRange(vu: DecodedVu): VuImportSummary['activity_range'] {
  const days = [...new Set(vu.days.filter((d) => d.date !== null).map((d) => dayOf(d.date!)))].sort((a, b) => a - b);
  return {
    from: days.length > 0 ? isoDate(dayStart(days[0]!)) : null,
    to: days.length > 0 ? isoDate(dayStart(days[days.length - 1]!)) : null,
    days: days.length,
  };
}

export function vuImportSummary(vu: DecodedVu): VuImportSummary {
  const o = vu.overview;
  const previous = o?.previousDownload ?? null;
  const id = vu.technical?.identification ?? null;
  return {
    kind: 'VEHICLE_UNIT',
    generation: vu.generation,
    card: null,
    driver: null,
    vehicle: { vin: o?.vin ?? null, registration: vuRegistration(o?.registration ?? null) },
    downloaded_at: isoAt(o?.currentDateTime ?? null),
    previous_download:
      previous === null
        ? null
        : {
            at: isoAt(previous.at),
            card_number: vuCardNumber(previous.card),
            company_or_workshop: text(previous.companyOrWorkshopName),
          },
    data_range: { from: isoAt(o?.downloadableFrom ?? null), to: isoAt(o?.downloadableTo ?? null) },
    trep: trepsOf(vu),
    vu:
      id === null
        ? null
        : {
            manufacturer_name: text(id.manufacturerName),
            part_number: id.partNumber,
            serial_number: id.serialNumber.serial,
            software_version: id.softwareVersion,
          },
    activity_range: activityRange(vu),
    warnings: [...vu.warnings],
    authenticity: null,
  };
}
