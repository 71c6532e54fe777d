/** The list envelope `{items, total, limit, offset, conflicts}` of the contract, and the data basis of an answer. */
import type { BasisDescription, ListResult } from '../../../core/use-cases/contracts.js';
import { isoDay, isoDayOrNull } from '../../../core/time.js';

export type ListResponse<T> = Omit<ListResult<unknown>, 'items' | 'conflicts'> & { items: T[]; conflicts: string[] };

/** The list envelope: rows mapped by `item`, conflicting days as dates. */
export function listToResponse<T, R>(list: ListResult<T>, item: (row: T) => R): ListResponse<R> {
  return { ...list, items: list.items.map(item), conflicts: list.conflicts.map(isoDay) };
}

export function basisToResponse(basis: BasisDescription) {
  return { ...basis, date_from: isoDayOrNull(basis.date_from), date_to: isoDayOrNull(basis.date_to) };
}
