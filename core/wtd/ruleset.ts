/**
 * The Working Time Directive ruleset: Directive 2002/15/EC (working time of persons performing mobile road
 * transport activities), as far as driver-card data decides it. Its own versions: bump RULE_VERSION when a
 * limit or a reading changes, ALGORITHM_VERSION when only the computation changes.
 */
import { HOUR, MIN } from '../eu561/time.js';

/** The Directive 2002/15/EC rules the working-time check evaluates; the API's schema takes its enum from here. */
export const WTD_RULE_NAMES = ['wtd_weekly_max', 'wtd_average_weekly', 'wtd_break'] as const;
export type WtdRuleName = (typeof WTD_RULE_NAMES)[number];

export const WTD_RULE_VERSION = 'EU2002/15:2026.1';
export const WTD_ALGORITHM_VERSION = '1.0.0';

export const WTD_LIMITS = {
  /** Art. 4(a): the maximum weekly working time */
  weeklyMax: 60 * HOUR,
  /** Art. 4(a): the average weekly working time over the reference period */
  averageWeekly: 48 * HOUR,
  /** Art. 4(a): four months by default (17 weeks); national law may set up to six months (26 weeks) */
  referenceWeeksDefault: 17,
  referenceWeeksMax: 26,
  /** Art. 5(1): no more than six consecutive hours of working time without a break */
  consecutiveWork: 6 * HOUR,
  /** Art. 5(1): 30 min when the working time totals between 6 and 9 h, 45 min above 9 h */
  breakFrom: 6 * HOUR,
  longBreakFrom: 9 * HOUR,
  shortBreak: 30 * MIN,
  longBreak: 45 * MIN,
  /** Art. 5(1): breaks may be subdivided into periods of at least 15 minutes */
  breakPart: 15 * MIN,
} as const;

export const WTD_DISCLAIMER =
  'This is a technical pre-check of the selected driver-card data against Directive 2002/15/EC as far as card data ' +
  'decides it. It is not a legal decision. Working time is driving and other work as recorded on the card; ' +
  'availability is not working time. National transposition (reference periods, night work, self-employed drivers, ' +
  'collective agreements) is not evaluated.';

export const WTD_STATIC_NOT_EVALUATED = [
  {
    rule: 'night_work',
    reason:
      'Art. 7: night time (a period of at least four hours between 00:00 and 07:00) is defined by national law, and the 10 h limit for a day with night work depends on it; not evaluated.',
  },
  {
    rule: 'self_employed',
    reason:
      'Art. 2(1): whether the driver is a self-employed driver (outside the Directive) is not recorded on the card.',
  },
  {
    rule: 'national_reference_period',
    reason:
      'Art. 4(a), 8: the reference period for the 48 h average is set by national law or collective agreement (up to six months); the pre-check uses consecutive periods of reference_weeks full weeks from the first full week of the data.',
  },
  {
    rule: 'other_employers',
    reason: 'Art. 4(c): working time for several employers and work outside mobile road transport are not on the card.',
  },
  {
    rule: 'availability_known_in_advance',
    reason:
      'Art. 3(b): whether periods recorded as availability had a foreseeable duration known in advance (and are therefore not working time) is not decided; they are counted as availability.',
  },
] as const;
