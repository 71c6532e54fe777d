/**
 * Names and marks the page writes: rules by name, elementary files by name, the flags a finding carries. Pure;
 * shared with node tests and with the printable report (../../report/), so a rule has one name everywhere.
 */

// type-only: the rule ids are the core's enums (erased from the compiled JavaScript, nothing outside the client is loaded)
import type { StaticNotEvaluatedRule } from '../../core/eu561/ruleset.js';
import type { NotEvaluatedRule, RuleName } from '../../core/eu561/types.js';
import type { WTD_STATIC_NOT_EVALUATED } from '../../core/wtd/ruleset.js';
import type { WtdNotEvaluatedRule, WtdRuleName } from '../../core/wtd/working-time.js';
import { reasonForPeople } from './people-text.js';

/** What a finding carries that its marks and its band are read from (the API's EU 561 and working-time findings). */
export interface FindingMarks {
  rule?: string;
  severity: string | null;
  severity_verified?: boolean;
  assumption_dependent?: boolean;
  untrusted?: boolean;
}

/** One item of an answer's not_evaluated list. */
export interface NotEvaluated {
  rule: string;
  reason: string;
}

/** Which answer a rule id comes from: the EU 561/2006 pre-check or the working time (Directive 2002/15/EC). */
export type Check = 'eu561' | 'wtd';

/** The rules the two checks evaluate (findings' `rule`; in not_evaluated when this data cannot decide them). */
const EVALUATED_RULE_NAMES: Record<RuleName | WtdRuleName, string> = {
  daily_driving: 'Daily driving time',
  weekly_driving: 'Weekly driving time',
  fortnightly_driving: 'Driving time in two consecutive weeks',
  break: 'Break after 4:30 driving',
  daily_rest: 'Daily rest',
  weekly_rest: 'Weekly rest',
  reduced_weekly_rest_compensation: 'Compensation of a reduced weekly rest',
  daily_rest_multi_manning: 'Daily rest (multi-manning)',
  consecutive_reduced_weekly_rest: 'Consecutive reduced weekly rests',
  return_home: 'Return home every four weeks',
  wtd_weekly_max: 'Weekly working time (WTD, 60 h)',
  wtd_average_weekly: 'Average weekly working time (WTD, 48 h)',
  wtd_break: 'Break after 6 h of working time (WTD)',
};

/** What card data never decides: in every answer's not_evaluated (STATIC_NOT_EVALUATED of each check in the core). */
const NEVER_ON_CARD_NAMES: Record<StaticNotEvaluatedRule | (typeof WTD_STATIC_NOT_EVALUATED)[number]['rule'], string> =
  {
    return_home: 'Return home every four weeks',
    regular_weekly_rest_in_vehicle: 'Regular weekly rest not taken in the vehicle',
    ferry_train: 'Rest interrupted by a ferry or train crossing',
    article_12: 'Departure from the rules in exceptional circumstances (Art. 12)',
    reduced_weekly_rest_derogation: 'Two reduced weekly rests in a row in international transport',
    national_derogations: 'National exceptions, AETR and derogations',
    working_time_directive: 'Working Time Directive',
    compensation_before_next_weekly_rest: 'Compensation before the next weekly rest',
    break_in_multi_manning_vehicle: 'Break in a vehicle driven by another driver',
    night_work: 'Night work',
    self_employed: 'Self-employed driver',
    national_reference_period: 'National reference period',
    other_employers: 'Work for other employers',
    availability_known_in_advance: 'Availability known in advance',
  };

/**
 * The name of every rule id the two checks write, keyed by the core's enums (RuleName, WtdRuleName and the
 * static not-evaluated lists): a rule added there without a name here does not compile, and no name here
 * lacks a rule. `all` (the whole check) is named by CHECK_NAMES.
 */
const RULE_NAMES: Record<Exclude<NotEvaluatedRule | WtdNotEvaluatedRule, 'all'>, string> = {
  ...EVALUATED_RULE_NAMES,
  ...NEVER_ON_CARD_NAMES,
};

/** The name of `all` in each answer's not_evaluated list: the whole check. */
export const CHECK_NAMES: Record<Check, string> = {
  eu561: 'EU 561/2006 pre-check',
  wtd: 'Working time',
};

/** A rule by name; an id a newer service added is written as its words. */
export function ruleName(rule: string): string {
  return Object.hasOwn(RULE_NAMES, rule) ? RULE_NAMES[rule as keyof typeof RULE_NAMES] : rule.replace(/_/g, ' ');
}

/** The rule a not-evaluated line is about, capitalised; `all` is the whole check. */
export function notEvaluatedName(rule: string, check: Check): string {
  return rule === 'all' ? CHECK_NAMES[check] : ruleName(rule).replace(/^./, (c) => c.toUpperCase());
}

/**
 * One line of a not-evaluated list: the rule id (kept for the page's data attribute), its name, the reason, and
 * whether it is about this data (`data`) or something card data never decides (`always`).
 */
export interface NotEvaluatedLine {
  rule: string;
  name: string;
  /** the reason as a person reads it (./people-text.ts) */
  reason: string;
  /** the service's own words when they differ (technical detail, behind a disclosure; null when the same) */
  detail: string | null;
  kind: 'data' | 'always';
}

/**
 * An answer's not_evaluated items as the page and the report write them: first what this data left out (a
 * deadline after its end, too few weeks, unknown periods), then what card data never decides; each group in
 * the answer's order.
 */
export function notEvaluatedLines(
  items: readonly NotEvaluated[] | null | undefined,
  check: Check,
  timeZone = 'UTC',
): NotEvaluatedLine[] {
  const lines = (items ?? []).map((n): NotEvaluatedLine => {
    const reason = reasonForPeople(n.rule, n.reason, timeZone);
    return {
      rule: n.rule,
      name: notEvaluatedName(n.rule, check),
      reason,
      detail: reason === n.reason ? null : n.reason,
      kind: Object.hasOwn(NEVER_ON_CARD_NAMES, n.rule) ? 'always' : 'data',
    };
  });
  return [...lines.filter((l) => l.kind === 'data'), ...lines.filter((l) => l.kind === 'always')];
}

const EF_NAMES: Record<string, string> = {
  '0002': 'Card ICC identification',
  '0005': 'Card chip identification',
  '0501': 'Application identification',
  '0502': 'Events data',
  '0503': 'Faults data',
  '0504': 'Driver activity data',
  '0505': 'Vehicles used',
  '0506': 'Places',
  '0507': 'Current usage',
  '0508': 'Control activity data',
  '050E': 'Card download',
  '0520': 'Identification',
  '0521': 'Driving licence info',
  '0522': 'Specific conditions',
  '0523': 'Vehicle units used',
  '0524': 'GNSS places',
  '0525': 'Application identification V2',
  '0526': 'Places authentication',
  '0527': 'GNSS places authentication',
  '0528': 'Border crossings',
  '0529': 'Load / unload operations',
  '0530': 'Load type entries',
  '0531': 'VU configuration',
  C100: 'Card certificate',
  C108: 'Member-state certificate',
};

export function efLabel(ef: string): string {
  const name = EF_NAMES[ef.toUpperCase()];
  return name ? `${name} (${ef})` : `EF ${ef}`;
}

/**
 * The infringement bands of Reg. (EU) 2016/403 Annex I and Dir. 2006/22/EC Annex III, as a person reads them:
 * the band's name with its abbreviation.
 */
export const BAND_NAMES: Record<'MI' | 'SI' | 'VSI' | 'MSI', string> = {
  MI: 'minor infringement (MI)',
  SI: 'serious infringement (SI)',
  VSI: 'very serious infringement (VSI)',
  MSI: 'most serious infringement (MSI)',
};

/** A band in words; none when the finding has no band (incomplete data, an unknown code as it is). */
export function bandName(severity: string | null | undefined): string | null {
  if (!severity) return null;
  return Object.hasOwn(BAND_NAMES, severity) ? BAND_NAMES[severity as keyof typeof BAND_NAMES] : severity;
}

/**
 * The one note a list or a report of findings carries on their bands: which rules' bands were taken from published
 * tables rather than read in the regulation's own text (`severity_verified: false`, see
 * shared/reference/eu-infringement-bands.md, rows not VERIFIED (text)), named once each; null when every band shown
 * was read in the text.
 */
export function bandNote(findings: readonly FindingMarks[]): string | null {
  const unsure = new Set<string>();
  for (const f of findings) {
    if (f.severity && f.severity_verified === false) unsure.add(`${ruleName(f.rule ?? '')} (${f.severity})`);
  }
  if (unsure.size === 0) return null;
  return (
    `Bands taken from published tables, not yet checked against the text of Reg. (EU) 2016/403: ${[...unsure].join(', ')}. ` +
    'The other bands are as the regulation states them.'
  );
}

/** Marks a finding carries: a finding that exists only under an assumption, untrusted data. Its band is named apart. */
export function findingFlags(f: FindingMarks): [string, string][] {
  const flags: [string, string][] = [];
  if (f.assumption_dependent) flags.push(['assumption', 'depends on how time without card data is read']);
  if (f.untrusted) flags.push(['untrusted', 'from a quarantined import']);
  return flags;
}
