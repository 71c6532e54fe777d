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
 * - Two consecutive fixed weeks (Art. 8(6) first subparagraph): at least two weekly rests, one of them
 *   regular. A weekly rest falling in two weeks may be counted in either (Art. 8(9)): every weekly rest that
 *   overlaps the two weeks counts for them (the reading most favourable to the driver). Only pairs of weeks
 *   fully inside the data are checked, and a pair already holding a late weekly rest (one fault once) is not
 *   reported again. Two reduced weekly rests in the pair may be justified by the 2020/1054 derogation for
 *   international goods transport (third subparagraph: two consecutive reduced weekly rests outside the Member
 *   State of establishment when, in any four consecutive weeks, at least four weekly rests of which two
 *   regular are taken). The card cannot show the transport type or place, so when the four-week condition
 *   holds (or cannot be checked because the data is too short) the finding is POTENTIAL, else VIOLATION.
 */
import type { Analysis, RestPeriod } from '../shifts.js';
import { weeklyRestsOf } from '../shifts.js';
import type { RawFinding, RuleNote, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { DRIVING_BANDS, REST_BANDS, severityOf } from '../severity.js';
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
  const late: RawFinding[] = [];
  const report = (anchorAt: number, startAt: number, openEnded: boolean) => {
    const deadline = anchorAt + LIMITS.weeklyRestDeadline;
    const delay = startAt - deadline;
    late.push({
      rule: 'weekly_rest',
      status: 'VIOLATION',
      article: ARTICLE,
      start: anchorAt,
      end: startAt,
      value: startAt - anchorAt,
      limit: LIMITS.weeklyRestDeadline,
      excess: delay,
      severity: severityOf(DRIVING_BANDS.six_day_delay, delay),
      description: openEnded
        ? `No weekly rest (24 h or more) started within six 24-hour periods after the previous weekly rest ended ` +
          `(${formatInstant(anchorAt)}); by the end of the data ${formatDuration(delay)} had passed beyond the limit.`
        : `The weekly rest started ${formatDuration(delay)} too late: ${formatDuration(startAt - anchorAt)} after ` +
          `the previous weekly rest ended (${formatInstant(anchorAt)}); it must start within six 24-hour periods (144 h).`,
      evidenceKinds: ['REST'],
    });
  };
  for (const r of candidates) {
    if (r.start > anchor + LIMITS.weeklyRestDeadline) report(anchor, r.start, false);
    anchor = r.end;
  }
  const lastCandidate = candidates[candidates.length - 1];
  const openTail = trailing && trailing.rightOpen && trailing !== lastCandidate && trailing.start <= anchor + LIMITS.weeklyRestDeadline;
  if (!(lastCandidate && lastCandidate.rightOpen) && !openTail && a.dataEnd > anchor + LIMITS.weeklyRestDeadline) {
    report(anchor, a.dataEnd, true);
  }
  findings.push(...late);

  // --- two consecutive weeks -----------------------------------------------------------------------
  const firstWeek = weekStartOf(a.dataStart) + (a.dataStart === weekStartOf(a.dataStart) ? 0 : WEEK);
  let lastReported: string | null = null;
  for (let w = firstWeek; w + 2 * WEEK <= a.dataEnd; w += WEEK) {
    const pairEnd = w + 2 * WEEK;
    if (late.some((f) => f.start < pairEnd && f.end > w)) continue;
    const inPair = weekly.filter((r) => r.start < pairEnd && r.end > w);
    const regular = inPair.filter(isRegular).length;
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
        severity: severityOf(REST_BANDS.weekly_regular, longest),
        description:
          `Two consecutive weeks from ${formatInstant(w)} hold only reduced weekly rests (longest ` +
          `${formatDuration(longest)}); at least one regular weekly rest of 45 h was needed` +
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
        severity: severityOf(REST_BANDS.weekly_regular, longest),
        description:
          `Only ${inPair.length} weekly rest in the two consecutive weeks from ${formatInstant(w)}; ` +
          `at least two (one of them a regular 45 h rest) were needed.`,
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
