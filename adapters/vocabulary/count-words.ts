/**
 * Words that follow a count, in the singular for one and the plural otherwise ("1 open finding", "2 open findings",
 * "0 drivers"), as the page's tiles and the office documents write them. Each counted thing is declared once here
 * with both forms, so a tile never reads "1 drivers with infringements".
 */

/** The words after a count: `one` for exactly 1, `other` for every other number (0 included). */
export interface CountWords {
  one: string;
  other: string;
}

/** The words for `n` (without the number). */
export function countWords(n: number, words: CountWords): string {
  return n === 1 ? words.one : words.other;
}

/** `n` with its words: `1 rule`, `3 rules`. */
export function counted(n: number, words: CountWords): string {
  return `${n} ${countWords(n, words)}`;
}

/** The counts of the fleet and of the "today" panel, keyed by the answer's field. */
export const COUNT_WORDS = {
  drivers: { one: 'driver', other: 'drivers' },
  overdue: { one: 'download overdue', other: 'downloads overdue' },
  due_week: { one: 'download due within 7 days', other: 'downloads due within 7 days' },
  expired: { one: 'card expired', other: 'cards expired' },
  expiring_30d: { one: 'card expiring within 30 days', other: 'cards expiring within 30 days' },
  with_infringements: {
    one: 'driver with infringements (4 weeks)',
    other: 'drivers with infringements (4 weeks)',
  },
  not_evaluated: {
    one: 'driver not evaluated (conflicting or quarantined data)',
    other: 'drivers not evaluated (conflicting or quarantined data)',
  },
  open_findings: { one: 'open finding (not reviewed)', other: 'open findings (not reviewed)' },
  quarantined: { one: 'import quarantined', other: 'imports quarantined' },
  conflicting: { one: 'driver whose imports disagree', other: 'drivers whose imports disagree' },
  holder_mismatch: {
    one: 'import of another holder (holder mismatch)',
    other: 'imports of another holder (holder mismatch)',
  },
  withdrawn: { one: 'import withdrawn', other: 'imports withdrawn' },
  readiness: {
    one: 'driver with days missing among today and the 56 days before',
    other: 'drivers with days missing among today and the 56 days before',
  },
  vu_downloads_overdue: {
    one: 'vehicle-unit download overdue (more than 90 days)',
    other: 'vehicle-unit downloads overdue (more than 90 days)',
  },
  calibrations_due_30d: {
    one: 'calibration due within 30 days or overdue',
    other: 'calibrations due within 30 days or overdue',
  },
  driving_without_card_4w: {
    one: 'drive without a card in the last 4 weeks',
    other: 'drives without a card in the last 4 weeks',
  },
  rules_not_evaluated: { one: 'rule was not evaluated', other: 'rules were not evaluated' },
  days: { one: 'day', other: 'days' },
} as const satisfies Record<string, CountWords>;
