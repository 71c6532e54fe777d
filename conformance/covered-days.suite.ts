/**
 * Roadside readiness's CoveredDays over the annotation store (core/use-cases/annotation-covered-days.ts) on the
 * MikroORM adapter, SQLite and PostgreSQL: the UTC days annotations of the kinds that explain time overlap, within the
 * range asked for; ARTICLE_12 and withdrawn annotations cover nothing; another card's annotations are not read.
 */
import type { TAP } from 'tap';
import type { Annotation } from '../core/annotations/annotation.js';
import { AnnotationCoveredDays } from '../core/use-cases/annotation-covered-days.js';
import { SqlOfficeRecords } from '../adapters/storage/office-records/office-records-store.js';
import { dayOf } from '../core/time.js';
import type { ClosableStore } from './new-import.js';
import type { SqlImportStore } from '../adapters/storage/open-storage.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];
const at = (iso: string) => Date.parse(iso) / 1000;
const day = (iso: string) => dayOf(at(`${iso}T00:00:00Z`));

function annotation(
  id: string,
  kind: Annotation['kind'],
  start: string,
  end: string,
  card = 'DTEST00000000001',
): Annotation {
  return {
    annotation_id: id,
    card_number: card,
    kind,
    start: at(start),
    end: at(end),
    note: kind === 'ARTICLE_12' ? 'diverted' : null,
    author: 'office',
    created_at: at('2026-03-20T00:00:00Z'),
    withdrawal: null,
  };
}

export function coveredDaysSuite(t: Tap, name: string, makeStore: () => Promise<ClosableStore>): void {
  t.test(`${name}: days covered by annotations for roadside readiness`, async (t) => {
    const store = await makeStore();
    t.teardown(() => store.close());
    const records = new SqlOfficeRecords((store as SqlImportStore).db);
    for (const a of [
      annotation('ann_leave', 'LEAVE', '2026-03-02T00:00:00Z', '2026-03-04T00:00:00Z'), // 03-02, 03-03 (end exclusive)
      annotation('ann_sick', 'SICK_LEAVE', '2026-03-05T23:00:00Z', '2026-03-06T01:00:00Z'), // 03-05, 03-06
      annotation('ann_art12', 'ARTICLE_12', '2026-03-08T10:00:00Z', '2026-03-08T11:00:00Z'), // none
      annotation('ann_gone', 'REST', '2026-03-09T10:00:00Z', '2026-03-09T11:00:00Z'), // withdrawn below
      annotation('ann_other', 'REST', '2026-03-10T10:00:00Z', '2026-03-10T11:00:00Z', 'DTEST00000000002'),
    ])
      await records.addAnnotation(a);
    await records.withdrawAnnotation('ann_gone', { at: at('2026-03-21T00:00:00Z'), author: 'office', reason: null });
    const covered = new AnnotationCoveredDays(records);
    t.same(await covered.coveredDays('DTEST00000000001', { from: day('2026-03-01'), to: day('2026-03-31') }), [
      day('2026-03-02'),
      day('2026-03-03'),
      day('2026-03-05'),
      day('2026-03-06'),
    ]);
    t.same(
      await covered.coveredDays('DTEST00000000001', { from: day('2026-03-03'), to: day('2026-03-05') }),
      [day('2026-03-03'), day('2026-03-05')],
      'clipped to the range',
    );
    t.same(await covered.coveredDays('DTEST00000000002', { from: day('2026-03-01'), to: day('2026-03-09') }), []);
  });
}
