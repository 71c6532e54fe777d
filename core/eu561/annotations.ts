/**
 * The office's annotations applied to a built timeline (./timeline.ts), beside the card-out policy
 * (./card-out.ts). An annotation fills only UNKNOWN time inside the evaluated span (between the first and the
 * last known activity): the card's recorded activity always wins, and time before the first and after the last
 * record stays outside the evaluation, annotated or not (nothing anchors the rules there).
 *
 * Readings, per kind (reg-561-2006-articles.md; what each says and how sure it is is marked there):
 * - LEAVE, SICK_LEAVE: rest for the rest rules, not working time. Reg. 165/2014 Art. 34(5)(b)(iv) records
 *   "breaks, rest, annual leave or sick leave" under the one rest sign, and the attestation form (Decision
 *   2007/230/EC as amended by 2009/959/EU) lists them beside rest. No Commission text says whether leave counts
 *   towards a weekly rest's compensation; the answer names every annotation applied, so such rest is never silent.
 * - REST: rest (Art. 4(f)).
 * - OTHER_WORK: other work, Art. 4(e) and Art. 6(5) ("shall record as other work"); working time (2002/15 Art. 3(a)).
 * - AVAILABILITY: availability (Art. 6(5), 2002/15 Art. 3(b)): neither rest nor working time.
 * - OUT_OF_SCOPE: other work, not driving: Art. 6(5) has "any time spent driving a vehicle used for commercial
 *   operations that do not fall within the scope of this Regulation" recorded as other work (an office's
 *   out-of-scope driving is commercial). It is therefore excluded from the driving limits and counted as working time.
 * - FERRY_TRAIN: rest (Art. 9(1): the rest taken on a ferry or train; 165/2014 Art. 34(5)(b)(v) records it under
 *   the rest sign). Whether the driver had a sleeper cabin, bunk or couchette, and the scheduled length (8 h for a
 *   regular weekly rest) are not on the card: rest findings over it are marked as possibly justified by Art. 9 (its
 *   interruptions, at most two and one hour in total, lie in recorded activity the rules judge as recorded).
 * - ARTICLE_12: never fills time and never decides a finding away: Art. 12 lets the driver depart from Arts. 6 to 9
 *   to reach a suitable stopping place, a judgement on evidence not on the card. Findings of the EU 561 rules over
 *   it are marked as possibly justified; the working-time check ignores it (Art. 12 does not derogate from 2002/15).
 */
import type { AnnotationKind } from '../annotations/annotation.js';
import type { Gap, Segment, SegmentKind, Timeline } from './timeline.js';

export type AnnotationRuleset = 'eu561' | 'wtd';

/** What the rules see in UNKNOWN time an annotation of each kind covers; null: the kind does not fill time. */
const FILL: Record<AnnotationRuleset, Record<AnnotationKind, Exclude<SegmentKind, 'UNKNOWN' | 'DRIVING'> | null>> = {
  eu561: {
    LEAVE: 'REST',
    SICK_LEAVE: 'REST',
    REST: 'REST',
    OTHER_WORK: 'WORK',
    AVAILABILITY: 'AVAILABILITY',
    OUT_OF_SCOPE: 'WORK',
    FERRY_TRAIN: 'REST',
    ARTICLE_12: null,
  },
  wtd: {
    LEAVE: 'REST',
    SICK_LEAVE: 'REST',
    REST: 'REST',
    OTHER_WORK: 'WORK',
    AVAILABILITY: 'AVAILABILITY',
    OUT_OF_SCOPE: 'WORK',
    FERRY_TRAIN: 'REST',
    ARTICLE_12: null,
  },
};

/**
 * Kinds whose overlapping findings are marked `possibly_justified` (the derogation is judged on evidence off the
 * card), and of which rules: Art. 12 departs from Arts. 6 to 9 (every EU 561 rule here); Art. 9(1) only lets a rest
 * on a ferry or train be interrupted, so it concerns the rest rules. Neither derogates from Directive 2002/15.
 */
const REST_RULES: ReadonlySet<string> = new Set(['daily_rest', 'weekly_rest', 'daily_rest_multi_manning']);
const JUSTIFIES: Record<AnnotationRuleset, Partial<Record<AnnotationKind, (rule: string) => boolean>>> = {
  eu561: { ARTICLE_12: () => true, FERRY_TRAIN: (rule) => REST_RULES.has(rule) },
  wtd: {},
};

/** An annotation as the checks take it (epoch seconds, [start, end)). */
export interface AnnotationSpan {
  annotation_id: string;
  kind: AnnotationKind;
  start: number;
  end: number;
}

/** A stretch of UNKNOWN time an annotation filled. */
export interface FilledPiece extends Gap {
  annotation_id: string;
}

export interface AnnotatedTimeline {
  timeline: Timeline;
  pieces: FilledPiece[];
  /** per annotation that fills time: seconds filled, and seconds of recorded activity it lies over (kept as recorded) */
  use: Map<string, { filled: number; over_recorded: number }>;
}

export const fillOf = (ruleset: AnnotationRuleset, kind: AnnotationKind) => FILL[ruleset][kind];
/** The kind may justify findings of `rule` (without a rule: of some rule). */
export const justifies = (ruleset: AnnotationRuleset, kind: AnnotationKind, rule?: string) => {
  const test = JUSTIFIES[ruleset][kind];
  return test !== undefined && (rule === undefined || test(rule));
};

/** The UNKNOWN segments of the evaluated span covered by annotations that fill time, turned into their kind. */
export function applyAnnotations(
  t: Timeline,
  annotations: readonly AnnotationSpan[],
  ruleset: AnnotationRuleset,
): AnnotatedTimeline {
  const filling = annotations.filter((a) => fillOf(ruleset, a.kind) !== null);
  const use = new Map(filling.map((a) => [a.annotation_id, { filled: 0, over_recorded: 0 }]));
  if (filling.length === 0 || t.knownStart === null || t.knownEnd === null) return { timeline: t, pieces: [], use };
  const ks = t.knownStart;
  const ke = t.knownEnd;
  const segments: Segment[] = [];
  const pieces: FilledPiece[] = [];
  for (const s of t.segments) {
    const over = filling.filter((a) => a.start < s.end && s.start < a.end);
    if (s.kind !== 'UNKNOWN') {
      for (const a of over)
        use.get(a.annotation_id)!.over_recorded += Math.min(a.end, s.end) - Math.max(a.start, s.start);
      segments.push(s);
      continue;
    }
    if (over.length === 0 || s.end <= ks || s.start >= ke) {
      segments.push(s);
      continue;
    }
    let cursor = s.start;
    while (cursor < s.end) {
      // the first annotation (in the order given) covering the cursor wins; else unknown up to the next one
      const covering = cursor >= ks && cursor < ke ? over.find((a) => a.start <= cursor && cursor < a.end) : undefined;
      if (covering) {
        const end = Math.min(s.end, covering.end, ke);
        segments.push({
          ...s,
          start: cursor,
          end,
          kind: fillOf(ruleset, covering.kind)!,
          crew: false,
          coDriver: false,
        });
        pieces.push({ annotation_id: covering.annotation_id, start: cursor, end });
        use.get(covering.annotation_id)!.filled += end - cursor;
        cursor = end;
      } else {
        const next = Math.min(s.end, ...over.map((a) => a.start).filter((x) => x > cursor), cursor < ks ? ks : s.end);
        segments.push({ ...s, start: cursor, end: next });
        cursor = next;
      }
    }
  }
  return { timeline: { segments, gaps: gapsOf(segments), knownStart: ks, knownEnd: ke }, pieces, use };
}

function gapsOf(segments: readonly Segment[]): Gap[] {
  const gaps: Gap[] = [];
  for (const s of segments) {
    if (s.kind !== 'UNKNOWN') continue;
    const last = gaps[gaps.length - 1];
    if (last && last.end === s.start) last.end = s.end;
    else gaps.push({ start: s.start, end: s.end });
  }
  return gaps;
}
