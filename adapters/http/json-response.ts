/**
 * JSON answers with the headers every response of the service carries (and never a CORS header).
 *
 * Answers are srvx's FastResponse (the Response class h3 itself answers with): a Response to every reader
 * (status, headers, json(), text(), instanceof Response), but the Node adapter writes its string body
 * straight to the socket. A plain `new Response(text)` is sent by piping its web stream, which cost
 * ~0.3 ms per 100 KB answer (issue 9: the activities of one month are ~100 KB).
 */
import { FastResponse } from 'srvx';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** An answer whose body is JSON text already written (a JSON writer's output; see ./activity-json.ts). */
export function jsonTextResponse(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new FastResponse(text, {
    status,
    headers: { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}
