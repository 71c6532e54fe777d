/** The parse answer → the API's JSON (./parse.schema.ts): the import row with `reused`. */
import type { ParseResponse } from '../../../core/use-cases/contracts.js';
import { importToResponse, type ImportResponse } from '../imports/imports.mapper.js';

export type ParseResultResponse = ImportResponse & { reused: boolean };

export function parseResultToResponse(result: ParseResponse): ParseResultResponse {
  return importToResponse(result) as ParseResultResponse;
}
