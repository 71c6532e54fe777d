/**
 * The pre-check's notes beside its findings: the not_evaluated lines that depend on the input (the Mobility Package
 * rules without home countries), the warnings about unknown time and the assumptions of the card-out policy.
 */
import { STATIC_NOT_EVALUATED } from './ruleset.js';
import { homesOf } from './rules/mobility-package.js';
import { formatDuration, formatInstant, toIso, DAY } from './time.js';
import { innerGaps, type Gap, type Timeline } from './timeline.js';
import { CARD_OUT_REST_MAX_SECONDS } from './card-out.js';
import { drivingInside } from './specific-conditions.js';
import type { RuleNote } from './finding.js';
import type { Assumptions, NotEvaluated, PrecheckWarning, RestPlacesInput, UnknownAs } from './types.js';

/** The Mobility Package lines of STATIC_NOT_EVALUATED: evaluated once the home countries are known. */
const MOBILITY_RULES: ReadonlySet<string> = new Set([
  'return_home',
  'reduced_weekly_rest_derogation',
  'compensation_before_next_weekly_rest',
]);

const HOMES_UNKNOWN_REASON =
  ' The rest places are read from the card, but the home countries (Member State of establishment, country of ' +
  "residence) are not known: set DRIVERCARD_HOME_COUNTRY or the card's home countries.";

/**
 * STATIC_NOT_EVALUATED for this input: with the home countries known the Mobility Package rules are evaluated
 * (./rules/mobility-package.ts) and their lines dropped; without them (or without rest places) they stay, saying why.
 */
export function staticNotEvaluated(places: RestPlacesInput | undefined): NotEvaluated[] {
  if (!places) return [...STATIC_NOT_EVALUATED];
  const known = homesOf(places) !== null;
  return STATIC_NOT_EVALUATED.flatMap((e) => {
    if (!MOBILITY_RULES.has(e.rule)) return [e];
    return known ? [] : [{ rule: e.rule, reason: e.reason + HOMES_UNKNOWN_REASON }];
  });
}

/** Gaps shorter than this are not listed one by one (a card moved between slots or vehicles): one summary warning. */
export const SHORT_GAP_SECONDS = 5 * 60;

/** DATA_GAP / DATA_MISSING warnings, short gaps merged into one SHORT_DATA_GAPS warning. */
export function gapWarnings(
  t0: Timeline,
  assumed: readonly Gap[],
  unknownAs: UnknownAs = 'unknown',
): PrecheckWarning[] {
  const inner = innerGaps(t0);
  const out: PrecheckWarning[] = [];
  const short: Gap[] = [];
  for (const g of t0.gaps) {
    const isInner = inner.includes(g);
    if (isInner && g.end - g.start < SHORT_GAP_SECONDS) {
      short.push(g);
      continue;
    }
    const what = `Activity unknown for ${formatDuration(g.end - g.start)} (${formatInstant(g.start)} to ${formatInstant(g.end)})`;
    let message: string;
    if (assumed.includes(g) && unknownAs === 'gap')
      message =
        `${what}: no card record and no manual entry, a gap to explain (annotate it). Until then it is read as rest; ` +
        'the findings that reading changes say they depend on it.';
    else if (assumed.includes(g))
      message = `${what}: no card record and no manual entry. Counted as rest (unknown_as=rest).`;
    else if (isInner) {
      message =
        `${what}: no card record and no manual entry. It is not counted as rest or work` +
        `${assumed.length || g.end - g.start > CARD_OUT_REST_MAX_SECONDS ? ` (longer than the ${formatDuration(CARD_OUT_REST_MAX_SECONDS)} counted as rest under unknown_as=rest)` : ''}` +
        '; findings it could change are INCOMPLETE_DATA.';
    } else {
      message = `${what} ${t0.knownStart === null || g.end <= t0.knownStart ? 'before the first' : 'after the last'} known activity; this time is not evaluated.`;
    }
    out.push({
      code:
        g.end - g.start >= DAY && t0.segments.some((s) => s.missing && s.start >= g.start && s.end <= g.end)
          ? 'DATA_MISSING'
          : 'DATA_GAP',
      message,
      start: toIso(g.start),
      end: toIso(g.end),
    });
  }
  if (short.length) {
    const total = short.reduce((sum, g) => sum + g.end - g.start, 0);
    out.push({
      code: 'SHORT_DATA_GAPS',
      message:
        `${short.length} short period(s) of unknown activity (each under ${formatDuration(SHORT_GAP_SECONDS)}, ${formatDuration(total)} in total, ` +
        `the first ${formatInstant(short[0]!.start)}, the last ${formatInstant(short[short.length - 1]!.start)}), typically a card moved ` +
        'between slots or vehicles; they are listed in data_gaps and merged here.',
      start: toIso(short[0]!.start),
      end: toIso(short[short.length - 1]!.end),
    });
  }
  return out;
}

export function assumptionsOf(unknownAs: UnknownAs, assumed: readonly Gap[], t0: Timeline): Assumptions {
  if (unknownAs === 'gap') {
    const total = assumed.reduce((sum, g) => sum + g.end - g.start, 0);
    return {
      unknown_as: 'gap',
      card_out_rest_max_seconds: null,
      text: [
        `Time with no card inserted and no manual entry between the first and the last recorded activity is a gap to ` +
          `explain: ${assumed.length} period(s), ${formatDuration(total)} in total, each listed once with its length. ` +
          'Until the office annotates a gap the rules read it as rest, as the vehicle unit does.',
        'Findings that exist only under this reading are marked assumption_dependent; every finding it changes names the reading of time without card data.',
        'Time before the first and after the last recorded activity is never counted.',
      ],
    };
  }
  if (unknownAs === 'unknown') {
    return {
      unknown_as: 'unknown',
      card_out_rest_max_seconds: null,
      text: [
        'Time with no card inserted and no manual entry is not counted as rest or work: findings it could change are ' +
          'INCOMPLETE_DATA (unknown_as=unknown). With unknown_as=gap (the default) or rest such time between duties ' +
          'counts as rest.',
      ],
    };
  }
  const total = assumed.reduce((sum, g) => sum + g.end - g.start, 0);
  const left = innerGaps(t0).length - assumed.length;
  return {
    unknown_as: 'rest',
    card_out_rest_max_seconds: CARD_OUT_REST_MAX_SECONDS,
    text: [
      `Time with no card inserted and no manual entry between the first and the last recorded activity is counted as rest ` +
        `when it lasts at most ${formatDuration(CARD_OUT_REST_MAX_SECONDS)} (unknown_as=rest, office practice for card-out ` +
        `periods between duties): ${assumed.length} period(s), ${formatDuration(total)} in total.`,
      left > 0
        ? `${left} longer period(s) stay unknown: findings they could change are INCOMPLETE_DATA.`
        : 'No longer period of unknown activity is left inside the data.',
      'Time before the first and after the last recorded activity is never counted.',
      'Findings that exist only under this assumption are marked assumption_dependent.',
    ],
  };
}

/** The rules' notes, each once, into the answer's warnings and not_evaluated lines. */
export function ruleNotes(notes: readonly RuleNote[]): { warnings: PrecheckWarning[]; notEvaluated: NotEvaluated[] } {
  const warnings: PrecheckWarning[] = [];
  const notEvaluated: NotEvaluated[] = [];
  const seen = new Set<string>();
  for (const n of notes) {
    const key = `${n.kind}|${n.code}|${n.start}|${n.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (n.kind === 'warning') {
      warnings.push({
        code: n.code,
        message: n.message,
        start: n.start === null ? null : toIso(n.start),
        end: n.end === null ? null : toIso(n.end),
      });
    } else {
      notEvaluated.push({ rule: n.rule, reason: n.message });
    }
  }
  return { warnings, notEvaluated };
}

/** What the extent of the known data leaves unevaluated: no activity at all, unknown time inside, under two weeks. */
export function coverageNotes(t: Timeline): { warnings: PrecheckWarning[]; notEvaluated: NotEvaluated[] } {
  const warnings: PrecheckWarning[] = [];
  const notEvaluated: NotEvaluated[] = [];
  const inner = innerGaps(t);
  if (t.knownStart === null) {
    warnings.push({
      code: 'NO_ACTIVITY_DATA',
      message: 'The data basis holds no known activity; no rule was evaluated.',
      start: null,
      end: null,
    });
    notEvaluated.push({ rule: 'all', reason: 'No known activity in the data basis.' });
  } else if (inner.length) {
    notEvaluated.push({
      rule: 'all',
      reason: `${inner.length} period(s) of unknown activity inside the data: rules they could change are reported as INCOMPLETE_DATA, never as violations.`,
    });
  }
  if (t.knownStart !== null && t.knownEnd! - t.knownStart < 14 * DAY) {
    notEvaluated.push({
      rule: 'fortnightly_driving',
      reason: 'The data covers less than two weeks; the two-week limits are checked only on what is known.',
    });
  }
  return { warnings, notEvaluated };
}

/** One OUT_OF_SCOPE warning per recorded out-of-scope period inside the data (./specific-conditions.ts). */
export function outOfScopeWarnings(t0: Timeline, spans: readonly Gap[]): PrecheckWarning[] {
  if (t0.knownStart === null) return [];
  return spans
    .filter((g) => g.end > t0.knownStart! && g.start < t0.knownEnd!)
    .map((g) => ({
      code: 'OUT_OF_SCOPE',
      message:
        `Out of scope from ${formatInstant(g.start)} to ${formatInstant(g.end)} (the card's specific condition): ` +
        `${formatDuration(drivingInside(t0, [g]))} of driving recorded there is counted as other work, not driving time ` +
        '(Art. 6(5) Regulation (EC) No 561/2006). Rest findings over it are POTENTIAL: whether Art. 8 applies to the ' +
        'rests around carriage exempted under Art. 3 or Art. 13 is not settled.',
      start: toIso(g.start),
      end: toIso(g.end),
    }));
}
