/**
 * Severity bands of the infringements, by how far the limit is exceeded (value in seconds).
 *
 * Source: Commission Regulation (EU) 2016/403, Annex I (as amended by Implementing Regulation (EU) 2022/694),
 * which classes SI / VSI / MSI, and Directive 2006/22/EC Annex III as amended by Article 2 of 2016/403, which
 * adds the MI (minor) band below SI. Checked (audit, against the consolidated 2016/403 text of 23.5.2022, Annex I
 * rows 2-15): daily driving (SI 10h–<11h, VSI ≥11h, MSI ≥13h30 for the 9 h limit; SI 11h–<12h, VSI ≥12h, MSI ≥15h
 * for the 10 h limit), weekly driving (SI 60h–<65h, VSI 65h–<70h, MSI ≥70h), two-week driving (SI 100h–<105h,
 * VSI 105h–<112h30, MSI ≥112h30) and breaks (SI 5h–<6h, VSI ≥6h, no MSI row). The rest rows (Art. 8, rows 16 on)
 * and every MI band (Directive 2006/22/EC Annex III) are written from memory of the same tables and agree with
 * an independent recollection in the audit, but were not re-read: rows marked UNCERTAIN must be re-checked
 * against EUR-Lex before any legal use. The "insufficient reduced weekly rest < 24 h" rows (MI 22h–<24h,
 * SI 20h–<22h, VSI <20h) are used for a rest of 20 h to < 24 h taken where a weekly rest was due; below 20 h the
 * fault is reported as a late weekly rest instead, so their VSI row is never reached (./rules/weekly-rest.ts).
 * No band is given (severity null) for rules whose class we do not know reliably (reduced weekly rest
 * compensation).
 */
import { HOUR } from './time.js';
import type { Severity } from './types.js';

export interface Band {
  /** inclusive lower bound of the value (seconds) */
  from: number;
  /** exclusive upper bound (seconds), Infinity for the last band */
  to: number;
  severity: Severity;
}

/** For "more is worse" quantities (driving): value in [from, to). The MI band starts just above the limit. */
export const DRIVING_BANDS = {
  /** Art. 6(1) daily driving, 9 h limit (no extension allowed): MI 9h<…<10h, SI 10h≤…<11h, VSI 11h≤…<13h30, MSI ≥13h30 */
  daily_9h: [
    { from: 0, to: 10 * HOUR, severity: 'MI' },
    { from: 10 * HOUR, to: 11 * HOUR, severity: 'SI' },
    { from: 11 * HOUR, to: 13.5 * HOUR, severity: 'VSI' },
    { from: 13.5 * HOUR, to: Infinity, severity: 'MSI' },
  ],
  /** Art. 6(1) daily driving, 10 h extended limit: MI 10h<…<11h, SI 11h≤…<12h, VSI 12h≤…<15h, MSI ≥15h */
  daily_10h: [
    { from: 0, to: 11 * HOUR, severity: 'MI' },
    { from: 11 * HOUR, to: 12 * HOUR, severity: 'SI' },
    { from: 12 * HOUR, to: 15 * HOUR, severity: 'VSI' },
    { from: 15 * HOUR, to: Infinity, severity: 'MSI' },
  ],
  /** Art. 6(2) weekly driving 56 h: MI 56h<…<60h, SI 60h≤…<65h, VSI 65h≤…<70h, MSI ≥70h (SI..MSI checked) */
  weekly: [
    { from: 0, to: 60 * HOUR, severity: 'MI' },
    { from: 60 * HOUR, to: 65 * HOUR, severity: 'SI' },
    { from: 65 * HOUR, to: 70 * HOUR, severity: 'VSI' },
    { from: 70 * HOUR, to: Infinity, severity: 'MSI' },
  ],
  /** Art. 6(3) 90 h in two weeks: MI 90h<…<100h, SI 100h≤…<105h, VSI 105h≤…<112h30, MSI ≥112h30 (SI..MSI checked) */
  fortnightly: [
    { from: 0, to: 100 * HOUR, severity: 'MI' },
    { from: 100 * HOUR, to: 105 * HOUR, severity: 'SI' },
    { from: 105 * HOUR, to: 112.5 * HOUR, severity: 'VSI' },
    { from: 112.5 * HOUR, to: Infinity, severity: 'MSI' },
  ],
  /**
   * Art. 7 uninterrupted driving before a break, 4 h 30 limit: MI 4h30<…<5h, SI 5h≤…<6h, VSI ≥6h.
   * Checked: Annex I has no MSI row for breaks (rows 14-15 are SI and VSI only).
   */
  break: [
    { from: 0, to: 5 * HOUR, severity: 'MI' },
    { from: 5 * HOUR, to: 6 * HOUR, severity: 'SI' },
    { from: 6 * HOUR, to: Infinity, severity: 'VSI' },
  ],
  /** Art. 8(6) weekly rest started after six 24-hour periods, by the delay: MI <3h, SI 3h≤…<12h, VSI ≥12h (UNCERTAIN) */
  six_day_delay: [
    { from: 0, to: 3 * HOUR, severity: 'MI' },
    { from: 3 * HOUR, to: 12 * HOUR, severity: 'SI' },
    { from: 12 * HOUR, to: Infinity, severity: 'VSI' },
  ],
} satisfies Record<string, Band[]>;

/** For "less is worse" quantities (rest length): value in [from, to). */
export const REST_BANDS = {
  /** Art. 8(2) regular daily rest 11 h where reduction is not allowed: MI 10h≤…<11h, SI 8h30≤…<10h, VSI <8h30 (UNCERTAIN) */
  daily_regular: [
    { from: 10 * HOUR, to: 11 * HOUR, severity: 'MI' },
    { from: 8.5 * HOUR, to: 10 * HOUR, severity: 'SI' },
    { from: 0, to: 8.5 * HOUR, severity: 'VSI' },
  ],
  /**
   * Art. 8(2) reduced daily rest 9 h, and the 9 h part of a split 3 h + 9 h rest:
   * MI 8h≤…<9h, SI 7h≤…<8h, VSI <7h (UNCERTAIN; split: 3h + [same bands] on the second part).
   */
  daily_reduced: [
    { from: 8 * HOUR, to: 9 * HOUR, severity: 'MI' },
    { from: 7 * HOUR, to: 8 * HOUR, severity: 'SI' },
    { from: 0, to: 7 * HOUR, severity: 'VSI' },
  ],
  /** Art. 8(5) multi-manning 9 h within 30 h: MI 8h≤…<9h, SI 7h≤…<8h, VSI <7h (UNCERTAIN) */
  multi_manning: [
    { from: 8 * HOUR, to: 9 * HOUR, severity: 'MI' },
    { from: 7 * HOUR, to: 8 * HOUR, severity: 'SI' },
    { from: 0, to: 7 * HOUR, severity: 'VSI' },
  ],
  /** Art. 8(6) weekly rest 45 h where reduction is not allowed: MI 42h≤…<45h, SI 36h≤…<42h, VSI <36h (UNCERTAIN) */
  weekly_regular: [
    { from: 42 * HOUR, to: 45 * HOUR, severity: 'MI' },
    { from: 36 * HOUR, to: 42 * HOUR, severity: 'SI' },
    { from: 0, to: 36 * HOUR, severity: 'VSI' },
  ],
  /**
   * Art. 8(6) insufficient reduced weekly rest (below the 24 h minimum): MI 22h≤…<24h, SI 20h≤…<22h, VSI <20h.
   * UNCERTAIN: SI and VSI from memory of 2016/403 Annex I (as amended by 2022/694), MI from memory of Directive
   * 2006/22/EC Annex III; not re-read against EUR-Lex. Only values of 20 h or more reach it (./rules/weekly-rest.ts).
   */
  weekly_reduced: [
    { from: 22 * HOUR, to: 24 * HOUR, severity: 'MI' },
    { from: 20 * HOUR, to: 22 * HOUR, severity: 'SI' },
    { from: 0, to: 20 * HOUR, severity: 'VSI' },
  ],
} satisfies Record<string, Band[]>;

export function severityOf(bands: readonly Band[], value: number): Severity | null {
  for (const b of bands) if (value >= b.from && value < b.to) return b.severity;
  return null;
}

