/** Test shortcuts over runPrecheck. */
import { runPrecheck } from '../precheck.js';
import type { PrecheckResult, RuleName, Violation } from '../types.js';
import { input, timeline, type Step } from './timeline.js';
export type { Step };

export const H = 3600;
export const M = 60;

export function run(start: string, steps: readonly Step[], extra: Parameters<typeof input>[1] = {}): PrecheckResult {
  return runPrecheck(input(timeline(start, steps), extra));
}

export function only(r: PrecheckResult, rule: RuleName): Violation[] {
  return r.violations.filter((v) => v.rule === rule);
}

export function repeat(steps: readonly Step[], n: number): Step[] {
  const out: Step[] = [];
  for (let k = 0; k < n; k++) out.push(...steps);
  return out;
}

/** A 24 h day from the current time: `driving` in 4h30 blocks with 45 min breaks, then rest to fill 24 h. */
export function drivingDay(driving: number, dayLength = 24 * H): Step[] {
  const out: Step[] = [];
  let left = driving;
  let used = 0;
  while (left > 0) {
    const d = Math.min(left, 4.5 * H);
    out.push(['DRIVING', `${d}s`]);
    used += d;
    left -= d;
    if (left > 0) {
      out.push(['REST', '45m']);
      used += 45 * M;
    }
  }
  out.push(['REST', `${dayLength - used}s`]);
  return out;
}
