import t from 'tap';
import { ImportStatusConflictError, InvalidPayloadError, NotFoundError } from '../domain/errors.js';
import type { ImportRow } from '../domain/rows.js';
import type { ImportStore } from '../ports/import-store.js';
import { ImportLifecycle, MAX_WITHDRAWAL_REASON } from './withdraw-import.js';

const row = (status: ImportRow['status'], card: string | null = 'C1') =>
  ({ import_id: 'imp_1', status, card: { card_number: card } }) as ImportRow;

function lifecycle(store: Partial<Pick<ImportStore, 'withdrawImport' | 'restoreImport' | 'purgeImports'>>) {
  const changed: string[] = [];
  const calls: unknown[] = [];
  const uc = new ImportLifecycle({
    store: {
      withdrawImport: async (id, w) => (calls.push(['withdraw', id, w]), store.withdrawImport!(id, w)),
      restoreImport: async (id, at) => (calls.push(['restore', id, at]), store.restoreImport!(id, at)),
      purgeImports: async (before) => (calls.push(['purge', before]), store.purgeImports!(before)),
    },
    clock: { now: () => new Date('2026-03-11T09:00:00.900Z') },
    onCardChanged: async (card) => void changed.push(card),
  });
  return { uc, changed, calls };
}

t.test('withdraw: the reason is trimmed and required; the time in whole seconds; the card refreshed', async (t) => {
  const { uc, changed, calls } = lifecycle({
    withdrawImport: async () => ({ outcome: 'withdrawn', import: row('WITHDRAWN') }),
  });
  t.equal((await uc.withdraw('imp_1', '  wrong card  ')).status, 'WITHDRAWN');
  t.same(calls, [['withdraw', 'imp_1', { reason: 'wrong card', at: Date.parse('2026-03-11T09:00:00Z') / 1000 }]]);
  t.same(changed, ['C1']);
  t.type(await uc.withdraw('imp_1', ' \n ').catch((e: unknown) => e), InvalidPayloadError);
  t.type(
    await uc.withdraw('imp_1', 'x'.repeat(MAX_WITHDRAWAL_REASON + 1)).catch((e: unknown) => e),
    InvalidPayloadError,
  );
  t.equal(calls.length, 1, 'nothing sent for a bad reason');
});

t.test('withdraw and restore: unknown is not found, the wrong status a conflict, nothing refreshed', async (t) => {
  const missing = lifecycle({
    withdrawImport: async () => ({ outcome: 'not_found' }),
    restoreImport: async () => ({ outcome: 'not_found' }),
  });
  t.type(await missing.uc.withdraw('imp_x', 'r').catch((e: unknown) => e), NotFoundError);
  t.type(await missing.uc.restore('imp_x').catch((e: unknown) => e), NotFoundError);
  const wrong = lifecycle({
    withdrawImport: async () => ({ outcome: 'already_withdrawn', import: row('WITHDRAWN') }),
    restoreImport: async () => ({ outcome: 'not_withdrawn', import: row('QUARANTINED') }),
  });
  const twice = await wrong.uc.withdraw('imp_1', 'r').catch((e: unknown) => e);
  t.type(twice, ImportStatusConflictError);
  t.equal((twice as ImportStatusConflictError).status, 'WITHDRAWN');
  const restore = await wrong.uc.restore('imp_1').catch((e: unknown) => e);
  t.equal((restore as ImportStatusConflictError).status, 'QUARANTINED');
  t.same([...missing.changed, ...wrong.changed], []);
});

t.test(
  'restore refreshes the card; an import without a card number refreshes nothing; purge refreshes every card',
  async (t) => {
    const { uc, changed } = lifecycle({
      restoreImport: async () => ({ outcome: 'restored', import: row('OK', null) }),
      purgeImports: async () => ({ imports: [], rows: {}, cards: ['C1', 'C2'] }),
    });
    t.equal((await uc.restore('imp_1')).status, 'OK');
    t.same(changed, []);
    t.same((await uc.purge(1000)).cards, ['C1', 'C2']);
    t.same(changed, ['C1', 'C2']);
  },
);
