/**
 * ETag and If-None-Match on the JSON GET answers an integration polls: a strong entity tag over the answer's bytes
 * (SHA-256, base64url), and 304 without a body when If-None-Match names it (RFC 9110 13.1.2: weak comparison, `*`
 * matches any). Such answers may be kept by the client but must be revalidated (`private, no-cache`); every other
 * answer stays `no-store`.
 */
import { createHash } from 'node:crypto';
import { jsonTextResponse, SECURITY_HEADERS } from './json-response.js';

export const REVALIDATE = 'private, no-cache';

export function entityTag(text: string): string {
  if (text.length < TAG_KEPT_FROM_CHARS) return tagOf(text);
  // a large answer asked again (a pre-check polled, a page reloaded) is often the same text: comparing it with the
  // texts last tagged costs ~0.03 ms, hashing a card-year pre-check (~330 kB) ~0.6 ms
  const kept = keptTags.find((entry) => entry.text === text);
  if (kept !== undefined) return kept.tag;
  const tag = tagOf(text);
  keptTags.push({ text, tag });
  if (keptTags.length > TAGS_KEPT) keptTags.shift();
  return tag;
}

/** Texts from this size on keep their tag (at most TAGS_KEPT of them: ~1.3 MB for card-year pre-checks). */
export const TAG_KEPT_FROM_CHARS = 64 * 1024;
const TAGS_KEPT = 4;
const keptTags: Array<{ text: string; tag: string }> = [];

function tagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url')}"`;
}

/** true when the If-None-Match header names `tag` (or is `*`). */
export function matches(ifNoneMatch: string | null, tag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(',').some((part) => {
    const candidate = part.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === tag;
  });
}

/** A 200 JSON answer with its ETag, or 304 when the request already holds it; any other answer as it is. */
export async function withEntityTag(request: Request, response: Response): Promise<Response> {
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('application/json')) return response;
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'content-type' && !(name in SECURITY_HEADERS)) kept[name] = value;
  });
  return taggedJsonText(request, await response.text(), kept);
}

/**
 * The 200 JSON answer of `text` with its ETag (or 304), as withEntityTag answers it, for a GET whose body is
 * written here: the text is hashed as it is, not read back from a Response (a large answer's stream cost ~1 ms).
 */
export function taggedJsonText(request: Request, text: string, headers: Record<string, string> = {}): Response {
  const tag = entityTag(text);
  const tagged = { etag: tag, 'cache-control': REVALIDATE };
  if (matches(request.headers.get('if-none-match'), tag)) {
    return new Response(null, { status: 304, headers: { ...SECURITY_HEADERS, ...tagged } });
  }
  return jsonTextResponse(200, text, { ...headers, ...tagged });
}
