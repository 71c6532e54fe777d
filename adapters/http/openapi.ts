/**
 * The OpenAPI 3.1 document of the service, generated from the code that answers: the route table (./routes.ts) with
 * the schema objects its routes validate and answer with, the error table (./shared/error.schema.ts) and the
 * answers every route can give besides its own (./shared/common-answers.ts). Every schema object exported by
 * ./schemas.ts, and every route's answer and body, becomes a named schema under `components` that the operations
 * refer to with `$ref`; numbers get their unit and ranges their kind in their descriptions (./shared/number-units.ts).
 */
import type { RouteSpec } from './routes.js';
import * as schemas from './schemas.js';
import {
  commonResponses,
  documentHeaders,
  errorResponseObject,
  etagged,
  withIdempotencyKey,
} from './shared/common-answers.js';
import { ERROR_CODE_NAMES, errorCodeSchema } from './shared/error.schema.js';
import { numberUnit, rangeKind } from './shared/number-units.js';
import { queryParameterDescriptions, queryParameterSchemas } from './shared/query.schema.js';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  jsonSchemaDialect: string;
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; headers: Record<string, unknown> };
}

type Json = Record<string, unknown>;

/** Names an integration reads in a generated client, for the schemas whose export name says less. */
const SCHEMA_NAMES: ReadonlyMap<object, string> = new Map<object, string>([
  [schemas.importRowSchema, 'Import'],
  [schemas.vuImportRowSchema, 'VehicleUnitImport'],
  [schemas.activityRowSchema, 'ActivityInterval'],
  [schemas.fleetRowSchema, 'FleetRow'],
  [schemas.findingItemSchema, 'Finding'],
]);

/** Keys whose values are data (or names), never a schema to walk. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples', 'required', 'description', 'pattern', 'format']);

const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'health and this document',
  imports: 'posting DDD files, the imports stored, withdrawing and restoring them',
  queries: 'what the cards recorded, per basis (import_id, archive_id or card_number) and period',
  checks: 'the EU 561/2006 and working-time pre-checks and their findings',
  fleet: "the office's fleet: cards, due downloads, today's counts, readiness",
  vehicles: 'vehicles as recorded on the cards',
  'vehicle units':
    'vehicle-unit downloads: the vehicles, and what each VU recorded (activities per slot, card insertions, events, faults, overspeeding, calibrations, positions, speed)',
  office: "the office's own records: annotations, finding reviews, home countries",
  documents: 'office documents: CSV exports, reports, letters',
  web: 'the bundled browser page',
};

const pascal = (name: string) => name.replace(/(^|[_-])(\w)/g, (_, __, c: string) => c.toUpperCase());

/** The schema names: every exported object schema of ./schemas.ts (its export name without `Schema`). */
function exportedNames(): Map<object, string> {
  const names = new Map<object, string>(SCHEMA_NAMES);
  const taken = new Set(names.values());
  for (const [exportName, value] of Object.entries(schemas)) {
    if (!exportName.endsWith('Schema') || typeof value !== 'object' || value === null || names.has(value)) continue;
    if ((value as Json).type !== 'object') continue;
    const name = pascal(exportName.slice(0, -'Schema'.length));
    if (taken.has(name)) continue;
    names.set(value, name);
    taken.add(name);
  }
  return names;
}

/** Builds `components.schemas` as the walk meets named schemas, replacing each by its `$ref`. */
class SchemaRegistry {
  readonly components: Record<string, unknown> = {};
  private readonly names: Map<object, string>;

  constructor() {
    this.names = exportedNames();
    for (const code of ERROR_CODE_NAMES) this.names.set(errorCodeSchema(code), `${pascal(code)}Error`);
  }

  /** `schema` under `name` (a route's own answer or body when no export names it), as a `$ref`. */
  named(schema: object, name: string): Json {
    if (!this.names.has(schema)) this.names.set(schema, name);
    return this.ref(schema);
  }

  ref(schema: object): Json {
    const name = this.names.get(schema)!;
    if (!(name in this.components)) {
      this.components[name] = {}; // placeholder: a schema that refers to itself ends here
      this.components[name] = this.walk(schema as Json);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** A copy of `schema` with named sub-schemas as `$ref` and each property described with its unit or range. */
  walk(schema: Json): Json {
    const out: Json = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties') out[key] = this.properties(value as Record<string, Json>);
      else out[key] = DATA_KEYS.has(key) ? value : this.sub(value);
    }
    return out;
  }

  private sub(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.sub(item));
    if (typeof value !== 'object' || value === null) return value;
    return this.names.has(value) ? this.ref(value) : this.walk(value as Json);
  }

  private properties(properties: Record<string, Json>): Json {
    const out: Json = {};
    for (const [name, property] of Object.entries(properties)) {
      const described = property.description === undefined ? describe(name, property) : null;
      const walked = this.sub(property) as Json;
      out[name] = described && !('$ref' in walked) ? { ...walked, description: described } : walked;
    }
    return out;
  }
}

/** The unit of a numeric property, or the kind of range a date or timestamp property bounds; null otherwise. */
function describe(name: string, schema: Json): string | null {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('integer') || types.includes('number')) return numberUnit(name);
  if (types.includes('string') && typeof schema.format === 'string') return rangeKind(name, schema.format);
  return null;
}

function parameters(route: RouteSpec, registry: SchemaRegistry): Json[] {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const known = name! in queryParameterSchemas ? (name as keyof typeof queryParameterSchemas) : null;
    return { name, in: 'path', required: true, schema: known ? queryParameterSchemas[known] : { type: 'string' } };
  });
  const required = new Set((route.query?.schema.required as string[] | undefined) ?? []);
  const inQuery = (route.query?.names ?? []).map((name) => ({
    name,
    in: 'query',
    required: required.has(name),
    description: queryParameterDescriptions[name],
    schema: registry.walk(queryParameterSchemas[name]),
  }));
  return [...inPath, ...inQuery];
}

function operationOf(route: RouteSpec, registry: SchemaRegistry): Json {
  const operationName = pascal(route.operationId);
  const responses: Json = {};
  for (const [status, response] of Object.entries(route.responses)) {
    if (Number(status) >= 400) {
      responses[status] = errorResponseObject(Number(status), response.description, registry);
      continue;
    }
    const contentType = response.contentType ?? 'application/json';
    const schema =
      contentType === 'application/json'
        ? registry.named(response.schema, `${operationName}Response`)
        : response.schema;
    responses[status] = { description: response.description, content: { [contentType]: { schema } } };
  }
  Object.assign(responses, commonResponses(route, responses, registry));
  const operation: Json = {
    operationId: route.operationId,
    summary: route.summary,
    tags: route.tags,
    parameters: parameters(route, registry),
    responses,
  };
  if (route.body) {
    const body = registry.named(route.body, `${operationName}Request`);
    operation.requestBody = { required: true, content: { 'application/json': { schema: body } } };
  }
  return withIdempotencyKey(route, etagged(route, operation));
}

export function buildOpenApiDocument(routes: readonly RouteSpec[], version: string): OpenApiDocument {
  const registry = new SchemaRegistry();
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route, registry);
  const refused = (status: number, description: string) => errorResponseObject(status, description, registry);
  const unrouted = {
    405: refused(405, 'method_not_allowed: the path takes GET only (see Allow)'),
    421: refused(421, 'misdirected_request: the Host header does not name this service'),
  };
  paths['/openapi.json'] = {
    get: {
      operationId: 'openApiDocument',
      summary: 'This OpenAPI 3.1 document',
      tags: ['system'],
      responses: {
        200: { description: 'the document', content: { 'application/json': { schema: { type: 'object' } } } },
        ...unrouted,
      },
    },
  };
  paths['/'] = {
    get: {
      operationId: 'webWeekView',
      summary: 'The bundled web week view (HTML; its assets are served beside it)',
      tags: ['web'],
      responses: {
        200: { description: 'the page', content: { 'text/html': { schema: { type: 'string' } } } },
        404: refused(404, 'not_found: the service runs without its page'),
        ...unrouted,
      },
    },
  };
  // every error answer as one type for a generated client: the bodies of all codes, told apart by `error`
  registry.components.Error = {
    description: 'any error answer of the service; each operation lists the codes it answers per status',
    oneOf: ERROR_CODE_NAMES.map((code) => registry.ref(errorCodeSchema(code))),
  };
  const tagNames = new Set([...routes.flatMap((route) => route.tags), 'system', 'web']);
  return {
    openapi: '3.1.0',
    info: {
      title: 'drivercard-rest',
      version,
      description:
        'Local HTTP/JSON service serving parsed EU tachograph driver-card downloads (DDD). Loopback use only; ' +
        'exposure beyond loopback requires an external TLS and authentication gateway. Timestamps are ISO 8601 UTC ' +
        'with Z, dates YYYY-MM-DD (UTC days), durations integer seconds; date ranges (date_from/date_to, from/to) ' +
        'include both ends, time intervals (start/end) include their start and exclude their end.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    // relative: the address (host and port) that served this document, whatever port the configuration gave
    servers: [{ url: '/', description: 'the address this document was fetched from' }],
    tags: [...tagNames].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: { schemas: registry.components, headers: documentHeaders() },
  };
}

export type { SchemaRegistry };
