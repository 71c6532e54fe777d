/** The parse answer → the API's JSON (./parse.schema.ts): the import row with `reused` and `conflicting_dates`. */
import type { ParseResponse } from '../../../core/use-cases/contracts.js';
import { isoDay } from '../../../core/time.js';
import { importToResponse, type ImportResponse } from '../imports/imports.mapper.js';

export type ParseResultResponse = ImportResponse & { reused: boolean; conflicting_dates: string[] };

export function parseResultToResponse(result: ParseResponse): ParseResultResponse {
  return {
    ...importToResponse(result),
    reused: result.reused,
    conflicting_dates: result.conflicting_dates.map(isoDay),
  };
}
