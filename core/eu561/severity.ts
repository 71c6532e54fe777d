/**
 * Severity bands of the infringements (value in seconds), each band naming the row of the act it comes from and
 * whether that row was VERIFIED in ../../../shared/reference/eu-infringement-bands.md (the compilation of what
 * could be read of the legal texts, row by row). A finding graded by an UNSURE band keeps that best reading but
 * carries `severity_verified: false`.
 *
 * Acts:
 * - "2016/403 I" = Commission Regulation (EU) 2016/403 Annex I, Section 1, as replaced by Implementing
 *   Regulation (EU) 2022/694 (consolidation 02016R0403-20220523). It has SI / VSI / MSI and no MI. Rows 2-15
 *   (driving, two-week driving, breaks) are VERIFIED (text; level inferred from the row's place, see table A).
 *   Rows 16 on (rests) are UNSURE: only row 16's wording was read, the bands come from secondary sources.
 * - "2006/22 III" = Directive 2006/22/EC Annex III as amended by 2016/403 Art. 2 (and since 2024/846): the only
 *   source of the MI (minor) tier; no row of it could be read, so every MI band is UNSURE (table B).
 * Bounds follow the texts' notation: lower bound inclusive, upper bound exclusive.
 */
import { HOUR } from './time.js';
import type { Severity } from './types.js';

export interface Band {
  /** inclusive lower bound of the value (seconds) */
  from: number;
  /** exclusive upper bound (seconds), Infinity for the last band */
  to: number;
  severity: Severity;
  /** the row of the act (see the header) */
  source: string;
  /** the row was VERIFIED in the reference compilation */
  verified: boolean;
}

/** For "more is worse" quantities (driving): value in [from, to). The MI band starts just above the limit. */
export const DRIVING_BANDS = {
  /** Art. 6(1) daily driving, 9 h limit (no extension allowed): MI 9h<…<10h, SI 10h≤…<11h, VSI 11h≤…<13h30, MSI ≥13h30 */
  daily_9h: [
    {
      from: 0,
      to: 10 * HOUR,
      severity: 'MI',
      source: '2006/22 III, Art. 6(1) 9 h regime, MI 9h<…<10h',
      verified: false,
    },
    { from: 10 * HOUR, to: 11 * HOUR, severity: 'SI', source: '2016/403 I row 2', verified: true },
    { from: 11 * HOUR, to: 13.5 * HOUR, severity: 'VSI', source: '2016/403 I row 3', verified: true },
    {
      from: 13.5 * HOUR,
      to: Infinity,
      severity: 'MSI',
      source: '2016/403 I row 4 (overlaps row 3: the highest level is used)',
      verified: true,
    },
  ],
  /** Art. 6(1) daily driving, 10 h extended limit: MI 10h<…<11h, SI 11h≤…<12h, VSI 12h≤…<15h, MSI ≥15h */
  daily_10h: [
    {
      from: 0,
      to: 11 * HOUR,
      severity: 'MI',
      source: '2006/22 III, Art. 6(1) 10 h regime, MI 10h<…<11h',
      verified: false,
    },
    { from: 11 * HOUR, to: 12 * HOUR, severity: 'SI', source: '2016/403 I row 5', verified: true },
    { from: 12 * HOUR, to: 15 * HOUR, severity: 'VSI', source: '2016/403 I row 6', verified: true },
    {
      from: 15 * HOUR,
      to: Infinity,
      severity: 'MSI',
      source: '2016/403 I row 7 (overlaps row 6: the highest level is used)',
      verified: true,
    },
  ],
  /** Art. 6(2) weekly driving 56 h: MI 56h<…<60h, SI 60h≤…<65h, VSI 65h≤…<70h, MSI ≥70h (SI..MSI checked) */
  weekly: [
    { from: 0, to: 60 * HOUR, severity: 'MI', source: '2006/22 III, Art. 6(2), MI 56h<…<60h', verified: false },
    { from: 60 * HOUR, to: 65 * HOUR, severity: 'SI', source: '2016/403 I row 8', verified: true },
    { from: 65 * HOUR, to: 70 * HOUR, severity: 'VSI', source: '2016/403 I row 9', verified: true },
    { from: 70 * HOUR, to: Infinity, severity: 'MSI', source: '2016/403 I row 10', verified: true },
  ],
  /** Art. 6(3) 90 h in two weeks: MI 90h<…<100h, SI 100h≤…<105h, VSI 105h≤…<112h30, MSI ≥112h30 (SI..MSI checked) */
  fortnightly: [
    { from: 0, to: 100 * HOUR, severity: 'MI', source: '2006/22 III, Art. 6(3), MI 90h<…<100h', verified: false },
    { from: 100 * HOUR, to: 105 * HOUR, severity: 'SI', source: '2016/403 I row 11', verified: true },
    { from: 105 * HOUR, to: 112.5 * HOUR, severity: 'VSI', source: '2016/403 I row 12', verified: true },
    { from: 112.5 * HOUR, to: Infinity, severity: 'MSI', source: '2016/403 I row 13', verified: true },
  ],
  /**
   * Art. 7 uninterrupted driving before a break, 4 h 30 limit: MI 4h30<…<5h, SI 5h≤…<6h, VSI ≥6h.
   * Checked: Annex I has no MSI row for breaks (rows 14-15 are SI and VSI only).
   */
  break: [
    { from: 0, to: 5 * HOUR, severity: 'MI', source: '2006/22 III, Art. 7, MI 4h30<…<5h', verified: false },
    { from: 5 * HOUR, to: 6 * HOUR, severity: 'SI', source: '2016/403 I row 14', verified: true },
    { from: 6 * HOUR, to: Infinity, severity: 'VSI', source: '2016/403 I row 15', verified: true },
  ],
  /** Art. 8(6) weekly rest started after six 24-hour periods, by the delay: MI <3h, SI 3h≤…<12h, VSI ≥12h (UNCERTAIN) */
  six_day_delay: [
    {
      from: 0,
      to: 3 * HOUR,
      severity: 'MI',
      source: '2006/22 III, Art. 8(6) six 24 h periods, MI <3h',
      verified: false,
    },
    {
      from: 3 * HOUR,
      to: 12 * HOUR,
      severity: 'SI',
      source: '2016/403 I row 28? (reported 3h<…<12h)',
      verified: false,
    },
    { from: 12 * HOUR, to: Infinity, severity: 'VSI', source: '2016/403 I row 29? (reported 12h≤…)', verified: false },
  ],
} satisfies Record<string, Band[]>;

/** For "less is worse" quantities (rest length): value in [from, to). */
export const REST_BANDS = {
  /** Art. 8(2) regular daily rest 11 h where reduction is not allowed: MI 10h≤…<11h, SI 8h30≤…<10h, VSI <8h30 (UNCERTAIN) */
  daily_regular: [
    { from: 10 * HOUR, to: 11 * HOUR, severity: 'MI', source: '2006/22 III, Art. 8(2), MI 10h≤…<11h', verified: false },
    {
      from: 8.5 * HOUR,
      to: 10 * HOUR,
      severity: 'SI',
      source: '2016/403 I row 16 (wording verified, band reported)',
      verified: false,
    },
    { from: 0, to: 8.5 * HOUR, severity: 'VSI', source: '2016/403 I row 17 (reported)', verified: false },
  ],
  /**
   * Art. 8(2) reduced daily rest 9 h, and the 9 h part of a split 3 h + 9 h rest:
   * MI 8h≤…<9h, SI 7h≤…<8h, VSI <7h (UNCERTAIN; split: 3h + [same bands] on the second part).
   */
  daily_reduced: [
    {
      from: 8 * HOUR,
      to: 9 * HOUR,
      severity: 'MI',
      source: '2006/22 III, Art. 8(2) reduced, MI 8h≤…<9h',
      verified: false,
    },
    { from: 7 * HOUR, to: 8 * HOUR, severity: 'SI', source: '2016/403 I row 18 (reported)', verified: false },
    { from: 0, to: 7 * HOUR, severity: 'VSI', source: '2016/403 I row 19 (reported)', verified: false },
  ],
  /** Art. 8(5) multi-manning 9 h within 30 h: MI 8h≤…<9h, SI 7h≤…<8h, VSI <7h (UNCERTAIN) */
  multi_manning: [
    { from: 8 * HOUR, to: 9 * HOUR, severity: 'MI', source: '2006/22 III, Art. 8(5), MI 8h≤…<9h', verified: false },
    { from: 7 * HOUR, to: 8 * HOUR, severity: 'SI', source: '2016/403 I row 22 (reported)', verified: false },
    { from: 0, to: 7 * HOUR, severity: 'VSI', source: '2016/403 I row 23 (reported)', verified: false },
  ],
  /** Art. 8(6) weekly rest 45 h where reduction is not allowed: MI 42h≤…<45h, SI 36h≤…<42h, VSI <36h (UNCERTAIN) */
  weekly_regular: [
    {
      from: 42 * HOUR,
      to: 45 * HOUR,
      severity: 'MI',
      source: '2006/22 III, Art. 8(6) weekly, MI 42h≤…<45h',
      verified: false,
    },
    { from: 36 * HOUR, to: 42 * HOUR, severity: 'SI', source: '2016/403 I row 26 (reported)', verified: false },
    { from: 0, to: 36 * HOUR, severity: 'VSI', source: '2016/403 I row 27 (reported)', verified: false },
  ],
  /**
   * Art. 8(6) insufficient reduced weekly rest (below the 24 h minimum): MI 22h≤…<24h, SI 20h≤…<22h, VSI <20h.
   * UNCERTAIN: SI and VSI from memory of 2016/403 Annex I (as amended by 2022/694), MI from memory of Directive
   * 2006/22/EC Annex III; not re-read against EUR-Lex. Only values of 20 h or more reach it (./rules/weekly-rest.ts).
   */
  weekly_reduced: [
    {
      from: 22 * HOUR,
      to: 24 * HOUR,
      severity: 'MI',
      source: '2006/22 III, Art. 8(6) reduced weekly, MI 22h≤…<24h',
      verified: false,
    },
    { from: 20 * HOUR, to: 22 * HOUR, severity: 'SI', source: '2016/403 I row 24 (reported)', verified: false },
    { from: 0, to: 20 * HOUR, severity: 'VSI', source: '2016/403 I row 25 (reported)', verified: false },
  ],
} satisfies Record<string, Band[]>;

export function bandOf(bands: readonly Band[], value: number): Band | null {
  for (const b of bands) if (value >= b.from && value < b.to) return b;
  return null;
}

export function severityOf(bands: readonly Band[], value: number): Severity | null {
  return bandOf(bands, value)?.severity ?? null;
}

/** The severity of a finding and whether its band's row was verified (spread into a RawFinding). */
export function graded(
  bands: readonly Band[],
  value: number,
): { severity: Severity | null; severityVerified: boolean } {
  const band = bandOf(bands, value);
  return { severity: band?.severity ?? null, severityVerified: band?.verified ?? false };
}
