/**
 * Builds the evidence bundle of a driver card and a period (GET /api/drivercard/evidence, `drivercard evidence`):
 * the original downloads byte for byte, manifest.json (core/evidence/manifest.ts), findings.json (the /findings
 * answer), annotations.json and reviews.json (the office's records with their hash chains, as the API answers
 * them), the report PDF (one per REPORT_MAX_DAYS days of the period) and HOW-TO-CHECK.txt. The JSON documents are
 * the very answers of the routes they come from, so a re-import into an empty data folder can be compared byte for
 * byte.
 */
import {
  bundleFileNames,
  documentEntry,
  EVIDENCE_FORMAT,
  EVIDENCE_FORMAT_VERSION,
  fileEntry,
  MANIFEST_NAME,
  ORIGINALS_FOLDER,
  selectImports,
  type DayPeriod,
  type EvidenceManifest,
} from '../../../core/evidence/manifest.js';
import { ALGORITHM_VERSION, RULE_VERSION } from '../../../core/eu561/index.js';
import type { ImportRow } from '../../../core/domain/rows.js';
import { isoDay, isoTimestamp } from '../../../core/time.js';
import { NodeCryptoHasher } from '../../crypto/node-crypto-hasher.js';
import { writeZip, type ZipEntry } from '../../evidence/zip.js';
import { REPORT_MAX_DAYS } from '../report/report.data.js';
import { annotationRoutes } from '../annotations/annotations.route.js';
import { findingsRoute } from '../findings/findings.route.js';
import type { HttpAppDependencies } from '../ports.js';
import { reportRoutes } from '../report/report.route.js';
import { HttpProblem } from '../shared/problem.js';
import type { QueryValues } from '../shared/query-params.js';
import type { RouteSpec } from '../shared/route-spec.js';
import { howToCheck } from './how-to-check.js';

/** The bundle's ZIP and the name it is offered under. */
export interface EvidenceBundle {
  fileName: string;
  zip: Uint8Array;
  manifest: EvidenceManifest;
}

const PAGE_MAX = 5000;
const hasher = new NodeCryptoHasher();
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The bundle of `card_number` over `period` (both ends given, validated by the caller), dated `now`. */
export async function evidenceBundle(
  deps: HttpAppDependencies,
  card_number: string,
  period: DayPeriod,
  now: Date,
): Promise<EvidenceBundle> {
  const originals = deps.originals;
  if (!originals) throw new HttpProblem(404, 'not_found', 'Evidence bundles are not available in this service.');
  const dates = { card_number, date_from: isoDay(period.from), date_to: isoDay(period.to) };
  const listed = await deps.queries.imports({
    basis: { kind: 'card_number', value: card_number },
    range: { from: null, to: null },
    page: { limit: PAGE_MAX, offset: 0 },
  });
  const selection = selectImports(oldestFirst(listed.items), period);
  const names = bundleFileNames(selection.included.map(({ row }) => row));
  const originalEntries: ZipEntry[] = [];
  const files = [];
  for (const [i, { row, because }] of selection.included.entries()) {
    const bytes = await originals(row.import_id);
    if (bytes === null) continue; // purged between the listing and now: not evidence any more
    const path = `${ORIGINALS_FOLDER}${names[i]}`;
    originalEntries.push({ path, bytes, stored: true });
    files.push(fileEntry(row, path, because));
  }
  const documents = await documentsOf(deps, dates, period);
  const manifest: EvidenceManifest = {
    format: EVIDENCE_FORMAT,
    format_version: EVIDENCE_FORMAT_VERSION,
    subject: { kind: 'card', card_number },
    period: { date_from: dates.date_from, date_to: dates.date_to },
    created_at: isoTimestamp(Math.floor(now.getTime() / 1000)),
    rule_version: RULE_VERSION,
    algorithm_version: ALGORITHM_VERSION,
    files,
    excluded: selection.excluded,
    documents: documents.map((d) => documentEntry(d.path, d.what, d.bytes, hasher)),
  };
  const manifestEntry = { path: MANIFEST_NAME, bytes: utf8(`${JSON.stringify(manifest, null, 2)}\n`) };
  const zip = writeZip([manifestEntry, ...originalEntries, ...documents], now);
  return { fileName: `evidence-${card_number}-${dates.date_from}-${dates.date_to}.zip`, zip, manifest };
}

/** The imports in the order they were received (the listing is newest first), so names clash the same way. */
const oldestFirst = (rows: ImportRow[]) =>
  [...rows].sort((a, b) => a.imported_at - b.imported_at || a.import_id.localeCompare(b.import_id));

type Dates = { card_number: string; date_from: string; date_to: string };
type Document = ZipEntry & { what: string };

/** The JSON answers and the report PDFs of the bundle, then HOW-TO-CHECK.txt. */
async function documentsOf(deps: HttpAppDependencies, dates: Dates, period: DayPeriod): Promise<Document[]> {
  const findingsText = await answerText(deps, findingsRoute, { ...dates, limit: PAGE_MAX });
  const listAnnotations = annotationRoutes.find((r) => r.method === 'GET')!;
  const documents: Document[] = [
    {
      path: 'findings.json',
      what: 'the GET /api/drivercard/findings answer of the card and period',
      bytes: utf8(findingsText),
    },
  ];
  if (deps.annotations) {
    const text = await answerText(deps, listAnnotations, { ...dates, include_withdrawn: true });
    documents.push({
      path: 'annotations.json',
      what: "the office's annotations, withdrawn ones too",
      bytes: utf8(text),
    });
  }
  if (deps.reviews) {
    const ids = (JSON.parse(findingsText) as { items: { finding_id: string }[] }).items.map((f) => f.finding_id);
    const text = await reviewsText(deps, ids);
    documents.push({
      path: 'reviews.json',
      what: "the findings' review histories with their hash chains",
      bytes: utf8(text),
    });
  }
  for (const chunk of reportPeriods(period)) {
    const pdf = await reportPdf(deps, { ...dates, date_from: isoDay(chunk.from), date_to: isoDay(chunk.to) });
    const path = `report-${isoDay(chunk.from)}-${isoDay(chunk.to)}.pdf`;
    documents.push({ path, what: 'the infringement report (PDF) of the card for these days', bytes: pdf });
  }
  documents.push({ path: 'HOW-TO-CHECK.txt', what: 'how to check this bundle offline', bytes: utf8(howToCheck()) });
  return documents;
}

/** A JSON route's answer as the service sends it (the app's serialisation: JSON.stringify of the body). */
async function answerText(deps: HttpAppDependencies, route: RouteSpec, query: QueryValues): Promise<string> {
  const url = new URL(`http://evidence.local${route.path}`);
  const result = await route.handle({ request: new Request(url), url, query, deps });
  return JSON.stringify(result.body);
}

/** The review history (GET /findings/{id}/reviews answers) of every finding of the period that was reviewed. */
async function reviewsText(deps: HttpAppDependencies, findingIds: string[]): Promise<string> {
  const { reviewHistoryToResponse } = await import('../finding-reviews/finding-reviews.mapper.js');
  const items = [];
  for (const id of findingIds) {
    const history = await deps.reviews!.history(id);
    if (history.entries.length > 0) items.push(reviewHistoryToResponse(history));
  }
  return JSON.stringify({ items, total: items.length });
}

/** The period cut into the report's longest period, from its first day. */
export function reportPeriods(period: DayPeriod): DayPeriod[] {
  const chunks: DayPeriod[] = [];
  for (let from = period.from; from <= period.to; from += REPORT_MAX_DAYS)
    chunks.push({ from, to: Math.min(period.to, from + REPORT_MAX_DAYS - 1) });
  return chunks;
}

async function reportPdf(deps: HttpAppDependencies, dates: Dates): Promise<Uint8Array> {
  const route = reportRoutes.find((r) => r.path === '/report.pdf')!;
  const url = new URL(`http://evidence.local${route.path}`);
  const result = await route.handle({ request: new Request(url), url, query: dates, deps });
  return new Uint8Array(await (result.body as Response).arrayBuffer());
}
