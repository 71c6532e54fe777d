/**
 * The office's annotations (core/annotations/annotation.ts), kept beside the card's data and never deleted
 * (conformance/annotations.suite.ts runs the contract on SQLite and PostgreSQL):
 * - `addAnnotation` stores a new annotation;
 * - `annotationsOf` returns a card's annotations overlapping [from, to) (epoch seconds, null = open), ordered by
 *   start, then creation, then id; withdrawn ones only when asked;
 * - `withdrawAnnotation` records the withdrawal once: false when the annotation was already withdrawn or is unknown.
 */
import type { Annotation, AnnotationWithdrawal } from '../annotations/annotation.js';

export interface AnnotationQuery {
  card_number: string;
  from: number | null;
  to: number | null;
  include_withdrawn: boolean;
}

export interface AnnotationStore {
  addAnnotation(annotation: Annotation): Promise<void>;
  annotation(annotationId: string): Promise<Annotation | null>;
  annotationsOf(query: AnnotationQuery): Promise<Annotation[]>;
  withdrawAnnotation(annotationId: string, withdrawal: AnnotationWithdrawal): Promise<boolean>;
}
