/**
 * The week view's reading control on a fake document: it shows the reading of the state (the default gap too),
 * and a choice moves the view to that reading; a value that is no reading moves nothing.
 */
import t from 'tap';
import { FakeElement, installFakeDocument } from '../testing/fake-dom.js';
import { DEFAULT_STATE, type ViewState } from './url-state.js';
import { syncWeekControls, wireWeekControls } from './week-controls.js';

const uninstall = installFakeDocument();
t.teardown(uninstall);
const elements = new Map<string, FakeElement>();
(globalThis as unknown as { document: Record<string, unknown> }).document.getElementById = (id: string) => {
  if (!elements.has(id)) elements.set(id, new FakeElement(id === 'unknown-as' ? 'select' : 'input'));
  return elements.get(id);
};

t.test('the reading control follows the state and moves the view', async (t) => {
  const state: ViewState = { ...DEFAULT_STATE, card_number: 'C1' };
  syncWeekControls(state, []);
  const control = document.getElementById('unknown-as') as unknown as FakeElement;
  t.equal(control.value, 'gap', 'the default reading is shown as chosen');
  syncWeekControls({ ...state, unknown_as: 'rest' }, []);
  t.equal(control.value, 'rest');
  const moves: Partial<ViewState>[] = [];
  wireWeekControls(
    () => state,
    (change) => moves.push(change),
    () => '2026-W10',
  );
  for (const reading of ['unknown', 'gap', 'rest']) {
    control.value = reading;
    control.dispatch('change');
  }
  control.value = 'maybe';
  control.dispatch('change');
  t.same(
    moves,
    [{ unknown_as: 'unknown' }, { unknown_as: 'gap' }, { unknown_as: 'rest' }],
    'each reading, nothing else',
  );
});
