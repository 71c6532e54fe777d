/**
 * Time by country of a basis and period (port: ImportStore): the served activity intervals (a card's imports
 * merged per day, as the activities list serves them) and the basis's position records, read by
 * core/countries/time-by-country.ts. Positions are read from LOOKBACK_DAYS before the period too, so that the
 * country the period starts in is known from the last record before it.
 */
import type { TimeByCountry } from '../countries/time-by-country.js';
import { timeByCountry } from '../countries/time-by-country.js';
import type { ImportStore } from '../ports/import-store.js';
import { dayStart } from '../time.js';
import type { Basis, BasisDescription, DateRange } from './contracts.js';
import { describeBasis, rowScope } from './data-basis.js';
import { servedHistory } from './driver-card-queries.js';

/** days before the period searched for the country it starts in (a driver's card holds at least 28 days) */
export const LOOKBACK_DAYS = 28;

export interface CountryTimesResult extends TimeByCountry {
  basis: BasisDescription;
  conflicts: number[];
}

export class CountryTimes {
  constructor(private readonly store: ImportStore) {}

  async countries(query: { basis: Basis; range: DateRange }): Promise<CountryTimesResult> {
    const { resolved, served, conflicts } = await servedHistory(this.store, query.basis, query.range);
    const intervals = (
      await this.store.activities(
        served.map(({ import_id, date }) => ({ import_id, date })),
        null,
      )
    ).items;
    const lookback = { from: query.range.from === null ? null : query.range.from - LOOKBACK_DAYS, to: query.range.to };
    const positions = (await this.store.positions(rowScope(resolved, lookback), null)).items;
    const result = timeByCountry(intervals, positions, query.range.from === null ? null : dayStart(query.range.from));
    return { ...result, basis: describeBasis(resolved, query.range, { records: [], served, conflicts }), conflicts };
  }
}
