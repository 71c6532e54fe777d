import t from 'tap';
import { readViewState, viewStateSearch } from './url-state.js';

t.test('the URL holds card and week', async (t) => {
  t.same(readViewState('?card_number=driver%200000000100&week=2026-w09'), { card_number: 'DRIVER0000000100', week: '2026-W09' });
  t.same(readViewState('?week=2026-W99&card_number='), { card_number: null, week: null }, 'invalid or empty values are dropped');
  t.same(readViewState(''), { card_number: null, week: null });
  t.equal(viewStateSearch({ card_number: 'DRIVER0000000100', week: '2026-W09' }), '?card_number=DRIVER0000000100&week=2026-W09');
  t.equal(viewStateSearch({ card_number: null, week: null }), '');
  const state = { card_number: 'AB+1/2', week: '2026-W01' };
  t.same(readViewState(viewStateSearch(state)), { card_number: 'AB+1/2', week: '2026-W01' }, 'round trip with reserved characters');
});
