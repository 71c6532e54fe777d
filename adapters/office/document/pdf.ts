/**
 * An office document as a PDF (A4), drawn by the service with pdfkit (pure JavaScript; no browser at run time):
 * every block the HTML page renders (./html.ts), week charts as vector rectangles.
 * Font: DejaVu Sans from Debian's fonts-dejavu-core when installed (every European name prints as recorded);
 * otherwise the built-in Helvetica, whose Latin-1 cannot show every letter: names are then printed with
 * their accents removed (the HTML page always shows them as recorded).
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import {
  ACTIVITY_COLOURS,
  ACTIVITY_LABELS,
  dayFractions,
  drawnActivity,
  type Totals,
  type WeekJson,
} from '../report/report-model.js';
import { hoursMinutes } from '../../vocabulary/durations.js';
import type { Block, OfficeDocument } from './blocks.js';
import { BOTTOM, MARGIN, UNICODE_FONTS, Writer } from './pdf-writer.js';

const ACTIVITIES = Object.keys(ACTIVITY_LABELS) as (keyof Totals)[];
const GREY = '#495057';

function weekChart(w: Writer, week: WeekJson, zone: string, caption: string): void {
  const { doc } = w;
  const label = 62;
  const right = 62;
  const plot = w.width - label - right;
  const rowH = 13;
  w.room(24 + 7 * rowH + 6);
  w.para(caption, { bold: true, size: 8.5 });
  const top = doc.y + 9;
  w.font(false, 6.5);
  for (const h of [0, 6, 12, 18, 24]) {
    const x = MARGIN + label + (plot * h) / 24;
    doc
      .moveTo(x, top - 1)
      .lineTo(x, top + 7 * rowH)
      .lineWidth(0.3)
      .strokeColor('#ced4da')
      .stroke();
    doc.fillColor(GREY).text(`${h}:00`, x - 12, top - 8, { width: 24, align: 'center', lineBreak: false });
  }
  week.days.forEach((day, i) => {
    const y = top + i * rowH;
    w.font(false, 7.5);
    doc.fillColor('#212529').text(day.date, MARGIN, y + 2.5, { width: label - 4, lineBreak: false });
    if (day.intervals.length === 0) {
      doc
        .rect(MARGIN + label, y + 2, plot, rowH - 4)
        .dash(2, { space: 2 })
        .lineWidth(0.5)
        .strokeColor('#adb5bd')
        .stroke()
        .undash();
      w.font(false, 6.5);
      doc
        .fillColor('#868e96')
        .text('no record', MARGIN + label, y + 3.5, { width: plot, align: 'center', lineBreak: false });
    }
    for (const interval of day.intervals) {
      const [a, b] = dayFractions(interval, day.date, zone);
      if (b > a)
        doc
          .rect(MARGIN + label + a * plot, y + 2, (b - a) * plot, rowH - 4)
          .fill(ACTIVITY_COLOURS[drawnActivity(interval)]);
    }
    w.font(false, 7);
    if (day.intervals.length > 0)
      doc.fillColor('#212529').text(`drive ${hoursMinutes(day.totals.DRIVING)}`, MARGIN + label + plot + 4, y + 2.5, {
        width: right - 4,
        lineBreak: false,
      });
  });
  doc.x = MARGIN;
  doc.y = top + 7 * rowH + 6;
}

function legend(w: Writer): void {
  const { doc } = w;
  w.room(14);
  let x = MARGIN;
  const y = doc.y;
  w.font(false, 7.5);
  for (const a of ACTIVITIES) {
    doc.rect(x, y + 1, 9, 7).fill(ACTIVITY_COLOURS[a]);
    const text = w.text(ACTIVITY_LABELS[a]);
    doc.fillColor('#212529').text(text, x + 12, y, { lineBreak: false });
    x += 12 + doc.widthOfString(text) + 14;
  }
  doc
    .rect(x, y + 1, 9, 7)
    .dash(2, { space: 1 })
    .lineWidth(0.5)
    .strokeColor('#adb5bd')
    .stroke()
    .undash();
  doc.fillColor('#212529').text('No record', x + 12, y, { lineBreak: false });
  doc.x = MARGIN;
  doc.y = y + 14;
}

function signatures(w: Writer, who: readonly string[]): void {
  const { doc } = w;
  w.room(24 + 48 * who.length);
  for (const label of who) {
    const y = doc.y + 34;
    const half = w.width * 0.62;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + half, y)
      .lineWidth(0.6)
      .strokeColor('#212529')
      .stroke();
    doc
      .moveTo(MARGIN + half + 24, y)
      .lineTo(MARGIN + w.width, y)
      .stroke();
    w.font(false, 8.5);
    doc.fillColor('#212529').text(w.text(label), MARGIN, y + 3, { width: half, lineBreak: false });
    doc.text('Date', MARGIN + half + 24, y + 3, { lineBreak: false });
    doc.x = MARGIN;
    doc.y = y + 14;
  }
}

/** One block on the page; `indent` for the blocks of a group (a finding). */
function drawBlock(w: Writer, block: Block, indent = 0): void {
  switch (block.kind) {
    case 'title':
      w.para(block.text, { bold: true, size: 17 });
      return w.para(block.sub, { size: 8.5, colour: GREY });
    case 'heading':
      return w.heading(block.text);
    case 'para':
      return w.para(block.text, {
        size: block.tone === 'small' ? 8.5 : 9.5,
        colour: block.tone === 'warning' ? '#a61e4d' : block.tone === 'small' ? GREY : undefined,
        indent,
      });
    case 'fields':
      return w.fields(block.rows, indent);
    case 'table':
      return w.table(block.header, block.rows, block.widths);
    case 'list':
      for (const item of block.items)
        w.para(`${item.name === undefined ? '' : `${item.name}: `}${item.text}`, {
          size: block.size === 'small' ? 7.5 : 8,
          indent,
        });
      return;
    case 'legend':
      return legend(w);
    case 'week':
      return weekChart(w, block.week, block.zone, block.caption);
    case 'group':
      w.room(70);
      w.para(block.title, { bold: true, size: 9.5 });
      for (const inner of block.blocks) drawBlock(w, inner, indent + 10);
      w.doc.moveDown(0.3);
      return;
    case 'signatures':
      return signatures(w, block.who);
    case 'page-break':
      if (w.doc.y > MARGIN + 1 && w.doc.y < BOTTOM) w.doc.addPage();
      return;
  }
}

/** The document as a PDF: its title in the metadata, every block drawn in order. */
export function documentPdf(document: OfficeDocument, fonts = UNICODE_FONTS): Promise<Uint8Array> {
  const unicode = existsSync(fonts.regular) && existsSync(fonts.bold);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: document.title, Creator: 'drivercard-rest' },
  });
  doc.registerFont('regular', unicode ? fonts.regular : 'Helvetica');
  doc.registerFont('bold', unicode ? fonts.bold : 'Helvetica-Bold');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const w = new Writer(doc, unicode);
  for (const block of document.blocks) drawBlock(w, block);
  doc.end();
  return done;
}
