/**
 * Test helper for the independent audit timelines: a timeline builder that tracks the wall clock, so a test can
 * say "rest until Mon 06:00" and assert "we are now at Sat 16:15" while building. The hand computation in each
 * test's comments is then checked by the builder itself (a wrong sum throws before the pre-check runs).
 */
import type { PrecheckResult, Violation } from '../types.js';
import { run } from './run.js';
import { dur, type Step } from './timeline.js';

type Opts = { crew?: boolean; slot?: 'DRIVER' | 'CO_DRIVER' };

const toSec = (iso: string) => Math.floor(Date.parse(iso.length === 17 ? iso.replace('Z', ':00Z') : iso) / 1000);
const isoOf = (s: number) => new Date(s * 1000).toISOString().replace(/:00\.000Z$/, 'Z');

export class Clock {
  readonly start: string;
  private t: number;
  readonly steps: Step[] = [];

  constructor(start: string) {
    this.start = start;
    this.t = toSec(start);
  }

  /** Append one activity of the given length ('4h30', '45m', '2d'). */
  add(activity: string, length: string, opts?: Opts): this {
    const s = dur(length);
    this.steps.push(opts ? [activity, `${s}s`, opts] : [activity, `${s}s`]);
    this.t += s;
    return this;
  }

  /** Append a sequence of steps (e.g. a day shape); `opts` are applied to every step that has none. */
  seq(steps: readonly Step[], opts?: Opts): this {
    for (const [a, l, o] of steps) this.add(a, l, o ?? opts);
    return this;
  }

  /** Append one activity lasting until the given instant ('2026-03-09T06:00Z'). */
  until(activity: string, iso: string, opts?: Opts): this {
    const s = toSec(iso) - this.t;
    if (s <= 0) throw new Error(`until(${iso}) but the timeline is already at ${isoOf(this.t)}`);
    return this.add(activity, `${s}s`, opts);
  }

  /** Assert the builder's clock (guards the hand computation in comments). */
  at(iso: string): this {
    if (toSec(iso) !== this.t) throw new Error(`timeline is at ${isoOf(this.t)}, the comment says ${iso}`);
    return this;
  }

  now(): string {
    return isoOf(this.t);
  }

  run(extra: Parameters<typeof run>[2] = {}): PrecheckResult {
    return run(this.start, this.steps, extra);
  }
}

// Day shapes (duty only; the caller adds the rest). W = WORK, D = DRIVING, R = REST (a break here).
/** 10h15 duty, 8h30 driving: W30 D4h30 R45 D4h W30. */
export const STD: Step[] = [
  ['WORK', '30m'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '4h'],
  ['WORK', '30m'],
];
/** 10h15 duty, 8h driving: W30 D4h30 R45 D3h30 W1h. */
export const DAY8: Step[] = [
  ['WORK', '30m'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '3h30'],
  ['WORK', '1h'],
];
/** 10h15 duty, 6h30 driving: W30 D4h30 R45 D2h W2h30. */
export const LIGHT: Step[] = [
  ['WORK', '30m'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '2h'],
  ['WORK', '2h30'],
];
/** 10h15 duty, 9h driving: D4h30 R45 D4h30 W30. */
export const NINE: Step[] = [
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '4h30'],
  ['WORK', '30m'],
];
/** 12h duty, 10h driving (an extended day): D4h30 R45 D4h30 R45 D1h W30. */
export const EXT: Step[] = [
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '1h'],
  ['WORK', '30m'],
];
/** 15h duty, 9h driving: W1h D4h30 R45 D4h30 W4h15 (leaves room for a 9 h reduced rest in 24 h). */
export const LONG15: Step[] = [
  ['WORK', '1h'],
  ['DRIVING', '4h30'],
  ['REST', '45m'],
  ['DRIVING', '4h30'],
  ['WORK', '4h15'],
];

/** A finding reduced to the fields an audit compares. */
export interface Expect {
  rule: Violation['rule'];
  status: Violation['status'];
  value?: number;
  limit?: number;
  excess?: number;
  severity?: Violation['severity'];
  start?: string;
}

const hm = (s: number) => `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;

/** One line per finding, for readable failure messages. */
export function brief(v: Violation): string {
  return `${v.rule} ${v.status} value=${hm(v.value)} limit=${hm(v.limit)} excess=${hm(v.excess)} ${v.severity} ${v.start}..${v.end}`;
}

/** Project each actual finding onto the keys its expected counterpart names (both sorted by rule, start). */
export function project(actual: readonly Violation[], expected: readonly Expect[]): Record<string, unknown>[] {
  const a = [...actual].sort((x, y) => x.rule.localeCompare(y.rule) || x.start.localeCompare(y.start));
  return a.map((v, i) => {
    const e = expected[i];
    if (!e) return { extra: brief(v) };
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(e)) out[k] = (v as unknown as Record<string, unknown>)[k];
    return out;
  });
}

export function sortExpected(expected: readonly Expect[]): Expect[] {
  return [...expected].sort((x, y) => x.rule.localeCompare(y.rule) || (x.start ?? '').localeCompare(y.start ?? ''));
}
