/**
 * The h3 application: the routes of ./routes.ts behind one middleware that guards the Host header,
 * assigns a correlation id, turns every failure into the contract's `{ error, message }` answer and
 * writes one REST log line per request.
 */
import { randomUUID } from 'node:crypto';
import { H3, type H3Event } from 'h3';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';
import { HttpProblem, internalError, problemFor } from './problem.js';
import type { HttpAppDependencies } from './ports.js';
import { readQuery } from './query-params.js';
import { apiRoutes, OPENAPI_PATH, WEB_ROOT_PATH, type RouteSpec } from './routes.js';
import { jsonResponse, SECURITY_HEADERS } from './json-response.js';
import { BodyBudget, bodyReservation, discardBody, RETRY_AFTER_SECONDS } from './read-json-body.js';

export const SERVICE_VERSION = '0.1.0';

/** What the REST log records as path when no route matched (a raw path may carry personal data). */
export const UNMATCHED_PATH = '(unmatched)';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
export const DEFAULT_BODY_WAIT_MS = 10_000;

interface RequestState {
  logPath: string;
}

/** The Host header, lower-cased; the URL's authority for in-process requests without one. */
export function requestHost(request: Request): string {
  return (request.headers.get('host') ?? new URL(request.url).host).trim().toLowerCase();
}

function misdirected(): HttpProblem {
  return new HttpProblem(
    421,
    'misdirected_request',
    'The Host header does not name this service; requests must be addressed to the bound loopback address.',
  );
}

function notFound(): HttpProblem {
  return new HttpProblem(404, 'not_found', 'No such resource.');
}

function webResponse(deps: HttpAppDependencies, pathname: string): Response | null {
  const asset = deps.web?.serve(pathname) ?? null;
  if (!asset) return null;
  const headers: Record<string, string> = { ...SECURITY_HEADERS, 'content-type': asset.contentType, 'cache-control': 'no-cache' };
  if (deps.web?.contentSecurityPolicy) headers['content-security-policy'] = deps.web.contentSecurityPolicy;
  return new Response(asset.body as BodyInit, { status: 200, headers });
}

export function createHttpApp(deps: HttpAppDependencies): { app: H3; openapi: OpenApiDocument } {
  const newCorrelationId = deps.newCorrelationId ?? randomUUID;
  const openapi = buildOpenApiDocument(apiRoutes, SERVICE_VERSION);
  const app = new H3({ silent: true });
  const states = new WeakMap<H3Event, RequestState>();
  const methodsByPath = new Map<string, string[]>();
  const budget = new BodyBudget(
    Math.max(deps.maxBodiesInFlightBytes ?? 3 * deps.maxPayloadBytes, deps.maxPayloadBytes),
    deps.bodyWaitMs ?? DEFAULT_BODY_WAIT_MS,
  );

  app.use(async (event, next) => {
    const started = performance.now();
    const correlationId = newCorrelationId();
    const state: RequestState = { logPath: UNMATCHED_PATH };
    states.set(event, state);
    const request = event.req;
    const method = request.method.toUpperCase();
    if (methodsByPath.has(event.url.pathname)) state.logPath = event.url.pathname;
    let response: Response;
    let release: (() => void) | null = null;
    try {
      if (!deps.allowedHosts().has(requestHost(request))) throw misdirected();
      if (BODY_METHODS.has(method)) release = await budget.acquire(bodyReservation(request, deps.maxPayloadBytes));
      const result = await next();
      if (result instanceof Response) {
        response = result;
      } else {
        // h3 found no route for this method and path
        const pathname = event.url.pathname;
        const allowed = methodsByPath.get(pathname);
        const asset = method === 'GET' ? webResponse(deps, pathname) : null;
        if (asset) {
          state.logPath = pathname;
          response = asset;
        } else if (allowed) {
          state.logPath = pathname;
          response = jsonResponse(
            405,
            { error: 'method_not_allowed', message: `${pathname} does not accept this method; use ${allowed.join(' or ')}.` },
            { allow: allowed.join(', ') },
          );
        } else {
          throw notFound();
        }
      }
    } catch (error) {
      const problem = problemFor(error);
      if (problem?.code === 'service_busy') await discardBody(request as Request, deps.maxPayloadBytes);
      if (problem) {
        const headers: Record<string, string> =
          problem.status === 413 ? { connection: 'close' } : problem.status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {};
        response = jsonResponse(problem.status, problem.body(), headers);
      } else {
        deps.onUnexpectedError?.(error, correlationId);
        const failure = internalError(correlationId);
        response = jsonResponse(failure.status, failure.body());
      }
    } finally {
      release?.();
    }
    deps.restLog.record({
      time: new Date(),
      method: KNOWN_METHODS.has(method) ? method : 'OTHER',
      path: state.logPath,
      status: response.status,
      durationMs: performance.now() - started,
      correlationId,
    });
    return response;
  });

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
  const query = route.query ? readQuery(url, route.query.schema) : {};
  const result = await route.handle({ request: event.req as Request, url, query, deps });
  if (result.body instanceof Response) return result.body;
  return jsonResponse(result.status, result.body);
}
