/** An import's latest withdrawal as the import row carries it (`withdrawal`, null when never withdrawn). */
import { IMPORT_STATUSES } from '../../../core/domain/rows.js';
import { timestampSchema } from '../shared/schema-parts.js';

export const withdrawalSchema = {
  type: 'object',
  properties: {
    reason: { type: 'string' },
    withdrawn_at: timestampSchema,
    /** the status the import had, and gets back when restored */
    previous_status: { type: 'string', enum: ['OK', 'QUARANTINED'] satisfies Array<(typeof IMPORT_STATUSES)[number]> },
    /** null while withdrawn */
    restored_at: { oneOf: [timestampSchema, { type: 'null' }] },
  },
  required: ['reason', 'withdrawn_at', 'previous_status', 'restored_at'],
} as const;
