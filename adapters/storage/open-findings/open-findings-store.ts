/**
 * OpenFindingsStore (core/ports/open-findings-store.ts) on the MikroORM adapter's connection: the tables of
 * ./open-findings-schema.ts, read beside `annotation`, `finding_review` and `card_home_countries`. `openCounts` is
 * one statement: per card its generation, the annotations' counts and home countries now, and the number of kept
 * ids whose newest review (highest seq) is OPEN or absent. A save is one transaction that first updates the card's row only
 * where the generation is still the one the ids were drawn at (on PostgreSQL the row lock orders concurrent saves),
 * then replaces the card's kept ids by the new set (named by a fresh token).
 */
import { randomUUID } from 'node:crypto';
import type {
  CachedOpenFindings,
  OpenFindingsInputs,
  OpenFindingsRange,
  OpenFindingsStore,
} from '../../../core/ports/open-findings-store.js';
import type { Raw, SqlValue } from '../database/dialect.js';
import type { Database } from '../database/database.js';
import { StorageError } from '../database/storage-error.js';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const INSERT_CHUNK = 300;

/**
 * The card's inputs now (`*_now`) and the kept set's inputs, range and OPEN count: the kept ids less those whose
 * newest review (highest seq) is another status, found from the reviews' side (usually far fewer rows than ids:
 * CROSS JOIN keeps SQLite's loop order, reviews outside; PostgreSQL plans it as any inner join).
 */
const CARDS_SQL = `SELECT c.card_number, c.generation, c.kept_generation, c.from_day, c.to_day, c.rules, c.annotations,
    c.withdrawn_annotations, c.establishment, c.residence,
    (SELECT COUNT(*) FROM annotation a WHERE a.card_number = c.card_number) AS annotations_now,
    (SELECT COUNT(a.withdrawn_at) FROM annotation a WHERE a.card_number = c.card_number) AS withdrawn_now,
    h.establishment AS establishment_now, h.residence AS residence_now,
    c.kept_total - COALESCE(x.closed, 0) AS open_now -- NULL: the checks refused the card's data
  FROM open_findings_card c
  LEFT JOIN card_home_countries h ON h.card_number = c.card_number
  LEFT JOIN (SELECT f.card_number, f.token, COUNT(*) AS closed
               FROM finding_review r CROSS JOIN open_finding_id f
              WHERE f.finding_id = r.finding_id AND r.status <> 'OPEN'
                AND r.seq = (SELECT MAX(n.seq) FROM finding_review n WHERE n.finding_id = r.finding_id)
              GROUP BY f.card_number, f.token) x ON x.card_number = c.card_number AND x.token = c.token`;

/** One card's inputs now (no kept count: that reads the reviews). */
const STAMP_SQL = `SELECT c.generation,
    (SELECT COUNT(*) FROM annotation a WHERE a.card_number = c.card_number) AS annotations_now,
    (SELECT COUNT(a.withdrawn_at) FROM annotation a WHERE a.card_number = c.card_number) AS withdrawn_now,
    h.establishment AS establishment_now, h.residence AS residence_now
  FROM open_findings_card c LEFT JOIN card_home_countries h ON h.card_number = c.card_number
  WHERE c.card_number = ?`;

function currentOf(r: Raw): OpenFindingsInputs {
  return {
    generation: Number(r.generation),
    annotations: Number(r.annotations_now),
    withdrawn_annotations: Number(r.withdrawn_now),
    establishment: text(r.establishment_now),
    residence: text(r.residence_now),
  };
}

function cachedOf(r: Raw): CachedOpenFindings {
  const current = currentOf(r);
  if (r.kept_generation === null || r.kept_generation === undefined) return { current, kept: null };
  return {
    current,
    kept: {
      inputs: {
        generation: Number(r.kept_generation),
        annotations: Number(r.annotations),
        withdrawn_annotations: Number(r.withdrawn_annotations),
        establishment: text(r.establishment),
        residence: text(r.residence),
      },
      range: { from: Number(r.from_day), to: Number(r.to_day) },
      rules: String(r.rules ?? ''),
      open: r.open_now === null || r.open_now === undefined ? null : Number(r.open_now),
    },
  };
}

export class SqlOpenFindings implements OpenFindingsStore {
  constructor(private readonly db: Database) {}

  async cardChanged(cardNumber: string): Promise<void> {
    // derived bookkeeping, written without waiting for the disk (writeDerived): the fleet row's computation says it
    // first, and the log keeps commits in order, so a power cut that loses it loses the row and the removal of the
    // card's marks written after it too, and the card is computed again (its marks, or cardsToRefresh at start),
    // saying it again
    await this.db.writeDerived(
      `INSERT INTO open_findings_card (card_number, generation) VALUES (?, 1)
       ON CONFLICT (card_number) DO UPDATE SET generation = open_findings_card.generation + 1`,
      [cardNumber],
    );
  }

  async openCounts(): Promise<Map<string, CachedOpenFindings>> {
    const rows = await this.db.query(CARDS_SQL);
    return new Map(rows.map((r) => [String(r.card_number), cachedOf(r)]));
  }

  async stamp(cardNumber: string): Promise<OpenFindingsInputs> {
    await this.db.query(
      'INSERT INTO open_findings_card (card_number, generation) VALUES (?, 0) ON CONFLICT (card_number) DO NOTHING',
      [cardNumber],
    );
    const rows = await this.db.query(STAMP_SQL, [cardNumber]);
    if (rows[0] === undefined) throw new StorageError('open findings row missing', null);
    return currentOf(rows[0]);
  }

  async saveFindingIds(
    cardNumber: string,
    inputs: OpenFindingsInputs,
    range: OpenFindingsRange,
    rules: string,
    findingIds: readonly string[] | null,
  ): Promise<boolean> {
    const token = randomUUID();
    const ids = [...new Set(findingIds ?? [])];
    try {
      return await this.db.runner.transaction(async (tx) => {
        const updated = await tx.all(
          `UPDATE open_findings_card SET token = ?, kept_generation = ?, kept_total = ?, rules = ?, from_day = ?, to_day = ?,
             annotations = ?, withdrawn_annotations = ?, establishment = ?, residence = ?
           WHERE card_number = ? AND generation = ? RETURNING card_number`,
          [
            token,
            inputs.generation,
            findingIds === null ? null : ids.length,
            rules,
            range.from,
            range.to,
            inputs.annotations,
            inputs.withdrawn_annotations,
            inputs.establishment,
            inputs.residence,
            cardNumber,
            inputs.generation,
          ],
        );
        if (updated.length === 0) return false;
        await tx.all('DELETE FROM open_finding_id WHERE card_number = ?', [cardNumber]);
        for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
          const chunk = ids.slice(i, i + INSERT_CHUNK);
          const values: SqlValue[] = chunk.flatMap((id) => [cardNumber, token, id]);
          await tx.all(
            `INSERT INTO open_finding_id (card_number, token, finding_id) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`,
            values,
          );
        }
        return true;
      });
    } catch (error) {
      throw new StorageError('saving open findings failed', error);
    }
  }
}
