/**
 * Art. 6(2) weekly driving time at most 56 h; Art. 6(3) at most 90 h in any two consecutive weeks.
 * Reading: "week" is the fixed week Monday 00:00 – Sunday 24:00 UTC (Art. 4(i)); driving is summed per fixed
 * week, whatever the shifts. Weeks only partly covered by the data are summed over what is known: the sum can
 * only be too low, so an exceedance found is certain.
 */
import type { Analysis } from '../shifts.js';
import type { RawFinding, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { DRIVING_BANDS, graded } from '../severity.js';
import { formatDuration, formatInstant, WEEK, weekStartOf } from '../time.js';

export function weeklyDriving(a: Analysis): RuleOutput {
  const findings: RawFinding[] = [];
  if (!(a.dataEnd > a.dataStart)) return { findings, notes: [] };
  const first = weekStartOf(a.dataStart);
  let previous: { start: number; driving: number } | null = null;
  for (let w = first; w < a.dataEnd; w += WEEK) {
    const driving = a.driving.between(w, w + WEEK);
    if (driving > LIMITS.weeklyDriving) {
      findings.push({
        rule: 'weekly_driving',
        status: 'VIOLATION',
        article: 'Art. 6(2) Regulation (EC) No 561/2006',
        start: w,
        end: w + WEEK,
        value: driving,
        limit: LIMITS.weeklyDriving,
        excess: driving - LIMITS.weeklyDriving,
        ...graded(DRIVING_BANDS.weekly, driving),
        description:
          `Driving time in the week from ${formatInstant(w)} was ${formatDuration(driving)}: ` +
          `${formatDuration(driving - LIMITS.weeklyDriving)} over the 56 h limit of a week.`,
        evidenceKinds: ['DRIVING'],
      });
    }
    if (previous) {
      const total = previous.driving + driving;
      if (total > LIMITS.fortnightlyDriving) {
        findings.push({
          rule: 'fortnightly_driving',
          status: 'VIOLATION',
          article: 'Art. 6(3) Regulation (EC) No 561/2006',
          start: previous.start,
          end: w + WEEK,
          value: total,
          limit: LIMITS.fortnightlyDriving,
          excess: total - LIMITS.fortnightlyDriving,
          ...graded(DRIVING_BANDS.fortnightly, total),
          description:
            `Driving time in the two weeks from ${formatInstant(previous.start)} was ${formatDuration(total)}: ` +
            `${formatDuration(total - LIMITS.fortnightlyDriving)} over the 90 h limit of two consecutive weeks.`,
          evidenceKinds: ['DRIVING'],
        });
      }
    }
    previous = { start: w, driving };
  }
  return { findings, notes: [] };
}
