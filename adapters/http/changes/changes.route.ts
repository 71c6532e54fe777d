/**
 * GET /api/drivercard/changes?since=c<N>&limit=: the imports, annotations and finding reviews changed since the
 * cursor, in the order the changes were committed, with `next_cursor` and `has_more` (docs/integrating.md
 * "Following changes"). Answers 404 when the service runs without the change feed.
 */
import { HttpProblem } from '../shared/problem.js';
import { QUERY_ERRORS, errorResponse, queryOf, type RouteSpec } from '../shared/route-spec.js';
import { changeOfCursor, cursorOfChange } from '../imports/import-cursor.js';
import { pageFrom } from '../shared/query-params.js';
import { changesResponseSchema } from './changes.schema.js';
import { changeToResponse } from './changes.mapper.js';

export const changesRoute: RouteSpec = {
  method: 'GET',
  path: '/api/drivercard/changes',
  operationId: 'listChanges',
  summary:
    'Follow changes: the imports (imported, withdrawn, restored), annotations (created, withdrawn) and finding reviews changed since a cursor, oldest first',
  tags: ['queries'],
  query: queryOf(['since', 'limit'], ['since']),
  body: null,
  responses: {
    200: { description: 'the changes after the cursor and the cursor to send next', schema: changesResponseSchema },
    400: QUERY_ERRORS[400],
    404: errorResponse('not_found: the service runs without the change feed'),
    410: errorResponse(
      'cursor_ahead: the cursor is above the last change of this database (kept across a restore): start again from c0',
    ),
    500: QUERY_ERRORS[500],
  },
  async handle({ deps, query }) {
    if (!deps.changes) throw new HttpProblem(404, 'not_found', 'The change feed is not available in this service.');
    const { limit } = pageFrom(query);
    const page = await deps.changes.changesAfter(changeOfCursor(query.since!), limit);
    if (page.outcome === 'ahead')
      throw new HttpProblem(
        410,
        'cursor_ahead',
        `The cursor is above the last change of this database (${cursorOfChange(page.last)}); it was not handed out by it (e.g. a cursor taken after the backup this database was restored from). Follow the changes again from c0.`,
      );
    return {
      status: 200,
      body: {
        items: page.changes.map(changeToResponse),
        limit,
        next_cursor: cursorOfChange(page.next),
        has_more: page.has_more,
      },
    };
  },
};
