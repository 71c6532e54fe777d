/** A finding's review history (epoch seconds) as its JSON answer. */
import { isoTimestamp } from '../../../core/time.js';
import type { ReviewHistory } from '../../../core/use-cases/finding-reviews.js';

export function reviewHistoryToResponse(h: ReviewHistory) {
  return {
    finding_id: h.finding_id,
    status: h.status,
    chain_valid: h.valid,
    first_broken_seq: h.first_broken_seq,
    broken_reason: h.reason,
    entries: h.entries.map((e) => ({
      seq: e.seq,
      previous_status: e.previous_status,
      status: e.status,
      note: e.note,
      author: e.author,
      at: isoTimestamp(e.at),
      prev_hash: e.prev_hash,
      hash: e.hash,
    })),
  };
}
