/**
 * The open-findings count of each card kept in the database, so the today view reads the counts of every card in
 * one query instead of running the checks per card (core/use-cases/today.ts). What is kept is not the count itself
 * but the finding_ids the checks drew over the card's last weeks; the count is taken when read, by joining them
 * with the newest review of each (no review = OPEN), so a review never leaves a count behind in any process.
 *
 * The ids are valid for the inputs they were drawn from, which the store answers beside them:
 * - the card's data: `generation`, raised by `cardChanged` after every change of the card's imports (stored,
 *   withdrawn, restored, purged: the fleet row's refresh calls it when it starts computing the row); ids drawn at an earlier
 *   generation are stale;
 * - the office's annotations: how many the card has and how many of them are withdrawn (never deleted, withdrawn
 *   once: both only grow, so any add or withdrawal changes the pair);
 * - the card's home countries as stored (the Mobility Package rules read them);
 * - the versions of the rules that drew them (a new version of the code draws them again).
 * A reader takes the inputs (`stamp`) before drawing the findings and saves the ids with them (`saveFindingIds`);
 * the save is refused when the generation moved meanwhile, and ids saved with inputs that changed later are
 * answered stale by `openCounts`. conformance/open-findings.suite.ts runs the contract on SQLite and PostgreSQL.
 */
import type { UtcDay } from '../domain/rows.js';

/** The inputs the findings of a card were (or are to be) drawn from. */
export interface OpenFindingsInputs {
  generation: number;
  annotations: number;
  withdrawn_annotations: number;
  establishment: string | null;
  residence: string | null;
}

export interface OpenFindingsRange {
  from: UtcDay;
  to: UtcDay;
}

export interface CachedOpenFindings {
  /** the inputs now */
  current: OpenFindingsInputs;
  /**
   * what is kept: null when nothing was saved; `open` = kept ids whose newest review is OPEN or that have none, null
   * when the checks refused the card's data (kept too, so such a card is not checked on every request)
   */
  kept: { inputs: OpenFindingsInputs; range: OpenFindingsRange; rules: string; open: number | null } | null;
}

export interface OpenFindingsStore {
  /** the card's imports changed: what was kept for it is stale */
  cardChanged(cardNumber: string): Promise<void>;
  /** every card's current inputs and kept count, in one read */
  openCounts(): Promise<Map<string, CachedOpenFindings>>;
  /** the card's current inputs (a card never seen starts at generation 0) */
  stamp(cardNumber: string): Promise<OpenFindingsInputs>;
  /**
   * keeps the ids drawn from `inputs` over `range` by the checks of `rules` (their versions; null ids: the checks
   * refused the data); false (nothing kept) when the card's generation moved on
   */
  saveFindingIds(
    cardNumber: string,
    inputs: OpenFindingsInputs,
    range: OpenFindingsRange,
    rules: string,
    findingIds: readonly string[] | null,
  ): Promise<boolean>;
}

export function sameInputs(a: OpenFindingsInputs, b: OpenFindingsInputs): boolean {
  return (
    a.generation === b.generation &&
    a.annotations === b.annotations &&
    a.withdrawn_annotations === b.withdrawn_annotations &&
    a.establishment === b.establishment &&
    a.residence === b.residence
  );
}

/**
 * The kept count when it is still valid for the card's inputs now, the range asked and the rules' versions of this
 * code (a new version draws the findings again), else null (draw again).
 */
export function validOpenCount(
  cached: CachedOpenFindings | undefined,
  range: OpenFindingsRange,
  rules: string,
): { open: number | null } | null {
  const kept = cached?.kept;
  if (!cached || !kept || kept.rules !== rules) return null;
  if (kept.range.from !== range.from || kept.range.to !== range.to) return null;
  return sameInputs(kept.inputs, cached.current) ? { open: kept.open } : null;
}
