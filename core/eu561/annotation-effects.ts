/**
 * What the office's annotations did to an answer's findings. The checks run twice, with the annotations
 * (./annotations.ts) and on the card alone; the two finding lists are compared rule by rule over overlapping
 * periods (as the two completions are, ./precheck.ts):
 * - a finding that exists only with the annotations, or whose status, value or period differs, names them in
 *   `annotations_applied`;
 * - a card-only finding with no counterpart is listed in `annotation_effects` (effect `removed`) with them;
 * - a finding over an annotation of a kind that may justify it (ARTICLE_12, FERRY_TRAIN for EU 561) names it
 *   too and is `possibly_justified`: the annotation never decides it away.
 * Which annotations: those whose filled time overlaps the finding's period, else those within a day of it (a rest
 * that ends a duty), else every annotation that filled time (the change came from the timeline as a whole).
 */
import { DAY, toIso } from './time.js';
import { justifies, type AnnotationRuleset, type AnnotationSpan, type FilledPiece } from './annotations.js';
import type { AnnotationEffect, FindingStatus } from './types.js';

export interface ComparableFinding {
  rule: string;
  status: FindingStatus;
  article: string;
  start: string;
  end: string;
  value: number;
  limit: number;
  description: string;
  finding_id?: string;
  annotations_applied?: string[];
  possibly_justified?: boolean;
}

const sec = (iso: string) => Date.parse(iso) / 1000;
const overlapping = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;
const spanOf = (f: ComparableFinding) => ({ start: sec(f.start), end: sec(f.end) });

function causes(f: ComparableFinding, pieces: readonly FilledPiece[]): string[] {
  const span = spanOf(f);
  let hit = pieces.filter((p) => overlapping(p, span));
  if (hit.length === 0) hit = pieces.filter((p) => overlapping(p, { start: span.start - DAY, end: span.end + DAY }));
  if (hit.length === 0) hit = [...pieces];
  return [...new Set(hit.map((p) => p.annotation_id))];
}

/** Marks `annotated` in place and returns the card-only findings the annotations removed. */
export function attributeAnnotations<F extends ComparableFinding>(
  annotated: F[],
  cardOnly: readonly F[],
  pieces: readonly FilledPiece[],
  spans: readonly AnnotationSpan[],
  ruleset: AnnotationRuleset,
): AnnotationEffect[] {
  const matched = new Set<F>();
  for (const v of annotated) {
    const span = spanOf(v);
    const twin = cardOnly.find((c) => c.rule === v.rule && !matched.has(c) && overlapping(spanOf(c), span));
    if (twin) matched.add(twin);
    const same =
      twin !== undefined &&
      twin.status === v.status &&
      twin.value === v.value &&
      twin.start === v.start &&
      twin.end === v.end;
    const ids = same || pieces.length === 0 ? [] : causes(v, pieces);
    const justifying = spans
      .filter((a) => justifies(ruleset, a.kind, v.rule) && overlapping(a, span))
      .map((a) => a.annotation_id);
    v.annotations_applied = [...new Set([...ids, ...justifying])];
    if (justifying.length > 0) v.possibly_justified = true;
  }
  return cardOnly
    .filter((c) => !matched.has(c))
    .map((c) => ({
      effect: 'removed' as const,
      annotation_ids: causes(c, pieces),
      finding: {
        finding_id: c.finding_id ?? null,
        rule: c.rule,
        status: c.status,
        article: c.article,
        start: c.start,
        end: c.end,
        value: c.value,
        limit: c.limit,
        description: c.description,
      },
    }));
}

/**
 * Names every finding (`name` sets finding_id) and, when annotations apply, compares with the card-only findings
 * (computed only then) and returns the removed ones.
 */
export function settleAnnotations<F extends ComparableFinding>(
  findings: F[],
  spans: readonly AnnotationSpan[],
  pieces: readonly FilledPiece[],
  ruleset: AnnotationRuleset,
  cardOnly: () => F[],
  name: (f: F) => void,
): AnnotationEffect[] {
  for (const f of findings) {
    name(f);
    f.annotations_applied = [];
  }
  if (spans.length === 0) return [];
  const alone = cardOnly();
  alone.forEach(name);
  return attributeAnnotations(findings, alone, pieces, spans, ruleset);
}

/** The answer's account of the annotations it used (or that it ignored them). */
export function annotationsSummaryOf(
  spans: readonly AnnotationSpan[] | undefined,
  ignored: boolean,
  use: ReadonlyMap<string, { filled: number; over_recorded: number }>,
  ruleset: AnnotationRuleset,
) {
  if (ignored) return { mode: 'ignore' as const, items: [] };
  return {
    mode: 'apply' as const,
    items: (spans ?? []).map((a) => {
      const u = use.get(a.annotation_id);
      return {
        annotation_id: a.annotation_id,
        kind: a.kind,
        start: toIso(a.start),
        end: toIso(a.end),
        filled_seconds: u?.filled ?? 0,
        over_recorded_seconds: u?.over_recorded ?? 0,
        marks_findings: justifies(ruleset, a.kind),
      };
    }),
  };
}

/**
 * Annotations lying over recorded activity: that part is not applied (the card's record wins) and the answer says
 * so, once per annotation; markers (ARTICLE_12, FERRY_TRAIN) are meant to lie over recorded activity.
 */
export function annotationWarnings(
  spans: readonly AnnotationSpan[],
  use: ReadonlyMap<string, { filled: number; over_recorded: number }>,
) {
  const out: { code: string; message: string; start: string | null; end: string | null }[] = [];
  for (const a of spans) {
    const u = use.get(a.annotation_id);
    if (!u || u.over_recorded === 0) continue;
    out.push({
      code: 'ANNOTATION_OVER_RECORDED_ACTIVITY',
      message:
        `Annotation ${a.annotation_id} (${a.kind}) lies over ${Math.round(u.over_recorded / 60)} min of activity the card recorded: ` +
        "there the card's record is used and the annotation is ignored; it applies only to time the card leaves unknown.",
      start: toIso(a.start),
      end: toIso(a.end),
    });
  }
  return out;
}
