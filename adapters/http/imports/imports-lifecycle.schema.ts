/**
 * POST /api/drivercard/imports/{import_id}/withdraw and /restore: the request body of a withdrawal and the answer
 * of both (the import row as GET /imports lists it, with its `withdrawal`).
 */
import { MAX_WITHDRAWAL_REASON } from '../../../core/use-cases/withdraw-import.js';
import { anyImportRowSchema } from '../schemas.js';

type Schema = Record<string, unknown>;

export const withdrawRequestSchema: Schema = {
  type: 'object',
  properties: {
    /** why the import is taken out (kept with it; shown in the imports list) */
    reason: { type: 'string', minLength: 1, maxLength: MAX_WITHDRAWAL_REASON },
  },
  required: ['reason'],
  additionalProperties: false,
};

export const importLifecycleResponseSchema: Schema = anyImportRowSchema;
