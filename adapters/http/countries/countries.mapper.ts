/** Time by country: domain → JSON, and the CSV rows of the same answer. */
import type { CountryEvidence, CountryTime } from '../../../core/countries/time-by-country.js';
import { isoDay, isoTimestamp } from '../../../core/time.js';
import type { CountryTimesResult } from '../../../core/use-cases/country-times.js';
import { basisToResponse } from '../shared/list.mapper.js';
import { csvText, hmm, type Cell, type Delimiter } from '../../office/export/csv.js';

const evidenceToResponse = (e: CountryEvidence) => ({ ...e, timestamp: isoTimestamp(e.timestamp) });

function countryToResponse(c: CountryTime) {
  return {
    country_code: c.country_code,
    totals: c.totals,
    driving_s: c.totals.DRIVING,
    working_s: c.totals.DRIVING + c.totals.WORK,
    total_s: c.total_s,
    inferred_s: c.inferred_s,
    inferred: c.inferred_s > 0,
    days: c.days.length,
    working_days: c.working_days.length,
    dates: c.days.map(isoDay),
    working_dates: c.working_days.map(isoDay),
    evidence: c.evidence.map(evidenceToResponse),
    operations: c.operations.map(evidenceToResponse),
  };
}

export type CountriesJson = ReturnType<typeof countriesToResponse>;

export function countriesToResponse(r: CountryTimesResult) {
  return {
    basis: basisToResponse(r.basis),
    recorded_s: r.recorded_s,
    countries: r.countries.map(countryToResponse),
    conflicts: r.conflicts.map(isoDay),
  };
}

export const COUNTRY_HEADER = [
  'card_number',
  'date_from',
  'date_to',
  'country_code',
  'days',
  'working_days',
  'driving_seconds',
  'driving_hmm',
  'working_seconds',
  'working_hmm',
  'availability_seconds',
  'rest_seconds',
  'unknown_seconds',
  'total_seconds',
  'total_hmm',
  'inferred_seconds',
  'inferred',
  'border_crossings',
  'places',
  'gnss_positions',
  'loads',
  'unloads',
];

const count = (list: readonly { source: string; type?: string | null }[], source: string, type?: string) =>
  list.filter((e) => e.source === source && (type === undefined || e.type === type || e.type === 'LOAD_UNLOAD')).length;

export function countriesCsv(json: CountriesJson, delimiter: Delimiter = ','): string {
  const b = json.basis;
  return csvText(
    COUNTRY_HEADER,
    json.countries.map((c): Cell[] => [
      b.card_number,
      b.date_from,
      b.date_to,
      c.country_code,
      c.days,
      c.working_days,
      c.driving_s,
      hmm(c.driving_s),
      c.working_s,
      hmm(c.working_s),
      c.totals.AVAILABILITY,
      c.totals.REST,
      c.totals.UNKNOWN,
      c.total_s,
      hmm(c.total_s),
      c.inferred_s,
      c.inferred,
      count(c.evidence, 'BORDER_CROSSING'),
      count(c.evidence, 'PLACE'),
      count(c.evidence, 'GNSS_ACCUMULATED_DRIVING'),
      count(c.operations, 'LOAD_UNLOAD', 'LOAD'),
      count(c.operations, 'LOAD_UNLOAD', 'UNLOAD'),
    ]),
    delimiter,
  );
}
