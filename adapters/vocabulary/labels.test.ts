import t from 'tap';
import { STATIC_NOT_EVALUATED } from '../../core/eu561/ruleset.js';
import { WTD_STATIC_NOT_EVALUATED } from '../../core/wtd/ruleset.js';
import {
  bandName,
  bandNote,
  CHECK_NAMES,
  efLabel,
  findingFlags,
  notEvaluatedLines,
  notEvaluatedName,
  ruleName,
} from './labels.js';

t.test('marks a finding carries; its band is named apart, with one note per list', async (t) => {
  t.same(findingFlags({ severity: 'SI', severity_verified: false }), [], 'no per-finding doubt about the band');
  t.same(
    findingFlags({ severity: 'MI', severity_verified: true, assumption_dependent: true, untrusted: true }).map(
      (f) => f[0],
    ),
    ['assumption', 'untrusted'],
  );
  t.same(findingFlags({ severity: 'VSI' }), [], 'an older service without the fields marks nothing');
  t.equal(bandName('VSI'), 'very serious infringement (VSI)');
  t.equal(bandName(null), null);
  t.equal(bandName('XSI'), 'XSI', 'a band a newer service added, as it is');
  const note = bandNote([
    { rule: 'daily_rest', severity: 'SI', severity_verified: false },
    { rule: 'daily_rest', severity: 'SI', severity_verified: false },
    { rule: 'weekly_rest', severity: 'VSI', severity_verified: false },
    { rule: 'daily_driving', severity: 'SI', severity_verified: true },
    { rule: 'break', severity: null, severity_verified: false },
  ]);
  t.equal(
    note,
    'Bands taken from published tables, not yet checked against the text of Reg. (EU) 2016/403: Daily rest (SI), ' +
      'Weekly rest (VSI). The other bands are as the regulation states them.',
    'each unsure band named once; verified bands and findings without a band left out',
  );
  t.equal(bandNote([{ rule: 'daily_driving', severity: 'SI', severity_verified: true }]), null, 'no note needed');
});

t.test('elementary files by name', async (t) => {
  t.equal(efLabel('0504'), 'Driver activity data (0504)');
  t.equal(efLabel('c100'), 'Card certificate (c100)');
  t.equal(efLabel('0FFF'), 'EF 0FFF');
});

t.test('rules by name, from one table keyed by the core enums', async (t) => {
  t.equal(ruleName('daily_driving'), 'Daily driving time');
  t.equal(ruleName('wtd_break'), 'Break after 6 h of working time (WTD)');
  t.equal(ruleName('some_new_rule'), 'some new rule', 'an id a newer service added, in its words');
  t.equal(ruleName('toString'), 'toString', 'only the table itself names rules');
  for (const { rule } of [...STATIC_NOT_EVALUATED, ...WTD_STATIC_NOT_EVALUATED]) {
    t.not(ruleName(rule), rule.replace(/_/g, ' '), `${rule} has a name`);
  }
});

t.test("names of the answers' not-evaluated rules", async (t) => {
  t.equal(notEvaluatedName('all', 'wtd'), 'Working time', 'the whole working-time check');
  t.equal(notEvaluatedName('all', 'eu561'), CHECK_NAMES.eu561, 'the whole pre-check');
  t.equal(
    notEvaluatedName('wtd_average_weekly', 'wtd'),
    'Average weekly working time (WTD, 48 h)',
    'a known rule by its name',
  );
  t.equal(notEvaluatedName('fortnightly_driving', 'eu561'), 'Driving time in two consecutive weeks');
  t.equal(notEvaluatedName('night_work', 'wtd'), 'Night work');
  t.equal(notEvaluatedName('later_rule', 'eu561'), 'Later rule', 'an unknown one by its words, capitalised');
  t.same(notEvaluatedLines([{ rule: 'ferry_train', reason: 'Art. 9.' }], 'eu561'), [
    {
      rule: 'ferry_train',
      name: 'Rest interrupted by a ferry or train crossing',
      reason: 'Art. 9.',
      detail: null,
      kind: 'always',
    },
  ]);
  const mixed = [
    { rule: 'night_work', reason: 'a' },
    { rule: 'wtd_average_weekly', reason: 'b' },
    { rule: 'self_employed', reason: 'c' },
    { rule: 'all', reason: 'd' },
    { rule: 'later_rule', reason: 'e' },
  ];
  t.same(
    notEvaluatedLines(mixed, 'wtd').map((l) => [l.rule, l.kind]),
    [
      ['wtd_average_weekly', 'data'],
      ['all', 'data'],
      ['later_rule', 'data'],
      ['night_work', 'always'],
      ['self_employed', 'always'],
    ],
    "this data's own first (an unknown id counts as one), then what card data never decides, each group in order",
  );
  t.same(notEvaluatedLines(undefined, 'wtd'), [], 'an older service without the list');
});
