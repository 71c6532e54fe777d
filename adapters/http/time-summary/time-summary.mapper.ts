/** The time summary → the API's JSON (./time-summary.schema.ts). */
import type { TimeSummary } from '../../../core/use-cases/contracts.js';
import { basisToResponse } from '../shared/list.mapper.js';

export function timeSummaryToResponse(summary: TimeSummary) {
  return { ...summary, basis: basisToResponse(summary.basis) };
}
