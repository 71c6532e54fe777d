import t from 'tap';
import type { ImportRow } from '../domain/rows.js';
import { emptyFindingCounts, type FleetCardRecord } from '../fleet/fleet-card.js';
import type { FleetStore } from '../ports/fleet-store.js';
import type { ImportStore } from '../ports/import-store.js';
import { mondayOf } from '../time.js';
import type { FindingsQuery } from './findings-of-period.js';
import { FINDINGS_RULES, TodayView } from './today.js';
import { ConflictingDataError } from '../domain/errors.js';
import { validOpenCount, type OpenFindingsInputs, type OpenFindingsStore } from '../ports/open-findings-store.js';
import type { ReviewStatus } from '../ports/finding-reviews.js';

// "now": Wednesday 2026-03-11 09:00 UTC
const NOW_S = Date.parse('2026-03-11T09:00:00Z') / 1000;
const D = Math.floor(NOW_S / 86_400);
const DAY = 86_400;

function record(card: string, over: Partial<FleetCardRecord>): FleetCardRecord {
  return {
    card_number: card,
    surname: card,
    first_names: null,
    issuing_member_state: 'DE',
    expiry_day: null,
    card_download_s: null,
    activity_end_s: null,
    recorded_days: [D - 5],
    imports: 1,
    quarantined_imports: 0,
    conflicting_days: 0,
    authenticity_status: 'VERIFIED',
    findings: emptyFindingCounts(),
    findings_evaluated: true,
    findings_not_evaluated_reason: null,
    ...over,
  };
}

const window57 = Array.from({ length: 57 }, (_, i) => D - i);
const RECORDS: FleetCardRecord[] = [
  // due 2 days ago: overdue; expired yesterday; no card data in the readiness window (57 missing)
  record('A', {
    card_download_s: NOW_S - 30 * DAY,
    expiry_day: D - 1,
    card_data_days: [],
    findings: { ...emptyFindingCounts(), VIOLATION: 2 },
  }),
  // due in 3 days; expiring in exactly 30 days; all 57 days present; imports disagree on 2 days
  record('B', { card_download_s: NOW_S - 25 * DAY, expiry_day: D + 30, card_data_days: window57, conflicting_days: 2 }),
  // due in 7 days (not this week); expiring in 31 days (not counted); readiness unknown; not evaluated
  record('C', {
    card_download_s: NOW_S - 21 * DAY,
    expiry_day: D + 31,
    findings_evaluated: false,
    findings_not_evaluated_reason: 'conflicting_data',
    findings: { ...emptyFindingCounts(), VIOLATION: 1 }, // counts of a card not evaluated say nothing
  }),
  // due at this very second: not yet overdue, due today; expires today (0 days left: expiring); 56 days missing
  record('D', { card_download_s: NOW_S - 28 * DAY, expiry_day: D, card_data_days: [D] }),
];

const imp = (id: string, status: ImportRow['status'], codes: string[] = []) =>
  ({ import_id: id, status, warnings: codes.map((code) => ({ code, message: '' })) }) as unknown as ImportRow;
const IMPORTS = [
  imp('i1', 'QUARANTINED', ['holder_mismatch']),
  imp('i2', 'QUARANTINED', ['damaged_ef']),
  imp('i3', 'WITHDRAWN'),
  imp('i4', 'OK', ['unknown_tag']),
  imp('i5', 'OK'),
];

function view(
  pageSize = 2,
  openFindings: OpenFindingsStore | null = null,
  statuses: Map<string, ReviewStatus> = new Map([['fA3', 'CONFIRMED']]),
) {
  const asked: FindingsQuery[] = [];
  const fleet = {
    listFleetCards: async (q: { page: { limit: number; offset: number } }) => ({
      items: RECORDS.slice(q.page.offset, q.page.offset + Math.min(q.page.limit, pageSize)),
      total: RECORDS.length,
    }),
  } as unknown as FleetStore;
  const store = {
    listImports: async (filter: { include_withdrawn?: boolean }, page: { limit: number; offset: number }) => {
      t.equal(filter.include_withdrawn, true, 'withdrawn imports are asked for');
      return { items: IMPORTS.slice(page.offset, page.offset + page.limit), total: IMPORTS.length };
    },
  } as unknown as ImportStore;
  const findings = {
    findings: async (q: FindingsQuery) => {
      asked.push(q);
      if (q.basis.value === 'D') throw new ConflictingDataError([D - 30], 'conflicting data');
      if (q.basis.value === 'A')
        return {
          findings: ['fA1', 'fA2', 'fA3'].map((finding_id) => ({
            finding_id,
            review_status: statuses.get(finding_id) ?? 'OPEN',
          })),
        };
      return { findings: [] };
    },
  };
  const clock = { now: () => new Date(NOW_S * 1000) };
  return { today: new TodayView({ fleet, store, clock, findings, openFindings }), asked };
}

t.test('counts: each hand-computed from the four cards and five imports', async (t) => {
  const { today, asked } = view();
  const counts = await today.counts();
  t.same(counts, {
    as_of_s: NOW_S,
    drivers: 4,
    overdue: 1, // A
    due_week: 2, // B (3 days), D (today)
    expired: 1, // A
    expiring_30d: 2, // B (30 days), D (today)
    open_findings: 2, // A's two OPEN findings (the CONFIRMED one is reviewed)
    drivers_with_open_findings: 1,
    drivers_with_infringements: 1, // A (C holds a VIOLATION count but was not evaluated)
    findings_not_evaluated: 1, // C
    quarantined: 2,
    holder_mismatch: 1,
    withdrawn: 1,
    conflicting: 1, // B
    readiness: 2, // A (57 missing), D (56 missing); B complete, C unknown
    // no VehicleUnitStore given: no vehicle units to count
    vehicle_units: 0,
    vu_downloads_overdue: 0,
    calibrations_due_30d: 0,
    driving_without_card_4w: 0,
  });
  t.same(
    asked.map((q) => q.basis.value),
    ['A', 'B', 'D'],
    'the card not evaluated is not checked again',
  );
  t.same(asked[0]!.range, { from: mondayOf(D - 5) - 21, to: D - 5 }, "the card's last 4 ISO weeks");
  t.same(asked[0]!.status, ['OPEN']);
});

t.test('cards: the rows each count counts, in the store order', async (t) => {
  const { today } = view(500);
  const cards = async (list: Parameters<TodayView['cards']>[0]) => (await today.cards(list)).map((r) => r.card_number);
  t.same(await cards('overdue'), ['A']);
  t.same(await cards('due_week'), ['B', 'D']);
  t.same(await cards('expired'), ['A']);
  t.same(await cards('expiring_30d'), ['B', 'D']);
  t.same(await cards('open_findings'), ['A']);
  t.same(await cards('conflicting'), ['B']);
  t.same(await cards('readiness'), ['A', 'D']);
});

/** The OpenFindingsStore's contract in memory (the SQL one: conformance in adapters/http/today/today-processes.test.ts). */
function memoryKept(statuses: Map<string, ReviewStatus>) {
  const generation = new Map<string, number>();
  const kept = new Map<
    string,
    { inputs: OpenFindingsInputs; range: { from: number; to: number }; rules: string; ids: string[] | null }
  >();
  const inputsOf = (card: string): OpenFindingsInputs => ({
    generation: generation.get(card) ?? 0,
    annotations: 0,
    withdrawn_annotations: 0,
    establishment: null,
    residence: null,
  });
  const open = (ids: string[] | null) => ids && ids.filter((id) => (statuses.get(id) ?? 'OPEN') === 'OPEN').length;
  const store: OpenFindingsStore = {
    cardChanged: async (card) => void generation.set(card, (generation.get(card) ?? 0) + 1),
    stamp: async (card) => inputsOf(card),
    openCounts: async () =>
      new Map(
        [...kept].map(([card, k]) => [card, { current: inputsOf(card), kept: { ...k, open: open(k.ids) } }] as const),
      ),
    saveFindingIds: async (card, inputs, range, rules, ids) => {
      if (inputs.generation !== (generation.get(card) ?? 0)) return false;
      kept.set(card, { inputs, range, rules, ids: ids && [...ids] });
      return true;
    },
  };
  return store;
}

t.test('kept open findings: drawn once per card, a review read through them, a changed card drawn again', async (t) => {
  const statuses = new Map<string, ReviewStatus>([['fA3', 'CONFIRMED']]);
  const kept = memoryKept(statuses);
  const { today, asked } = view(500, kept, statuses);
  const first = await today.counts();
  t.equal(first.open_findings, 2);
  t.same(
    asked.map((q) => q.basis.value),
    ['A', 'B', 'D'],
    'nothing kept yet: every evaluated card drawn',
  );
  t.equal(asked[0]!.status, undefined, 'every finding drawn (its id kept), not only the OPEN ones');
  t.same(await today.counts(), first, 'asked again: the same counts');
  t.equal(asked.length, 3, 'from the kept ids: no card drawn');
  statuses.set('fA1', 'JUSTIFIED');
  t.equal((await today.counts()).open_findings, 1, 'a review counts at once');
  t.same(await today.cards('open_findings').then((rows) => rows.map((r) => r.card_number)), ['A']);
  t.equal(asked.length, 3, 'still no card drawn');
  await kept.cardChanged('A');
  t.equal((await today.counts()).open_findings, 1);
  t.same(
    asked.slice(3).map((q) => q.basis.value),
    ['A'],
    'only the changed card drawn again',
  );
});

t.test('kept ids are valid for the same inputs, weeks and rules only', async (t) => {
  const inputs: OpenFindingsInputs = {
    generation: 2,
    annotations: 1,
    withdrawn_annotations: 0,
    establishment: 'DE',
    residence: null,
  };
  const range = { from: 100, to: 127 };
  const cached = { current: inputs, kept: { inputs, range, rules: FINDINGS_RULES, open: 3 } };
  t.same(validOpenCount(cached, range, FINDINGS_RULES), { open: 3 });
  t.equal(validOpenCount(cached, range, 'another version'), null, 'other rules: drawn again');
  t.equal(validOpenCount(cached, { from: 107, to: 134 }, FINDINGS_RULES), null, 'other weeks');
  for (const change of [
    { generation: 3 },
    { annotations: 2 },
    { withdrawn_annotations: 1 },
    { establishment: null },
    { residence: 'PL' },
  ])
    t.equal(validOpenCount({ ...cached, current: { ...inputs, ...change } }, range, FINDINGS_RULES), null);
  t.equal(validOpenCount({ current: inputs, kept: null }, range, FINDINGS_RULES), null, 'nothing kept');
  t.same(validOpenCount({ ...cached, kept: { ...cached.kept, open: null } }, range, FINDINGS_RULES), { open: null });
});
