/**
 * Days the office's annotations cover for roadside readiness (port CoveredDays over the AnnotationStore): a UTC day
 * is covered when an annotation that is not withdrawn and says what the driver did (LEAVE, SICK_LEAVE, REST,
 * OTHER_WORK, AVAILABILITY, OUT_OF_SCOPE, FERRY_TRAIN: every kind that fills time in the checks,
 * ../eu561/annotations.ts) overlaps it, as a day with any card data is ready (../fleet/readiness.ts). ARTICLE_12 only
 * marks findings over recorded driving and explains no day. The reading: what the driver carries for such a day
 * (Reg. (EU) No 165/2014 Art. 36: manual records and printouts; the attestation of Decision 2007/230/EC for leave,
 * sickness and exempted driving) is the office's record of it.
 */
import { fillOf } from '../eu561/annotations.js';
import type { AnnotationStore } from '../ports/annotation-store.js';
import type { CoveredDays } from '../ports/covered-days.js';
import { DAY_SECONDS, dayOf, dayStart, type UtcDay } from '../time.js';

export class AnnotationCoveredDays implements CoveredDays {
  constructor(private readonly annotations: AnnotationStore) {}

  async coveredDays(card_number: string, range: { from: UtcDay; to: UtcDay }): Promise<UtcDay[]> {
    const found = await this.annotations.annotationsOf({
      card_number,
      from: dayStart(range.from),
      to: dayStart(range.to) + DAY_SECONDS,
      include_withdrawn: false,
    });
    const days = new Set<UtcDay>();
    for (const a of found) {
      if (a.withdrawal || fillOf('eu561', a.kind) === null || !(a.end > a.start)) continue;
      const last = Math.min(dayOf(a.end - 1), range.to);
      for (let d = Math.max(dayOf(a.start), range.from); d <= last; d++) days.add(d);
    }
    return [...days].sort((x, y) => x - y);
  }
}
