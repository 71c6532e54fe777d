/** The answer of withdraw and restore: the import row, written by the one import mapper (./imports.mapper.ts). */
export { importToResponse as importLifecycleToResponse } from './imports.mapper.js';
