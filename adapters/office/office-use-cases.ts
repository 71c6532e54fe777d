/**
 * What the office documents (the report, its PDF, the CSV exports) read: the use cases themselves, whose
 * answers they turn into JSON shapes with the API's own response mappers (adapters/http/responses.ts), never
 * through the route table or a JSON round trip.
 */
import type { FindingsOfPeriodQuery } from '../../core/use-cases/findings-of-period.js';
import type { OverviewUseCases, Page, QueryUseCases } from '../../core/use-cases/contracts.js';

export interface OfficeUseCases {
  queries: QueryUseCases;
  overviews: OverviewUseCases;
  findings: FindingsOfPeriodQuery;
}

/** The largest page a list use case answers; documents read every page. */
export const DOCUMENT_PAGE = 5000;

/** Every row of a paged list use case. */
export async function allRows<T>(read: (page: Page) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += DOCUMENT_PAGE) {
    const page = await read({ limit: DOCUMENT_PAGE, offset });
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}
