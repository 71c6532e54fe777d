/**
 * The published OpenAPI document passes Redocly's linter with its recommended rules, but for the rules a loopback
 * service rightly waives, each named here with its reason. Warnings count as failures: the document is generated,
 * so a warning is a fault of the generator or of a route's declaration.
 */
import t from 'tap';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { createHttpApp } from '../adapters/http/app.js';

/** Rules of `recommended` the document does not follow, and why. */
const WAIVERS: Record<string, string> = {
  'security-defined':
    'a loopback service without authentication by design; beyond loopback an external TLS and authentication ' +
    'gateway is required (info.description), which documents its own security',
  'no-unused-components':
    'Error is published for generated clients as the union of every error body (one handler for all codes); ' +
    'operations refer to the exact bodies of the codes they answer',
};

t.test('the document passes the recommended rules, but for the named waivers', async (t) => {
  const { openapi } = createHttpApp({} as never);
  const config = await createConfig({ extends: ['recommended'] } as never);
  const problems = await lintFromString({ source: JSON.stringify(openapi), absoluteRef: 'openapi.json', config });
  const unwaived = problems.filter((problem) => !(problem.ruleId in WAIVERS));
  t.same(
    unwaived.map((problem) => `${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer ?? ''}`),
    [],
    'no problem outside the waivers',
  );
  const waivedUnused = problems.filter((problem) => problem.ruleId === 'no-unused-components');
  t.same(
    waivedUnused.map((problem) => problem.location[0]?.pointer),
    ['#/components/schemas/Error'],
    'the only unused component is Error',
  );
  t.ok(
    problems.some((problem) => problem.ruleId === 'security-defined'),
    'the security waiver is still needed (else drop it)',
  );
});

t.test('a fault the linter must catch is caught', async (t) => {
  const { openapi } = createHttpApp({} as never);
  const broken = JSON.parse(JSON.stringify(openapi)) as typeof openapi;
  (broken.paths['/health']!.get as { responses: Record<string, unknown> }).responses = {};
  const config = await createConfig({ extends: ['recommended'] } as never);
  const problems = await lintFromString({ source: JSON.stringify(broken), absoluteRef: 'openapi.json', config });
  t.ok(problems.some((problem) => problem.ruleId === 'operation-2xx-response'));
});

/** Every property schema of the document with its name (components and operations alike). */
function* properties(node: unknown, name = ''): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) for (const item of node) yield* properties(item, name);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (name) yield [name, schema];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') {
      for (const [property, sub] of Object.entries(value as object)) yield* properties(sub, property);
    } else if (key !== 'enum' && key !== 'const' && key !== 'required') yield* properties(value);
  }
}

t.test('every number says its unit and every range bound its kind', async (t) => {
  const { openapi } = createHttpApp({} as never);
  const numbers: string[] = [];
  const undescribed: string[] = [];
  for (const [name, schema] of properties(openapi.components.schemas)) {
    const types = ([] as unknown[]).concat(schema.type ?? []);
    const numeric = types.includes('integer') || types.includes('number');
    const bound = typeof schema.format === 'string' && /(^|_)(from|to|start|end)$/.test(name);
    if (numeric) numbers.push(name);
    if ((numeric || bound) && typeof schema.description !== 'string') undescribed.push(name);
  }
  t.ok(numbers.length > 50, `${numbers.length} numeric fields`);
  t.same([...new Set(undescribed)], [], 'no number without its unit, no range bound without its kind');
  const imports = openapi.components.schemas.ImportsResponse as { properties: Record<string, { description: string }> };
  t.match(imports.properties.total!.description, /rows/);
});
