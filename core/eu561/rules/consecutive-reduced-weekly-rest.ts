/**
 * Art. 8(6) as amended by Regulation (EU) 2020/1054: three reduced weekly rests in a row.
 *
 * The first subparagraph asks for a regular weekly rest in any two consecutive weeks; the third subparagraph
 * (the derogation for international goods transport) allows at most "two consecutive reduced weekly rest
 * periods". So a third reduced weekly rest following two reduced ones, with no regular weekly rest between them,
 * is an infringement under every reading, whatever the transport (rule consecutive_reduced_weekly_rest).
 *
 * Readings:
 * - weekly rests are continuous rests of 24 h or more (Art. 4(h)), reduced below 45 h. A rest touching the start
 *   or the end of the data may be longer (regular): it breaks the chain, never extends it.
 * - the three must be the weekly rests of three consecutive fixed weeks: each can be counted in a week it
 *   overlaps (Art. 8(9)) and the weeks must follow each other. A further reduced rest of 24 h or more in one of
 *   those weeks may be a long daily rest: it is skipped, never counted as one of the three (so three reduced
 *   rests within two weeks alone give no finding here; the two-week rule of ./weekly-rest.ts judges that pair).
 * - one finding per reduced rest from the third of a chain on (a fourth in a row is again the third after two).
 *   The two-week findings of ./weekly-rest.ts stay: they are about the pairs of weeks, this is about the third rest.
 * - unknown time next to a rest that could make it regular: the finding exists only when unknown time is read as
 *   work, so it is INCOMPLETE_DATA (../precheck.ts compares both completions).
 * Severity: the third rest is a weekly rest where no reduction was allowed, graded as an insufficient weekly rest
 * (< 45 h, reduction not allowed; 2016/403 Annex I rows 26-27, UNSURE: ../severity.ts).
 */
import type { Analysis, RestPeriod } from '../shifts.js';
import { weeklyRestsOf } from '../shifts.js';
import type { RawFinding, RuleOutput } from '../finding.js';
import { LIMITS } from '../ruleset.js';
import { REST_BANDS, graded } from '../severity.js';
import { formatDuration, formatInstant, WEEK, weekStartOf } from '../time.js';

const ARTICLE = 'Art. 8(6) Regulation (EC) No 561/2006 as amended by Regulation (EU) 2020/1054';

const isReduced = (r: RestPeriod) => r.duration < LIMITS.regularWeeklyRest && !r.leftOpen && !r.rightOpen;

/** The fixed weeks (Monday 00:00 UTC) a rest overlaps. */
function weeksOf(r: RestPeriod): number[] {
  const out: number[] = [];
  for (let w = weekStartOf(r.start); w < r.end; w += WEEK) out.push(w);
  return out;
}

/** r1, r2, r3 can be counted in three consecutive weeks, one each. */
function inConsecutiveWeeks(r1: RestPeriod, r2: RestPeriod, r3: RestPeriod): boolean {
  const w2 = new Set(weeksOf(r2));
  const w3 = new Set(weeksOf(r3));
  return weeksOf(r1).some((w) => w2.has(w + WEEK) && w3.has(w + 2 * WEEK));
}

/** Two earlier reduced rests of the chain that, with r, can be counted in three consecutive weeks (latest first). */
function earlierPair(chain: readonly RestPeriod[], r: RestPeriod): [RestPeriod, RestPeriod] | null {
  for (let j = chain.length - 1; j >= 1; j--) {
    for (let i = j - 1; i >= 0; i--) if (inConsecutiveWeeks(chain[i]!, chain[j]!, r)) return [chain[i]!, chain[j]!];
  }
  return null;
}

export function consecutiveReducedWeeklyRest(a: Analysis): RuleOutput {
  const findings: RawFinding[] = [];
  const chain: RestPeriod[] = [];
  for (const r of weeklyRestsOf(a)) {
    if (!isReduced(r)) {
      chain.length = 0;
      continue;
    }
    const before = earlierPair(chain, r);
    chain.push(r);
    if (!before) continue;
    const [r1, r2] = before;
    const short = LIMITS.regularWeeklyRest - r.duration;
    findings.push({
      rule: 'consecutive_reduced_weekly_rest',
      status: 'VIOLATION',
      article: ARTICLE,
      start: r.start,
      end: r.end,
      value: r.duration,
      limit: LIMITS.regularWeeklyRest,
      excess: short,
      ...graded(REST_BANDS.weekly_regular, r.duration),
      description:
        `The weekly rest of ${formatDuration(r.duration)} from ${formatInstant(r.start)} is the third reduced weekly rest ` +
        `in a row in three consecutive weeks (after ${formatDuration(r1.duration)} from ${formatInstant(r1.start)} and ` +
        `${formatDuration(r2.duration)} from ${formatInstant(r2.start)}). At most two reduced weekly rests may follow each ` +
        `other (Regulation (EU) 2020/1054), so a regular weekly rest of 45 h was needed: ${formatDuration(short)} short.`,
      evidenceKinds: ['REST'],
    });
  }
  return { findings, notes: [] };
}
