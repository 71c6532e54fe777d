/**
 * The office's annotations (ports: ImportStore to find the card and its recorded activity, AnnotationStore,
 * Clock, IdGenerator). An annotation that states what the driver did (every kind but the markers ARTICLE_12 and
 * FERRY_TRAIN) is refused over recorded driving: the card says the driver drove then, and an annotation never
 * changes the card's data. Over other recorded activity it is accepted; the checks apply it only to the unknown
 * time and say so (../eu561/annotation-effects.ts). Data imported later under an annotation is handled the same way.
 */
import { annotationProblem, MARKER_KINDS, type Annotation, type NewAnnotation } from '../annotations/annotation.js';
import { OfficeRecordConflictError } from '../annotations/errors.js';
import { InvalidPayloadError, NotFoundError } from '../domain/errors.js';
import type { AnnotationStore } from '../ports/annotation-store.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { ImportStore } from '../ports/import-store.js';
import { dayOf, dayStart, isoTimestamp } from '../time.js';
import type { Basis, DateRange } from './contracts.js';
import { resolveBasis } from './data-basis.js';
import { openEndOf } from '../eu561/precheck.js';

const DAY = 86_400;

export interface AnnotationListQuery {
  basis: Basis;
  range: DateRange;
  include_withdrawn: boolean;
}

export class OfficeAnnotations {
  constructor(
    private readonly deps: {
      store: ImportStore;
      annotations: AnnotationStore;
      clock: Clock;
      ids: IdGenerator;
      /** told after a card's annotations changed (its fleet row, whose readiness and findings read them) */
      onCardChanged?: (cardNumber: string) => Promise<void>;
    },
  ) {}

  async add(input: NewAnnotation): Promise<Annotation> {
    const problem = annotationProblem(input);
    if (problem) throw new InvalidPayloadError(problem.message);
    await resolveBasis(this.deps.store, { kind: 'card_number', value: input.card_number });
    if (!MARKER_KINDS.has(input.kind)) await this.refuseOverDriving(input);
    const annotation: Annotation = {
      ...input,
      annotation_id: `ann_${this.deps.ids.newImportId().replace(/^imp_/, '')}`,
      created_at: Math.floor(this.deps.clock.now().getTime() / 1000),
      withdrawal: null,
    };
    await this.deps.annotations.addAnnotation(annotation);
    await this.deps.onCardChanged?.(annotation.card_number);
    return annotation;
  }

  async list(query: AnnotationListQuery): Promise<Annotation[]> {
    const { card_number } = await resolveBasis(this.deps.store, query.basis);
    if (card_number === null) return [];
    return this.deps.annotations.annotationsOf({
      card_number,
      from: query.range.from === null ? null : dayStart(query.range.from),
      to: query.range.to === null ? null : dayStart(query.range.to) + DAY,
      include_withdrawn: query.include_withdrawn,
    });
  }

  /** `author` may be empty (not given): the withdrawal still records when it happened */
  async withdraw(annotationId: string, by: { author: string; reason: string | null }): Promise<Annotation> {
    const found = await this.deps.annotations.annotation(annotationId);
    if (!found) throw new NotFoundError('The annotation asked for does not exist.');
    const withdrawal = { at: Math.floor(this.deps.clock.now().getTime() / 1000), author: by.author, reason: by.reason };
    if (found.withdrawal || !(await this.deps.annotations.withdrawAnnotation(annotationId, withdrawal))) {
      const kept = found.withdrawal ?? (await this.deps.annotations.annotation(annotationId))!.withdrawal!;
      throw new OfficeRecordConflictError(
        'annotation_withdrawn',
        `The annotation was already withdrawn at ${isoTimestamp(kept.at)}.`,
      );
    }
    await this.deps.onCardChanged?.(found.card_number);
    return { ...found, withdrawal };
  }

  /** The card's recorded driving (card inserted or entered by hand) inside the annotation: 409, naming where. */
  private async refuseOverDriving(a: NewAnnotation): Promise<void> {
    const to = dayOf(a.end - 1);
    const { served } = await this.deps.store.cardHistory(a.card_number, { from: dayOf(a.start), to: null });
    const days = served.filter((d) => d.date <= to).map(({ import_id, date }) => ({ import_id, date }));
    const activities = await this.deps.store.activities(days, null);
    // rows stored before the cut at the download run "to 24:00" on the newest day; that tail is unknown (openEndOf)
    const openEnd = openEndOf(activities.items, served[served.length - 1]?.date ?? null);
    const driving = activities.items.find(
      (r) =>
        r.activity === 'DRIVING' &&
        (r.card_inserted || r.manual_entry) &&
        r.start < a.end &&
        a.start < r.end &&
        !(openEnd?.unknownRow && r.start === openEnd.unknownRow.start && r.date === openEnd.unknownRow.date),
    );
    if (!driving) return;
    const from = Math.max(driving.start, a.start);
    throw new OfficeRecordConflictError(
      'annotation_over_recorded_activity',
      `The card records driving from ${isoTimestamp(from)} inside this ${a.kind} annotation; an annotation only explains ` +
        'time the card leaves unknown. Shorten it to the card-out time, or use ARTICLE_12 for an exceptional departure.',
      { recorded_start: isoTimestamp(from), recorded_end: isoTimestamp(Math.min(driving.end, a.end)) },
    );
  }
}
