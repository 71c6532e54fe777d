/**
 * Keeps the fleet summary of a card up to date. The summary is recomputed from the stored imports, so a refresh is
 * idempotent; the EF Card_Download time only an import's decoded file carries is merged in as the newest of the
 * stored and the given value. Refreshes of one card run one after another: queued in this process, and each under
 * the card's lock against every other process sharing the database (FleetStore.exclusively), reading what was
 * committed before it began.
 *
 * When: an import's answer does not wait for its card's summary. The store marks the card in the import's own
 * transaction (FleetStore.pendingMarks, as durable as the import); `stored` starts the summary's computation in the
 * background once the import is committed, and `settlePending` — run before every read of the summaries, by any
 * process sharing the database — computes the marked cards first. A mark is removed only after a summary computed
 * from what was stored after it was written, so no read ever answers from a summary older than an acknowledged
 * import, whichever process stored it. Cards found without a summary at start are refreshed too (refreshMissing).
 *
 * Findings: the card's findings of the last 4 weeks (../fleet/counts.ts: the findings of the period the API, the
 * report and the letter serve, EU 561 and working time, with the same context). When the checks refuse that basis
 * (conflicting data), the counts stay zero and `findings_evaluated` is false.
 */
import { ConflictingDataError, NotFoundError, QuarantinedDataError } from '../domain/errors.js';
import type { ImportRow, ParsedCard } from '../domain/rows.js';
import {
  authenticityStatusOf,
  countFindings,
  emptyFindingCounts,
  RECORDED_DAYS_KEPT,
  type FindingCounts,
  type NotEvaluatedReason,
  type FleetCardRecord,
} from '../fleet/fleet-card.js';
import { epochDayOfIsoDate } from '../fleet/values.js';
import { readinessWindow } from '../fleet/readiness.js';
import { findingWeeks } from '../fleet/counts.js';
import { dayOf, parseIsoTimestamp } from '../time.js';
import type { Clock } from '../ports/clock.js';
import type { CoveredDays } from '../ports/covered-days.js';
import type { FleetStore } from '../ports/fleet-store.js';
import type { ImportStore } from '../ports/import-store.js';
import type { OpenFindingsStore } from '../ports/open-findings-store.js';
import type { OverviewUseCases } from './contracts.js';
import { FindingsOfPeriodQuery } from './findings-of-period.js';
import { NO_REVIEWS } from '../ports/finding-reviews.js';
import { HOLDER_MISMATCH } from './quarantine-policy.js';

const ALL_IMPORTS = { limit: 5000, offset: 0 };
/** a page of none: the count of the card's imports without reading them */
const COUNT_ONLY = { limit: 0, offset: 0 };
const OPEN = { from: null, to: null };

export interface RefreshFleetCardDeps {
  store: ImportStore;
  fleet: FleetStore;
  /** the checks the findings of the last 4 weeks are drawn with (../fleet/counts.ts) */
  overviews: Pick<OverviewUseCases, 'precheck' | 'workingTime'>;
  /**
   * the days another record (the office's annotations) covers, counted for roadside readiness like days with card
   * data, as GET /drivers/readiness counts them; with the clock, up to today (an annotation after the last download)
   */
  covered?: CoveredDays | null;
  clock?: Clock | null;
  /** told at each recomputation (the card's imports changed): the open findings kept for the today view are stale */
  openFindings?: Pick<OpenFindingsStore, 'cardChanged'> | null;
  /** a computation started in the background failed (its marks stay: the next read computes the card again) */
  onBackgroundError?: (error: unknown) => void;
  /**
   * told when an import marked its card, instead of computing the card in the background right away: a scheduler
   * (the service's: composition/fleet-drain.ts) then calls `settlePending` when it sees fit
   */
  onMarked?: (cardNumber: string) => void;
  /**
   * awaited between the steps of a computation and between cards, so that other work (the requests) runs in
   * between: with SQLite every statement completes at once, and a card's computation would otherwise hold the
   * event loop from its first read to its write (the service: one turn of the event loop)
   */
  between?: () => Promise<void>;
}

/**
 * Cards `settlePending` computes at once (PostgreSQL: each a chain of round trips on pooled connections): enough to
 * keep up with eight clients importing new cards now that the card's lock adds a round trip to each computation
 * (docs/performance.md has the measurements).
 */
const SETTLE_CONCURRENCY = 6;

/** Rounds of `settled` before giving up (a card imported faster than its row is computed; the next import settles it). */
const MAX_SETTLE_ROUNDS = 4;

export class RefreshFleetCard {
  private readonly running = new Map<string, Promise<void>>();
  /** computations started in the background and not ended yet */
  private readonly background = new Set<Promise<void>>();

  /** the findings of a period; the counts take every review status, so no reviews are read */
  private readonly periodFindings: FindingsOfPeriodQuery;

  constructor(private readonly deps: RefreshFleetCardDeps) {
    this.periodFindings = new FindingsOfPeriodQuery(deps.overviews, NO_REVIEWS);
  }

  /**
   * After an import was stored (`card` decoded from it: its card was marked by the store, and is computed in the
   * background) or found stored (`card` null: refreshed only when the summary is missing or counts fewer imports
   * than are stored, e.g. after a crash between the two writes).
   */
  async stored(row: ImportRow, card: ParsedCard | null): Promise<void> {
    const cardNumber = row.card.card_number;
    if (cardNumber === null) return;
    if (card !== null)
      return this.deps.onMarked ? this.deps.onMarked(cardNumber) : this.inBackground(this.settleCard(cardNumber));
    const summary = await this.deps.fleet.fleetCard(cardNumber);
    const stored = await this.deps.store.listImports({ card_number: cardNumber, range: OPEN }, COUNT_ONLY);
    if (summary === null || summary.imports < stored.total) await this.refresh(cardNumber);
  }

  /** Computes every marked card (before a read of the summaries): on return no summary lags behind a mark. */
  async settlePending(): Promise<void> {
    await this.settleCards(new Set((await this.deps.fleet.pendingMarks()).map((m) => m.card_number)));
  }

  /**
   * Computes the given cards where they are still marked (a process's own imports: other processes sharing the
   * database compute theirs, and every read computes whatever is left).
   */
  async settleCards(cardNumbers: Iterable<string>): Promise<void> {
    const cards = [...cardNumbers];
    const next = async (): Promise<void> => {
      for (let card = cards.pop(); card !== undefined; card = cards.pop()) {
        await this.settleCard(card);
        await this.deps.between?.();
      }
    };
    await Promise.all(Array.from({ length: SETTLE_CONCURRENCY }, next));
  }

  /** Resolves once the computations started in the background have ended (before the store is closed). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /** The card's summary computed when it is marked; queued with its other refreshes (a second finds no mark left). */
  private settleCard(cardNumber: string): Promise<void> {
    return this.queue(cardNumber, () => this.fromMarks(cardNumber, true));
  }

  /**
   * The card's marks read, its summary computed after them, and those marks removed; marks written meanwhile stay
   * for the next computation. `marked`: computed only when marked, with the newest Card_Download time of the marks
   * and the row; otherwise (a recomputation after imports were withdrawn, restored or purged) always, without those.
   */
  private async fromMarks(cardNumber: string, marked: boolean): Promise<void> {
    const marks = await this.deps.fleet.pendingMarks(cardNumber);
    if (marks.length === 0 && marked) return;
    let download: number | null = null;
    if (marked) for (const m of marks) download = maxOrNull(download, m.card_download_s);
    // the marks read are removed with the row's write: every import they name was committed before they were
    // read (a mark is written in its import's transaction), so the row, computed from reads after them, covers
    // them; a mark written meanwhile is later than the last one read (a card's imports are stored one after the
    // other under its lock, in mark order) and stays
    const upTo = marks.length > 0 ? marks[marks.length - 1]!.mark : null;
    await this.settled(cardNumber, () => this.compute(cardNumber, download, marked, upTo));
  }

  private inBackground(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => this.deps.onBackgroundError?.(error));
    this.background.add(tracked);
    void tracked.finally(() => this.background.delete(tracked));
  }

  /** Recomputes the card's summary; `cardDownloadS` is the EF Card_Download time of the import just stored. */
  async refresh(cardNumber: string, cardDownloadS: number | null = null): Promise<void> {
    return this.queue(cardNumber, () => this.settled(cardNumber, () => this.compute(cardNumber, cardDownloadS, true)));
  }

  /**
   * After imports of the card were withdrawn, restored or purged: recomputed from the imports left only. The EF
   * Card_Download time kept in the row may have come from an import no longer used, so it is taken again from the
   * imports in use (FleetStore.cardDownload); one stored before the time was kept with its import is dropped
   * (last_download then falls back to the newest download's activity end, said by its source).
   */
  async recompute(cardNumber: string): Promise<void> {
    return this.queue(cardNumber, () => this.fromMarks(cardNumber, false));
  }

  /**
   * `compute` again while the card's imports changed under it. No other computation of the card runs meanwhile
   * (queue), but an import of the card may be stored, here or by another process, while this one computes from what
   * it read before. So after writing, the card's imports are counted again; a count other than the one the row was
   * computed from means an import came in between, and the row is computed once more from what is stored now
   * (bounded: each round follows a new import).
   */
  private async settled(cardNumber: string, compute: () => Promise<number>): Promise<void> {
    for (let round = 0; round < MAX_SETTLE_ROUNDS; round++) {
      const counted = await compute();
      const now = (await this.deps.store.listImports({ card_number: cardNumber, range: OPEN }, COUNT_ONLY)).total;
      if (now === counted) return;
    }
  }

  /**
   * Refreshes of one card run one after another: queued here, then under the card's lock, so that no process writes a
   * row computed from reads made before another process's change and written after that process's row.
   */
  private async queue(cardNumber: string, work: () => Promise<void>): Promise<void> {
    const previous = this.running.get(cardNumber) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.deps.fleet.exclusively(cardNumber, work));
    this.running.set(cardNumber, next);
    try {
      await next;
    } finally {
      if (this.running.get(cardNumber) === next) this.running.delete(cardNumber);
    }
  }

  /** Summaries for every card that has imports but no summary yet, or one that lags behind its imports. */
  async refreshMissing(): Promise<number> {
    const missing = await this.deps.fleet.cardsToRefresh();
    for (const card of missing) await this.refresh(card);
    return missing.length;
  }

  /** Writes the card's summary from what is stored; answers the number of imports it was computed from. */
  private async compute(
    cardNumber: string,
    cardDownloadS: number | null,
    keepStoredDownload: boolean,
    /** the card's marks up to this one are removed with the row's write (null: none) */
    marksUpTo: number | null = null,
  ): Promise<number> {
    const { store, fleet } = this.deps;
    // the history's dates and conflicts as kept at import time: no day records are read. The imports changed
    // before this runs: the open findings kept for the card are stale from here on, said together with the reads
    // and before the row is written, so a process stopped before the row is written leaves nothing kept as valid
    // (the row follows at start, and says it again)
    const [listed, stored, { days, conflicts }, importsDownload] = await Promise.all([
      store.listImports({ card_number: cardNumber, range: OPEN }, ALL_IMPORTS),
      fleet.fleetCard(cardNumber),
      store.cardDays(cardNumber),
      fleet.cardDownload(cardNumber),
      this.deps.openFindings?.cardChanged(cardNumber),
    ]);
    await this.deps.between?.();
    const imports = listed.items; // WITHDRAWN imports are not listed
    const newest = newestDownload(imports);
    if (!newest) {
      await fleet.removeFleetCard(cardNumber);
      if (marksUpTo !== null) await fleet.pendingDone(cardNumber, marksUpTo);
      return 0;
    }
    // the stored holder (as ImportStore.storedHolder): an import flagged holder_mismatch never renames the card
    const holder = imports.find((i) => !i.warnings.some((w) => w.code === HOLDER_MISMATCH)) ?? newest;
    const lastDay = days[days.length - 1] ?? null;
    // independent reads, run together (on PostgreSQL each is a chain of round trips on its own pooled connection)
    const [findings, activityEnd, cardDataDays] = await Promise.all([
      lastDay === null
        ? { counts: emptyFindingCounts(), evaluated: true, reason: null, mostSeriousDay: null }
        : this.findings(cardNumber, lastDay),
      this.activityEnd(newest),
      lastDay === null ? [] : this.cardData(cardNumber, lastDay),
    ]);
    await this.deps.between?.();
    const record: FleetCardRecord = {
      card_number: cardNumber,
      surname: holder.driver.surname,
      first_names: holder.driver.first_names,
      issuing_member_state: newest.card.issuing_member_state,
      expiry_day: epochDayOfIsoDate(newest.card.expiry_date),
      // the imports in use carry their EF Card_Download time; the row's and the marks' add those of imports
      // stored before it was kept with them
      card_download_s: maxOrNull(
        maxOrNull(keepStoredDownload ? (stored?.card_download_s ?? null) : null, cardDownloadS),
        importsDownload,
      ),
      activity_end_s: activityEnd,
      recorded_days: lastDay === null ? [] : days.filter((d) => d > lastDay - RECORDED_DAYS_KEPT),
      imports: imports.length,
      quarantined_imports: imports.filter((i) => i.status === 'QUARANTINED').length,
      conflicting_days: conflicts.length,
      authenticity_status: authenticityStatusOf(newest),
      findings: findings.counts,
      findings_evaluated: findings.evaluated,
      card_data_days: cardDataDays,
      findings_not_evaluated_reason: findings.reason,
      most_serious_day: findings.mostSeriousDay,
    };
    await fleet.saveFleetCard(record, marksUpTo);
    return listed.total;
  }

  /**
   * Days with card data (core/fleet/readiness.ts) among the roadside window ending with the last recorded day, and
   * the days another record covers in the window ending with the later of that day and today (the fleet row counts
   * the window of the day it is read).
   */
  private async cardData(cardNumber: string, lastDay: number): Promise<number[]> {
    const { store, covered, clock } = this.deps;
    const days = new Set(await store.cardDataDays(cardNumber, readinessWindow(lastDay)));
    if (covered) {
      const today = clock ? dayOf(Math.floor(clock.now().getTime() / 1000)) : lastDay;
      const window = readinessWindow(Math.max(lastDay, today));
      for (const d of await covered.coveredDays(cardNumber, window)) days.add(d);
    }
    return [...days];
  }

  /** End of the newest download's last activity interval (its activity range's last day). */
  private async activityEnd(newest: ImportRow): Promise<number | null> {
    const to = newest.activity_range.to;
    if (to === null) return null;
    const day = (await this.deps.store.activities([{ import_id: newest.import_id, date: to }], null)).items;
    let end: number | null = null;
    for (const row of day) end = maxOrNull(end, row.end);
    return end;
  }

  private async findings(
    cardNumber: string,
    lastDay: number,
  ): Promise<{
    counts: FindingCounts;
    evaluated: boolean;
    reason: NotEvaluatedReason | null;
    mostSeriousDay: number | null;
  }> {
    const none = (evaluated: boolean, reason: NotEvaluatedReason | null) => ({
      counts: emptyFindingCounts(),
      evaluated,
      reason,
      mostSeriousDay: null,
    });
    const weeks = findingWeeks(lastDay);
    try {
      const result = await this.periodFindings.findings({
        basis: { kind: 'card_number', value: cardNumber },
        range: weeks,
      });
      // the findings are ordered most serious first; one that began in the weeks before is shown from the first week
      const first = result.findings[0];
      const mostSeriousDay = first ? Math.max(dayOf(parseIsoTimestamp(first.start)), weeks.from) : null;
      return { counts: countFindings(result.findings), evaluated: true, reason: null, mostSeriousDay };
    } catch (error) {
      if (error instanceof ConflictingDataError) return none(false, 'conflicting_data');
      if (error instanceof QuarantinedDataError) return none(false, 'quarantined_data');
      // the card's imports were all withdrawn or purged since they were listed: `settled` counts them again
      // after this row is written, finds fewer, and computes the row anew (removed when none is left)
      if (error instanceof NotFoundError) return none(true, null);
      throw error;
    }
  }
}

function maxOrNull(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/**
 * The import holding the card's newest download: the latest last day of activity; among equals a trusted import
 * before a QUARANTINED one (a tampered copy of a verified download does not stand for it), then the later import.
 * Not simply the import stored last: an office importing an older file from its archive after a newer one (or two
 * processes storing a card's downloads in either order) must not move the card's last download back in time.
 */
export function newestDownload(imports: readonly ImportRow[]): ImportRow | undefined {
  let newest: ImportRow | undefined;
  const rank = (row: ImportRow) => [row.activity_range.to ?? -Infinity, row.status === 'QUARANTINED' ? 0 : 1];
  for (const row of imports) {
    if (newest === undefined) {
      newest = row;
      continue;
    }
    const [day, trusted] = rank(row);
    const [newestDay, newestTrusted] = rank(newest);
    // imports are listed in the order they were stored: ≥ keeps the later of equal ones
    if (day! > newestDay! || (day === newestDay && trusted! >= newestTrusted!)) newest = row;
  }
  return newest;
}
