/**
 * The OpenAPI 3.1 document of the service, generated from the route table (./routes.ts): parameters,
 * request body and responses embed the very schema objects the routes validate with.
 */
import type { RouteSpec } from './routes.js';
import { queryParameterDescriptions, queryParameterSchemas } from './shared/query.schema.js';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown>>;
}

/** `{name}` segments of a route path: required path parameters (schema of the query parameter of that name). */
function pathParameters(path: string): Array<Record<string, unknown>> {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const known = name! in queryParameterSchemas ? (name as keyof typeof queryParameterSchemas) : null;
    return { name, in: 'path', required: true, schema: known ? queryParameterSchemas[known] : { type: 'string' } };
  });
}

export function buildOpenApiDocument(routes: readonly RouteSpec[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      tags: route.tags,
      parameters: [
        ...pathParameters(route.path),
        ...(route.query?.names ?? []).map((name) => ({
          name,
          in: 'query',
          required: false,
          description: queryParameterDescriptions[name],
          schema: queryParameterSchemas[name],
        })),
      ],
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, response]) => [
          status,
          {
            description: response.description,
            content: { [response.contentType ?? 'application/json']: { schema: response.schema } },
          },
        ]),
      ),
    };
    if (route.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: route.body } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  paths['/openapi.json'] = {
    get: {
      operationId: 'openApiDocument',
      summary: 'This OpenAPI 3.1 document',
      tags: ['system'],
      responses: {
        200: { description: 'the document', content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
  };
  paths['/'] = {
    get: {
      operationId: 'webWeekView',
      summary: 'The bundled web week view (HTML; its assets are served beside it)',
      tags: ['web'],
      responses: { 200: { description: 'the page', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'drivercard-rest',
      version,
      description:
        'Local HTTP/JSON service serving parsed EU tachograph driver-card downloads (DDD). Loopback use only; ' +
        'exposure beyond loopback requires an external TLS and authentication gateway.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: 'http://127.0.0.1:5055' }],
    paths,
  };
}
