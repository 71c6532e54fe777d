/**
 * An import's identity and life after it was saved, on a real storage adapter (SQLite and PostgreSQL):
 * - the store: storedHolder, withdrawImport / restoreImport (outcomes, exclusion from every card read, the card's
 *   history merged again), listImports with include_withdrawn, purgeImports (counts, rows gone, history rebuilt);
 * - the service (use cases + HTTP over the same store): holder_mismatch, conflicting_dates in the parse answer,
 *   POST /imports/{id}/withdraw and /restore with their errors, the fleet row, working-time include_quarantined.
 * Run by storage-sqlite.test.ts and storage-postgres.test.ts.
 */
import type { TAP } from 'tap';
import type { ParsedCard } from '../core/domain/rows.js';
import {
  buildParsedCard,
  datesFrom,
  day,
  ts,
  workingDay,
  type DaySpec,
} from '../core/use-cases/testing/parsed-card-builder.js';
import { officeService } from '../adapters/http/testing/office-service.js';
import type { SqlImportStore } from '../adapters/storage/open-storage.js';
import { newImport } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const OPEN = { from: null, to: null };
const ALL = { limit: 5000, offset: 0 };
const CARD = 'DRIVER0000000100';

/** Mar 1..10 as every card of this suite records them, and Mar 5 recorded otherwise (a disagreement). */
const days = datesFrom('2026-03-01', 10).map((d) => workingDay(d, 100));
const mar5Other: DaySpec = {
  ...days[4]!,
  changes: [
    ['00:00', 'REST'],
    ['06:00', 'DRIVING'],
    ['11:00', 'REST'],
  ],
};

function person(card: ParsedCard, surname: string, first_names: string, birth_date: string): ParsedCard {
  card.metadata.driver = { ...card.metadata.driver, surname, first_names, birth_date };
  return card;
}

export function importLifecycleSuite(t: Tap, name: string, makeStore: () => Promise<SqlImportStore>): void {
  t.test(
    `${name}: store: withdraw and restore change the status, the card's reads and its merged history`,
    async (t) => {
      const store = await makeStore();
      t.teardown(() => store.close());
      const a = newImport(buildParsedCard({ days: days.slice(0, 6) }), { imported_at: ts('2026-03-06T10:00:00Z') });
      const b = newImport(buildParsedCard({ days: [mar5Other, ...days.slice(5, 10)] }), {
        imported_at: ts('2026-03-10T10:00:00Z'),
      });
      await store.saveImport(a);
      await store.saveImport(b);
      t.same(
        (await store.cardHistory(CARD, OPEN)).conflicts,
        [day('2026-03-05')],
        'the two imports disagree about Mar 5',
      );

      const withdrawn = await store.withdrawImport(b.import.import_id, {
        reason: 'wrong file',
        at: ts('2026-03-11T09:00:00Z'),
      });
      t.equal(withdrawn.outcome, 'withdrawn');
      if (withdrawn.outcome !== 'withdrawn') return;
      t.equal(withdrawn.import.status, 'WITHDRAWN');
      t.same(withdrawn.import.withdrawal, {
        reason: 'wrong file',
        withdrawn_at: ts('2026-03-11T09:00:00Z'),
        previous_status: 'OK',
        restored_at: null,
      });
      const history = await store.cardHistory(CARD, OPEN);
      t.same(history.conflicts, [], 'the conflict went with the withdrawn import');
      t.same(
        history.served.map((r) => r.import_id),
        Array(6).fill(a.import.import_id),
        'Mar 1..6 from A only; Mar 7..10 no longer served',
      );
      t.same((await store.cardDays(CARD)).days, datesFrom('2026-03-01', 6).map(day));
      t.same(
        (await store.listImports({ card_number: CARD, range: OPEN }, ALL)).items.map((i) => i.import_id),
        [a.import.import_id],
      );
      t.same((await store.listImports({ card_number: null, range: OPEN, include_withdrawn: true }, ALL)).total, 2);
      t.same(
        (await store.dayRecords({ kind: 'card', card_number: CARD }, OPEN)).every(
          (r) => r.import_id === a.import.import_id,
        ),
        true,
      );
      t.same(await store.originalContent(b.import.import_id), b.content, 'the original bytes are kept');
      t.equal(
        (await store.findImport({ kind: 'import_id', value: b.import.import_id }))?.status,
        'WITHDRAWN',
        'found by its id',
      );

      const twice = await store.withdrawImport(b.import.import_id, { reason: 'again', at: ts('2026-03-11T10:00:00Z') });
      t.equal(twice.outcome, 'already_withdrawn');
      t.equal((await store.restoreImport(a.import.import_id, ts('2026-03-11T10:00:00Z'))).outcome, 'not_withdrawn');
      t.equal((await store.withdrawImport('imp_missing', { reason: 'x', at: 0 })).outcome, 'not_found');
      t.equal((await store.restoreImport('imp_missing', 0)).outcome, 'not_found');

      const restored = await store.restoreImport(b.import.import_id, ts('2026-03-12T08:00:00Z'));
      t.equal(restored.outcome, 'restored');
      if (restored.outcome !== 'restored') return;
      t.equal(restored.import.status, 'OK', 'the previous status is back');
      t.same(restored.import.withdrawal?.restored_at, ts('2026-03-12T08:00:00Z'), 'the withdrawal stays recorded');
      t.same((await store.cardHistory(CARD, OPEN)).conflicts, [day('2026-03-05')], 'the disagreement is back');
      t.equal((await store.cardHistory(CARD, OPEN)).served.length, 10);
    },
  );

  t.test(
    `${name}: store: a quarantined import is restored as quarantined; a card of withdrawn imports only is not found`,
    async (t) => {
      const store = await makeStore();
      t.teardown(() => store.close());
      const q = newImport(buildParsedCard({ card_number: 'QCARD00000000001', days: days.slice(0, 2) }), {
        status: 'QUARANTINED',
      });
      await store.saveImport(q);
      await store.withdrawImport(q.import.import_id, { reason: 'x', at: 100 });
      t.equal(
        await store.findImport({ kind: 'card_number', value: 'QCARD00000000001' }),
        null,
        'no import of the card is left to serve',
      );
      t.same(await store.quarantinedDayRecords('QCARD00000000001', OPEN), []);
      t.same((await store.events({ kind: 'card', card_number: 'QCARD00000000001', range: OPEN }, null)).total, 0);
      const restored = await store.restoreImport(q.import.import_id, 200);
      t.equal(restored.outcome === 'restored' && restored.import.status, 'QUARANTINED');
      t.equal((await store.quarantinedDayRecords('QCARD00000000001', OPEN)).length, 2);
    },
  );

  t.test(
    `${name}: store: the stored holder is the oldest import's, skipping withdrawn and holder_mismatch ones`,
    async (t) => {
      const store = await makeStore();
      t.teardown(() => store.close());
      t.equal(await store.storedHolder(CARD), null, 'unknown card');
      const first = newImport(person(buildParsedCard({ days: days.slice(0, 1) }), 'ERSTE', 'ANNA', '1980-01-01'));
      const mismatch = person(buildParsedCard({ days: days.slice(1, 2) }), 'ZWEITE', 'BERTA', '1990-02-02');
      mismatch.metadata.warnings.push({ code: 'holder_mismatch', message: 'differs' });
      const flagged = newImport(mismatch, { status: 'QUARANTINED' });
      await store.saveImport(first);
      await store.saveImport(flagged);
      t.same(await store.storedHolder(CARD), { surname: 'ERSTE', first_names: 'ANNA', birth_date: '1980-01-01' });
      await store.withdrawImport(first.import.import_id, { reason: 'x', at: 1 });
      t.equal(await store.storedHolder(CARD), null, 'only a flagged import is left: no holder to compare with');
    },
  );

  t.test(
    `${name}: store: purge deletes the imports saved before a time, rows and bytes included, and rebuilds the history`,
    async (t) => {
      const store = await makeStore();
      t.teardown(() => store.close());
      const old = newImport(
        buildParsedCard({ days: days.slice(0, 6), events: [{ code: 5, start: '2026-03-02T10:00:00Z', end: null }] }),
        { imported_at: ts('2025-01-01T00:00:00Z') },
      );
      const recent = newImport(buildParsedCard({ days: [mar5Other, ...days.slice(5, 10)] }), {
        imported_at: ts('2026-03-10T00:00:00Z'),
      });
      const other = newImport(buildParsedCard({ card_number: 'OTHER00000000001', days: days.slice(0, 1) }), {
        imported_at: ts('2024-06-01T00:00:00Z'),
      });
      for (const input of [old, recent, other]) await store.saveImport(input);
      await store.withdrawImport(other.import.import_id, { reason: 'x', at: 5 });
      t.same((await store.purgeImports(ts('2024-01-01T00:00:00Z'))).imports, [], 'nothing that old');
      const purged = await store.purgeImports(ts('2026-01-01T00:00:00Z'));
      t.same(
        purged.imports.map((i) => [i.import_id, i.file_name, i.status, i.activity_from, i.activity_to]),
        [
          [old.import.import_id, old.import.file_name, 'OK', day('2026-03-01'), day('2026-03-06')],
          [other.import.import_id, other.import.file_name, 'WITHDRAWN', day('2026-03-01'), day('2026-03-01')],
        ],
        'withdrawn or not, in save order',
      );
      t.same(purged.rows, {
        import_content: 2,
        day_record: 7,
        activity_day: 7,
        card_event: 1,
        card_fault: 0,
        vehicle_used: 0,
        position: 0,
        specific_condition: 0,
        vu_row: 0,
        imports: 2,
      });
      t.same(purged.cards, [CARD, 'OTHER00000000001']);
      t.equal(await store.findImport({ kind: 'import_id', value: old.import.import_id }), null);
      t.equal(await store.originalContent(old.import.import_id), null, 'the bytes are gone');
      const history = await store.cardHistory(CARD, OPEN);
      t.same([history.served.length, history.conflicts], [6, []], 'Mar 5..10 from the recent import, no conflict left');
      t.same(await store.cardDays('OTHER00000000001'), { days: [], conflicts: [] });
      t.same(
        (await store.listImports({ card_number: null, range: OPEN, include_withdrawn: true }, ALL)).items.map(
          (i) => i.import_id,
        ),
        [recent.import.import_id],
      );
    },
  );

  serviceTests(t, name, makeStore);
}

function serviceTests(t: Tap, name: string, makeStore: () => Promise<SqlImportStore>): void {
  t.test(`${name}: service: another holder under a known card number is quarantined and renames nothing`, async (t) => {
    const s = await officeService(makeStore);
    t.teardown(() => s.close());
    const anna = await s.importCard(
      person(buildParsedCard({ days: days.slice(0, 3) }), 'Müller', 'Anna Maria', '1980-01-01'),
    );
    t.same([anna.status, anna.warnings.map((w) => w.code), anna.conflicting_dates], ['OK', [], []]);
    // the same person written otherwise (decomposed ü, other case, extra white space): never a mismatch
    const again = await s.importCard(
      person(buildParsedCard({ days: days.slice(3, 5) }), ' MU\u0308LLER ', 'anna  maria', '1980-01-01'),
    );
    t.same([again.status, again.warnings.map((w) => w.code)], ['OK', []], 'a genuine re-download');
    const other = await s.importCard(
      person(buildParsedCard({ days: days.slice(5, 7) }), 'Schmidt', 'Berta', '1975-07-07'),
    );
    t.same([other.status, other.warnings.map((w) => w.code)], ['QUARANTINED', ['holder_mismatch']]);
    t.notMatch(other.warnings[0]!.message, /Schmidt|Berta|Müller|Anna/, 'no names in the warning');
    const birth = await s.importCard(
      person(buildParsedCard({ days: days.slice(7, 8) }), 'Müller', 'Anna Maria', '1980-01-02'),
    );
    t.same(
      birth.warnings.map((w) => w.code),
      ['holder_mismatch'],
      'the birth date differs',
    );
    const fleet = (await (await s.get(`/api/drivercard/drivers?q=m%C3%BCller`)).json()) as any;
    t.same(
      fleet.items.map((r: any) => [r.card_number, r.surname]),
      [[CARD, 'Müller']],
      'the fleet row keeps the first holder',
    );
    t.equal(((await (await s.get('/api/drivercard/drivers?q=schmidt')).json()) as any).total, 0);
    const pre = await s.get(`/api/drivercard/eu561/violations?card_number=${CARD}`);
    t.same(
      [pre.status, ((await pre.json()) as any).basis.left_out_imports.map((i: any) => [i.import_id, i.reason])],
      [
        200,
        [
          [other.import_id, 'holder_mismatch'],
          [birth.import_id, 'holder_mismatch'],
        ],
      ],
      "the other holder's imports are left out like any quarantined import, the holder's own checked",
    );
  });

  t.test(
    `${name}: service: conflicting_dates in the parse answer; withdrawing the wrong import clears it`,
    async (t) => {
      const s = await officeService(makeStore);
      t.teardown(() => s.close());
      const a = await s.importCard(buildParsedCard({ days: days.slice(0, 6) }));
      const bCard = buildParsedCard({ days: [mar5Other, ...days.slice(5, 10)] });
      // EF Card_Download of the wrong file, after its last day (read after its last use): its download moment
      bCard.card_download_s = ts('2026-03-12T12:00:00Z');
      const b = await s.importCard(bCard);
      t.same(b.conflicting_dates, [day('2026-03-05')]);
      const before = ((await (await s.get('/api/drivercard/drivers')).json()) as any).items[0];
      t.same([before.last_download, before.last_download_source], ['2026-03-12T12:00:00Z', 'CARD_DOWNLOAD']);
      t.equal((await s.get(`/api/drivercard/eu561/violations?card_number=${CARD}`)).status, 409);
      const imports = (await (await s.get(`/api/drivercard/imports?card_number=${CARD}`)).json()) as any;
      t.same(imports.conflicts, ['2026-03-05']);

      const missing = await s.post(`/api/drivercard/imports/${b.import_id}/withdraw`, {});
      t.same([missing.status, ((await missing.json()) as any).error], [400, 'invalid_payload'], 'reason is required');
      const blank = await s.post(`/api/drivercard/imports/${b.import_id}/withdraw`, { reason: '   ' });
      t.equal(blank.status, 400, 'a blank reason');
      const unknown = await s.post('/api/drivercard/imports/imp_nope/withdraw', { reason: 'wrong card' });
      t.same([unknown.status, ((await unknown.json()) as any).error], [404, 'not_found']);
      const done = await s.post(`/api/drivercard/imports/${b.import_id}/withdraw`, {
        reason: 'downloaded from the wrong card',
      });
      t.equal(done.status, 200);
      const body = (await done.json()) as any;
      t.same(
        [body.status, body.withdrawal.reason, body.withdrawal.previous_status, body.withdrawal.restored_at],
        ['WITHDRAWN', 'downloaded from the wrong card', 'OK', null],
      );
      t.match(body.withdrawal.withdrawn_at, /^2026-03-10T08:00:00Z$/);
      const twice = await s.post(`/api/drivercard/imports/${b.import_id}/withdraw`, { reason: 'again' });
      t.same([twice.status, ((await twice.json()) as any).error], [409, 'import_status_conflict']);

      const pre = await s.get(`/api/drivercard/eu561/violations?card_number=${CARD}`);
      t.equal(pre.status, 200, 'the pre-check runs again');
      t.same(((await pre.json()) as any).basis.import_ids, [a.import_id]);
      t.equal((await s.get(`/api/drivercard/activities?import_id=${b.import_id}`)).status, 404, 'no basis of its own');
      const listed = (await (await s.get('/api/drivercard/imports')).json()) as any;
      t.same(
        listed.items.map((i: any) => i.import_id),
        [a.import_id],
        'left out of the list',
      );
      const all = (await (await s.get('/api/drivercard/imports?include_withdrawn=true')).json()) as any;
      t.same(
        all.items.map((i: any) => [i.import_id, i.status]),
        [
          [a.import_id, 'OK'],
          [b.import_id, 'WITHDRAWN'],
        ],
        'listed when asked',
      );
      const row = ((await (await s.get('/api/drivercard/drivers')).json()) as any).items[0];
      t.same([row.imports, row.conflicting_days], [1, 0], 'the fleet row was refreshed');
      t.same(
        [row.last_download, row.last_download_source],
        ['2026-03-07T00:00:00Z', 'ACTIVITY_END'],
        'nothing of the withdrawn file is kept',
      );

      const wrongRestore = await s.post(`/api/drivercard/imports/${a.import_id}/restore`);
      t.same([wrongRestore.status, ((await wrongRestore.json()) as any).error], [409, 'import_status_conflict']);
      t.equal((await s.post('/api/drivercard/imports/imp_nope/restore')).status, 404);
      const restored = await s.post(`/api/drivercard/imports/${b.import_id}/restore`);
      t.same([restored.status, ((await restored.json()) as any).status], [200, 'OK']);
      t.equal(
        (await s.get(`/api/drivercard/eu561/violations?card_number=${CARD}`)).status,
        409,
        'the conflict is back',
      );
      t.same(s.errors, []);
    },
  );

  t.test(
    `${name}: service: withdrawing and restoring the newest file keeps card_previous_download the newest file's`,
    async (t) => {
      const s = await officeService(makeStore);
      t.teardown(() => s.close());
      const older = buildParsedCard({ days: days.slice(0, 6) });
      older.card_download_s = ts('2026-02-20T10:00:00Z');
      const newer = buildParsedCard({ days: days.slice(4, 10) });
      newer.card_download_s = ts('2026-03-06T12:00:00Z');
      await s.importCard(older);
      const b = await s.importCard(newer);
      const previous = async () =>
        ((await (await s.get('/api/drivercard/drivers')).json()) as any).items.map((r: any) => [
          r.imports,
          r.card_previous_download,
        ]);
      t.same(await previous(), [[2, '2026-03-06T12:00:00Z']], "the newest file's EF Card_Download");
      t.equal((await s.post(`/api/drivercard/imports/${b.import_id}/withdraw`, { reason: 'wrong file' })).status, 200);
      t.same(await previous(), [[1, '2026-02-20T10:00:00Z']], "the remaining file's, once the newest is withdrawn");
      t.equal((await s.post(`/api/drivercard/imports/${b.import_id}/restore`)).status, 200);
      t.same(await previous(), [[2, '2026-03-06T12:00:00Z']], "the newest file's again once it is restored");
      t.same(s.errors, []);
    },
  );

  t.test(`${name}: service: working-time takes include_quarantined as the pre-check does`, async (t) => {
    const s = await officeService(makeStore);
    t.teardown(() => s.close());
    const long = datesFrom('2026-03-02', 7).map((d): DaySpec => ({
      date: d,
      changes: [
        ['00:00', 'REST'],
        ['05:00', 'DRIVING'],
        ['15:00', 'WORK'],
        ['17:00', 'REST'],
      ],
    }));
    const card = buildParsedCard({ days: long });
    card.metadata.warnings.push({ code: 'damaged_ef', message: 'skipped' });
    const q = await s.importCard(card);
    t.equal(q.status, 'QUARANTINED');
    const base = `/api/drivercard/working-time?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-08`;
    const refused = await s.get(base);
    t.same([refused.status, ((await refused.json()) as any).error], [409, 'quarantined_data']);
    const wt = await s.get(`${base}&include_quarantined=true`);
    t.equal(wt.status, 200);
    const body = (await wt.json()) as any;
    t.same(body.basis.untrusted_imports, [q.import_id]);
    const weekly = body.violations.filter((v: any) => v.rule === 'wtd_weekly_max');
    t.equal(weekly.length, 1, '7 × 12 h = 84 h of working time in the week: over 60 h');
    t.ok(
      body.violations.length > 0 && body.violations.every((v: any) => v.untrusted === true),
      'every finding is drawn from the quarantined days',
    );
    t.equal((await s.get(`${base}&include_quarantined=false`)).status, 409);
    t.equal((await s.get(`${base}&include_quarantined=yes`)).status, 400);
  });
}
