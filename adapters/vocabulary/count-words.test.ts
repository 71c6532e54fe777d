import t from 'tap';
import { COUNT_WORDS, counted, countWords } from './count-words.js';

t.test('one reads in the singular, none and more than one in the plural', async (t) => {
  t.equal(counted(1, COUNT_WORDS.open_findings), '1 open finding (not reviewed)');
  t.equal(counted(0, COUNT_WORDS.open_findings), '0 open findings (not reviewed)');
  t.equal(counted(2, COUNT_WORDS.with_infringements), '2 drivers with infringements (4 weeks)');
  t.equal(countWords(1, COUNT_WORDS.with_infringements), 'driver with infringements (4 weeks)');
  t.equal(counted(1, COUNT_WORDS.rules_not_evaluated), '1 rule was not evaluated');
  t.equal(counted(9, COUNT_WORDS.rules_not_evaluated), '9 rules were not evaluated');
  t.equal(counted(1, COUNT_WORDS.days), '1 day');
});

t.test('every counted thing has two different forms', async (t) => {
  for (const [key, words] of Object.entries(COUNT_WORDS)) t.not(words.one, words.other, key);
});
