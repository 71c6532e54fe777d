/** POST /api/drivercard/imports/{import_id}/withdraw `{ reason }`: the import becomes WITHDRAWN (kept, used nowhere). */
import type { RouteSpec } from '../shared/route-spec.js';
import { validJsonBody } from '../shared/json-body.js';
import * as schemas from '../schemas.js';
import { importIdOf, IMPORTS_PATH, lifecycleOf } from './import-id-path.js';
import { importLifecycleResponseSchema, withdrawRequestSchema } from './imports-lifecycle.schema.js';
import { importLifecycleToResponse } from './imports-lifecycle.mapper.js';

const error = (description: string) => ({ description, schema: schemas.errorResponseSchema });

export const importsWithdrawRoute: RouteSpec = {
  method: 'POST',
  path: `${IMPORTS_PATH}/{import_id}/withdraw`,
  operationId: 'withdrawImport',
  summary:
    'Withdraw an import: kept with its original bytes, excluded from every basis, list, check and the fleet (reason, time and previous status recorded)',
  tags: ['imports'],
  query: null,
  body: withdrawRequestSchema,
  responses: {
    200: { description: 'the import, status WITHDRAWN, with its withdrawal', schema: importLifecycleResponseSchema },
    400: error('invalid_payload: the body is not JSON or misses the reason'),
    404: error('not_found: no such import'),
    409: error('import_status_conflict: the import is withdrawn already'),
    415: error('unsupported_media_type: the request has no JSON content type'),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ request, url, deps }) {
    const importId = importIdOf(url);
    const body = await validJsonBody<{ reason: string }>(request, deps.maxPayloadBytes, withdrawRequestSchema);
    return { status: 200, body: importLifecycleToResponse(await lifecycleOf(deps).withdraw(importId, body.reason)) };
  },
};
