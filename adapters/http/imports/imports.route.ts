/** GET /api/drivercard/imports: the imports of one basis, or all. */
import { listRoute } from '../shared/list-route.js';
import { listToResponse } from '../shared/list.mapper.js';
import { basisFrom, pageFrom, rangeFrom } from '../shared/query-params.js';
import { BASIS, PAGE, RANGE } from '../shared/query.schema.js';
import { importsResponseSchema } from './imports.schema.js';
import { importToResponse } from './imports.mapper.js';

export const importsRoute = listRoute(
  'imports',
  'listImports',
  'List parsed imports, driver cards and vehicle units (all, or those of one basis or kind)',
  importsResponseSchema,
  async (deps, query) =>
    listToResponse(
      await deps.queries.imports({
        basis: basisFrom(query, { optional: true }),
        range: rangeFrom(query),
        page: pageFrom(query),
        include_withdrawn: query.include_withdrawn === true,
        ...(query.kind === undefined ? {} : { kind: query.kind }),
      }),
      importToResponse,
    ),
  [...BASIS, ...RANGE, ...PAGE, 'include_withdrawn', 'kind'],
);
