/**
 * Proof from bytes to paper: for every import a document rests on, its file name, the download moment the file
 * shows (the newest day ends there), the SHA-256 of the bytes as received, and the authenticity verdict; then the
 * rule set the findings were computed with. A finding on paper can so be traced back to signed bytes: the hash
 * names the original file, `drivercard verify` re-checks its signatures.
 */
import type { Block } from '../document/blocks.js';
import { authenticityText } from '../../vocabulary/people-text.js';
import { readableTime, type ReportImport } from './report-model.js';

/** What a document's proof section prints. */
export interface Proof {
  imports: ReportImport[];
  /** the pre-check's rule set and algorithm (its `rule_version` / `algorithm_version`) */
  rule_version: string;
  algorithm_version: string;
  /** days the imports disagree about (shown from the newest import) */
  conflicts: string[];
  time_zone?: string;
}

export const PROOF_TEXT =
  'Each file is named by the SHA-256 of its bytes as received; the original is kept unchanged and its signatures can be checked again at any time.';

/** The rule set line: which rules computed the findings. */
export function ruleSetText(proof: Pick<Proof, 'rule_version' | 'algorithm_version'>): string {
  return `Findings computed with the EU 561/2006 rule set ${proof.rule_version} (algorithm ${proof.algorithm_version}).`;
}

/** The imports' table, their hashes, what each verdict means (once each), the rule set and any disagreement. */
export function proofBlocks(proof: Proof): Block[] {
  const zone = proof.time_zone ?? 'UTC';
  const verdicts = [...new Set(proof.imports.map((i) => i.authenticity))];
  const blocks: Block[] = [
    { kind: 'heading', text: 'Data basis and proof', section: 'basis' },
    { kind: 'para', text: PROOF_TEXT, tone: 'small' },
    {
      kind: 'table',
      header: ['File', 'Downloaded', 'Imported', 'Activity', 'Status', 'Authenticity'],
      rows: proof.imports.map((i) => [
        i.file_name ?? '(no file name)',
        i.downloaded_at === null ? 'not shown by the file' : readableTime(i.downloaded_at, zone),
        readableTime(i.imported_at, zone),
        `${i.activity_from ?? '–'} to ${i.activity_to ?? '–'}`,
        i.status,
        i.authenticity,
      ]),
      widths: [0.22, 0.17, 0.17, 0.19, 0.11, 0.14],
    },
    {
      kind: 'list',
      size: 'small',
      items: proof.imports.map((i) => ({
        name: `SHA-256 of ${i.file_name ?? '(no file name)'}`,
        text: i.content_sha256,
      })),
    },
    {
      kind: 'list',
      size: 'small',
      items: verdicts.map((v) => ({ name: v, text: authenticityText(v === 'not checked' ? null : v) })),
    },
    { kind: 'para', text: ruleSetText(proof) },
  ];
  if (proof.conflicts.length > 0)
    blocks.push({
      kind: 'para',
      text: `Imports disagree about ${proof.conflicts.join(', ')}; those days are shown from the newest import.`,
      tone: 'warning',
    });
  return blocks;
}
