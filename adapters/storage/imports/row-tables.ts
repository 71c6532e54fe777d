/**
 * The card's other row tables (events, faults, vehicles used, positions, specific conditions): one query shape for all, by import or by
 * card. For a card, identical rows of several imports are served once (the newest import's copy wins) while
 * identical rows inside one import are kept.
 */
import type { RowScope, Slice } from '../../../core/ports/import-store.js';
import type { Page } from '../../../core/use-cases/contracts.js';
import { rangeSeconds } from './codec.js';
import type { Database } from '../database/database.js';
import type { Raw, SqlValue } from '../database/dialect.js';
import {
  EVENT_FAULT_CONTENT,
  IMPORT_JOIN_COLUMNS,
  POSITION_CONTENT,
  VEHICLE_CONTENT,
  eventFaultFromRaw,
  positionFromRaw,
  vehicleFromRaw,
} from './row-mappers.js';
import {
  SPECIFIC_CONDITION_CONTENT,
  specificConditionFromRaw,
} from '../mikro-orm-schema/specific-conditions-schema.js';

export interface RowTable<T> {
  table: string;
  /** columns whose values make two rows identical */
  content: string[];
  /** time columns for range overlap and ordering */
  startColumn: string;
  endColumn: string;
  fromRaw(raw: Raw): T;
}

export const EVENTS: RowTable<any> = {
  table: 'card_event',
  content: EVENT_FAULT_CONTENT,
  startColumn: 'start_s',
  endColumn: 'end_s',
  fromRaw: eventFaultFromRaw,
};
export const FAULTS: RowTable<any> = { ...EVENTS, table: 'card_fault' };
export const VEHICLES: RowTable<any> = {
  table: 'vehicle_used',
  content: VEHICLE_CONTENT,
  startColumn: 'first_s',
  endColumn: 'last_s',
  fromRaw: vehicleFromRaw,
};
export const POSITIONS: RowTable<any> = {
  table: 'position',
  content: POSITION_CONTENT,
  startColumn: 'ts_s',
  endColumn: 'ts_s',
  fromRaw: positionFromRaw,
};

export const SPECIFIC_CONDITIONS: RowTable<any> = {
  table: 'specific_condition',
  content: SPECIFIC_CONDITION_CONTENT,
  startColumn: 'at_s',
  endColumn: 'at_s',
  fromRaw: specificConditionFromRaw,
};

export async function selectRows<T>(
  db: Database,
  spec: RowTable<T>,
  scope: RowScope,
  page: Page | null,
): Promise<Slice<T>> {
  // a card's rows come from its imports that are not WITHDRAWN
  const where = [scope.kind === 'import' ? 'i.import_id = ?' : "i.card_number = ? AND i.status <> 'WITHDRAWN'"];
  const params: SqlValue[] = [scope.kind === 'import' ? scope.import_id : scope.card_number];
  if (scope.kind === 'card' && db.dialect.name === 'postgres') {
    // the same rows, reached through the table's primary key (import_pk, seq) whatever the planner estimates: with
    // statistics of a smaller fleet (a fleet grown tenfold since the last ANALYZE expects ~800 imports a card
    // instead of 12) PostgreSQL hash-joined a scan of the whole table (every card's positions: 20 ms at 120,000
    // imports); an array of the card's import keys makes it an index scan of the card's rows
    where.push(`t.import_pk = ANY(ARRAY(SELECT pk FROM imports WHERE card_number = ? AND status <> 'WITHDRAWN'))`);
    params.push(scope.card_number);
  }
  const bounds = rangeSeconds(scope.range);
  if (bounds.from !== null) {
    where.push(`COALESCE(t.${spec.endColumn}, t.${spec.startColumn}) >= ?`);
    params.push(bounds.from);
  }
  if (bounds.toExclusive !== null) {
    where.push(`t.${spec.startColumn} < ?`);
    params.push(bounds.toExclusive);
  }
  const base = `SELECT t.*, ${IMPORT_JOIN_COLUMNS} FROM imports i JOIN ${spec.table} t ON t.import_pk = i.pk
                 WHERE ${where.join(' AND ')}`;
  let source: string;
  if (scope.kind === 'import') {
    source = base;
  } else {
    const content = spec.content.map((c) => `t.${c}`).join(', ');
    const plain = spec.content.join(', ');
    // occ keeps identical rows inside one import apart; rn = 1 keeps the newest import's copy.
    source = `SELECT * FROM (
                SELECT r.*, ROW_NUMBER() OVER (PARTITION BY ${plain}, occ ORDER BY import_pk DESC) AS rn
                  FROM (SELECT t.*, ${IMPORT_JOIN_COLUMNS},
                               ROW_NUMBER() OVER (PARTITION BY t.import_pk, ${content} ORDER BY t.seq) AS occ
                          FROM imports i JOIN ${spec.table} t ON t.import_pk = i.pk
                         WHERE ${where.join(' AND ')}) r
              ) s WHERE rn = 1`;
  }
  const rows = await db.query(
    `SELECT * FROM (${source}) q ORDER BY ${spec.startColumn}${db.dialect.nullsFirst}, import_pk, seq${limitSql(page)}`,
    [...params, ...limitParams(page)],
  );
  const total = page === null ? rows.length : (await db.query(`SELECT COUNT(*) AS n FROM (${source}) q`, params))[0]!.n;
  return { items: rows.map((raw) => spec.fromRaw(raw)), total };
}

function limitSql(page: Page | null): string {
  return page === null ? '' : ' LIMIT ? OFFSET ?';
}

function limitParams(page: Page | null): number[] {
  return page === null ? [] : [page.limit, page.offset];
}
