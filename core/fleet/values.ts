/**
 * Reading the date and time fields of rows as numbers (epoch days / epoch seconds). Rows carry ISO text
 * today and epoch numbers once the internal model is all numbers; both are accepted, so the fleet code
 * reads them in one place.
 */
export function epochDayOfValue(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const ms = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms / 86_400_000;
}

export function epochSecondsOfValue(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** 'YYYY-MM-DD' of an epoch day. */
export function dateOfEpochDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
