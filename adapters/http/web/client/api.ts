/** The service's own JSON endpoints, by relative URL (the page is served by the service itself). */

import type { ImportRow, ListEnvelope, ParseResult, PrecheckResult, WeekOverview } from './types.js';

const BASE = 'api/drivercard/';

/** A non-2xx answer: `code` and `message` are the service's `{ error, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
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
    const b = (body ?? {}) as { error?: unknown; message?: unknown };
    const message = typeof b.message === 'string' ? b.message : `The service answered HTTP ${response.status}.`;
    throw new ApiError(response.status, typeof b.error === 'string' ? b.error : 'http_error', message);
  }
  if (body === null) throw new ApiError(response.status, 'invalid_response', 'The service sent no JSON.');
  return body as T;
}

/** `onHeaders` runs once the answer's status and headers arrived, before its body is read. */
async function get<T>(path: string, params: Record<string, string>, signal?: AbortSignal, onHeaders?: () => void): Promise<T> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${BASE}${path}${query ? `?${query}` : ''}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  onHeaders?.();
  return readJson<T>(response);
}

/** Every import (all pages). */
export async function listImports(signal?: AbortSignal): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  const limit = 5000;
  for (let offset = 0; ; offset += limit) {
    const page = await get<ListEnvelope<ImportRow>>('imports', { limit: String(limit), offset: String(offset) }, signal);
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}

/** `onHeaders`: see get(); the page starts the pre-check there, once the service is done with the week. */
export async function weekOverview(cardNumber: string, week: string, signal?: AbortSignal, onHeaders?: () => void): Promise<WeekOverview | null> {
  const body = await get<{ items: WeekOverview[] }>('week-overview', { card_number: cardNumber, week }, signal, onHeaders);
  return body.items.find((w) => w.week === week) ?? body.items[0] ?? null;
}

export function precheck(cardNumber: string, dateFrom: string, dateTo: string, signal?: AbortSignal): Promise<PrecheckResult> {
  return get<PrecheckResult>('eu561/violations', { card_number: cardNumber, date_from: dateFrom, date_to: dateTo }, signal);
}

export async function parseFile(fileName: string, contentBase64: string): Promise<ParseResult> {
  const response = await fetch(`${BASE}parse`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ file_name: fileName, content_base64: contentBase64 }),
  });
  return readJson<ParseResult>(response);
}
