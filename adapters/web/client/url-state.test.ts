import t from 'tap';
import {
  readingParams,
  basisOf,
  DEFAULT_STATE,
  fleetPages,
  fleetQuery,
  lastPageOffset,
  MAX_OFFSET,
  nextSort,
  readViewState,
  viewStateSearch,
  withFleetSelection,
} from './url-state.js';

t.test('the URL holds card and week', async (t) => {
  t.same(readViewState('?card_number=driver%200000000100&week=2026-w09'), {
    ...DEFAULT_STATE,
    card_number: 'DRIVER0000000100',
    week: '2026-W09',
  });
  t.same(readViewState('?week=2026-W99&card_number='), DEFAULT_STATE, 'invalid or empty values are dropped');
  t.same(readViewState(''), DEFAULT_STATE);
  t.equal(
    viewStateSearch({ ...DEFAULT_STATE, card_number: 'DRIVER0000000100', week: '2026-W09' }),
    '?card_number=DRIVER0000000100&week=2026-W09',
  );
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
  t.equal(
    search,
    '?card_number=C1&week=2026-W10&import_id=imp+1&date_from=2026-02-01&date_to=2026-03-08&unknown_as=rest&include_quarantined=true&tab=places&sort=expiry_date&order=desc&q=M%C3%BCller&filter=overdue',
  );
  t.same(readViewState(search), state);
  t.equal(
    readViewState('?include_quarantined=true').include_quarantined,
    false,
    'quarantined data only for a chosen driver',
  );
  t.equal(
    viewStateSearch({ ...state, card_number: null, week: null, include_quarantined: false }),
    '?unknown_as=rest&sort=expiry_date&order=desc&q=M%C3%BCller&filter=overdue',
    'no basis or tab without a driver',
  );
  t.equal(
    viewStateSearch({ ...DEFAULT_STATE, sort: 'findings', order: 'desc' }),
    '',
    'findings, descending, is the default order',
  );
  t.equal(
    viewStateSearch({ ...DEFAULT_STATE, sort: 'due', order: 'asc' }),
    '?sort=due',
    'due sorts ascending by default',
  );
});

t.test('unreadable values fall back to the defaults', async (t) => {
  const s = readViewState(
    '?sort=age&order=up&filter=late&tab=map&unknown_as=maybe&date_from=2026-02-30&date_to=x&q=%20%20',
  );
  t.same(s, DEFAULT_STATE);
  const swapped = readViewState('?card_number=C1&date_from=2026-03-08&date_to=2026-02-01');
  t.same([swapped.date_from, swapped.date_to], ['2026-02-01', '2026-03-08'], 'a reversed range is put in order');
});

t.test('the three readings of card-out time: the default gap is not written', async (t) => {
  t.equal(DEFAULT_STATE.unknown_as, 'gap');
  for (const reading of ['unknown', 'rest'] as const) {
    const state = readViewState(`?card_number=C1&unknown_as=${reading}`);
    t.equal(state.unknown_as, reading);
    t.equal(viewStateSearch(state), `?card_number=C1&unknown_as=${reading}`);
    t.same(readingParams(state), { unknown_as: reading }, 'a request names it');
  }
  const gap = readViewState('?card_number=C1&unknown_as=gap');
  t.equal(gap.unknown_as, 'gap');
  t.equal(viewStateSearch(gap), '?card_number=C1', 'the default stays out of the address');
  t.same(readingParams(gap), {}, 'and out of the requests (the service default)');
});

t.test('sorting by a column header', async (t) => {
  t.same(nextSort({ sort: 'due', order: 'asc' }, 'due'), { sort: 'due', order: 'desc' }, 'the same column flips');
  t.same(nextSort({ sort: 'due', order: 'desc' }, 'due'), { sort: 'due', order: 'asc' });
  t.same(
    nextSort({ sort: 'due', order: 'desc' }, 'surname'),
    { sort: 'surname', order: 'asc' },
    'another column starts ascending',
  );
  t.same(
    nextSort({ sort: 'due', order: 'asc' }, 'findings'),
    { sort: 'findings', order: 'desc' },
    'findings start with the most',
  );
});

t.test('queries', async (t) => {
  t.same(fleetQuery(DEFAULT_STATE, 100), { sort: 'findings', order: 'desc', limit: '100', offset: '0' });
  t.same(fleetQuery({ ...DEFAULT_STATE, q: 'x', filter: 'overdue' }, 50, 50), {
    sort: 'findings',
    order: 'desc',
    limit: '50',
    offset: '50',
    q: 'x',
    overdue: 'true',
  });
  t.same(fleetQuery({ ...DEFAULT_STATE, filter: 'expiring' }, 10).expiring_within_days, '30');
  t.same(basisOf({ card_number: 'C1', import_id: null }), { card_number: 'C1' });
  t.same(basisOf({ card_number: 'C1', import_id: 'i1' }), { import_id: 'i1' }, 'an import narrows the basis');
  t.same(basisOf({ card_number: null, import_id: null }), {});
});

t.test('the fleet page lives in the URL as offset', async (t) => {
  const state = { ...DEFAULT_STATE, sort: 'surname' as const, order: 'asc' as const, offset: 200 };
  t.equal(viewStateSearch(state), '?sort=surname&offset=200');
  t.same(readViewState('?sort=surname&offset=200'), state, 'round trip');
  t.equal(
    viewStateSearch({ ...state, card_number: 'C1', week: '2026-W10' }),
    '?card_number=C1&week=2026-W10&sort=surname&offset=200',
    'kept while a driver is open, so "All drivers" returns to the page',
  );
  t.same(
    ['-5', '1.5', 'x', '', '123456789'].map((v) => readViewState(`?offset=${v}`).offset),
    [0, 0, 0, 0, 0],
    'unreadable offsets are the first page',
  );
  t.equal(readViewState('?offset=99999999').offset, MAX_OFFSET, 'bounded');
  t.same(
    fleetQuery(state, 100),
    { sort: 'surname', order: 'asc', limit: '100', offset: '200' },
    'the page asks the service for its rows',
  );
  t.same(
    withFleetSelection(state, { q: 'x' }),
    { ...state, q: 'x', offset: 0 },
    'a new text filter starts at the first page',
  );
  t.same(withFleetSelection(state, { sort: 'due', order: 'desc' }).offset, 0, 'and so does a new sort');
});

t.test('fleet pages', async (t) => {
  t.same(fleetPages(0, 100, 250, 100), { previous: null, next: 100, first: 1, last: 100 });
  t.same(fleetPages(100, 100, 250, 100), { previous: 0, next: 200, first: 101, last: 200 });
  t.same(fleetPages(200, 50, 250, 100), { previous: 100, next: null, first: 201, last: 250 });
  t.same(fleetPages(50, 100, 250, 100).previous, 0, 'an offset between pages goes back to the first');
  t.same(fleetPages(0, 0, 0, 100), { previous: null, next: null, first: 0, last: 0 }, 'an empty list');
  t.same(
    [lastPageOffset(250, 100), lastPageOffset(200, 100), lastPageOffset(1, 100), lastPageOffset(0, 100)],
    [200, 100, 0, 0],
  );
});

t.test('today lists, imports lists and the time zone live in the URL', async (t) => {
  t.same(readViewState('?filter=due_week'), { ...DEFAULT_STATE, filter: 'due_week' });
  t.same(
    fleetQuery(readViewState('?filter=open_findings&q=x&sort=findings'), 100),
    { sort: 'findings', order: 'desc', limit: '100', offset: '0', list: 'open_findings' },
    'a today list: GET /today/drivers, no text filter',
  );
  t.same(fleetQuery(readViewState('?filter=expiring'), 100), {
    sort: 'findings',
    order: 'desc',
    limit: '100',
    offset: '0',
    expiring_within_days: '30',
  });
  t.equal(readViewState('?imports=holder_mismatch').imports, 'holder_mismatch');
  t.equal(readViewState('?imports=everything').imports, null);
  t.equal(readViewState('?imports=withdrawn&card_number=C1').imports, null, 'an imports list only without a driver');
  t.equal(viewStateSearch({ ...DEFAULT_STATE, imports: 'quarantined' }), '?imports=quarantined');
  t.equal(
    withFleetSelection({ ...DEFAULT_STATE, imports: 'withdrawn' }, { filter: 'overdue' }).imports,
    null,
    'a fleet filter leaves the imports list',
  );
  t.equal(readViewState('?tz=Europe/Berlin').tz, 'Europe/Berlin');
  t.equal(readViewState('?tz=Mars/Olympus').tz, null, 'a zone the browser does not know is dropped');
  t.equal(
    viewStateSearch({ ...DEFAULT_STATE, card_number: 'C1', week: '2026-W13', tz: 'Europe/Berlin' }),
    '?card_number=C1&week=2026-W13&tz=Europe%2FBerlin',
  );
});

t.test('the Vehicles view list a today count opens lives in the URL, on the fleet only', async (t) => {
  t.equal(readViewState('?vehicles=without_card').vehicles, 'without_card');
  t.equal(readViewState('?vehicles=nonsense').vehicles, null);
  t.equal(readViewState('?vehicles=all&card_number=DRIVER0000000100').vehicles, null, 'a driver open: no list');
  t.equal(viewStateSearch({ ...DEFAULT_STATE, vehicles: 'calibration_due' }), '?vehicles=calibration_due');
});
