/**
 * A client generated from the published document compiles against every documented error code without a cast:
 * openapi-typescript turns the document into types, a program using openapi-fetch narrows answers by their error
 * code and reads each code's own fields, and the TypeScript compiler (strict) must accept it. The program is
 * written from the error table (../adapters/http/shared/error.schema.ts), so a code the document leaves out, or a
 * field it does not declare, fails the compile.
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { createHttpApp } from '../adapters/http/app.js';
import { ERROR_CODE_NAMES, ERROR_CODES, type ErrorCode } from '../adapters/http/shared/error.schema.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const pascal = (name: string) => name.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());

/** One function per code: its body type reached by name, its `error` the code itself, each declared field read. */
function perCode(code: ErrorCode): string {
  const fields = Object.keys((ERROR_CODES[code] as { properties: object }).properties);
  const reads = fields.map((field) => `  void body.${field};`).join('\n');
  return `export function on_${code}(body: components['schemas']['${pascal(code)}Error']): '${code}' {\n${reads}\n  return body.error;\n}`;
}

/** The program: every code named exhaustively, and calls narrowing a real operation's error by code. */
function program(): string {
  const all = ERROR_CODE_NAMES.map((code) => `  ${code}: true,`).join('\n');
  return `import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

type Code = components['schemas']['Error']['error'];
// exhaustive both ways: a code missing from the document, or one the table does not know, fails the compile
export const every: Record<Code, true> = {
${all}
};

${ERROR_CODE_NAMES.map(perCode).join('\n\n')}

export function code(body: components['schemas']['Error']): string {
  switch (body.error) {
${ERROR_CODE_NAMES.map((code) => `    case '${code}':\n      return on_${code}(body);`).join('\n')}
    default: {
      const unknown: never = body;
      return unknown;
    }
  }
}

const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:5055' });

export async function withdraw(body: components['schemas']['WithdrawImportRequest']): Promise<string | null> {
  const { error } = await api.POST('/api/drivercard/imports/{import_id}/withdraw', {
    params: { path: { import_id: 'imp_1' } },
    body,
  });
  if (error?.error === 'import_status_conflict') return error.status;
  return error ? error.message : null;
}

export async function review(body: components['schemas']['ReviewFindingRequest']): Promise<string[]> {
  const { data, error, response } = await api.POST('/api/drivercard/findings/{finding_id}/review', {
    params: { path: { finding_id: 'f_1' } },
    body,
  });
  if (error?.error === 'review_transition_refused') return [error.current_status, ...error.allowed];
  if (error?.error === 'not_found') return [];
  if (error?.error === 'idempotency_key_reused') return [error.message];
  return data ? [data.finding_id, response.headers.get('location') ?? ''] : [];
}

export async function readiness(): Promise<number | null> {
  const { data, error } = await api.GET('/api/drivercard/drivers/readiness', {
    params: { query: { card_number: 'DF00000123456001' } },
  });
  if (error?.error === 'invalid_filter') return null;
  return data ? Object.keys(data).length : null;
}

export async function imports(): Promise<Array<string | null>> {
  const { data } = await api.GET('/api/drivercard/imports', {
    params: { query: { card_number: 'DF00000123456001', include_withdrawn: true } },
  });
  // an import of either kind: a card's names its card, a vehicle unit's its vehicle
  return (data?.items ?? []).map((row) => (row.kind === 'VEHICLE_UNIT' ? row.vehicle.vin : row.card.card_number));
}

/** Follows the imports from a cursor; answers the imports changed since and the cursor of the next poll. */
export async function follow(cursor: string): Promise<{ items: Array<{ import_id: string }>; next: string }> {
  const { data } = await api.GET('/api/drivercard/imports', {
    params: { query: { imported_since: cursor, limit: 500 } },
  });
  return { items: data?.items ?? [], next: data?.next_cursor ?? cursor };
}

export async function annotate(body: components['schemas']['CreateAnnotationRequest'], key: string): Promise<number> {
  const { response } = await api.POST('/api/drivercard/annotations', {
    params: { header: { 'Idempotency-Key': key } },
    body,
  });
  return response.status;
}
`;
}

function compile(dir: string): { status: number | null; output: string } {
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const options = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext'];
  const child = spawnSync(process.execPath, [tsc, ...options, join(dir, 'use.ts')], { encoding: 'utf8' });
  return { status: child.status, output: child.stdout + child.stderr };
}

async function writeClient(dir: string, document: object): Promise<void> {
  writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document as never)));
}

t.test('a generated client compiles against every documented error code, without casts', async (t) => {
  // inside the repository, so that the program finds openapi-fetch in node_modules
  const dir = mkdtempSync(join(REPO_ROOT, 'conformance', '.generated-client-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const { openapi } = createHttpApp({} as never);
  await writeClient(dir, openapi);
  writeFileSync(join(dir, 'use.ts'), program());
  t.notMatch(program(), / as /, 'no cast in the program');
  const result = compile(dir);
  t.equal(result.status, 0, result.output);

  // the same program against a document that lost a code's field fails to compile
  const broken = JSON.parse(JSON.stringify(openapi)) as typeof openapi;
  const refused = broken.components.schemas.ReviewTransitionRefusedError as { properties: Record<string, unknown> };
  delete refused.properties.current_status;
  await writeClient(dir, broken);
  const failed = compile(dir);
  t.not(failed.status, 0, 'a field the document does not declare is a compile error');
  t.match(failed.output, /current_status/);
});
