/**
 * The h3 application: the routes of ./routes.ts behind one middleware (./request-middleware.ts) that guards the
 * Host header, assigns a correlation id, turns every failure into the contract's `{ error, message }` answer and
 * writes one REST log line per request.
 */
import { H3, type H3Event } from 'h3';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';
import type { HttpAppDependencies } from './ports.js';
import { requestMiddleware, webResponse, type RequestState } from './request-middleware.js';
import { apiRoutes, OPENAPI_PATH, WEB_ROOT_PATH, type RouteSpec } from './routes.js';
import { jsonResponse } from './shared/json-response.js';
import { taggedJsonText, withEntityTag } from './shared/entity-tag.js';
import { notFound } from './shared/problem.js';
import { readQuery } from './shared/query-params.js';

export { DEFAULT_BODY_WAIT_MS, requestHost, UNMATCHED_PATH } from './request-middleware.js';

export const SERVICE_VERSION = '0.1.0';

export function createHttpApp(deps: HttpAppDependencies): { app: H3; openapi: OpenApiDocument } {
  const openapi = buildOpenApiDocument(apiRoutes, SERVICE_VERSION);
  const app = new H3({ silent: true });
  const states = new WeakMap<H3Event, RequestState>();
  const methodsByPath = new Map<string, string[]>();
  app.use(requestMiddleware(deps, states, methodsByPath));

  const mount = (method: 'GET' | 'POST', path: string, handler: (event: H3Event) => Promise<Response>) => {
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), method]);
    const wrapped = async (event: H3Event) => {
      const state = states.get(event);
      if (state) state.logPath = path;
      return handler(event);
    };
    const pattern = path.replace(/\{(\w+)\}/g, ':$1'); // a `{name}` path segment is an h3 parameter
    if (method === 'GET') app.get(pattern, wrapped);
    else app.post(pattern, wrapped);
  };

  for (const route of apiRoutes) {
    mount(route.method, route.path, async (event) => routeResponse(route, event, deps));
  }
  mount('GET', OPENAPI_PATH, async () => jsonResponse(200, openapi));
  mount('GET', WEB_ROOT_PATH, async () => webResponse(deps, WEB_ROOT_PATH) ?? Promise.reject(notFound()));

  return { app, openapi };
}

async function routeResponse(route: RouteSpec, event: H3Event, deps: HttpAppDependencies): Promise<Response> {
  const url = event.url;
  const request = event.req as Request;
  const query = route.query ? readQuery(url, route.query.schema) : {};
  const result = await route.handle({ request, url, query, deps });
  const headers: Record<string, string> = result.location ? { location: result.location } : {};
  if (result.body instanceof Response)
    return route.method === 'GET' ? withEntityTag(request, result.body) : result.body;
  // a GET's 200 JSON is tagged from the text just written (as withEntityTag would, without reading it back)
  if (route.method === 'GET' && result.status === 200)
    return taggedJsonText(request, JSON.stringify(result.body), headers);
  return jsonResponse(result.status, result.body, headers);
}
