/**
 * Art. 8(6) weekly rest (as amended by 2020/1054).
 *
 * Readings:
 * - a weekly rest is a continuous REST of at least 24 h: regular >= 45 h, reduced 24 h..45 h (Art. 4(h)).
 * - Six 24-hour periods: a weekly rest must start no later than 144 h after the end of the previous weekly
 *   rest. When the data starts with activity, the previous weekly rest ended at the latest at the start of
 *   the data, so a first weekly rest starting more than 144 h after that is certainly late; when the data
 *   starts with rest, that rest is taken as the previous weekly rest (it may have begun earlier). A rest still
 *   running at the end of the data that started in time may be a weekly rest and is never flagged.
 * - Insufficient reduced weekly rest (source: Commission Regulation (EU) 2016/403 Annex I as amended by
 *   2022/694, row "insufficient reduced weekly rest period, less than 24 h": MI 22h–<24h, SI 20h–<22h, VSI <20h;
 *   bands UNCERTAIN, see ../severity.ts): when no rest of 24 h or more starts within the six 24-hour periods, but
 *   a rest of at least 20 h does, that rest is read as the weekly rest the driver took, too short: one finding
 *   with value = its length, limit = 24 h, excess = 24 h - value. Of several such rests the longest counts
 *   (ties: the earliest). It ends the weekly period: the next six 24-hour periods count from its end, so the
 *   fault is reported once (no late-weekly-rest finding for the same missing rest, no cascade on the following
 *   weeks). Below 20 h the late-weekly-rest finding (measured as the delay) stays.
 *   Why 20 h (the pre-check's own threshold, not the Regulation's; the 2016/403 rows go down to "< 20 h VSI"):
 *   a weekly rest cut to 20-24 h is recognisable as one, while below 20 h a rest is what the longest daily rests
 *   of ordinary weeks look like (11 h, up to a long night or a day off of 13-19 h); reading one of those as a
 *   "weekly rest of 12 h" (VSI) would guess which rest the driver meant, so the fault stays "no weekly rest in
 *   time". Compliant weeks are never affected: the search runs only when no rest of 24 h starts in time, so long
 *   daily rests before a weekly rest in time are not judged (tested: a week with a 19 h and a 21 h daily rest and
 *   a 45 h weekly rest in time gives nothing; a 23 h rest followed by a 45 h rest in time neither).
 *   Such a rest is not a reduced weekly rest for the two-week rule and the compensation (Art. 4(h): at least
 *   24 h): it is not counted and owes no compensation; a pair of weeks overlapping it is not reported again
 *   (one fault once, as for a late weekly rest: the pair lacks exactly the weekly rest already reported).
 *   Unknown time: when unknown time next to it could make it 24 h, the finding exists only when the unknown time
 *   is read as work: INCOMPLETE_DATA (../precheck.ts); when it cannot reach 24 h the fault is shown by the data
 *   and reported as a VIOLATION with the length most favourable to the driver (unknown time read as rest).
 * - Two consecutive fixed weeks (Art. 8(6) first subparagraph): at least two weekly rests, one of them
 *   regular. A single rest of at least 90 h (two regular weekly rests back to back) that runs from the first week
 *   into the second satisfies the pair (leave or a long card-out period is not "one weekly rest in two weeks"). A weekly rest falling in two weeks may be counted in either (Art. 8(9)): every weekly rest that
 *   overlaps the two weeks counts for them (the reading most favourable to the driver). Only pairs of weeks
 *   fully inside the data are checked, and a pair already holding a late or insufficient weekly rest (one fault
 *   once) is not reported again. Two reduced weekly rests in the pair may be justified by the 2020/1054 derogation for
 *   international goods transport (third subparagraph: two consecutive reduced weekly rests outside the Member
 *   State of establishment when, in any four consecutive weeks, at least four weekly rests of which two
 *   regular are taken). The card cannot show the transport type or place, so when the four-week condition
 *   holds (or cannot be checked because the data is too short) the finding is POTENTIAL, else VIOLATION.
 */
import type { Analysis, RestPeriod } from '../shifts.js';
import { weeklyRestsOf } from '../shifts.js';
import type { RawFinding, RuleNote, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { DRIVING_BANDS, REST_BANDS, graded } from '../severity.js';
import { formatDuration, formatInstant, WEEK, weekStartOf } from '../time.js';

const ARTICLE = 'Art. 8(6) Regulation (EC) No 561/2006 as amended by Regulation (EU) 2020/1054';

const isRegular = (r: RestPeriod) => r.duration >= LIMITS.regularWeeklyRest || r.leftOpen || r.rightOpen;

export function weeklyRest(a: Analysis): RuleOutput {
  const findings: RawFinding[] = [];
  const notes: RuleNote[] = [];
  const weekly = weeklyRestsOf(a);

  // --- six 24-hour periods -------------------------------------------------------------------------
  const first = a.rests[0];
  let anchor = first && first.leftOpen ? first.end : a.dataStart;
  const candidates = weekly.filter((r) => !(r.leftOpen && r === first));
  const trailing = a.rests[a.rests.length - 1];
  /** spans already reported as a missing weekly rest: a two-week pair overlapping one is not reported again */
  const missed: RawFinding[] = [];
  const reportLate = (anchorAt: number, startAt: number, openEnded: boolean) => {
    const deadline = anchorAt + LIMITS.weeklyRestDeadline;
    const delay = startAt - deadline;
    missed.push({
      rule: 'weekly_rest',
      status: 'VIOLATION',
      article: ARTICLE,
      start: anchorAt,
      end: startAt,
      value: startAt - anchorAt,
      limit: LIMITS.weeklyRestDeadline,
      excess: delay,
      ...graded(DRIVING_BANDS.six_day_delay, delay),
      description: openEnded
        ? `No weekly rest (24 h or more) started within six 24-hour periods after the previous weekly rest ended ` +
          `(${formatInstant(anchorAt)}); by the end of the data ${formatDuration(delay)} had passed beyond the limit.`
        : `The weekly rest began ${formatDuration(delay)} after the end of the sixth 24-hour period ` +
          `(${formatInstant(deadline)}) following the end of the previous weekly rest (${formatInstant(anchorAt)}); ` +
          `it began ${formatInstant(startAt)}.`,
      evidenceKinds: ['REST'],
    });
  };
  const reportShort = (anchorAt: number, r: RestPeriod) => {
    const short = LIMITS.reducedWeeklyRest - r.duration;
    missed.push({
      rule: 'weekly_rest',
      status: 'VIOLATION',
      article: ARTICLE,
      start: r.start,
      end: r.end,
      value: r.duration,
      limit: LIMITS.reducedWeeklyRest,
      excess: short,
      ...graded(REST_BANDS.weekly_reduced, r.duration),
      description:
        `No rest of 24 h or more started within six 24-hour periods after the previous weekly rest ended ` +
        `(${formatInstant(anchorAt)}); the longest rest started in that time, ${formatDuration(r.duration)} from ` +
        `${formatInstant(r.start)}, is taken as the weekly rest: an insufficient reduced weekly rest, ` +
        `${formatDuration(short)} short of the 24 h minimum.`,
      evidenceKinds: ['REST'],
    });
  };
  // the longest rest of 20 h .. < 24 h starting in [from, deadline] (ties: the earliest), or null; `k` only
  // moves forward because the anchor does
  let k = 0;
  const shortWeeklyRest = (from: number, deadline: number): RestPeriod | null => {
    while (k < a.rests.length && a.rests[k]!.start < from) k++;
    let best: RestPeriod | null = null;
    for (let q = k; q < a.rests.length && a.rests[q]!.start <= deadline; q++) {
      const r = a.rests[q]!;
      if (r.leftOpen || r.rightOpen || r.duration < LIMITS.insufficientWeeklyRestFloor) continue;
      if (!best || r.duration > best.duration) best = r;
    }
    return best;
  };
  let c = 0;
  for (;;) {
    const deadline = anchor + LIMITS.weeklyRestDeadline;
    const next = candidates[c];
    if (next && next.start <= deadline) {
      anchor = next.end;
      c++;
      continue;
    }
    if (!next && a.dataEnd <= deadline) break;
    // a rest still running at the end of the data that started in time may be the weekly rest
    if (!next && trailing && trailing.rightOpen && trailing.start >= anchor && trailing.start <= deadline) break;
    const short = shortWeeklyRest(anchor, deadline);
    if (short) {
      reportShort(anchor, short);
      anchor = short.end;
      continue;
    }
    if (!next) {
      reportLate(anchor, a.dataEnd, true);
      break;
    }
    reportLate(anchor, next.start, false);
    anchor = next.end;
    c++;
  }
  findings.push(...missed);

  // --- two consecutive weeks -----------------------------------------------------------------------
  const firstWeek = weekStartOf(a.dataStart) + (a.dataStart === weekStartOf(a.dataStart) ? 0 : WEEK);
  let lastReported: string | null = null;
  for (let w = firstWeek; w + 2 * WEEK <= a.dataEnd; w += WEEK) {
    const pairEnd = w + 2 * WEEK;
    if (missed.some((f) => f.start < pairEnd && f.end > w)) continue;
    const inPair = weekly.filter((r) => r.start < pairEnd && r.end > w);
    const regular = inPair.filter(isRegular).length;
    // a rest of two regular weekly rests' length (90 h) running from the first week into the second holds a
    // weekly rest for each of them (a week or more of leave is not "one weekly rest in two weeks")
    if (inPair.some((r) => r.duration >= 2 * LIMITS.regularWeeklyRest && r.start < w + WEEK && r.end > w + WEEK)) continue;
    if (inPair.length >= 2 && regular >= 1) continue;
    const key = inPair.map((r) => r.start).join(',');
    if (inPair.length >= 2 && key === lastReported) continue;
    lastReported = key;
    const longest = inPair.reduce((m, r) => Math.max(m, r.duration), 0);
    if (inPair.length >= 2) {
      const derogationFits = fourWeekConditionHolds(a, weekly, w);
      findings.push({
        rule: 'weekly_rest',
        status: derogationFits ? 'POTENTIAL' : 'VIOLATION',
        article: ARTICLE,
        start: w,
        end: pairEnd,
        value: longest,
        limit: LIMITS.regularWeeklyRest,
        excess: LIMITS.regularWeeklyRest - longest,
        ...graded(REST_BANDS.weekly_regular, longest),
        description:
          `Two consecutive weeks from ${formatInstant(w)} hold only reduced weekly rests (longest ` +
          `${formatDuration(longest)}); at least one regular weekly rest of 45 h was needed ` +
          `(${formatDuration(LIMITS.regularWeeklyRest - longest)} short)` +
          (derogationFits
            ? '. This may be allowed for international goods transport under Regulation (EU) 2020/1054, which the card cannot show.'
            : '; the four-week condition of the 2020/1054 derogation is not met either.'),
        evidenceKinds: ['REST'],
      });
      if (derogationFits) {
        notes.push({
          kind: 'warning',
          rule: 'weekly_rest',
          code: 'DEROGATION_POSSIBLE',
          message:
            'Two consecutive reduced weekly rests may be allowed by Art. 8(6) third subparagraph (international goods ' +
            'transport outside the Member State of establishment); the pre-check does not decide it.',
          start: w,
          end: pairEnd,
        });
      }
    } else {
      findings.push({
        rule: 'weekly_rest',
        status: 'VIOLATION',
        article: ARTICLE,
        start: w,
        end: pairEnd,
        value: longest,
        limit: LIMITS.regularWeeklyRest,
        excess: LIMITS.regularWeeklyRest - longest,
        ...graded(REST_BANDS.weekly_regular, longest),
        description:
          `Only ${inPair.length} weekly rest in the two consecutive weeks from ${formatInstant(w)}; ` +
          `at least two (one of them a regular 45 h rest) were needed${inPair.length ? ` (the longest, ${formatDuration(longest)}, is ${formatDuration(LIMITS.regularWeeklyRest - longest)} short of 45 h)` : ''}.`,
        evidenceKinds: ['REST'],
      });
    }
  }
  return { findings, notes };
}

/**
 * 2020/1054 derogation condition: in any four consecutive weeks at least four weekly rests, two of them
 * regular. Checked on every four-week window that contains the pair starting at `pairStart` and lies fully in
 * the data; true when all such windows hold it (or none can be checked).
 */
function fourWeekConditionHolds(a: Analysis, weekly: readonly RestPeriod[], pairStart: number): boolean {
  for (let w = pairStart - 2 * WEEK; w <= pairStart; w += WEEK) {
    const end = w + 4 * WEEK;
    if (w < a.dataStart || end > a.dataEnd) continue;
    const inWindow = weekly.filter((r) => r.start < end && r.end > w);
    if (inWindow.length < 4 || inWindow.filter(isRegular).length < 2) return false;
  }
  return true;
}
