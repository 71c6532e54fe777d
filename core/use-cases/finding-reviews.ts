/**
 * The review workflow of findings (ports: FindingReviewStore, Hasher, Clock). A review appends one entry to the
 * finding's hash-chained history (../reviews/review-chain.ts) when the status policy (../reviews/review-status.ts)
 * allows the move from the current status; a refused move is OfficeRecordConflictError
 * `review_transition_refused`. Two reviews racing for the same place in the chain: the later one re-reads the
 * history and is judged against the status the earlier one wrote. The first review of a finding needs a finding the
 * checks draw (./finding-directory.ts): an unknown id is NotFoundError, and nothing is stored.
 */
import { OfficeRecordConflictError } from '../annotations/errors.js';
import { InvalidFilterError, InvalidPayloadError, NotFoundError } from '../domain/errors.js';
import { FINDING_ID_PATTERN } from '../eu561/finding-id.js';
import type { Clock } from '../ports/clock.js';
import type { FindingReviewStore } from '../ports/finding-reviews.js';
import type { Hasher } from '../ports/hasher.js';
import { nextReviewEntry, verifyReviewChain, type ChainVerdict, type ReviewEntry } from '../reviews/review-chain.js';
import {
  allowedReviewTransitions,
  INITIAL_REVIEW_STATUS,
  isAllowedTransition,
  type ReviewStatus,
} from '../reviews/review-status.js';
import type { FindingDirectory } from './finding-directory.js';

export interface ReviewHistory extends ChainVerdict {
  finding_id: string;
  status: ReviewStatus;
  entries: ReviewEntry[];
}

const ATTEMPTS = 3;
const FINDING_ID = new RegExp(FINDING_ID_PATTERN);

export class FindingReviewWorkflow {
  constructor(
    private readonly deps: {
      reviews: FindingReviewStore;
      hasher: Hasher;
      clock: Clock;
      /** the findings the checks draw (absent: any well-formed id can be reviewed) */
      findings?: FindingDirectory;
    },
  ) {}

  async review(
    findingId: string,
    input: {
      status: ReviewStatus;
      note: string | null;
      author: string;
      /** the card whose checks draw the finding, as the asker believes: looked at first (./finding-directory.ts) */
      card_number?: string | null;
    },
  ): Promise<ReviewHistory> {
    checkId(findingId);
    if (input.author.trim() === '') throw new InvalidPayloadError('Field author must name who reviews the finding.');
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const history = await this.deps.reviews.reviewHistory(findingId);
      if (attempt === 0 && history.length === 0) await this.checkKnown(findingId, input.card_number ?? null);
      const current = history[history.length - 1]?.status ?? INITIAL_REVIEW_STATUS;
      if (!isAllowedTransition(current, input.status)) {
        const allowed = allowedReviewTransitions(current);
        throw new OfficeRecordConflictError(
          'review_transition_refused',
          `The finding is ${current}; it can move to ${allowed.length ? allowed.join(' or ') : 'no other status (its follow-up is closed)'}, not to ${input.status}.`,
          { current_status: current, allowed: [...allowed] },
        );
      }
      const entry = nextReviewEntry(this.deps.hasher, history, {
        finding_id: findingId,
        status: input.status,
        note: input.note,
        author: input.author,
        at: Math.floor(this.deps.clock.now().getTime() / 1000),
      });
      if (await this.deps.reviews.appendReview(entry)) return this.verdict(findingId, [...history, entry]);
    }
    throw new OfficeRecordConflictError(
      'review_conflict',
      'Other reviews of this finding were saved at the same time; read its history and try again.',
    );
  }

  async history(findingId: string): Promise<ReviewHistory> {
    checkId(findingId);
    return this.verdict(findingId, await this.deps.reviews.reviewHistory(findingId));
  }

  /** A finding never reviewed must be one the checks draw (a reviewed one was, when it was first reviewed). */
  private async checkKnown(findingId: string, cardNumber: string | null): Promise<void> {
    if (this.deps.findings && !(await this.deps.findings.has(findingId, cardNumber)))
      throw new NotFoundError(
        `No finding ${findingId}: the checks of the fleet's cards do not draw it (a finding_id comes from a pre-check or findings answer).`,
      );
  }

  private verdict(findingId: string, entries: ReviewEntry[]): ReviewHistory {
    const status = entries[entries.length - 1]?.status ?? INITIAL_REVIEW_STATUS;
    return { finding_id: findingId, status, entries, ...verifyReviewChain(this.deps.hasher, entries) };
  }
}

function checkId(findingId: string): void {
  if (!FINDING_ID.test(findingId))
    throw new InvalidFilterError(
      'finding_id',
      'A finding_id is "f_" followed by 20 hexadecimal digits, as the pre-check answers give it.',
    );
}
