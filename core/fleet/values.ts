/**
 * The one text value the fleet summary reads: a card's expiry date, which the card summary keeps as the
 * decoder wrote it (`YYYY-MM-DD`). Every other date and time of the rows is already a number (UTC day, epoch
 * seconds; core/time.ts). Read leniently, as Date.parse does (a calendar overflow such as 02-30 rolls over).
 */
export function epochDayOfIsoDate(value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms / 86_400_000;
}
