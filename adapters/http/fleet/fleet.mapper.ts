/**
 * The fleet overview's answers: the use case's numeric rows → the JSON of the fleet schema (./fleet.schema.ts),
 * and the query string → the use case's request. ISO text is written here and nowhere else for the fleet.
 */
import { DEFAULT_FLEET_SORT, type FleetRow } from '../../../core/fleet/fleet-card.js';
import type { FleetListRequest } from '../../../core/use-cases/fleet-overview.js';
import type { ListResult } from '../../../core/use-cases/contracts.js';
import { pageFrom } from '../shared/query-params.js';
import type { QueryValues } from '../shared/query.schema.js';
import {
  CLOCK_FIELDS,
  FLEET_ROW_FIELD_NAMES,
  FLEET_ROW_FIELDS,
  rowJsonOf,
  type FleetRowJson,
} from './fleet-row.fields.js';

export type { FleetRowJson } from './fleet-row.fields.js';

export function fleetRowJson(row: FleetRow): FleetRowJson {
  return rowJsonOf(FLEET_ROW_FIELDS, row) as FleetRowJson;
}

export function fleetListJson(result: ListResult<FleetRow>): ListResult<FleetRowJson> {
  return { ...result, items: result.items.map(fleetRowJson) };
}

/**
 * The JSON text of a row in pieces around its clock-dependent values (the declaration's `clock` fields):
 * `pieces[0]` runs from `{` to the first such field's name, each next piece from the value before it to the next
 * name, the last one to `}`.
 */
interface RowText {
  /** the row the pieces were written from */
  row: FleetRow;
  pieces: string[];
}

const CLOCK_ROW_KEYS: ReadonlySet<string> = new Set(CLOCK_FIELDS);

/** Whether two rows of one card agree on every value that does not move with the clock. */
function sameStoredValues(a: FleetRow, b: FleetRow): boolean {
  for (const key of Object.keys(a) as (keyof FleetRow)[]) {
    if (CLOCK_ROW_KEYS.has(key)) continue;
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    for (const k of Object.keys(x) as (keyof typeof x)[]) if (x[k] !== y[k]) return false;
  }
  return true;
}

function rowTextOf(row: FleetRow): RowText {
  const json = fleetRowJson(row);
  const pieces: string[] = [];
  let piece = '{';
  for (const name of FLEET_ROW_FIELD_NAMES) {
    piece += `${piece === '{' ? '' : ','}${JSON.stringify(name)}:`;
    if (CLOCK_ROW_KEYS.has(name)) {
      pieces.push(piece);
      piece = '';
    } else piece += JSON.stringify(json[name]);
  }
  pieces.push(`${piece}}`);
  return { row, pieces };
}

/**
 * Writes the fleet list's JSON text; the same text as `JSON.stringify(fleetListJson(result))`, byte for byte.
 * A 1,000-card list is ~0.55 MB of JSON, most of it the same from one request to the next: the pieces of
 * each card's row that do not move with the clock are kept (per card, while every stored value is equal)
 * and only the clock-dependent values (the fields' `clock` ones) are written per request (the list answers in ≤ 20 ms).
 */
export class FleetListWriter {
  private readonly texts = new Map<string, RowText>();

  /** `maxCards`: pieces kept at most (all are dropped when a new card would exceed it; a bound on memory) */
  constructor(private readonly maxCards = 20_000) {}

  rowText(row: FleetRow): string {
    let text = this.texts.get(row.card_number);
    if (text === undefined || !sameStoredValues(text.row, row)) {
      text = rowTextOf(row);
      if (!this.texts.has(row.card_number) && this.texts.size >= this.maxCards) this.texts.clear();
      this.texts.set(row.card_number, text);
    }
    let out = text.pieces[0]!;
    for (let i = 0; i < CLOCK_FIELDS.length; i++) {
      out += JSON.stringify(FLEET_ROW_FIELDS[CLOCK_FIELDS[i]!].json(row)) + text.pieces[i + 1]!;
    }
    return out;
  }

  listText(result: ListResult<FleetRow>): string {
    const items = result.items.map((row) => this.rowText(row)).join(',');
    return `{"items":[${items}],"total":${result.total},"limit":${result.limit},"offset":${result.offset},"conflicts":${JSON.stringify(result.conflicts)}}`;
  }

  /** cards whose pieces are kept (tests) */
  get size(): number {
    return this.texts.size;
  }
}

/** The fleet list request of a validated query string (../shared/query.schema.ts). */
export function fleetRequestFrom(query: QueryValues): FleetListRequest {
  const sort = query.sort ?? DEFAULT_FLEET_SORT;
  const q = query.q;
  return {
    filter: {
      q: q === undefined || q.trim() === '' ? null : q.trim(),
      overdue: query.overdue ?? null,
      expiring_within_days: query.expiring_within_days ?? null,
    },
    sort,
    order: query.order ?? (sort === 'findings' ? 'desc' : 'asc'),
    page: pageFrom(query),
  };
}
