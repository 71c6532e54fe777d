/**
 * The certificate chains of an import's authenticity, one per generation, the same for a card and a vehicle-unit
 * download but for the roles a certificate can play (the card's own certificate or the VU's). Enums come from
 * core/domain/authenticity.ts.
 */
import { CERTIFICATE_STATUSES, CHAIN_STATUSES } from '../../../core/domain/authenticity.js';
import { nullableString, nullableTimestamp } from './schema-parts.js';

/** `chains`: a chain per generation, each certificate with its role among `roles`. */
export function certificateChainsSchema<const R extends readonly string[]>(roles: R) {
  return {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        generation: { type: 'string', enum: ['GEN1', 'GEN2'] },
        status: { type: 'string', enum: [...CHAIN_STATUSES] },
        certificates: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              role: { type: 'string', enum: roles },
              car: { type: 'string', pattern: '^[0-9A-F]*$' },
              chr: { type: ['string', 'null'], pattern: '^[0-9A-F]*$' },
              nation: nullableString,
              valid_from: nullableTimestamp,
              valid_to: nullableTimestamp,
              status: { type: 'string', enum: [...CERTIFICATE_STATUSES] },
            },
            required: ['role', 'car', 'chr', 'nation', 'valid_from', 'valid_to', 'status'],
          },
        },
      },
      required: ['generation', 'status', 'certificates'],
    },
  } as const;
}
