/**
 * What the office documents (the report, its PDF, the CSV exports) read: the use cases themselves, whose
 * answers they turn into JSON shapes with the API's own response mappers (adapters/http/responses.ts), never
 * through the route table or a JSON round trip.
 */
import type { FindingsOfPeriodQuery } from '../../core/use-cases/findings-of-period.js';
import type { OverviewUseCases, Page, QueryUseCases } from '../../core/use-cases/contracts.js';
import type { OfficeAnnotations } from '../../core/use-cases/annotations.js';
import type { FindingReviewWorkflow } from '../../core/use-cases/finding-reviews.js';

export interface OfficeUseCases {
  queries: QueryUseCases;
  overviews: OverviewUseCases;
  findings: FindingsOfPeriodQuery;
  /** the findings' review histories (the report prints each finding's newest review); absent: none printed */
  reviews?: Pick<FindingReviewWorkflow, 'history'>;
  /** the office's annotations (the report prints those of its period); absent: none printed */
  annotations?: Pick<OfficeAnnotations, 'list'>;
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
