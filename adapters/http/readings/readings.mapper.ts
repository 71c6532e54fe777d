/** The readings in force under one card-out reading → the answer of GET /api/drivercard/readings. */
import { READINGS, readingsInForce, READING_SCOPES } from '../../../core/eu561/readings.js';
import type { UnknownAs } from '../../../core/eu561/types.js';
import type { ReadingsResponse } from './readings.schema.js';

export function readingsToResponse(unknownAs: UnknownAs): ReadingsResponse {
  const scopes = new Map(READINGS.map((r) => [r.id, r.scopes] as const));
  return {
    unknown_as: unknownAs,
    items: readingsInForce(unknownAs, READING_SCOPES).map((r) => ({ ...r, checks: [...scopes.get(r.id)!] })),
  };
}
