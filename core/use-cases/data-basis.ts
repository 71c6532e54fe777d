/**
 * Resolving the data basis of a query ("Selecting the data basis" in the API contract):
 * - import_id / archive_id: that one import (unknown or WITHDRAWN → NotFoundError);
 * - card_number: every import of the card that is not WITHDRAWN (none → NotFoundError), merged per UTC day by
 *   resolveServedDays (identical days once, disagreeing days served from the newest import and listed
 *   as conflicts); the merge is kept by the store at import time and read with `cardHistory`.
 */
import { NotFoundError } from '../domain/errors.js';
import type { ImportRow, UtcDay } from '../domain/rows.js';
import type { ImportStore, RowScope, ServedDay, StoredDayRecord } from '../ports/import-store.js';
import type { Basis, BasisDescription, DateRange } from './contracts.js';

export interface ResolvedBasis {
  card_number: string | null;
  /** the single import of an import_id / archive_id basis; null for a card basis */
  import: ImportRow | null;
}

export interface ServedData {
  /**
   * day records in the range that may make the basis untrusted: every record of an import basis; the records of a
   * card's QUARANTINED imports (whether or not they serve a day)
   */
  records: StoredDayRecord[];
  /** the record serving each date, in date order */
  served: StoredDayRecord[];
  conflicts: UtcDay[];
}

export async function resolveBasis(store: ImportStore, basis: Basis): Promise<ResolvedBasis> {
  if (basis.kind === 'card_number') {
    const any = await store.findImport({ kind: 'card_number', value: basis.value }); // one statement
    if (any === null) throw new NotFoundError('No import of the card_number asked for exists.'); // values are never echoed
    return { card_number: basis.value, import: null };
  }
  const found = await store.findImport(basis);
  if (!found) {
    const what = basis.kind === 'import_id' ? 'import' : 'archive';
    throw new NotFoundError(`The ${what} asked for (${basis.kind}) does not exist.`);
  }
  // a withdrawn import is excluded from every basis (restore it to use it again)
  if (found.status === 'WITHDRAWN')
    throw new NotFoundError(
      `The ${basis.kind === 'import_id' ? 'import' : 'archive'} asked for is withdrawn; restore it to use it.`,
    );
  return { card_number: found.card.card_number, import: found };
}

export function rowScope(resolved: ResolvedBasis, range: DateRange): RowScope {
  return resolved.import
    ? { kind: 'import', import_id: resolved.import.import_id, range }
    : { kind: 'card', card_number: resolved.card_number!, range };
}

/** The basis a query names before it is resolved: a card basis needs no lookup to read its day records. */
export function unresolvedBasis(basis: Basis): ResolvedBasis | null {
  return basis.kind === 'card_number' ? { card_number: basis.value, import: null } : null;
}

export async function servedData(store: ImportStore, resolved: ResolvedBasis, range: DateRange): Promise<ServedData> {
  if (resolved.import) {
    const records = await store.dayRecords({ kind: 'import', import_id: resolved.import.import_id }, range);
    return { records, served: records, conflicts: [] };
  }
  const cardNumber = resolved.card_number!;
  const [records, history] = await Promise.all([
    store.quarantinedDayRecords(cardNumber, range),
    store.cardHistory(cardNumber, range),
  ]);
  return { records, ...history };
}

/**
 * The resolved basis and its served data; for a card basis the existence check and the day records are read in
 * the same round (neither needs the other).
 */
export async function resolvedWithData(
  store: ImportStore,
  basis: Basis,
  range: DateRange,
): Promise<{ resolved: ResolvedBasis; data: ServedData }> {
  const card = unresolvedBasis(basis);
  if (card === null) {
    const resolved = await resolveBasis(store, basis);
    return { resolved, data: await servedData(store, resolved, range) };
  }
  const [resolved, data] = await Promise.all([resolveBasis(store, basis), servedData(store, card, range)]);
  return { resolved, data };
}

export function servedDays(data: ServedData): ServedDay[] {
  return data.served.map(({ import_id, date }) => ({ import_id, date }));
}

export function describeBasis(resolved: ResolvedBasis, range: DateRange, data: ServedData): BasisDescription {
  const importIds = resolved.import
    ? [resolved.import.import_id]
    : [...new Map([...data.served].sort((a, b) => a.sequence - b.sequence).map((r) => [r.import_id, r])).keys()];
  return {
    card_number: resolved.card_number,
    import_ids: importIds,
    date_from: range.from ?? data.served[0]?.date ?? null,
    date_to: range.to ?? data.served[data.served.length - 1]?.date ?? null,
  };
}
