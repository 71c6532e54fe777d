/** The findings of a period → the list envelope of GET /api/drivercard/findings (one page of the ordered list). */
import type { Page } from '../../../core/use-cases/contracts.js';
import type { FindingsOfPeriod, PeriodFinding } from '../../../core/use-cases/findings-of-period.js';
import { isoDayOrNull } from '../../../core/time.js';
import type { LeftOutImport } from '../../../core/use-cases/trusted-basis.js';

export interface FindingsPageResponse {
  items: PeriodFinding[];
  total: number;
  limit: number;
  offset: number;
  conflicts: string[];
  date_from: string | null;
  date_to: string | null;
  context_from: string | null;
  readings: FindingsOfPeriod['readings'];
  left_out_imports?: LeftOutImport[];
}

export function findingsToResponse(result: FindingsOfPeriod, page: Page): FindingsPageResponse {
  const leftOut = result.precheck.basis.left_out_imports;
  return {
    items: result.findings.slice(page.offset, page.offset + page.limit),
    total: result.findings.length,
    limit: page.limit,
    offset: page.offset,
    // a basis with conflicting days is refused (409 conflicting_data), so an answer has none
    conflicts: [],
    date_from: isoDayOrNull(result.date_from),
    date_to: isoDayOrNull(result.date_to),
    context_from: isoDayOrNull(result.context_from),
    readings: result.readings,
    ...(leftOut !== undefined && leftOut.length > 0 ? { left_out_imports: leftOut } : {}),
  };
}
