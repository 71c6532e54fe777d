/**
 * The time zone an office document (report, PDF, CSV) shows times in: the `tz` query parameter when given (an IANA
 * name the runtime knows, e.g. the zone the page's user chose), else the service's configured zone
 * (DRIVERCARD_TIME_ZONE), else UTC. The API's own answers stay UTC.
 */
import type { HttpAppDependencies } from '../ports.js';
import { invalidFilter } from './problem.js';
import type { QueryValues } from './query.schema.js';

export function displayZoneOf(deps: Pick<HttpAppDependencies, 'timeZone'>, query: Pick<QueryValues, 'tz'>): string {
  if (query.tz === undefined) return deps.timeZone ?? 'UTC';
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: query.tz }).resolvedOptions().timeZone;
  } catch {
    throw invalidFilter('tz', 'tz must be an IANA time zone name such as Europe/Berlin or UTC.');
  }
}
