import t from 'tap';
import { efLabel, findingFlags } from './labels.js';

t.test('marks a finding carries', async (t) => {
  t.same(findingFlags({ severity: 'SI', severity_verified: false }), [['unverified-severity', 'severity not verified against the regulation text']]);
  t.same(findingFlags({ severity: null, severity_verified: false }), [], 'no severity, nothing to doubt');
  t.same(findingFlags({ severity: 'MI', severity_verified: true, assumption_dependent: true, untrusted: true }).map((f) => f[0]), ['assumption', 'untrusted']);
  t.same(findingFlags({ severity: 'VSI' }), [], 'an older service without the fields marks nothing');
});

t.test('elementary files by name', async (t) => {
  t.equal(efLabel('0504'), 'Driver activity data (0504)');
  t.equal(efLabel('c100'), 'Card certificate (c100)');
  t.equal(efLabel('0FFF'), 'EF 0FFF');
});
