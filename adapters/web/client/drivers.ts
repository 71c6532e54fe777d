/** The driver picker's options: imports de-duplicated by card number. */

export interface ImportLike {
  imported_at?: string | null;
  card?: { card_number?: string | null } | null;
  driver?: { surname?: string | null; first_names?: string | null } | null;
  activity_range?: { from?: string | null; to?: string | null } | null;
}

export interface DriverOption {
  card_number: string;
  /** `SURNAME, First names` from the newest import of the card (or the card number if unnamed) */
  name: string;
  /** last day with activity over all imports of the card (YYYY-MM-DD), or null */
  latest_activity: string | null;
}

/** Card numbers are compared as the service does: whitespace removed, upper-cased. */
export function normaliseCardNumber(card: string): string {
  return card.replace(/\s+/g, '').toUpperCase();
}

function driverName(row: ImportLike): string | null {
  const surname = row.driver?.surname?.trim() || '';
  const first = row.driver?.first_names?.trim() || '';
  if (!surname && !first) return null;
  return surname && first ? `${surname}, ${first}` : surname || first;
}

export function driversFromImports(rows: readonly ImportLike[]): DriverOption[] {
  const byCard = new Map<string, { option: DriverOption; importedAt: string }>();
  for (const row of rows) {
    const raw = row.card?.card_number;
    if (!raw) continue;
    const card = normaliseCardNumber(raw);
    const importedAt = row.imported_at ?? '';
    const to = row.activity_range?.to ?? null;
    const name = driverName(row);
    const known = byCard.get(card);
    if (!known) {
      byCard.set(card, { option: { card_number: card, name: name ?? card, latest_activity: to }, importedAt });
      continue;
    }
    if (to && (!known.option.latest_activity || to > known.option.latest_activity)) known.option.latest_activity = to;
    if (name && importedAt >= known.importedAt) {
      known.option.name = name;
      known.importedAt = importedAt;
    }
  }
  return [...byCard.values()]
    .map((v) => v.option)
    .sort((a, b) => a.name.localeCompare(b.name) || a.card_number.localeCompare(b.card_number));
}
