/** The card a crash-test file decodes to: 28 working days, n % 5 events, 3 vehicles, 6 positions. */
import type { ParsedCard } from '../../core/domain/rows.js';
import { buildParsedCard, datesFrom, workingDay } from '../../core/use-cases/testing/parsed-card-builder.js';

export const DAYS = 28;

export function cardForFile(n: number): ParsedCard {
  const first = new Date(Date.UTC(2025, 0, 1) + (n % 300) * 86_400_000).toISOString().slice(0, 10);
  const dates = datesFrom(first, DAYS);
  return buildParsedCard({
    card_number: `CRASH${String(n % 7).padStart(11, '0')}`,
    days: dates.map((d) => workingDay(d, 100 + n)),
    events: Array.from({ length: n % 5 }, (_, i) => ({
      code: 5,
      start: `${dates[i]}T10:00:00Z`,
      end: `${dates[i]}T10:0${i}:00Z`,
    })),
    vehicles: dates
      .slice(0, 3)
      .map((d) => ({ first_use: `${d}T06:00:00Z`, last_use: `${d}T16:00:00Z`, odometer_begin_km: n })),
    positions: dates.slice(0, 6).map((d, i) => ({ timestamp: `${d}T0${i}:00:00Z`, odometer_km: n + i })),
  });
}
