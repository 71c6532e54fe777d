/**
 * The readings on the page, on a fake document: names read once (a failed read tried again), a finding's
 * "depends on" line in those names, and the quarantined imports a card basis left out named once.
 */
import t from 'tap';
import { asFake, installFakeDocument } from '../testing/fake-dom.js';
import { leftOutNote, loadReadingNames, readingName, readingsLine } from './readings.js';

const uninstall = installFakeDocument();
t.teardown(uninstall);

t.test('the names are read once; a failed read is tried again; ids stand in meanwhile', async (t) => {
  t.equal(readingName('card_out_time'), 'card out time', 'before any read: the id in words');
  let calls = 0;
  await loadReadingNames(async () => {
    calls++;
    throw new Error('offline');
  });
  t.equal(readingName('card_out_time'), 'card out time');
  const list = async () => (calls++, { items: [{ id: 'card_out_time', name: 'Time without card data' }] });
  await loadReadingNames(list);
  await loadReadingNames(list);
  t.equal(calls, 2, 'one failed read, then one read for both calls');
  t.equal(readingName('card_out_time'), 'Time without card data');
  t.equal(readingName('return_home'), 'return home', 'an id the list does not name');
});

t.test("a finding's readings in words", async (t) => {
  t.equal(readingsLine(undefined), null, 'an older service: nothing');
  t.equal(readingsLine([]), null, 'a finding that depends on no reading: nothing');
  const line = asFake(readingsLine(['card_out_time', 'return_home']));
  t.equal(line.textContent, 'Depends on how the checks read: Time without card data; return home');
  t.match(line, { dataset: { readings: 'card_out_time return_home' } });
});

t.test('the imports left out, named once', async (t) => {
  t.equal(leftOutNote(undefined), null);
  t.equal(leftOutNote([]), null);
  const one = asFake(leftOutNote([{ import_id: 'imp_1', file_name: 'copy.ddd', reason: 'signature does not match' }]));
  t.match(one.textContent, /leave out one quarantined import of this card; the days only it covers/);
  t.same(
    one.find('li').map((li) => li.textContent),
    ['copy.ddd: signature does not match'],
  );
  const two = asFake(
    leftOutNote([
      { import_id: 'imp_1', file_name: null, reason: 'signature does not match' },
      { import_id: 'imp_2', file_name: 'b.ddd', reason: 'truncated' },
    ]),
  );
  t.match(two.textContent, /2 quarantined imports of this card; the days only they cover/);
  t.same(
    two.find('li').map((li) => li.textContent),
    ['imp_1: signature does not match', 'b.ddd: truncated'],
    'an import without a file name by its id',
  );
});
