export { runPrecheck } from './precheck.js';
export { RULE_VERSION, ALGORITHM_VERSION, DISCLAIMER, LIMITS } from './ruleset.js';
export type * from './types.js';
