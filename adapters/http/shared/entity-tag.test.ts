import t from 'tap';
import { createHash } from 'node:crypto';
import { entityTag, matches, REVALIDATE, TAG_KEPT_FROM_CHARS, taggedJsonText, withEntityTag } from './entity-tag.js';
import { jsonResponse, jsonTextResponse } from './json-response.js';

const request = (ifNoneMatch?: string) =>
  new Request('http://127.0.0.1/x', ifNoneMatch ? { headers: { 'if-none-match': ifNoneMatch } } : {});

t.test('a strong tag over the bytes; If-None-Match compared weakly, * matching any', async (t) => {
  const tag = entityTag('{"a":1}');
  t.match(tag, /^"[A-Za-z0-9_-]{43}"$/);
  t.not(entityTag('{"a":2}'), tag, 'other bytes, another tag');
  t.ok(matches(`"other", ${tag}`, tag));
  t.ok(matches(`W/${tag}`, tag));
  t.ok(matches('*', tag));
  t.notOk(matches('"other"', tag));
  t.notOk(matches(null, tag));
});

t.test('200 JSON gets its ETag and revalidation; the same tag back answers 304 without a body', async (t) => {
  const first = await withEntityTag(request(), jsonTextResponse(200, '{"a":1}', { 'x-extra': 'kept' }));
  const tag = first.headers.get('etag')!;
  t.equal(tag, entityTag('{"a":1}'));
  t.equal(first.headers.get('cache-control'), REVALIDATE);
  t.equal(first.headers.get('x-extra'), 'kept');
  t.equal(first.headers.get('x-content-type-options'), 'nosniff');
  t.equal(await first.text(), '{"a":1}');
  const again = await withEntityTag(request(tag), jsonTextResponse(200, '{"a":1}'));
  t.equal(again.status, 304);
  t.equal(again.headers.get('etag'), tag);
  t.equal(await again.text(), '');
  const changed = await withEntityTag(request(tag), jsonTextResponse(200, '{"a":2}'));
  t.equal(changed.status, 200, 'changed bytes answer in full');
});

t.test('errors and other media types are answered as they are', async (t) => {
  const refused = jsonResponse(404, { error: 'not_found', message: 'x' });
  t.equal(await withEntityTag(request('*'), refused), refused);
  const csv = new Response('a;b', { status: 200, headers: { 'content-type': 'text/csv' } });
  t.equal(await withEntityTag(request('*'), csv), csv);
});

t.test('an answer tagged from its text carries the headers and bytes withEntityTag gives it', async (t) => {
  const text = JSON.stringify({ items: [{ a: 1 }], total: 1 });
  const viaResponse = await withEntityTag(request(), jsonTextResponse(200, text, { location: '/x' }));
  const viaText = taggedJsonText(request(), text, { location: '/x' });
  t.equal(viaText.status, 200);
  t.same([...viaText.headers], [...viaResponse.headers], 'the same headers');
  t.equal(await viaText.text(), await viaResponse.text(), 'the same bytes');
  const again = taggedJsonText(request(viaText.headers.get('etag')!), text);
  t.equal(again.status, 304, 'the tag back answers 304');
  t.equal(await again.text(), '');
});

t.test('a large text tagged again gets the same tag, kept or not', async (t) => {
  const sha = (text: string) => `"${createHash('sha256').update(text).digest('base64url')}"`;
  const large = (n: number) => `${'x'.repeat(TAG_KEPT_FROM_CHARS)}${n}`;
  for (let n = 0; n < 6; n++) t.equal(entityTag(large(n)), sha(large(n)), `text ${n}, first time`);
  t.equal(entityTag(large(5)), sha(large(5)), 'a kept one, again (an equal text, another string)');
  t.equal(entityTag(large(0)), sha(large(0)), 'one no longer kept (the oldest of more than four)');
  t.equal(entityTag('{"a":1}'), sha('{"a":1}'), 'a small text is hashed each time');
});
