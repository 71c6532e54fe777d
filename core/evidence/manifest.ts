/**
 * The evidence bundle's manifest (manifest.json of the ZIP an office hands to an authority): which downloads it
 * holds and why, each one's SHA-256 and size, what it covers and its verification result per signed part, and the
 * documents beside them. Pure: the adapters read the rows, write the ZIP and hash the bytes.
 *
 * A download is described by its subject (a driver card today; a vehicle unit's VIN once those downloads are read),
 * so a vehicle unit's entry fits the same list: `covers.card_number` or `covers.vin`, parts named by their EF or by
 * their transfer response parameter (Annex 1C Appendix 7 §2.2.6).
 */
import type { Authenticity } from '../domain/authenticity.js';
import type { ImportRow } from '../domain/rows.js';
import type { Hasher } from '../ports/hasher.js';
import { isoDayOrNull, isoTimestamp, type UtcDay } from '../time.js';
import { CONTEXT_WEEKS } from '../use-cases/findings-of-period.js';

export const EVIDENCE_FORMAT = 'drivercard-evidence';
export const EVIDENCE_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
/** the folder of the ZIP holding the original downloads, byte for byte */
export const ORIGINALS_FOLDER = 'originals/';

export type EvidenceSubject = { kind: 'card'; card_number: string } | { kind: 'vehicle'; vin: string };

/** The verdict of one signed part of a download (per EF for cards, Annex 1C Appendix 11 §6 / §13). */
export interface SignedPartResult {
  part: string;
  application: string;
  result: string;
}

export interface EvidenceFileEntry {
  /** the entry's path inside the ZIP */
  path: string;
  kind: 'driver_card' | 'vehicle_unit';
  import_id: string;
  archive_id: string;
  /** the file's name when it was imported (null when it came without one) */
  file_name: string | null;
  sha256: string;
  size_bytes: number;
  covers: { card_number: string | null; vin: string | null; activity_from: string | null; activity_to: string | null };
  /** the moment the service received the download (ISO 8601 UTC) */
  imported_at: string;
  authenticity: { status: string; parts: SignedPartResult[] };
  included_because: string;
}

export interface ExcludedImport {
  import_id: string;
  file_name: string | null;
  reason: string;
}

export interface EvidenceDocument {
  path: string;
  what: string;
  sha256: string;
  size_bytes: number;
}

export interface EvidenceManifest {
  format: typeof EVIDENCE_FORMAT;
  format_version: number;
  subject: EvidenceSubject;
  period: { date_from: string; date_to: string };
  created_at: string;
  rule_version: string;
  algorithm_version: string;
  files: EvidenceFileEntry[];
  excluded: ExcludedImport[];
  documents: EvidenceDocument[];
}

/** A period of UTC days, both ends included. */
export interface DayPeriod {
  from: UtcDay;
  to: UtcDay;
}

export interface ImportSelection {
  included: { row: ImportRow; because: string }[];
  excluded: ExcludedImport[];
}

/** Days before the period the checks read as context: CONTEXT_WEEKS ISO weeks before the period's first Monday. */
export const CONTEXT_DAYS = 7 * CONTEXT_WEEKS + 6;

/**
 * The imports a bundle holds: every import the period's findings read, so that the bundle's files imported into an
 * empty data folder give the same findings. That is the imports whose activity records reach into the period or the
 * context weeks before it (the checks read them, ../use-cases/findings-of-period.ts), every later download (a finding
 * at the period's end reads on, and the newest download ends the evaluated time), and those without activity records
 * (their identification and certificates are evidence of the card whatever the period). An import whose records end
 * before the context is left out, named with the reason.
 */
export function selectImports(rows: readonly ImportRow[], period: DayPeriod): ImportSelection {
  const selection: ImportSelection = { included: [], excluded: [] };
  const contextFrom = period.from - CONTEXT_DAYS;
  for (const row of rows) {
    const { from, to } = row.activity_range;
    if (from === null || to === null) {
      selection.included.push({ row, because: 'no activity records: its identification and certificates' });
    } else if (to < contextFrom) {
      selection.excluded.push(
        excluded(row, `its activity records end before the weeks the checks read (${isoDayOrNull(to)})`),
      );
    } else if (to < period.from) {
      selection.included.push({
        row,
        because: 'its activity records are the context the checks read before the period',
      });
    } else if (from > period.to) {
      selection.included.push({ row, because: "a later download: the findings at the period's end read it" });
    } else {
      selection.included.push({ row, because: 'its activity records overlap the period' });
    }
  }
  return selection;
}

const excluded = (row: ImportRow, reason: string): ExcludedImport => ({
  import_id: row.import_id,
  file_name: row.file_name,
  reason,
});

/**
 * The names the originals take in the ZIP: the imported file's own name with anything but a plain name taken away
 * (folders, control characters), the archive id when it came without one, and a clash (two downloads of one name,
 * or names differing only in case) told apart by `-2`, `-3`… before the extension.
 */
export function bundleFileNames(rows: readonly Pick<ImportRow, 'file_name' | 'archive_id'>[]): string[] {
  const taken = new Set<string>();
  return rows.map((row) => {
    const plain = plainName(row.file_name) ?? `${row.archive_id}.ddd`;
    const dot = plain.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [plain.slice(0, dot), plain.slice(dot)] : [plain, ''];
    let name = plain;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}${extension}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

function plainName(fileName: string | null): string | null {
  if (fileName === null) return null;
  const last = fileName
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return last === '' || last === '.' || last === '..' ? null : last;
}

/** One original's entry of the manifest, from its import row, its hash and its place in the ZIP. */
export function fileEntry(row: ImportRow, path: string, because: string): EvidenceFileEntry {
  return {
    path,
    kind: 'driver_card',
    import_id: row.import_id,
    archive_id: row.archive_id,
    file_name: row.file_name,
    sha256: row.content_sha256,
    size_bytes: row.size_bytes,
    covers: {
      card_number: row.card.card_number,
      vin: null,
      activity_from: isoDayOrNull(row.activity_range.from),
      activity_to: isoDayOrNull(row.activity_range.to),
    },
    imported_at: isoTimestamp(row.imported_at),
    authenticity: authenticityOf(row.authenticity ?? null),
    included_because: because,
  };
}

function authenticityOf(authenticity: Authenticity | null): EvidenceFileEntry['authenticity'] {
  if (authenticity === null) return { status: 'NOT_CHECKED', parts: [] };
  return {
    status: authenticity.status,
    parts: authenticity.efs.map((ef) => ({ part: `EF ${ef.ef}`, application: ef.application, result: ef.result })),
  };
}

/** A document's entry: its path, what it is, and its hash and size. */
export function documentEntry(path: string, what: string, bytes: Uint8Array, hasher: Hasher): EvidenceDocument {
  return { path, what, sha256: hasher.sha256Hex(bytes), size_bytes: bytes.length };
}

export interface BundleProblem {
  path: string;
  problem: 'missing' | 'changed' | 'not_listed';
  detail: string;
}

/**
 * What differs between a bundle's entries and its manifest: a listed entry missing, an entry whose size or SHA-256
 * is not the listed one, an entry the manifest does not list. Empty: every byte is as the service wrote it (the
 * manifest itself is checked by comparing it with the authority's copy or the service's answer).
 */
export function checkBundle(
  manifest: EvidenceManifest,
  entries: ReadonlyMap<string, Uint8Array>,
  hasher: Hasher,
): BundleProblem[] {
  const problems: BundleProblem[] = [];
  const listed = [...manifest.files, ...manifest.documents];
  for (const item of listed) {
    const bytes = entries.get(item.path);
    if (bytes === undefined) {
      problems.push({ path: item.path, problem: 'missing', detail: 'listed in the manifest, not in the bundle' });
      continue;
    }
    const sha256 = hasher.sha256Hex(bytes);
    if (bytes.length !== item.size_bytes || sha256 !== item.sha256) {
      const detail = `SHA-256 ${sha256} (${bytes.length} bytes), the manifest says ${item.sha256} (${item.size_bytes} bytes)`;
      problems.push({ path: item.path, problem: 'changed', detail });
    }
  }
  const paths = new Set(listed.map((item) => item.path));
  for (const path of entries.keys()) {
    if (path !== MANIFEST_NAME && !paths.has(path))
      problems.push({ path, problem: 'not_listed', detail: 'in the bundle, not in the manifest' });
  }
  return problems;
}
