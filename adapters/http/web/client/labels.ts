/** Names and marks the page writes: elementary files by name, the flags a finding carries. Pure; shared with node tests. */

import type { Finding } from './types.js';

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

/** Marks a finding carries: a severity from an unsure band, a finding that exists only under an assumption, untrusted data. */
export function findingFlags(f: Pick<Finding, 'severity' | 'severity_verified' | 'assumption_dependent' | 'untrusted'>): [string, string][] {
  const flags: [string, string][] = [];
  if (f.severity && f.severity_verified === false) flags.push(['unverified-severity', 'severity not verified against the regulation text']);
  if (f.assumption_dependent) flags.push(['assumption', 'only when card-out time counts as rest']);
  if (f.untrusted) flags.push(['untrusted', 'from a quarantined import']);
  return flags;
}

