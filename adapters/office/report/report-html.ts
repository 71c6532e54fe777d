/**
 * The report as one HTML page (A4 print stylesheet: /report.css): the report's document model
 * (./report-document.ts) rendered by the documents' HTML renderer, which the PDF mirrors block for block.
 */
import { documentHtml } from '../document/html.js';
import type { ReportModel } from './report-model.js';
import { reportDocument } from './report-document.js';

export function reportHtml(model: ReportModel): string {
  return documentHtml(reportDocument(model));
}

/** The stylesheet of every office document page (the report, the letter, the fleet report). */
export const REPORT_CSS = `@page { size: A4; margin: 15mm 14mm; }
body { font: 10pt/1.35 "DejaVu Sans", Arial, sans-serif; color: #212529; margin: 0 auto; max-width: 190mm; padding: 8mm; }
h1 { font-size: 17pt; margin: 0 0 2pt; } h2 { font-size: 12pt; margin: 12pt 0 4pt; border-bottom: 1px solid #ced4da; }
h3 { font-size: 10.5pt; margin: 6pt 0 2pt; } .sub, .small { color: #495057; font-size: 8.5pt; }
table { border-collapse: collapse; } .grid { width: 100%; } .grid th, .grid td { border: 1px solid #dee2e6; padding: 2pt 4pt; text-align: left; font-size: 8.5pt; white-space: pre-line; }
.kv td { padding: 1pt 8pt 1pt 0; vertical-align: top; } .kv td:first-child { color: #495057; }
.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 4pt 12pt; font-size: 8.5pt; }
.week { margin: 4pt 0 8pt; break-inside: avoid; } .week figcaption { font-size: 9pt; font-weight: bold; } .week-chart { width: 100%; height: auto; }
.finding { border-left: 3pt solid #adb5bd; padding: 0 0 2pt 6pt; margin: 6pt 0; break-inside: avoid; }
.status-violation { border-color: #c92a2a; } .status-potential { border-color: #e8a33d; }
.evidence { font-size: 8.5pt; margin: 0; } .evidence-title { margin: 2pt 0 0; font-size: 8.5pt; color: #495057; }
.warning { color: #a61e4d; } ul.small { font-size: 8.5pt; margin: 2pt 0; } .page-break { break-before: page; } details.technical { font-size: 8pt; color: #495057; } .signatures { break-inside: avoid; }
.sign { display: flex; gap: 12mm; margin-top: 14mm; } .sign div { flex: 1; font-size: 9pt; } .sign .line { display: block; border-bottom: 1px solid #212529; margin-bottom: 2pt; height: 1pt; }
@media print { details.technical { display: none; } body { padding: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
`;
