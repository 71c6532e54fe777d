/**
 * The open-findings port's contract (core/ports/open-findings-store.ts) as a suite the storage adapter runs on
 * SQLite and PostgreSQL (conformance/storage-sqlite.test.ts, conformance/storage-postgres.test.ts): the inputs a
 * card's findings are drawn from (its generation, its annotations, its home countries), the ids kept with them and
 * the count of those still open, read through the office's reviews. `open` gives the bundle of a fresh database.
 */
import type { TAP } from 'tap';
import type { StoragePorts } from '../core/ports/storage.js';
import { validOpenCount, type OpenFindingsInputs } from '../core/ports/open-findings-store.js';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { nextReviewEntry } from '../core/reviews/review-chain.js';
import type { Annotation } from '../core/annotations/annotation.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const CARD = 'DOPEN00000000001';
const OTHER = 'DOPEN00000000002';
const RANGE = { from: 20_500, to: 20_527 };
const RULES = 'rules-v1';
const T0 = Date.parse('2026-03-02T00:00:00Z') / 1000;
const hasher = new NodeCryptoHasher();
const FIRST: OpenFindingsInputs = {
  generation: 0,
  annotations: 0,
  withdrawn_annotations: 0,
  establishment: null,
  residence: null,
};

const annotation = (id: string): Annotation => ({
  annotation_id: id,
  card_number: CARD,
  kind: 'LEAVE',
  start: T0,
  end: T0 + 86_400,
  note: null,
  author: 'Office A',
  created_at: T0,
  withdrawal: null,
});

export function openFindingsSuite(t: Tap, name: string, open: () => Promise<StoragePorts>): void {
  t.test(
    `${name}: open findings: a new card's inputs, ids kept with them, stale once the imports change`,
    async (t) => {
      const storage = await open();
      t.teardown(() => storage.close());
      const { openFindings } = storage;
      const ids = ['f_00000000000000000001', 'f_00000000000000000002', 'f_00000000000000000003'];
      t.equal(await openFindings.saveFindingIds(CARD, FIRST, RANGE, RULES, ids), false, 'not stamped: nothing kept');
      t.same(await openFindings.openCounts(), new Map(), 'no card listed');
      t.same(await openFindings.stamp(CARD), FIRST, 'a card never seen starts at generation 0');
      t.same([...(await openFindings.openCounts())], [[CARD, { current: FIRST, kept: null }]], 'listed, nothing kept');
      t.equal(await openFindings.saveFindingIds(CARD, FIRST, RANGE, RULES, ids), true);
      await openFindings.stamp(OTHER);
      t.equal(await openFindings.saveFindingIds(OTHER, FIRST, RANGE, RULES, null), true, 'refused data is kept too');
      const counts = await openFindings.openCounts();
      t.same(counts.get(CARD), { current: FIRST, kept: { inputs: FIRST, range: RANGE, rules: RULES, open: 3 } });
      t.same(counts.get(OTHER)?.kept?.open, null, 'null: the checks refused the data');
      t.same(validOpenCount(counts.get(CARD), RANGE, RULES), { open: 3 }, 'valid for these inputs, range and rules');
      t.equal(validOpenCount(counts.get(CARD), { ...RANGE, to: RANGE.to + 7 }, RULES), null, 'another range');
      t.equal(validOpenCount(counts.get(CARD), RANGE, 'rules-v2'), null, 'other rules');

      await openFindings.cardChanged(CARD);
      const changed = await openFindings.stamp(CARD);
      t.ok(changed.generation > FIRST.generation, 'a change of the imports raises the generation');
      t.equal(
        validOpenCount((await openFindings.openCounts()).get(CARD), RANGE, RULES),
        null,
        'the kept ids are stale',
      );
      t.equal(
        await openFindings.saveFindingIds(CARD, FIRST, RANGE, RULES, ids),
        false,
        'ids drawn before the change are refused',
      );
      t.equal(await openFindings.saveFindingIds(CARD, changed, RANGE, RULES, ids.slice(0, 1)), true);
      t.same(validOpenCount((await openFindings.openCounts()).get(CARD), RANGE, RULES), { open: 1 });
      t.same((await openFindings.stamp(OTHER)).generation, 0, "another card's inputs did not move");
    },
  );

  t.test(
    `${name}: open findings: reviews close kept ids, annotations and home countries move the inputs`,
    async (t) => {
      const storage = await open();
      t.teardown(() => storage.close());
      const { openFindings, officeRecords, homeCountries } = storage;
      const ids = ['f_00000000000000000011', 'f_00000000000000000012'];
      await openFindings.stamp(CARD);
      t.equal(await openFindings.saveFindingIds(CARD, FIRST, RANGE, RULES, ids), true);
      const review = (status: 'CONFIRMED' | 'ACKNOWLEDGED', entries: Parameters<typeof nextReviewEntry>[1] = []) =>
        nextReviewEntry(hasher, entries, { finding_id: ids[0]!, status, note: null, author: 'A', at: T0 });
      const confirmed = review('CONFIRMED');
      await officeRecords.appendReview(confirmed);
      const kept = async () => (await openFindings.openCounts()).get(CARD)?.kept?.open;
      t.equal(await kept(), 1, 'a finding reviewed to another status than OPEN is not open');
      await officeRecords.appendReview(review('ACKNOWLEDGED', [confirmed]));
      t.equal(await kept(), 1, 'its newest review counts');

      await officeRecords.addAnnotation(annotation('ann_open_1'));
      const annotated = await openFindings.stamp(CARD);
      t.match(annotated, { annotations: 1, withdrawn_annotations: 0 });
      t.equal(validOpenCount((await openFindings.openCounts()).get(CARD), RANGE, RULES), null, 'an annotation: stale');
      await officeRecords.withdrawAnnotation('ann_open_1', { at: T0 + 60, author: 'B', reason: 'wrong week' });
      t.match(await openFindings.stamp(CARD), { annotations: 1, withdrawn_annotations: 1 }, 'a withdrawal moves them');

      await homeCountries.setHomeCountries({ card_number: CARD, establishment: 'FI', residence: 'EE', updated_at: T0 });
      t.match(await openFindings.stamp(CARD), { establishment: 'FI', residence: 'EE' }, 'home countries as stored');
    },
  );
}
