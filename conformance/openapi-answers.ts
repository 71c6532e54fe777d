/**
 * Holds answers to the published OpenAPI document: the operation is found by method and path, the status must be
 * one the operation lists, the media type one it lists for that status, and a JSON body must validate strictly
 * against the documented schema (Ajv, JSON Schema 2020-12): `allOf` branches merged, every object refuses the
 * properties it does not declare (`additionalProperties: false`). A path no operation matches must be 404.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { isCalendarDate } from '../adapters/http/shared/validation.js';

type Json = Record<string, unknown>;

export interface Answer {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

const DOC_ID = 'openapi.json';

/** `schema` with its `allOf` branches (named ones looked up in `components`) merged into one object schema. */
function mergedAllOf(schema: Json, components: Json): Json {
  const { allOf, ...own } = schema;
  if (!Array.isArray(allOf)) return schema;
  const merged: Json = { ...own, properties: {}, required: [] };
  for (const branch of [...(allOf as Json[]), own]) {
    const ref = typeof branch.$ref === 'string' ? branch.$ref.replace('#/components/schemas/', '') : null;
    const part = mergedAllOf(ref === null ? branch : (components[ref] as Json), components);
    Object.assign(merged.properties as Json, part.properties ?? {});
    merged.required = [...new Set([...(merged.required as string[]), ...((part.required as string[]) ?? [])])];
  }
  return merged;
}

/** A copy of `schema` in which every object schema refuses undeclared properties (`allOf` merged first). */
export function strictSchema(schema: unknown, components: Json): unknown {
  if (Array.isArray(schema)) return schema.map((item) => strictSchema(item, components));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(mergedAllOf(schema as Json, components))) {
    if (key === 'enum' || key === 'const' || key === 'required' || key === 'default') out[key] = value;
    else if (key === '$ref' && typeof value === 'string') out[key] = value.replace(/^#\//, `${DOC_ID}#/`);
    else if (key === 'properties') {
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([name, sub]) => [name, strictSchema(sub, components)]),
      );
    } else out[key] = strictSchema(value, components);
  }
  if ('properties' in out && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

export class DocumentChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, allowUnionTypes: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly components: Json;
  private readonly operations: Array<{ method: string; pattern: RegExp; path: string; operation: Json }> = [];

  constructor(private readonly document: { paths: Record<string, Record<string, unknown>>; components?: Json }) {
    this.ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
    this.ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const components = (document.components?.schemas ?? {}) as Json;
    this.components = components;
    this.ajv.addSchema({ $id: DOC_ID, components: { schemas: strictSchema(components, components) } });
    for (const [path, methods] of Object.entries(document.paths)) {
      const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`);
      for (const [method, operation] of Object.entries(methods)) {
        this.operations.push({ method: method.toUpperCase(), pattern, path, operation: operation as Json });
      }
    }
  }

  /** What is wrong with `answer` against the document; [] when it conforms. */
  problems(answer: Answer): string[] {
    const pathname = new URL(answer.url, 'http://127.0.0.1').pathname;
    const onPath = this.operations.filter((candidate) => candidate.pattern.test(pathname));
    if (onPath.length === 0) {
      if (answer.status !== 404) return [`${answer.status} for a path no operation documents (only 404 not_found is)`];
      if (!('NotFoundError' in this.components)) return ['the document names no body for 404 not_found'];
      return this.bodyProblems(answer, { $ref: '#/components/schemas/NotFoundError' });
    }
    const found = onPath.find((candidate) => candidate.method === answer.method);
    if (!found) return answer.status === 405 ? [] : [`${answer.method} on ${onPath[0]!.path}: only 405 is documented`];
    const responses = found.operation.responses as Record<string, Json>;
    const response = responses[String(answer.status)];
    if (!response) return [`status ${answer.status} is not documented for ${answer.method} ${found.path}`];
    const content = (response.content ?? {}) as Record<string, Json>;
    const mediaType = answer.contentType.split(';')[0]!.trim();
    if (!(mediaType in content)) {
      return Object.keys(content).length === 0 && answer.body.length === 0
        ? []
        : [`media type ${mediaType} is not documented for ${answer.status} of ${found.path}`];
    }
    if (mediaType !== 'application/json') return [];
    return this.bodyProblems(answer, content[mediaType]!.schema as Json);
  }

  private bodyProblems(answer: Answer, schema: Json): string[] {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(strictSchema(schema, this.components) as Json);
      this.validators.set(key, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return ['the body is not JSON'];
    }
    if (validate(body)) return [];
    // the place and the rule only: a value of a real sample's answer is never printed
    return (validate.errors ?? [])
      .slice(0, 3)
      .map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  }
}
