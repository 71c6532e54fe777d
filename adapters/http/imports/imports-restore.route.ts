/** POST /api/drivercard/imports/{import_id}/restore: a WITHDRAWN import gets its previous status back. */
import type { RouteSpec } from '../shared/route-spec.js';
import * as schemas from '../schemas.js';
import { importIdOf, IMPORTS_PATH, lifecycleOf } from './import-id-path.js';
import { importLifecycleResponseSchema } from './imports-lifecycle.schema.js';
import { importLifecycleToResponse } from './imports-lifecycle.mapper.js';

const error = (description: string) => ({ description, schema: schemas.errorResponseSchema });

export const importsRestoreRoute: RouteSpec = {
  method: 'POST',
  path: `${IMPORTS_PATH}/{import_id}/restore`,
  operationId: 'restoreImport',
  summary: 'Restore a withdrawn import (its previous status comes back; the withdrawal stays recorded)',
  tags: ['imports'],
  query: null,
  body: null,
  responses: {
    200: {
      description: 'the import with its previous status; withdrawal.restored_at set',
      schema: importLifecycleResponseSchema,
    },
    404: error('not_found: no such import'),
    409: error('import_status_conflict: the import is not withdrawn'),
    500: error('internal_error, with a correlation_id the REST log carries too'),
  },
  async handle({ url, deps }) {
    return { status: 200, body: importLifecycleToResponse(await lifecycleOf(deps).restore(importIdOf(url))) };
  },
};
