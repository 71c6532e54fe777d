/**
 * GET /api/drivercard/eu561/violations with the card's specific conditions, end to end (use cases, a database, HTTP):
 * a daily rest interrupted around a ferry crossing (Art. 9(1)), the same card without the crossing, and out-of-scope
 * driving entered in one import applied over the card's days merged from two imports. Hand-computed timelines as in
 * core/eu561/ferry-train.test.ts and core/eu561/out-of-scope.test.ts.
 */
import type { TAP } from 'tap';
import type { SpecificConditionRow } from '../../../core/domain/rows.js';
import { buildParsedCard, type DaySpec } from '../../../core/use-cases/testing/parsed-card-builder.js';
import type { SqlImportStore } from '../../storage/open-storage.js';
import { officeService } from '../testing/office-service.js';
import { strictValidator } from '../shared/validation.js';
import { eu561ResponseSchema } from './eu561-violations.schema.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];
const H = 3600;
const condition = (card: string, iso: string, c: SpecificConditionRow['condition']): SpecificConditionRow => ({
  import_id: null,
  card_number: card,
  at: Date.parse(iso) / 1000,
  condition: c,
});

// Mon 06:00 D 4h30, R 45m, D 4h, W 45m, R 2h (16:00), D 30m embarking (18:00), R 8h on board (18:30), D 30m (Tue
// 02:30), R 1h (03:00), D 4h30 (04:00), R 45m, D 3h, R from 12:15: 2 h + 8 h + 1 h = 11 h around two interruptions
const crossing: DaySpec[] = [
  {
    date: '2026-03-02',
    changes: [
      ['00:00', 'REST'],
      ['06:00', 'DRIVING'],
      ['10:30', 'REST'],
      ['11:15', 'DRIVING'],
      ['15:15', 'WORK'],
      ['16:00', 'REST'],
      ['18:00', 'DRIVING'],
      ['18:30', 'REST'],
    ],
  },
  {
    date: '2026-03-03',
    changes: [
      ['00:00', 'REST'],
      ['02:30', 'DRIVING'],
      ['03:00', 'REST'],
      ['04:00', 'DRIVING'],
      ['08:30', 'REST'],
      ['09:15', 'DRIVING'],
      ['12:15', 'REST'],
    ],
  },
];

// D 4h30, R 45m, D 4h30, R 45m, D 1h30 from 06:00: 10 h 30 of driving, 30 min over the 10 h of an extended day
const longDay = (date: string): DaySpec => ({
  date,
  changes: [
    ['00:00', 'REST'],
    ['06:00', 'DRIVING'],
    ['10:30', 'REST'],
    ['11:15', 'DRIVING'],
    ['15:45', 'REST'],
    ['16:30', 'DRIVING'],
    ['18:00', 'REST'],
  ],
});

export async function specificConditionsScenario(t: Tap, makeStore?: () => Promise<SqlImportStore>) {
  const service = await officeService(makeStore);
  t.teardown(() => service.close());
  const valid = strictValidator(eu561ResponseSchema);
  const violations = async (card: string) => {
    const res = await service.get(`/api/drivercard/eu561/violations?card_number=${card}`);
    t.equal(res.status, 200);
    const body = await res.json();
    t.ok(valid(body), 'answer matches its schema');
    return body;
  };

  const ferry = buildParsedCard({ card_number: 'FERRY00000000001', days: crossing });
  ferry.specific_conditions = [
    condition('FERRY00000000001', '2026-03-02T18:30:00Z', 'FERRY_TRAIN_BEGIN'),
    condition('FERRY00000000001', '2026-03-03T02:30:00Z', 'FERRY_TRAIN_END'),
  ];
  await service.importCard(ferry);
  await service.importCard(buildParsedCard({ card_number: 'FERRY00000000002', days: crossing }));
  const joined = await violations('FERRY00000000001');
  t.same(joined.violations, [], 'Art. 9(1): one regular daily rest of 11 h');
  t.match(
    joined.warnings.filter((w: { code: string }) => w.code === 'FERRY_TRAIN_REST'),
    [{ start: '2026-03-02T16:00:00Z', end: '2026-03-03T04:00:00Z' }],
  );
  const broken = await violations('FERRY00000000002');
  t.match(broken.violations, [{ rule: 'daily_rest', status: 'VIOLATION', value: 8 * H, limit: 9 * H }]);
  t.equal(broken.violations.length, 1, 'without the crossing: the daily rest is missing');

  // one import with the out-of-scope entry (Mon 16:30 - 18:00), a later one with Tue and Wed and no conditions
  const first = buildParsedCard({ card_number: 'SCOPE00000000001', days: [longDay('2026-03-02')] });
  first.specific_conditions = [
    condition('SCOPE00000000001', '2026-03-02T16:30:00Z', 'OUT_OF_SCOPE_BEGIN'),
    condition('SCOPE00000000001', '2026-03-02T18:00:00Z', 'OUT_OF_SCOPE_END'),
  ];
  await service.importCard(first);
  await service.importCard(
    buildParsedCard({ card_number: 'SCOPE00000000001', days: [longDay('2026-03-03'), longDay('2026-03-04')] }),
  );
  const scoped = await violations('SCOPE00000000001');
  const driving = scoped.violations.filter((v: { rule: string }) => v.rule === 'daily_driving');
  // Mon 9 h (no extension used); Tue 10 h 30: first extension, 30 min over 10 h; Wed 10 h 30: second extension
  t.same(
    driving.map((v: { start: string; value: number; limit: number }) => [v.start, v.value, v.limit]),
    [
      ['2026-03-03T06:00:00Z', 10.5 * H, 10 * H],
      ['2026-03-04T06:00:00Z', 10.5 * H, 10 * H],
    ],
    "Monday's out-of-scope driving is other work; the later import's days are counted in full",
  );
  t.match(
    scoped.warnings.filter((w: { code: string }) => w.code === 'OUT_OF_SCOPE'),
    [{ start: '2026-03-02T16:30:00Z', end: '2026-03-02T18:00:00Z' }],
  );
  t.same(service.errors, [], 'no unexpected error');
}
