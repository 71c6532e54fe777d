/** The service's own JSON endpoints, by relative URL (the page is served by the service itself). */

import type {
  AnnotationSpan,
  EventFaultRow,
  FleetRow,
  FleetSummary,
  FindingsPage,
  ImportInfo,
  ListEnvelope,
  ParseResult,
  PositionRow,
  PrecheckResult,
  ReviewHistory,
  TodayCounts,
  VehicleUsedRow,
  WeekOverview,
  WorkingTime,
} from './types.js';
import type { ReadingsResponse } from '../../http/readings/readings.schema.js';

const BASE = 'api/drivercard/';

/**
 * A non-2xx answer: `code` and `message` are the service's `{ error, message }`; `correlationId` the id of a
 * 500's log line, `dates` the days a 409 `conflicting_data` names.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly correlationId: string | null = null,
    readonly dates: string[] = [],
    /** why a file could not be read (`unparseable_ddd`'s reason) */
    readonly reason: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function readJson<T>(response: Response): Promise<T> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const b = (body ?? {}) as {
      error?: unknown;
      message?: unknown;
      correlation_id?: unknown;
      dates?: unknown;
      reason?: unknown;
    };
    const message = typeof b.message === 'string' ? b.message : `The service answered HTTP ${response.status}.`;
    const dates = Array.isArray(b.dates) ? b.dates.filter((d): d is string => typeof d === 'string') : [];
    const correlation = typeof b.correlation_id === 'string' ? b.correlation_id : null;
    throw new ApiError(
      response.status,
      typeof b.error === 'string' ? b.error : 'http_error',
      message,
      correlation,
      dates,
      typeof b.reason === 'string' ? b.reason : null,
    );
  }
  if (body === null) throw new ApiError(response.status, 'invalid_response', 'The service sent no JSON.');
  return body as T;
}

export type Params = Record<string, string>;

/** `onHeaders` runs once the answer's status and headers arrived, before its body is read. */
async function get<T>(path: string, params: Params, signal?: AbortSignal, onHeaders?: () => void): Promise<T> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${BASE}${path}${query ? `?${query}` : ''}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  onHeaders?.();
  return readJson<T>(response);
}

/** Every import (all pages), withdrawn ones included (the imports list offers their restore). */
export async function listImports(signal?: AbortSignal): Promise<ImportInfo[]> {
  const rows: ImportInfo[] = [];
  const limit = 5000;
  for (let offset = 0; ; offset += limit) {
    const params = { limit: String(limit), offset: String(offset), include_withdrawn: 'true' };
    const page = await get<ListEnvelope<ImportInfo>>('imports', params, signal);
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}

/** One page of the fleet list; `params` are the query's sort / order / q / overdue / expiring_within_days. */
export function listDrivers(params: Params, signal?: AbortSignal): Promise<ListEnvelope<FleetRow>> {
  return get<ListEnvelope<FleetRow>>('drivers', params, signal);
}

export function fleetSummary(signal?: AbortSignal): Promise<FleetSummary> {
  return get<FleetSummary>('drivers/summary', {}, signal);
}

/**
 * The weeks of a basis (`card_number` or `import_id`, plus `week` or a date range), in order.
 * `onHeaders`: see get(); the page starts the pre-check there, once the service is done with the week.
 */
export async function weekOverviews(
  basis: Params,
  signal?: AbortSignal,
  onHeaders?: () => void,
): Promise<{ items: WeekOverview[]; conflicts: string[] }> {
  const body = await get<{ items: WeekOverview[]; conflicts?: string[] }>('week-overview', basis, signal, onHeaders);
  return { items: body.items, conflicts: Array.isArray(body.conflicts) ? body.conflicts : [] };
}

export function precheck(params: Params, signal?: AbortSignal): Promise<PrecheckResult> {
  return get<PrecheckResult>('eu561/violations', params, signal);
}

/** GET /findings: the findings of a period (EU 561 and working time), most serious first. */
export function periodFindings(params: Params, signal?: AbortSignal): Promise<FindingsPage> {
  return get<FindingsPage>('findings', { ...params, limit: '5000' }, signal);
}

export function workingTime(params: Params, signal?: AbortSignal): Promise<WorkingTime> {
  return get<WorkingTime>('working-time', params, signal);
}

export type RowKind = 'events' | 'faults' | 'vehicles-used' | 'positions';
export type RowOf<K extends RowKind> = K extends 'vehicles-used'
  ? VehicleUsedRow
  : K extends 'positions'
    ? PositionRow
    : EventFaultRow;

export function listRows<K extends RowKind>(
  kind: K,
  params: Params,
  signal?: AbortSignal,
): Promise<ListEnvelope<RowOf<K>>> {
  return get<ListEnvelope<RowOf<K>>>(kind, { limit: '500', ...params }, signal);
}

export async function parseFile(fileName: string, contentBase64: string): Promise<ParseResult> {
  const response = await fetch(`${BASE}parse`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ file_name: fileName, content_base64: contentBase64 }),
  });
  return readJson<ParseResult>(response);
}

/** POST imports/{id}/withdraw with the reason; the import as it is now. */
export async function withdrawImport(importId: string, reason: string): Promise<ImportInfo> {
  return post<ImportInfo>(`imports/${encodeURIComponent(importId)}/withdraw`, { reason });
}

/** POST imports/{id}/restore; the import as it is now. */
export async function restoreImport(importId: string): Promise<ImportInfo> {
  return post<ImportInfo>(`imports/${encodeURIComponent(importId)}/restore`, {});
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return readJson<T>(response);
}

/** GET annotations of a card and days (the office's explanations of its time), withdrawn ones left out. */
export async function listAnnotations(params: Params, signal?: AbortSignal): Promise<AnnotationSpan[]> {
  return (await get<{ items: AnnotationSpan[] }>('annotations', params, signal)).items;
}

/**
 * POST findings/{id}/review: moves the finding on; its history with the new entry. `card_number`: the card the
 * finding is shown for, so the service checks that card alone before the first review (not the whole fleet).
 */
export function reviewFinding(
  findingId: string,
  body: { status: string; note: string | null; author: string; card_number?: string | null },
): Promise<ReviewHistory> {
  return post<ReviewHistory>(`findings/${encodeURIComponent(findingId)}/review`, body);
}

/** GET findings/{id}/reviews: the finding's history and current status. */
export function findingReviews(findingId: string, signal?: AbortSignal): Promise<ReviewHistory> {
  return get<ReviewHistory>(`findings/${encodeURIComponent(findingId)}/reviews`, {}, signal);
}

/** GET /today: the office's counts (each with the list it opens) and the configured time zone. */
export function todayCounts(signal?: AbortSignal): Promise<TodayCounts> {
  return get<TodayCounts>('today', {}, signal);
}

/** One page of the cards a today count counts (`params`: list, sort, order, limit, offset). */
export function todayDrivers(params: Params, signal?: AbortSignal): Promise<ListEnvelope<FleetRow>> {
  return get<ListEnvelope<FleetRow>>('today/drivers', params, signal);
}

/** GET /readings: the questions the regulations leave open and how the checks read them (names for findings). */
export function listReadings(signal?: AbortSignal): Promise<ReadingsResponse> {
  return get<ReadingsResponse>('readings', {}, signal);
}
