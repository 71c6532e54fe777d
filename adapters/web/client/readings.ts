/**
 * The readings on the page: the names of the readings a finding depends on (GET /api/drivercard/readings, read once
 * per page load: the names do not change while the page is open) and the quarantined imports a card basis left out
 * of the checks (`basis.left_out_imports`, named once above the lists, not on every finding).
 */
import { el } from './dom.js';

/** A reading as GET /readings lists it: the page shows its name. */
export interface ReadingName {
  id: string;
  name: string;
}

/** An import a card basis left out of the checks (quarantined), as the pre-check's basis names it. */
export interface LeftOutImport {
  import_id: string;
  file_name: string | null;
  reason: string;
}

const names = new Map<string, string>();
let loading: Promise<void> | null = null;

/** Reads the readings' names once (a failed read is tried again by the next call); the ids stand in meanwhile. */
export function loadReadingNames(list: () => Promise<{ items: readonly ReadingName[] }>): Promise<void> {
  loading ??= list().then(
    (answer) => {
      for (const r of answer.items) names.set(r.id, r.name);
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

/** A reading's name for people: its listed name, else its id in words (`card_out_time` → "card out time"). */
export function readingName(id: string): string {
  return names.get(id) ?? id.replace(/_/g, ' ');
}

/** "Depends on: …" under a finding that names readings; null when it names none. */
export function readingsLine(ids: readonly string[] | undefined): HTMLElement | null {
  if (!ids || ids.length === 0) return null;
  return el('p', {
    class: 'readings-line',
    text: `Depends on how the checks read: ${ids.map(readingName).join('; ')}`,
    data: { readings: ids.join(' ') },
  });
}

/** The quarantined imports the checks left out, named once; null when none was left out. */
export function leftOutNote(leftOut: readonly LeftOutImport[] | undefined): HTMLElement | null {
  if (!leftOut || leftOut.length === 0) return null;
  const what = leftOut.length === 1 ? 'one quarantined import' : `${leftOut.length} quarantined imports`;
  return el(
    'div',
    { class: 'left-out', attrs: { role: 'note' } },
    el('p', {
      text: `These checks leave out ${what} of this card; the days only ${leftOut.length === 1 ? 'it covers' : 'they cover'} are listed as data gaps.`,
    }),
    el(
      'ul',
      {},
      ...leftOut.map((i) =>
        el('li', { text: `${i.file_name ?? i.import_id}: ${i.reason}`, data: { import: i.import_id } }),
      ),
    ),
  );
}
