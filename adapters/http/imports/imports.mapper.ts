/**
 * Import rows → the API's JSON (./imports.schema.ts): the core's day numbers and epoch seconds become ISO text.
 * Every mapper of this adapter copies the row first and then overwrites its time fields, so the JSON keeps the row's
 * field order and any field added to a row later.
 */
import type { ImportMetadata, ImportRow, ImportWithdrawal } from '../../../core/domain/rows.js';
import { isoDayOrNull, isoTimestamp, isoTimestampOrNull } from '../../../core/time.js';
import type { VuImportFacts } from '../../../core/domain/vu-import.js';

export interface ActivityRangeResponse {
  from: string | null;
  to: string | null;
  days: number;
}
export type ImportMetadataResponse = Omit<ImportMetadata, 'activity_range'> & { activity_range: ActivityRangeResponse };
export type WithdrawalResponse = Omit<ImportWithdrawal, 'withdrawn_at' | 'restored_at'> & {
  withdrawn_at: string;
  restored_at: string | null;
};
export type ImportResponse = Omit<
  ImportRow,
  'imported_at' | 'activity_range' | 'withdrawal' | 'card' | 'driver' | 'authenticity' | 'vehicle_unit'
> &
  Partial<Omit<VuImportFacts, 'authenticity' | 'overspeed_control'>> & {
    card: ImportRow['card'] | null;
    driver: ImportRow['driver'] | null;
    authenticity: ImportRow['authenticity'] | VuImportFacts['authenticity'];
    imported_at: string;
    activity_range: ActivityRangeResponse;
    withdrawal: WithdrawalResponse | null;
  };

export function importToResponse(row: ImportRow): ImportResponse {
  if (row.vehicle_unit) return vuImportToResponse(row, row.vehicle_unit);
  return {
    ...row,
    kind: row.kind ?? 'DRIVER_CARD',
    authenticity: row.authenticity ?? null,
    imported_at: isoTimestamp(row.imported_at),
    activity_range: activityRangeToResponse(row.activity_range),
    withdrawal: row.withdrawal ? withdrawalToResponse(row.withdrawal) : null,
  };
}

/** A VU import: `card` and `driver` null, its facts beside the row's fields, its authenticity per TREP. */
function vuImportToResponse(row: ImportRow, facts: VuImportFacts): ImportResponse {
  const { vehicle_unit: _facts, ...common } = row;
  const { authenticity, overspeed_control: _control, ...vu } = facts;
  return {
    ...common,
    kind: 'VEHICLE_UNIT',
    card: null,
    driver: null,
    authenticity,
    imported_at: isoTimestamp(row.imported_at),
    activity_range: activityRangeToResponse(row.activity_range),
    withdrawal: row.withdrawal ? withdrawalToResponse(row.withdrawal) : null,
    ...vu,
  };
}

export function withdrawalToResponse(w: ImportWithdrawal): WithdrawalResponse {
  return { ...w, withdrawn_at: isoTimestamp(w.withdrawn_at), restored_at: isoTimestampOrNull(w.restored_at) };
}

export function activityRangeToResponse(range: ImportMetadata['activity_range']): ActivityRangeResponse {
  return { ...range, from: isoDayOrNull(range.from), to: isoDayOrNull(range.to) };
}

export function metadataToResponse(metadata: ImportMetadata): ImportMetadataResponse {
  return { ...metadata, activity_range: activityRangeToResponse(metadata.activity_range) };
}
