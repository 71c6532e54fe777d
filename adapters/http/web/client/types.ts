/**
 * Response shapes the page reads (api-contract.md). Rows come from the HTTP adapter's response types; type-only
 * imports vanish from the compiled JavaScript, so nothing outside the client folder is loaded.
 */
import type { ActivityIntervalResponse as ActivityIntervalRow, ImportResponse as ImportRow } from '../../responses.js';

export type { ActivityIntervalRow, ImportRow };

export interface Totals {
  DRIVING: number;
  WORK: number;
  AVAILABILITY: number;
  REST: number;
  UNKNOWN: number;
}

export interface DayOverview {
  date: string;
  card_number: string | null;
  intervals: ActivityIntervalRow[];
  totals: Totals;
  distance_km: number | null;
  vehicles: unknown[];
}

export interface WeekOverview {
  week: string;
  start_date: string;
  end_date: string;
  days: DayOverview[];
  totals: Totals;
}

export interface Finding {
  rule: string;
  status: string;
  article?: string | null;
  start: string | null;
  end: string | null;
  value: number | null;
  limit: number | null;
  excess: number | null;
  severity: string | null;
  description: string | null;
  evidence?: { start: string; end: string; activity: string }[];
}

export interface DataGap {
  start: string;
  end: string;
  duration: number;
}

export interface PrecheckResult {
  violations: Finding[];
  data_gaps: DataGap[];
  warnings: { code: string; message: string; start?: string | null; end?: string | null }[];
  disclaimer?: string;
}

export interface ListEnvelope<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  conflicts: string[];
}

export type ParseResult = ImportRow & { reused: boolean };
