/**
 * The one middleware every request passes: Host guard (DNS rebinding), the bound on request bodies in flight, a
 * correlation id, the answer for paths no route matched (web asset, 405 or 404), every failure as the contract's
 * `{ error, message }` answer, and one REST log line.
 */
import { randomUUID } from 'node:crypto';
import type { H3Event, Middleware } from 'h3';
import type { HttpAppDependencies } from './ports.js';
import { jsonResponse, SECURITY_HEADERS } from './shared/json-response.js';
import { HttpProblem, databaseUnavailable, internalError, notFound, problemFor } from './shared/problem.js';
import { BodyBudget, bodyReservation, discardBody, RETRY_AFTER_SECONDS } from './shared/read-json-body.js';

/** What the REST log records as path when no route matched (a raw path may carry personal data). */
export const UNMATCHED_PATH = '(unmatched)';
export const DEFAULT_BODY_WAIT_MS = 10_000;

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export interface RequestState {
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

/** A web asset of the page (adapters/http/web-assets), or null when `pathname` is none. */
export function webResponse(deps: HttpAppDependencies, pathname: string): Response | null {
  const asset = deps.web?.serve(pathname) ?? null;
  if (!asset) return null;
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'content-type': asset.contentType,
    'cache-control': 'no-cache',
  };
  if (deps.web?.contentSecurityPolicy) headers['content-security-policy'] = deps.web.contentSecurityPolicy;
  return new Response(asset.body as BodyInit, { status: 200, headers });
}

/** The answer when h3 found no route for the method and path: a web asset, 405 with Allow, or 404. */
function unmatchedResponse(
  deps: HttpAppDependencies,
  event: H3Event,
  method: string,
  state: RequestState,
  methodsByPath: Map<string, string[]>,
): Response {
  const pathname = event.url.pathname;
  const allowed = methodsByPath.get(pathname);
  const asset = method === 'GET' ? webResponse(deps, pathname) : null;
  if (asset) {
    state.logPath = pathname;
    return asset;
  }
  if (!allowed) throw notFound();
  state.logPath = pathname;
  return jsonResponse(
    405,
    { error: 'method_not_allowed', message: `${pathname} does not accept this method; use ${allowed.join(' or ')}.` },
    { allow: allowed.join(', ') },
  );
}

/** The contract's answer to a failure; an unexpected one is reported with its correlation id and answered 500. */
async function failureResponse(
  deps: HttpAppDependencies,
  error: unknown,
  request: Request,
  correlationId: string,
): Promise<Response> {
  const problem = problemFor(error) ?? outage(deps, error);
  if (problem?.code === 'service_busy') await discardBody(request, deps.maxPayloadBytes);
  if (problem) {
    const headers: Record<string, string> =
      problem.status === 413
        ? { connection: 'close' }
        : problem.status === 503
          ? { 'retry-after': String(RETRY_AFTER_SECONDS) }
          : {};
    return jsonResponse(problem.status, problem.body(), headers);
  }
  deps.onUnexpectedError?.(error, correlationId);
  const failure = internalError(correlationId);
  return jsonResponse(failure.status, failure.body());
}

/** 503 database_unavailable for a failure the storage judges an outage (told to onDatabaseUnavailable); else null. */
function outage(deps: HttpAppDependencies, error: unknown): HttpProblem | null {
  if (deps.databaseUnavailable?.(error) !== true) return null;
  deps.onDatabaseUnavailable?.(error);
  return databaseUnavailable();
}

export function requestMiddleware(
  deps: HttpAppDependencies,
  states: WeakMap<H3Event, RequestState>,
  methodsByPath: Map<string, string[]>,
): Middleware {
  const newCorrelationId = deps.newCorrelationId ?? randomUUID;
  const budget = new BodyBudget(
    Math.max(deps.maxBodiesInFlightBytes ?? 3 * deps.maxPayloadBytes, deps.maxPayloadBytes),
    deps.bodyWaitMs ?? DEFAULT_BODY_WAIT_MS,
  );
  return async (event, next) => {
    const started = performance.now();
    const correlationId = newCorrelationId();
    const state: RequestState = {
      logPath: methodsByPath.has(event.url.pathname) ? event.url.pathname : UNMATCHED_PATH,
    };
    states.set(event, state);
    const request = event.req as Request;
    const method = request.method.toUpperCase();
    let response: Response;
    let release: (() => void) | null = null;
    try {
      if (!deps.allowedHosts().has(requestHost(request))) throw misdirected();
      if (BODY_METHODS.has(method)) release = await budget.acquire(bodyReservation(request, deps.maxPayloadBytes));
      const result = await next();
      response = result instanceof Response ? result : unmatchedResponse(deps, event, method, state, methodsByPath);
    } catch (error) {
      response = await failureResponse(deps, error, request, correlationId);
    } finally {
      release?.();
    }
    const path = state.logPath;
    deps.restLog.record({
      time: new Date(),
      method: KNOWN_METHODS.has(method) ? method : 'OTHER',
      path,
      status: response.status,
      durationMs: performance.now() - started,
      correlationId,
    });
    return response;
  };
}
