/**
 * GET /api/drivercard/imports: the imports of one basis, or all; with `imported_since`, the imports changed since
 * a cursor (saved, withdrawn or restored), in the order the changes were committed, and `next_cursor`.
 */
import type { HttpAppDependencies } from '../ports.js';
import { listRoute } from '../shared/list-route.js';
import { listToResponse } from '../shared/list.mapper.js';
import { invalidFilter } from '../shared/problem.js';
import { basisFrom, pageFrom, rangeFrom, type QueryValues } from '../shared/query-params.js';
import { BASIS, PAGE, RANGE } from '../shared/query.schema.js';
import { importsResponseSchema } from './imports.schema.js';
import { importToResponse } from './imports.mapper.js';
import { changeOfCursor, cursorOfChange } from './import-cursor.js';

export const importsRoute = listRoute(
  'imports',
  'listImports',
  'List parsed imports, driver cards and vehicle units (all, or those of one basis or kind; with imported_since, those changed since a cursor)',
  importsResponseSchema,
  async (deps, query) => {
    if (query.imported_since !== undefined) return importsSince(deps, query, query.imported_since);
    return listToResponse(
      await deps.queries.imports({
        basis: basisFrom(query, { optional: true }),
        range: rangeFrom(query),
        page: pageFrom(query),
        include_withdrawn: query.include_withdrawn === true,
        ...(query.kind === undefined ? {} : { kind: query.kind }),
      }),
      importToResponse,
    );
  },
  [...BASIS, ...RANGE, ...PAGE, 'include_withdrawn', 'kind', 'imported_since'],
);

/** The changes after the cursor: every import or one card's (an import or archive basis is refused), no offset. */
async function importsSince(deps: HttpAppDependencies, query: QueryValues, cursor: string) {
  const basis = basisFrom(query, { optional: true });
  if (basis !== null && basis.kind !== 'card_number')
    throw invalidFilter(basis.kind, 'imported_since follows every import or the imports of one card_number.');
  const page = pageFrom(query);
  if (page.offset !== 0)
    throw invalidFilter('offset', 'imported_since pages with next_cursor; offset cannot be given with it.');
  const changes = await deps.queries.importChanges({
    after: changeOfCursor(cursor),
    card_number: basis === null ? null : basis.value,
    range: rangeFrom(query),
    limit: page.limit,
    ...(query.kind === undefined ? {} : { kind: query.kind }),
    ...(query.include_withdrawn === undefined ? {} : { include_withdrawn: query.include_withdrawn }),
  });
  const { next, ...list } = changes;
  return { ...listToResponse(list, importToResponse), next_cursor: cursorOfChange(next) };
}
