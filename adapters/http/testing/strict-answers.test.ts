import t from 'tap';
import { strictFetch, UndocumentedAnswer } from './strict-answers.js';
import type { OpenApiDocument } from '../openapi.js';

/** A document of one operation: GET /x answers 200 with `{ a: integer }` or 400 with no body. */
const openapi = {
  openapi: '3.1.0',
  paths: {
    '/x': {
      get: {
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] },
              },
            },
          },
          400: { description: 'bad' },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

const answering = (status: number, body: unknown) =>
  strictFetch(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    openapi,
  );
const get = new Request('http://127.0.0.1:5055/x');

t.test('an answer the document declares passes, its body still readable', async (t) => {
  const response = await answering(200, { a: 1 })(get);
  t.same(await response.json(), { a: 1 });
});

t.test('an undeclared property, an undocumented status or path fails the request', async (t) => {
  await t.rejects(answering(200, { a: 1, b: 2 })(get), UndocumentedAnswer, 'an undeclared property');
  await t.rejects(answering(200, { a: 1, b: 2 })(get), /GET \/x 200: .*additional properties/);
  await t.rejects(answering(404, { error: 'not_found' })(get), /404 is not documented/);
  await t.rejects(answering(200, { a: 1 })(new Request('http://127.0.0.1:5055/y')), UndocumentedAnswer);
});

t.test("the page's files outside the API pass; a JSON answer outside it does not", async (t) => {
  const page = strictFetch(async () => new Response('body {}', { headers: { 'content-type': 'text/css' } }), openapi);
  t.equal((await page(new Request('http://127.0.0.1:5055/assets/app.css'))).status, 200);
  await t.rejects(answering(200, { a: 1 })(new Request('http://127.0.0.1:5055/assets/x')), UndocumentedAnswer);
});

t.test('5xx and 3xx answers pass unchecked', async (t) => {
  t.equal((await answering(500, { error: 'internal_error' })(get)).status, 500);
  t.equal((await answering(302, { elsewhere: true })(get)).status, 302);
});
