/**
 * The report and the exports are built from exactly what the JSON API answers: this calls an API route's
 * own handler (query validation included) and returns its body as the JSON text the API would send,
 * parsed back. So the printed report, the CSV files and the API can never disagree.
 */
import type { RouteContext } from './routes.js';
import { apiRoutes } from './routes.js';
import { readQuery } from './query-params.js';

export type Params = Record<string, string | undefined>;

export async function apiBody<T>(context: RouteContext, operationId: string, params: Params): Promise<T> {
  const route = apiRoutes.find((r) => r.operationId === operationId);
  if (!route) throw new Error(`no API route ${operationId}`);
  const url = new URL(route.path, context.url);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  const query = route.query ? readQuery(url, route.query.schema) : {};
  const result = await route.handle({ ...context, url, query });
  // a route may answer its JSON as text already written (the fleet list)
  if (result.body instanceof Response) return (await result.body.json()) as T;
  return JSON.parse(JSON.stringify(result.body)) as T;
}

/** The basis parameters of a validated query, as strings for apiBody. */
export function basisParams(query: RouteContext['query']): Params {
  const out: Params = {};
  for (const name of ['import_id', 'archive_id', 'card_number', 'date_from', 'date_to'] as const) {
    if (query[name] !== undefined) out[name] = String(query[name]);
  }
  return out;
}

/** Every page of a list endpoint (the API's maximum page size per call). */
export async function allItems<T>(context: RouteContext, operationId: string, params: Params): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = await apiBody<{ items: T[]; total: number }>(context, operationId, { ...params, limit: '5000', offset: String(offset) });
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}
