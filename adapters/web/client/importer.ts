/**
 * The import control: many files at once, from the file input (multiple) or dropped on the drop zone. The
 * files are sent one after another (the service decodes one at a time anyway); each gets a progress line
 * with its result, its problems with the way forward and its warnings (./import-result.ts); INVALID, QUARANTINED,
 * another holder, disagreeing days and withdrawn files are reported as problems.
 */

import { ApiError, parseFile } from './api.js';
import { bytesToBase64 } from './base64.js';
import { el, technicalDetail } from './dom.js';
import { errorDetail, errorText } from './errors.js';
import { showImportResult } from './import-result.js';

export interface ImportedFile {
  name: string;
  state: 'ok' | 'problem' | 'error';
  /** the service had the file already (stored once, by the SHA-256 of its bytes) */
  reused: boolean;
  card: string | null;
  to: string | null;
}

function line(list: HTMLElement, name: string): { li: HTMLLIElement; text: HTMLElement } {
  const text = el('span', { class: 'import-text', text: 'waiting' });
  const li = el(
    'li',
    { class: 'import-item', data: { state: 'waiting', file: name } },
    el('strong', { text: name }),
    ' ',
    text,
  );
  list.append(li);
  return { li, text };
}

/** The technical side of a failed import: the service's message and the correlation id of a 500. */
function failureDetail(error: unknown): string {
  const detail = errorDetail(error);
  return error instanceof ApiError && error.correlationId
    ? `${detail} (correlation id ${error.correlationId})`
    : detail;
}

async function importOne(file: File, li: HTMLLIElement, text: HTMLElement): Promise<ImportedFile> {
  li.dataset.state = 'importing';
  text.textContent = 'importing…';
  try {
    const result = await parseFile(file.name, bytesToBase64(new Uint8Array(await file.arrayBuffer())));
    const verdict = showImportResult(li, text, result);
    return { name: file.name, state: verdict.state, reused: result.reused, card: verdict.card, to: verdict.to };
  } catch (error) {
    li.dataset.state = 'error';
    text.textContent = `Failed: ${errorText(error)}`;
    li.append(technicalDetail(failureDetail(error)));
    return { name: file.name, state: 'error', reused: false, card: null, to: null };
  }
}

/** Imports the files in order, writing a line per file into `list`; resolves with every file's outcome. */
export async function importFiles(
  files: readonly File[],
  list: HTMLElement,
  summary: HTMLElement,
): Promise<ImportedFile[]> {
  list.hidden = false;
  list.replaceChildren();
  const lines = files.map((f) => line(list, f.name));
  const done: ImportedFile[] = [];
  for (let i = 0; i < files.length; i++) {
    summary.textContent = `Importing ${i + 1} of ${files.length}…`;
    done.push(await importOne(files[i]!, lines[i]!.li, lines[i]!.text));
  }
  const count = (s: ImportedFile['state']) => done.filter((d) => d.state === s).length;
  // a file the service had already is not counted as imported: its line says "Already imported (reused)"
  const reused = done.filter((d) => d.state === 'ok' && d.reused).length;
  const parts = [`${count('ok') - reused} imported`];
  if (reused) parts.push(`${reused} already imported (reused)`);
  if (count('problem')) parts.push(`${count('problem')} with a problem`);
  if (count('error')) parts.push(`${count('error')} failed`);
  summary.textContent = `${files.length} ${files.length === 1 ? 'file' : 'files'}: ${parts.join(', ')}.`;
  summary.dataset.state = count('error') || count('problem') ? 'problem' : 'ok';
  return done;
}

/** Wires the file input and the drop zone; `run` receives each batch of files. */
export function wireImport(input: HTMLInputElement, zone: HTMLElement, run: (files: File[]) => Promise<void>): void {
  let busy = false;
  const start = async (files: File[]) => {
    if (busy || !files.length) return;
    busy = true;
    input.disabled = true;
    zone.dataset.busy = 'true';
    try {
      await run(files);
    } finally {
      busy = false;
      input.disabled = false;
      input.value = '';
      delete zone.dataset.busy;
    }
  };
  input.addEventListener('change', () => void start(Array.from(input.files ?? [])));
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('dragging');
    void start(Array.from(e.dataTransfer?.files ?? []));
  });
}
