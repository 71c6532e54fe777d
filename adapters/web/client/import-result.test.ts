/**
 * The import result and the imports list's withdraw / restore on a fake document (../../testing/fake-dom.ts):
 * another holder and disagreeing days are problems with the way forward, never a success; a withdrawal asks for a
 * reason and a restore for a confirmation before anything is sent.
 */
import t from 'tap';
import { asFake, type FakeElement, installFakeDocument } from '../testing/fake-dom.js';
import { el } from './dom.js';
import { showImportResult } from './import-result.js';
import { importActionButton, withdrawOne } from './import-actions.js';
import { renderImports } from './authenticity.js';
import type { ImportInfo, ParseResult } from './types.js';

const uninstall = installFakeDocument();
t.teardown(uninstall);

const answer: ParseResult = {
  import_id: 'imp_2',
  archive_id: 'a2',
  file_name: 'second.ddd',
  content_sha256: '0'.repeat(64),
  size_bytes: 10,
  imported_at: '2026-03-10T08:00:00Z',
  generation: 'GEN1',
  status: 'OK',
  card: {
    card_number: 'DRIVER0000000100',
    issuing_member_state: 'DE',
    issuing_authority: null,
    issue_date: null,
    validity_begin: null,
    expiry_date: null,
  },
  driver: {
    surname: 'MÜLLER',
    first_names: 'Anna',
    birth_date: '1980-01-01',
    preferred_language: null,
    licence_issuing_nation: null,
    licence_number: null,
  },
  activity_range: { from: '2026-03-01', to: '2026-03-10', days: 10 },
  warnings: [],
  authenticity: null,
  withdrawal: null,
  reused: false,
  conflicting_dates: [],
};

function line(): { li: FakeElement; text: FakeElement } {
  const text = el('span', { class: 'import-text' });
  const li = el('li', { class: 'import-item' }, text);
  return { li: asFake(li) as FakeElement, text: asFake(text) as FakeElement };
}

t.test('a clean import is a success without problems', async (t) => {
  const { li, text } = line();
  showImportResult(li as never, text as never, answer);
  t.equal(li.dataset.state, 'ok');
  t.match(text.textContent, /^Imported: MÜLLER, Anna/);
  t.same(li.find('ul', 'import-problems'), []);
});

t.test('disagreeing days are a problem naming the dates and the way forward', async (t) => {
  const { li, text } = line();
  showImportResult(li as never, text as never, { ...answer, conflicting_dates: ['2026-03-05', '2026-03-07'] });
  t.equal(li.dataset.state, 'problem', 'never shown as a success');
  t.match(text.textContent, /^Problem: MÜLLER/);
  const [problem, ...more] = li.find('li', 'import-problem');
  t.equal(more.length, 0);
  t.equal(problem!.dataset.problem, 'conflicting_dates');
  t.match(problem!.textContent, /on 2 day\(s\): 2026-03-05, 2026-03-07/);
  t.match(
    problem!.find('span', 'way-forward')[0]!.textContent,
    /Narrow the basis to one import.*withdraw the wrong import/,
  );
});

t.test('another holder is a problem: quarantined, the known holder kept, withdraw as the way forward', async (t) => {
  const { li, text } = line();
  const warning = {
    code: 'holder_mismatch',
    message: 'The card holder differs from the holder stored for this card number.',
  };
  showImportResult(li as never, text as never, { ...answer, status: 'QUARANTINED', warnings: [warning] });
  t.equal(li.dataset.state, 'problem');
  t.match(text.textContent, /^Problem: QUARANTINED: /);
  const problems = li.find('li', 'import-problem');
  t.same(
    problems.map((p) => p.dataset.problem),
    ['holder_mismatch'],
  );
  t.match(
    problems[0]!.textContent,
    /known for card DRIVER0000000100.*the known holder is kept.*Way forward: .*withdraw the import/s,
  );
  t.same(
    li
      .find('ul', 'warnings-list')[0]!
      .find('li')
      .map((w) => w.dataset.code),
    ['holder_mismatch'],
    'the warning is listed too',
  );
});

t.test('a re-sent withdrawn file says so and how to restore it', async (t) => {
  const { li, text } = line();
  showImportResult(li as never, text as never, {
    ...answer,
    reused: true,
    status: 'WITHDRAWN',
    withdrawal: {
      reason: 'wrong card',
      withdrawn_at: '2026-03-11T08:00:00Z',
      previous_status: 'OK',
      restored_at: null,
    },
  });
  t.equal(li.dataset.state, 'problem');
  t.match(text.textContent, /^Problem: WITHDRAWN \(already imported\)/);
  t.match(li.find('li', 'import-problem')[0]!.textContent, /withdrawn \(wrong card\).*Restore it/s);
});

t.test('the imports list: withdraw asks for a reason, restore for a confirmation', async (t) => {
  const sent: string[] = [];
  const statuses: string[] = [];
  let reloads = 0;
  let reply: string | null = null;
  let confirmed = false;
  const deps = {
    ask: { prompt: () => reply, confirm: () => confirmed },
    withdraw: async (id: string, reason: string) => (sent.push(`withdraw ${id} ${reason}`), answer as ImportInfo),
    restore: async (id: string) => (sent.push(`restore ${id}`), answer as ImportInfo),
    done: async () => void reloads++,
    status: (s: string) => void statuses.push(s),
  };
  const withdrawn: ImportInfo = {
    ...answer,
    import_id: 'imp_1',
    file_name: 'first.ddd',
    status: 'WITHDRAWN',
    withdrawal: {
      reason: 'wrong card',
      withdrawn_at: '2026-03-11T08:00:00Z',
      previous_status: 'OK',
      restored_at: null,
    },
  };
  const list = asFake(renderImports([answer, withdrawn], (imp) => importActionButton(imp, deps)));
  const [withdrawButton] = list.find('button', 'import-withdraw');
  const [restoreButton] = list.find('button', 'import-restore');
  t.equal(withdrawButton!.dataset.importId, 'imp_2');
  t.equal(restoreButton!.dataset.importId, 'imp_1');
  t.match(list.find('span', 'pill-withdrawn')[0]!.textContent, 'withdrawn: wrong card');

  t.equal(await withdrawOne(answer, deps), false, 'cancelled');
  reply = '   ';
  t.equal(await withdrawOne(answer, deps), false, 'a blank reason sends nothing');
  t.same(sent, []);
  reply = ' downloaded from the wrong card ';
  t.equal(await withdrawOne(answer, deps), true);
  t.same(sent, ['withdraw imp_2 downloaded from the wrong card']);
  t.equal(reloads, 1);

  restoreButton!.click();
  await new Promise((r) => setImmediate(r));
  t.same(sent.length, 1, 'not confirmed: nothing sent');
  confirmed = true;
  restoreButton!.click();
  await new Promise((r) => setImmediate(r));
  t.same(sent.slice(1), ['restore imp_1']);
  t.same(statuses, [
    'Withdrawal cancelled.',
    'Withdrawal cancelled: a reason is required.',
    'Withdrew second.ddd.',
    'Restore cancelled.',
    'Restored first.ddd.',
  ]);
});
