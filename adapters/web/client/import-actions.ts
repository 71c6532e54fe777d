/**
 * Withdraw and restore from the imports of a card (the week view's imports list): a withdrawal asks for the
 * reason (cancelled or blank: nothing happens) and a restore for a confirmation before the request is sent; the
 * answer, or the service's error, is reported in `status`. `done` reloads what the page shows.
 */

import { restoreImport, withdrawImport } from './api.js';
import { errorText } from './errors.js';
import { el } from './dom.js';
import type { ImportInfo } from './types.js';

/** How the page asks the user (window.prompt / window.confirm in the browser; fakes in tests). */
export interface Ask {
  prompt(message: string): string | null;
  confirm(message: string): boolean;
}

export interface ImportActionDeps {
  ask: Ask;
  withdraw?: typeof withdrawImport;
  restore?: typeof restoreImport;
  /** reloads the imports and the view after a change */
  done: () => Promise<void>;
  /** where the outcome is written */
  status: (text: string) => void;
}

const nameOf = (imp: ImportInfo) => imp.file_name ?? imp.import_id;

/** The button of one import row: "Withdraw…" for a used import, "Restore" for a withdrawn one. */
export function importActionButton(imp: ImportInfo, deps: ImportActionDeps): HTMLElement {
  const withdrawn = imp.status === 'WITHDRAWN';
  const button = el('button', {
    class: withdrawn ? 'import-restore' : 'import-withdraw',
    text: withdrawn ? 'Restore' : 'Withdraw…',
    attrs: { type: 'button' },
    data: { importId: imp.import_id },
  });
  button.addEventListener('click', () => void (withdrawn ? restoreOne(imp, deps) : withdrawOne(imp, deps)));
  return button;
}

export async function withdrawOne(imp: ImportInfo, deps: ImportActionDeps): Promise<boolean> {
  const reason = deps.ask.prompt(
    `Withdraw ${nameOf(imp)}? It stays stored with its original file but is used nowhere (no basis, check, list or fleet row) until restored.\nReason:`,
  );
  if (reason === null || reason.trim() === '') {
    deps.status(reason === null ? 'Withdrawal cancelled.' : 'Withdrawal cancelled: a reason is required.');
    return false;
  }
  return act(() => (deps.withdraw ?? withdrawImport)(imp.import_id, reason.trim()), `Withdrew ${nameOf(imp)}.`, deps);
}

export async function restoreOne(imp: ImportInfo, deps: ImportActionDeps): Promise<boolean> {
  if (!deps.ask.confirm(`Restore ${nameOf(imp)}? Its data is used again (its previous status comes back).`)) {
    deps.status('Restore cancelled.');
    return false;
  }
  return act(() => (deps.restore ?? restoreImport)(imp.import_id), `Restored ${nameOf(imp)}.`, deps);
}

async function act(request: () => Promise<unknown>, success: string, deps: ImportActionDeps): Promise<boolean> {
  try {
    await request();
  } catch (error) {
    deps.status(`Not done: ${errorText(error)}`);
    return false;
  }
  deps.status(success);
  await deps.done();
  return true;
}
