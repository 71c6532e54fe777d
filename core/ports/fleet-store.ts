/**
 * The fleet port: one summary row per card, written when an import is stored (core/use-cases/
 * refresh-fleet-card.ts) and read by the fleet overview, so that listing 1,000 cards never touches the
 * activity tables. Times are epoch seconds, dates epoch days (the HTTP adapter writes the ISO text).
 *
 * Contract (conformance/fleet-store.suite.ts runs it against every adapter):
 * - `saveFleetCard` inserts or replaces the row of `card_number` (idempotent);
 * - `listFleetCards` filters, sorts and pages in the database; rows with equal sort keys are ordered by
 *   card number so that pages never overlap or skip; `total` counts every row matching the filter;
 * - "overdue" is `last_download_s < now_s - DOWNLOAD_INTERVAL_SECONDS` (rows without a last download are
 *   never overdue); "expiring within n days" is `expiry_day <= today + n` (expired cards included).
 */
import type { Page } from '../use-cases/contracts.js';
import type { FleetCardRecord, FleetCounts, FleetFilter, FleetOrder, FleetSort } from '../fleet/fleet-card.js';
import type { Slice } from './import-store.js';

export interface FleetListQuery {
  filter: FleetFilter;
  sort: FleetSort;
  order: FleetOrder;
  page: Page;
  /** the request's clock (epoch seconds): overdue and expiry filters are relative to it */
  now_s: number;
}

export interface FleetStore {
  /**
   * writes the card's row; with `marksUpTo`, also removes the card's marks up to it in the same write (as
   * pendingDone: the row was computed after they were read)
   */
  saveFleetCard(record: FleetCardRecord, marksUpTo?: number | null): Promise<void>;
  /** removes the card's row (a card whose imports are all withdrawn or purged); nothing when there is none */
  removeFleetCard(cardNumber: string): Promise<void>;
  fleetCard(cardNumber: string): Promise<FleetCardRecord | null>;
  listFleetCards(query: FleetListQuery): Promise<Slice<FleetCardRecord>>;
  fleetCounts(nowS: number): Promise<FleetCounts>;
  /**
   * card numbers whose fleet row is missing, counts other than the imports stored (WITHDRAWN ones left out), or
   * remains for a card without such imports (after an upgrade, a refresh
   * that did not finish, or a row write a power cut lost: rows are derived data, written without waiting for the
   * disk), in card number order
   */
  cardsToRefresh(): Promise<string[]>;
  /**
   * The marks of imports stored since their card's row was last computed (all cards, or one): the storage port's
   * saveImport writes one per import of a card in the import's own transaction, so they are as durable as the
   * import; in mark order.
   */
  pendingMarks(cardNumber?: string): Promise<PendingMark[]>;
  /**
   * the newest EF Card_Download time the card's imports carried, WITHDRAWN ones left out (null: none; an import
   * stored before the time was kept with it carries none)
   */
  cardDownload(cardNumber: string): Promise<number | null>;
  /** removes the card's marks up to `mark` (those a row computed after them covers); later ones stay */
  pendingDone(cardNumber: string, mark: number): Promise<void>;
  /**
   * Runs `work` — a computation of the card's row: its reads and its write — while no other computation of the
   * card runs through any FleetStore on the same database, in this process or another; its reads then see every
   * write committed before it started. Without it two processes computing one card could each read before the
   * other's change (an import's mark, an annotation) and the row written last would miss what the other saw.
   */
  exclusively<T>(cardNumber: string, work: () => Promise<T>): Promise<T>;
}

/** An import whose card's fleet row was not computed since it was stored. */
export interface PendingMark {
  card_number: string;
  /** increasing with the order imports were stored in (an opaque number of the store) */
  mark: number;
  /** the EF Card_Download time of the import's decoded file, which only the file carries (null: none) */
  card_download_s: number | null;
}
