/**
 * Following changes (GET /api/drivercard/changes): the changes after a cursor's number, a page at a time, the number
 * to follow on from, and whether more are waiting. A cursor above the last number this database handed out was not
 * given by it (a cursor kept across a restore, which numbers the restored records again from 1, or one made up): it
 * is answered `ahead` rather than an empty page that would hide every change until the numbers caught up with it.
 */
import type { Change, ChangeFeed } from '../ports/change-feed.js';

export type ChangesPage =
  { outcome: 'listed'; changes: Change[]; next: number; has_more: boolean } | { outcome: 'ahead'; last: number };

export class ChangeFeedQuery {
  constructor(private readonly feed: ChangeFeed) {}

  async changesAfter(after: number, limit: number): Promise<ChangesPage> {
    // one more than the page: whether another page is waiting, without a count
    const { changes, last } = await this.feed.changesAfter(after, limit + 1);
    if (after > last) return { outcome: 'ahead', last };
    const page = changes.slice(0, limit);
    const next = page.length === 0 ? after : page[page.length - 1]!.change;
    return { outcome: 'listed', changes: page, next, has_more: changes.length > limit };
  }
}
