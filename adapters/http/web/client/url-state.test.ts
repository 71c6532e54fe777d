import t from 'tap';
import { basisOf, DEFAULT_STATE, fleetQuery, nextSort, readViewState, viewStateSearch } from './url-state.js';

t.test('the URL holds card and week', async (t) => {
  t.same(readViewState('?card_number=driver%200000000100&week=2026-w09'), { ...DEFAULT_STATE, card_number: 'DRIVER0000000100', week: '2026-W09' });
  t.same(readViewState('?week=2026-W99&card_number='), DEFAULT_STATE, 'invalid or empty values are dropped');
  t.same(readViewState(''), DEFAULT_STATE);
  t.equal(viewStateSearch({ ...DEFAULT_STATE, card_number: 'DRIVER0000000100', week: '2026-W09' }), '?card_number=DRIVER0000000100&week=2026-W09');
  t.equal(viewStateSearch(DEFAULT_STATE), '', 'the default state is the bare URL');
  const state = { ...DEFAULT_STATE, card_number: 'AB+1/2', week: '2026-W01' };
  t.same(readViewState(viewStateSearch(state)), state, 'round trip with reserved characters');
});

t.test('fleet selection, basis, assumption and tab round-trip', async (t) => {
  const state = {
    ...DEFAULT_STATE,
    card_number: 'C1',
    week: '2026-W10',
    import_id: 'imp 1',
    date_from: '2026-02-01',
    date_to: '2026-03-08',
    unknown_as: 'rest' as const,
    include_quarantined: true,
    tab: 'places' as const,
    sort: 'expiry_date' as const,
    order: 'desc' as const,
    q: 'Müller',
    filter: 'overdue' as const,
  };
  const search = viewStateSearch(state);
  t.equal(search, '?card_number=C1&week=2026-W10&import_id=imp+1&date_from=2026-02-01&date_to=2026-03-08&unknown_as=rest&include_quarantined=true&tab=places&sort=expiry_date&order=desc&q=M%C3%BCller&filter=overdue');
  t.same(readViewState(search), state);
  t.equal(readViewState('?include_quarantined=true').include_quarantined, false, 'quarantined data only for a chosen driver');
  t.equal(viewStateSearch({ ...state, card_number: null, week: null, include_quarantined: false }), '?unknown_as=rest&sort=expiry_date&order=desc&q=M%C3%BCller&filter=overdue', 'no basis or tab without a driver');
  t.equal(viewStateSearch({ ...DEFAULT_STATE, sort: 'findings', order: 'desc' }), '?sort=findings', 'findings sort descending by default');
});

t.test('unreadable values fall back to the defaults', async (t) => {
  const s = readViewState('?sort=age&order=up&filter=late&tab=map&unknown_as=maybe&date_from=2026-02-30&date_to=x&q=%20%20');
  t.same(s, DEFAULT_STATE);
  const swapped = readViewState('?card_number=C1&date_from=2026-03-08&date_to=2026-02-01');
  t.same([swapped.date_from, swapped.date_to], ['2026-02-01', '2026-03-08'], 'a reversed range is put in order');
});

t.test('sorting by a column header', async (t) => {
  t.same(nextSort({ sort: 'due', order: 'asc' }, 'due'), { sort: 'due', order: 'desc' }, 'the same column flips');
  t.same(nextSort({ sort: 'due', order: 'desc' }, 'due'), { sort: 'due', order: 'asc' });
  t.same(nextSort({ sort: 'due', order: 'desc' }, 'surname'), { sort: 'surname', order: 'asc' }, 'another column starts ascending');
  t.same(nextSort({ sort: 'due', order: 'asc' }, 'findings'), { sort: 'findings', order: 'desc' }, 'findings start with the most');
});

t.test('queries', async (t) => {
  t.same(fleetQuery(DEFAULT_STATE, 100), { sort: 'due', order: 'asc', limit: '100', offset: '0' });
  t.same(fleetQuery({ ...DEFAULT_STATE, q: 'x', filter: 'overdue' }, 50, 50), { sort: 'due', order: 'asc', limit: '50', offset: '50', q: 'x', overdue: 'true' });
  t.same(fleetQuery({ ...DEFAULT_STATE, filter: 'expiring' }, 10).expiring_within_days, '30');
  t.same(basisOf({ card_number: 'C1', import_id: null }), { card_number: 'C1' });
  t.same(basisOf({ card_number: 'C1', import_id: 'i1' }), { import_id: 'i1' }, 'an import narrows the basis');
  t.same(basisOf({ card_number: null, import_id: null }), {});
});
