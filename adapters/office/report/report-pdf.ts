/**
 * The report as a PDF (A4): the report's document model (./report-document.ts) drawn by the documents' PDF
 * renderer, block for block as the HTML page shows it.
 */
import { documentPdf } from '../document/pdf.js';
import { latin1Text, UNICODE_FONTS } from '../document/pdf-writer.js';
import type { ReportModel } from './report-model.js';
import { reportDocument } from './report-document.js';

export { latin1Text, UNICODE_FONTS };

export function reportPdf(model: ReportModel, fonts = UNICODE_FONTS): Promise<Uint8Array> {
  return documentPdf(reportDocument(model), fonts);
}
