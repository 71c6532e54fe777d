/** A GET route answering rows of one kind in the list envelope (basis, range and page parameters by default). */
import type { HttpAppDependencies } from '../ports.js';
import { basisFrom, pageFrom, rangeFrom } from './query-params.js';
import { BASIS, PAGE, RANGE, type QueryParameterName, type QueryValues } from './query.schema.js';
import { QUERY_ERRORS, queryOf, type RouteSpec } from './route-spec.js';
import type { Schema } from './schema-parts.js';

export function listRoute(
  name: string,
  operationId: string,
  summary: string,
  schema: Schema,
  run: (deps: HttpAppDependencies, query: QueryValues) => Promise<unknown>,
  names: readonly QueryParameterName[] = [...BASIS, ...RANGE, ...PAGE],
): RouteSpec {
  return {
    method: 'GET',
    path: `/api/drivercard/${name}`,
    operationId,
    summary,
    tags: ['queries'],
    query: queryOf(names),
    body: null,
    responses: { 200: { description: 'a page of rows in the list envelope', schema }, ...QUERY_ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: await run(deps, query) };
    },
  };
}

/** The basis, range and page of a row query. */
export function rowQuery(query: QueryValues) {
  return { basis: basisFrom(query), range: rangeFrom(query), page: pageFrom(query) };
}
