/** The answer of withdraw and restore: the import row, written by the one import mapper (../responses.ts). */
export { importToResponse as importLifecycleToResponse } from '../responses.js';
