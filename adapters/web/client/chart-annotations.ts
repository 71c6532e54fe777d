/**
 * The office's annotations on the week chart: time the office explained (leave, sick leave, rest, other work, …) is
 * drawn as such — a band naming the kind on each day row it covers, and an unknown segment it covers is drawn as
 * annotated time and says so to screen readers — not as unknown. Withdrawn annotations are not drawn. Also the gaps
 * the chart may mark: none after "now" (the time after the newest download is not a gap yet).
 */

import { el, place } from './dom.js';
import { spanOnDay, windowOf } from './layout.js';
import { ANNOTATION_KIND_NAMES } from '../../vocabulary/office-words.js';
import type { AnnotationSpan, DataGap } from './types.js';

function kindName(kind: string): string {
  return Object.hasOwn(ANNOTATION_KIND_NAMES, kind)
    ? ANNOTATION_KIND_NAMES[kind as keyof typeof ANNOTATION_KIND_NAMES]
    : kind.replace(/_/g, ' ').toLowerCase();
}

/** The annotation covering all of [start, end), if any (the first listed). */
export function coveringAnnotation(
  annotations: readonly AnnotationSpan[],
  start: string,
  end: string,
): AnnotationSpan | null {
  const s = Date.parse(start);
  const e = Date.parse(end);
  return annotations.find((a) => Date.parse(a.start) <= s && Date.parse(a.end) >= e) ?? null;
}

/**
 * Draws the active annotations on the chart's day rows, once per drawn chart (the chart is built anew on each load).
 */
export function renderAnnotations(chart: HTMLElement, all: readonly AnnotationSpan[]): void {
  const annotations = all.filter((a) => a.status !== 'WITHDRAWN');
  for (const row of Array.from(chart.querySelectorAll<HTMLElement>('.day-row'))) {
    const bar = row.querySelector<HTMLElement>('.bar');
    if (!bar || row.dataset.annotations === 'drawn') continue;
    row.dataset.annotations = 'drawn';
    for (const a of annotations) {
      const span = spanOnDay(row.dataset.date!, a.start, a.end, windowOf(row));
      if (!span) continue;
      const band = el('span', {
        class: `annotation-band kind-${a.kind.toLowerCase()}`,
        text: kindName(a.kind),
        attrs: { 'aria-hidden': 'true', title: `${kindName(a.kind)} (annotation)${a.note ? `: ${a.note}` : ''}` },
        data: { kind: a.kind },
      });
      place(band, span.left, span.width);
      bar.append(band);
    }
    for (const seg of Array.from(bar.querySelectorAll<HTMLElement>('.seg-unknown'))) {
      const a = coveringAnnotation(annotations, seg.dataset.start!, seg.dataset.end!);
      if (!a) continue;
      seg.className = `${seg.className} seg-annotated`;
      const text = `${seg.dataset.tip ?? ''} · annotated: ${kindName(a.kind)}`;
      seg.dataset.tip = text;
      seg.dataset.annotation = a.kind;
      seg.setAttribute('aria-label', text);
    }
  }
}

/** The gaps as far as they lie before `nowMs`: one running into the future ends now; one after now is left out. */
export function gapsUntil<G extends Pick<DataGap, 'start' | 'end' | 'duration'>>(
  gaps: readonly G[],
  nowMs: number,
): G[] {
  const seconds = Math.floor(nowMs / 1000);
  const now = new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return gaps.flatMap((g) => {
    const start = Date.parse(g.start);
    if (start >= seconds * 1000) return [];
    if (Date.parse(g.end) <= seconds * 1000) return [g];
    return [{ ...g, end: now, duration: seconds - Math.floor(start / 1000) }];
  });
}
