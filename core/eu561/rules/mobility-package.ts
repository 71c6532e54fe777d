/**
 * Mobility Package readings that need the country where a weekly rest started (Regulation (EC) No 561/2006 as
 * amended by Regulation (EU) 2020/1054). The countries come from the caller (RestPlacesInput, ../types.ts: the
 * home countries and, per weekly rest, where it started or null); these functions never guess a place.
 *
 * A rest's place: "home" when it started in the Member State of establishment or the country of residence;
 * "abroad" only when both home countries are known and it started in neither; otherwise unknown (no place, or a
 * place that may be the home country not given). Without any home country the rules are not_evaluated.
 *
 * Two consecutive reduced weekly rests (Art. 8(6) third and fourth subparagraphs, 8(6b) second subparagraph): a
 * pair of weeks holding only reduced weekly rests, with the four-week condition met, is lawful for a driver in
 * international transport of goods, i.e. when the reduced rests start outside both home countries, and when the
 * next weekly rest is preceded by the compensation of both (taken attached to it, or to a rest of at least 9 h
 * before it). Decision (derogationDecision): a rest started at home -> VIOLATION; a rest the card cannot place ->
 * POTENTIAL (as without countries); all abroad -> lawful when the compensation preceded the next weekly rest,
 * VIOLATION when the data shows it did not, POTENTIAL when the next weekly rest lies after the data. Whether the
 * transport was goods transport is still not on the card: "all abroad" decides the place, not the transport type.
 *
 * Return home (Art. 8(8a)): within each four consecutive fixed weeks a regular weekly rest (45 h or more, which
 * includes a rest of more than 45 h taken as compensation) started in a home country. A window where one did is
 * lawful; otherwise a finding that is always POTENTIAL (the reading return_home, ../readings.ts): Art. 8(8a)
 * obliges the undertaking to organise the work so that the driver is *able* to return, and the documentation it
 * keeps (third subparagraph) settles whether it did, never the card. The window's own verdict (every regular weekly
 * rest started abroad, or some the card cannot place) is said in the description and keeps runs apart. A window with no regular weekly rest at all is left to the two-week rule (one fault once). Consecutive windows
 * with the same verdict are one finding over their union. Not checked: the three-week variant after two reduced
 * rests taken under the derogation (8(8a) second subparagraph).
 */
import type { Analysis, RestPeriod } from '../shifts.js';
import { weeklyRestsOf } from '../shifts.js';
import type { RawFinding, RuleNote } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import type { RestPlacesInput } from '../types.js';
import { formatDuration, formatInstant, WEEK, weekStartOf } from '../time.js';
import type { PairVerdict } from './weekly-rest-assignment.js';

export type Place = { kind: 'home' | 'abroad'; country: string } | { kind: 'unknown'; country: string | null };

/** The home countries given (establishment, residence), or null when neither is. */
export function homesOf(input: RestPlacesInput | undefined): string[] | null {
  const h = input?.home;
  const list = h ? [h.establishment, h.residence].filter((c): c is string => !!c) : [];
  return list.length ? list : null;
}

export function placeOf(input: RestPlacesInput, r: RestPeriod): Place {
  const homes = homesOf(input) ?? [];
  const country = input.places.find((p) => p.start === r.start)?.country ?? null;
  if (country === null) return { kind: 'unknown', country };
  if (homes.includes(country)) return { kind: 'home', country };
  const bothKnown = !!input.home?.establishment && !!input.home?.residence;
  return bothKnown ? { kind: 'abroad', country } : { kind: 'unknown', country };
}

const restText = (r: RestPeriod) => `${formatDuration(r.duration)} from ${formatInstant(r.start)}`;

/** Art. 8(6b) second subparagraph: the compensation of `reduced` taken before the next weekly rest (or null: after the data). */
function compensatedBeforeNext(a: Analysis, reduced: readonly RestPeriod[]): boolean | null {
  const last = reduced[reduced.length - 1]!;
  const owed = reduced.reduce((sum, r) => sum + LIMITS.regularWeeklyRest - r.duration, 0);
  const next = weeklyRestsOf(a).find((r) => r.start >= last.end);
  if (next && next.duration - LIMITS.regularWeeklyRest >= owed) return true;
  const before = a.rests.filter((r) => r.start >= last.end && (!next || r.end <= next.start));
  if (before.some((r) => !r.rightOpen && r.duration - LIMITS.reducedDailyRest >= owed)) return true;
  return !next || next.rightOpen ? null : false;
}

export interface DerogationDecision {
  /** null: the derogation applies, the pair is lawful */
  status: 'VIOLATION' | 'POTENTIAL' | null;
  reason: string;
}

/** The 2020/1054 derogation for a pair of weeks holding only reduced weekly rests, the four-week condition met. */
export function derogationDecision(a: Analysis, v: PairVerdict, input: RestPlacesInput): DerogationDecision {
  const reduced = [...new Set(v.counted.map((c) => c.rest))].sort((x, y) => x.start - y.start);
  const placed = reduced.map((r) => ({ r, place: placeOf(input, r) }));
  const home = placed.find((p) => p.place.kind === 'home');
  if (home) {
    return {
      status: 'VIOLATION',
      reason: ` The reduced weekly rest of ${restText(home.r)} started in ${home.place.country}, a home country (Member State of establishment or residence): the derogation for international transport (Art. 8(6) fourth subparagraph) does not apply.`,
    };
  }
  const unknown = placed.filter((p) => p.place.kind === 'unknown');
  if (unknown.length) {
    return {
      status: 'POTENTIAL',
      reason: ` The card cannot place the reduced weekly rest of ${unknown.map((p) => restText(p.r)).join(' and ')}.`,
    };
  }
  const where = placed.map((p) => `${restText(p.r)} in ${p.place.country}`).join(', ');
  const paid = compensatedBeforeNext(a, reduced);
  if (paid === true)
    return {
      status: null,
      reason: `Both reduced weekly rests started abroad (${where}) and were compensated before the next weekly rest.`,
    };
  if (paid === null) {
    return {
      status: 'POTENTIAL',
      reason: ` The reduced weekly rests started abroad (${where}); whether their compensation precedes the next weekly rest lies after the data.`,
    };
  }
  return {
    status: 'VIOLATION',
    reason: ` The reduced weekly rests started abroad (${where}), but the next weekly rest was not preceded by their compensation (Art. 8(6b) second subparagraph).`,
  };
}

export type ReturnHomeFinding = RawFinding & { rule: 'return_home' };
export type ReturnHomeNote = RuleNote & { rule: 'return_home' };

const ARTICLE_8_8A = 'Art. 8(8a) Regulation (EC) No 561/2006 as amended by Regulation (EU) 2020/1054';

const RETURN_HOME_DOCUMENTS =
  ' Art. 8(8a) obliges the undertaking to organise the work so that the driver is able to return; whether it did, ' +
  'or the driver chose to spend the rest elsewhere, is shown by the documents it keeps (third subparagraph), not by ' +
  'the card: POTENTIAL, to be confirmed or justified with a review note.';

type WindowVerdict = { start: number; status: 'VIOLATION' | 'POTENTIAL'; rests: { r: RestPeriod; place: Place }[] };

/** The verdict of the four weeks from `w`, or null when lawful or left to the two-week rule. */
function judgeWindow(a: Analysis, input: RestPlacesInput, w: number): WindowVerdict | null {
  const inWindow = weeklyRestsOf(a).filter((r) => r.start >= w && r.start < w + 4 * WEEK);
  const certain = inWindow.filter((r) => r.duration >= LIMITS.regularWeeklyRest);
  const maybe = inWindow.filter((r) => r.duration < LIMITS.regularWeeklyRest && (r.leftOpen || r.rightOpen));
  const rests = [...certain, ...maybe].sort((x, y) => x.start - y.start).map((r) => ({ r, place: placeOf(input, r) }));
  if (rests.some((x) => x.place.kind === 'home' && x.r.duration >= LIMITS.regularWeeklyRest)) return null;
  if (!rests.length) return null;
  const open = rests.some((x) => x.place.kind !== 'abroad');
  return { start: w, status: open ? 'POTENTIAL' : 'VIOLATION', rests };
}

function returnHomeFinding(run: readonly WindowVerdict[], homes: string[]): ReturnHomeFinding {
  const first = run[0]!;
  const end = run[run.length - 1]!.start + 4 * WEEK;
  const byRest = new Map(run.flatMap((v) => v.rests).map((x) => [x.r, x.place] as const));
  const listed = [...byRest]
    .map(
      ([r, place]) =>
        `${restText(r)} ${place.kind === 'abroad' ? `in ${place.country}` : place.country ? `in ${place.country} (not known to be abroad)` : '(place not recorded)'}`,
    )
    .join('; ');
  return {
    rule: 'return_home',
    // Art. 8(8a) obliges the undertaking to make the return possible; its documents settle it, never the card
    status: 'POTENTIAL',
    article: ARTICLE_8_8A,
    start: first.start,
    end,
    value: 0,
    limit: LIMITS.regularWeeklyRest,
    excess: LIMITS.regularWeeklyRest,
    severity: null,
    description:
      `No regular weekly rest started in a home country (${homes.join(', ')}) within four consecutive weeks between ` +
      `${formatInstant(first.start)} and ${formatInstant(end)}. Regular weekly rests of these weeks: ${listed}.` +
      (first.status === 'POTENTIAL'
        ? ' The card cannot place every one of them, so this is not decided.'
        : ' Every one of them started abroad.') +
      RETURN_HOME_DOCUMENTS,
    evidenceKinds: ['REST'],
    readings: ['return_home'],
  };
}

/** Art. 8(8a) on every four consecutive fixed weeks inside the data (readings in the header). */
export function returnHome(
  a: Analysis,
  input?: RestPlacesInput,
): { findings: ReturnHomeFinding[]; notes: ReturnHomeNote[] } {
  if (!input) return { findings: [], notes: [] };
  const homes = homesOf(input);
  if (!homes) {
    const message =
      'Art. 8(8a): the home countries (Member State of establishment, country of residence) are not known.';
    return {
      findings: [],
      notes: [
        { kind: 'not_evaluated', rule: 'return_home', code: 'HOME_COUNTRIES_UNKNOWN', message, start: null, end: null },
      ],
    };
  }
  const runs: WindowVerdict[][] = [];
  const first = weekStartOf(a.dataStart) + (weekStartOf(a.dataStart) === a.dataStart ? 0 : WEEK);
  for (let w = first; w + 4 * WEEK <= a.dataEnd; w += WEEK) {
    const v = judgeWindow(a, input, w);
    if (!v) continue;
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    if (run && prev!.status === v.status && prev!.start === w - WEEK) run.push(v);
    else runs.push([v]);
  }
  return { findings: runs.map((run) => returnHomeFinding(run, homes)), notes: [] };
}
