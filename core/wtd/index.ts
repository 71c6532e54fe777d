export { runWorkingTime } from './working-time.js';
export type {
  WorkingTimeInput,
  WorkingTimeResult,
  WorkingTimeWeek,
  WtdRuleName,
  WtdViolation,
} from './working-time.js';
export { WTD_ALGORITHM_VERSION, WTD_DISCLAIMER, WTD_LIMITS, WTD_RULE_VERSION } from './ruleset.js';
