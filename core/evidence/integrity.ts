/**
 * The integrity check of the stored originals (`drivercard check`): every import's bytes, withdrawn ones too, read
 * back from the store, re-hashed against the SHA-256 recorded when they were received and decoded again. Reads
 * only: nothing is changed, whatever it finds.
 */
import { decodeDddBytes } from '../decoder/index.js';
import { DddDecodeError } from '../decoder/api.js';
import type { Hasher } from '../ports/hasher.js';
import type { ImportStore } from '../ports/import-store.js';

export interface IntegrityProblem {
  import_id: string;
  file_name: string | null;
  problem: 'missing' | 'changed' | 'undecodable' | 'unreadable';
  detail: string;
}

export interface IntegrityReport {
  checked: number;
  problems: IntegrityProblem[];
}

const PAGE = 500;

export async function checkStoredOriginals(
  store: Pick<ImportStore, 'listImports' | 'originalContent'>,
  hasher: Hasher,
): Promise<IntegrityReport> {
  const report: IntegrityReport = { checked: 0, problems: [] };
  const filter = { card_number: null, range: { from: null, to: null }, include_withdrawn: true };
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.listImports(filter, { limit: PAGE, offset });
    for (const row of page.items) {
      report.checked++;
      const problem = await checkOne(store, hasher, row);
      if (problem) report.problems.push({ import_id: row.import_id, file_name: row.file_name, ...problem });
    }
    if (page.items.length < PAGE) return report;
  }
}

type Row = { import_id: string; content_sha256: string; size_bytes: number };

async function checkOne(
  store: Pick<ImportStore, 'originalContent'>,
  hasher: Hasher,
  row: Row,
): Promise<Pick<IntegrityProblem, 'problem' | 'detail'> | null> {
  let bytes: Uint8Array | null;
  try {
    bytes = await store.originalContent(row.import_id);
  } catch {
    return { problem: 'unreadable', detail: 'the stored bytes cannot be read back' };
  }
  if (bytes === null) return { problem: 'missing', detail: 'no stored bytes for this import' };
  const sha256 = hasher.sha256Hex(bytes);
  if (sha256 !== row.content_sha256 || bytes.length !== row.size_bytes)
    return {
      problem: 'changed',
      detail: `SHA-256 ${sha256} (${bytes.length} bytes), recorded ${row.content_sha256} (${row.size_bytes} bytes)`,
    };
  try {
    decodeDddBytes(bytes);
  } catch (error) {
    return { problem: 'undecodable', detail: error instanceof DddDecodeError ? error.reason : 'decoder failure' };
  }
  return null;
}
