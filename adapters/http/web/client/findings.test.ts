import t from 'tap';
import { notEvaluatedName } from './findings.js';

t.test("names of the working-time answer's not-evaluated rules", async (t) => {
  t.equal(notEvaluatedName('all'), 'Working time', 'the whole check');
  t.equal(notEvaluatedName('wtd_average_weekly'), 'Average weekly working time (WTD, 48 h)', 'a known rule by its name');
  t.equal(notEvaluatedName('night_work'), 'Night work', 'another by its words');
});
