/**
 * Response mappers: the one place where the core's numeric model (epoch seconds, UTC day numbers; core/time.ts)
 * becomes the API's ISO text (timestamps `YYYY-MM-DDTHH:MM:SSZ`, dates `YYYY-MM-DD`). One `toResponse` per
 * resource, each answering the schema of the same name in ./schemas.ts. Every mapper copies the row first and
 * then overwrites its time fields, so the JSON keeps the row's field order and any field added to a row later.
 */
import type {
  ActivityIntervalRow,
  DayDistanceRow,
  EventFaultRow,
  ImportMetadata,
  ImportRow,
  ImportWithdrawal,
  ParsedCard,
  PositionRow,
  VehicleUsedRow,
} from '../../core/domain/rows.js';
import type { DayOverview, WeekOverview } from '../../core/overview/index.js';
import type {
  BasisDescription,
  DayOverviewResult,
  ListResult,
  ParseResponse,
  TimeSummary,
  WeekOverviewResult,
} from '../../core/use-cases/contracts.js';
import { isoDay, isoDayOrNull, isoTimestamp, isoTimestampOrNull } from '../../core/time.js';

type Text<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? string | null : string };

export interface ActivityRangeResponse {
  from: string | null;
  to: string | null;
  days: number;
}
export type ImportMetadataResponse = Omit<ImportMetadata, 'activity_range'> & { activity_range: ActivityRangeResponse };
export type WithdrawalResponse = Omit<ImportWithdrawal, 'withdrawn_at' | 'restored_at'> & { withdrawn_at: string; restored_at: string | null };
export type ImportResponse = Omit<ImportRow, 'imported_at' | 'activity_range' | 'withdrawal'> & {
  imported_at: string;
  activity_range: ActivityRangeResponse;
  withdrawal: WithdrawalResponse | null;
};
export type ParseResultResponse = ImportResponse & { reused: boolean; conflicting_dates: string[] };
export type ActivityIntervalResponse = Text<ActivityIntervalRow, 'date' | 'start' | 'end'> & { quarantined?: boolean };
export type EventFaultResponse = Text<EventFaultRow, 'start' | 'end'> & { quarantined?: boolean };
export type VehicleUsedResponse = Text<VehicleUsedRow, 'first_use' | 'last_use'> & { quarantined?: boolean };
export type PositionResponse = Text<PositionRow, 'timestamp'> & { quarantined?: boolean };
export type DayDistanceResponse = Text<DayDistanceRow, 'date'>;
export type ListResponse<T> = Omit<ListResult<unknown>, 'items' | 'conflicts'> & { items: T[]; conflicts: string[] };
export type DayOverviewResponse = Omit<DayOverview, 'date' | 'intervals'> & { date: string; intervals: ActivityIntervalResponse[] };
export type WeekOverviewResponse = Omit<WeekOverview, 'start_date' | 'end_date' | 'days'> & {
  start_date: string;
  end_date: string;
  days: DayOverviewResponse[];
};

export function importToResponse(row: ImportRow): ImportResponse {
  return {
    ...row,
    authenticity: row.authenticity ?? null,
    imported_at: isoTimestamp(row.imported_at),
    activity_range: activityRangeToResponse(row.activity_range),
    withdrawal: row.withdrawal ? withdrawalToResponse(row.withdrawal) : null,
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

export function parseResultToResponse(result: ParseResponse): ParseResultResponse {
  return { ...importToResponse(result), reused: result.reused, conflicting_dates: result.conflicting_dates.map(isoDay) };
}

export function activityToResponse<T extends ActivityIntervalRow>(row: T): Text<T, 'date' | 'start' | 'end'> {
  return { ...row, date: isoDay(row.date), start: isoTimestamp(row.start), end: isoTimestamp(row.end) };
}

export function eventFaultToResponse<T extends EventFaultRow>(row: T): Text<T, 'start' | 'end'> {
  return <Text<T, 'start' | 'end'>>{ ...row, start: isoTimestampOrNull(row.start), end: isoTimestampOrNull(row.end) };
}

export function vehicleUsedToResponse<T extends VehicleUsedRow>(row: T): Text<T, 'first_use' | 'last_use'> {
  return <Text<T, 'first_use' | 'last_use'>>{ ...row, first_use: isoTimestampOrNull(row.first_use), last_use: isoTimestampOrNull(row.last_use) };
}

export function positionToResponse<T extends PositionRow>(row: T): Text<T, 'timestamp'> {
  return <Text<T, 'timestamp'>>{ ...row, timestamp: isoTimestampOrNull(row.timestamp) };
}

export function dayDistanceToResponse(row: DayDistanceRow): DayDistanceResponse {
  return { ...row, date: isoDay(row.date) };
}

/** The list envelope: rows mapped by `item`, conflicting days as dates. */
export function listToResponse<T, R>(list: ListResult<T>, item: (row: T) => R): ListResponse<R> {
  return { ...list, items: list.items.map(item), conflicts: list.conflicts.map(isoDay) };
}

export function basisToResponse(basis: BasisDescription) {
  return { ...basis, date_from: isoDayOrNull(basis.date_from), date_to: isoDayOrNull(basis.date_to) };
}

export function timeSummaryToResponse(summary: TimeSummary) {
  return { ...summary, basis: basisToResponse(summary.basis) };
}

export function dayToResponse(day: DayOverview): DayOverviewResponse {
  return { ...day, date: isoDay(day.date), intervals: day.intervals.map(activityToResponse) };
}

export function weekToResponse(week: WeekOverview): WeekOverviewResponse {
  return { ...week, start_date: isoDay(week.start_date), end_date: isoDay(week.end_date), days: week.days.map(dayToResponse) };
}

export function dayOverviewToResponse(result: DayOverviewResult) {
  return { ...result, items: result.items.map(dayToResponse), conflicts: result.conflicts.map(isoDay) };
}

export function weekOverviewToResponse(result: WeekOverviewResult) {
  return { ...result, items: result.items.map(weekToResponse), conflicts: result.conflicts.map(isoDay) };
}

/** A whole decoded file (the CLI's `parse` output and the golden files): every row list mapped. */
export function parsedCardToResponse(card: ParsedCard) {
  return {
    ...card,
    metadata: metadataToResponse(card.metadata),
    activities: card.activities.map(activityToResponse),
    events: card.events.map(eventFaultToResponse),
    faults: card.faults.map(eventFaultToResponse),
    vehicles_used: card.vehicles_used.map(vehicleUsedToResponse),
    positions: card.positions.map(positionToResponse),
    day_distances: card.day_distances.map(dayDistanceToResponse),
  };
}
