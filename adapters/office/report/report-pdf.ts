/**
 * The report as a PDF (A4), drawn by the service with pdfkit (pure JavaScript; no browser at run time):
 * the same sections as the HTML page (./report-html.ts), week charts as vector rectangles.
 * Font: DejaVu Sans from Debian's fonts-dejavu-core when installed (every European name prints as recorded);
 * otherwise the built-in Helvetica, whose Latin-1 cannot show every letter: names are then printed with
 * their accents removed (the HTML report always shows them as recorded).
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import {
  ACTIVITY_COLOURS,
  ACTIVITY_LABELS,
  ANNOTATIONS_TEXT,
  followUpOf,
  findingReadingsText,
  readingLines,
  READINGS_TEXT,
  dayFractions,
  drawnActivity,
  driverName,
  hoursMinutes,
  noFindingsText,
  evidenceDigest,
  NOT_EVALUATED_TEXT,
  notEvaluatedOf,
  readableTime,
  timeZoneText,
  SIGNATURE_TEXT,
  type EvidenceJson,
  type FindingJson,
  type ReportModel,
  type Totals,
  type WeekJson,
} from './report-model.js';
import { ruleName } from '../../web/client/labels.js';
import { annotationKindName } from '../../web/client/office-words.js';
import { forPeople } from '../../web/client/people-text.js';
import { latin1Text, MARGIN, UNICODE_FONTS, Writer } from './pdf-writer.js';

export { latin1Text, UNICODE_FONTS };

const ACTIVITIES = Object.keys(ACTIVITY_LABELS) as (keyof Totals)[];

function weekChart(w: Writer, week: WeekJson, zone: string): void {
  const { doc } = w;
  const label = 62;
  const right = 62;
  const plot = w.width - label - right;
  const rowH = 13;
  w.room(24 + 7 * rowH + 6);
  w.para(
    `${week.week} (${week.start_date} - ${week.end_date})   driving ${hoursMinutes(week.totals.DRIVING)} · work ${hoursMinutes(week.totals.WORK)} · rest ${hoursMinutes(week.totals.REST)}`,
    { bold: true, size: 8.5 },
  );
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
    doc.fillColor('#495057').text(`${h}:00`, x - 12, top - 8, { width: 24, align: 'center', lineBreak: false });
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

/** The office's follow-up of a finding: review status, the newest review, the annotations that apply. */
function followUp(w: Writer, model: ReportModel, f: FindingJson): void {
  const up = followUpOf(model, f);
  const options = { size: 8.5, indent: 10 };
  w.para(`Office review: ${up.status}${up.review === null ? '' : ` - latest review ${up.review}`}`, options);
  for (const a of up.annotations) w.para(`Annotation: ${a}`, options);
  if (up.possiblyJustified)
    w.para('An annotation of the office may justify this finding (Art. 12 or ferry/train).', options);
  const readings = findingReadingsText(model, f);
  if (readings !== null) w.para(readings, options);
}

/** The readings in force: how the checks read what the regulations leave open (absent from a model without them). */
function readingsSection(w: Writer, model: ReportModel): void {
  const lines = readingLines(model);
  if (lines.length === 0) return;
  w.heading(`Readings (${lines.length})`);
  w.para(READINGS_TEXT, { size: 8.5 });
  for (const l of lines) w.para(`${l.name}: ${l.text}`, { size: 8 });
}

/** The office's annotations over the period. */
function annotationsSection(w: Writer, model: ReportModel, zone: string): void {
  const items = model.annotations ?? [];
  w.heading(`Office annotations (${items.length})`);
  w.para(ANNOTATIONS_TEXT, { size: 8.5 });
  if (items.length === 0) return w.para('The office recorded no annotation for this period.');
  w.table(
    ['Kind', 'From', 'To', 'Note', 'Entered by'],
    items.map((a) => [
      annotationKindName(a.kind),
      readableTime(a.start, zone),
      readableTime(a.end, zone),
      a.note ?? '',
      a.author || 'not given',
    ]),
    [0.18, 0.19, 0.19, 0.29, 0.15],
  );
}

function finding(w: Writer, model: ReportModel, f: FindingJson, index: number, zone: string): void {
  w.room(70);
  const severity = f.severity ? ` - severity ${f.severity}` : '';
  w.para(`${index + 1}. ${ruleName(f.rule)} - ${f.status}${severity}${f.untrusted ? ' - untrusted data' : ''}`, {
    bold: true,
    size: 9.5,
  });
  w.para(forPeople(f.description, zone), { indent: 10 });
  w.para(`Article: ${f.article ?? '-'}   Period: ${readableTime(f.start, zone)} - ${readableTime(f.end, zone)}`, {
    size: 8.5,
    indent: 10,
    colour: '#495057',
  });
  w.para(`Value ${hoursMinutes(f.value)} · limit ${hoursMinutes(f.limit)} · excess ${hoursMinutes(f.excess)}`, {
    size: 8.5,
    indent: 10,
    colour: '#495057',
  });
  followUp(w, model, f);
  const digest = evidenceDigest(f);
  const line = (e: EvidenceJson) =>
    `${readableTime(e.start, zone)} - ${readableTime(e.end, zone)}: ${e.activity ?? 'UNKNOWN'}`;
  const evidence = digest.items.map(line);
  if (digest.more > 0) evidence.push(`... ${digest.more} more interval(s)`);
  if (digest.last !== null) evidence.push(line(digest.last));
  w.para(`Evidence (${digest.total} interval(s)): ${evidence.join('; ')}`, {
    size: 7.5,
    indent: 10,
    colour: '#495057',
  });
  w.doc.moveDown(0.3);
}

function signatures(w: Writer, name: string): void {
  const { doc } = w;
  w.room(110);
  w.heading('Signatures');
  w.para(SIGNATURE_TEXT);
  for (const who of [`Driver: ${name}`, 'Transport manager']) {
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
    doc.fillColor('#212529').text(w.text(who), MARGIN, y + 3, { width: half, lineBreak: false });
    doc.text('Date', MARGIN + half + 24, y + 3, { lineBreak: false });
    doc.x = MARGIN;
    doc.y = y + 14;
  }
}

export function reportPdf(model: ReportModel, fonts = UNICODE_FONTS): Promise<Uint8Array> {
  const unicode = existsSync(fonts.regular) && existsSync(fonts.bold);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: 'Driver infringement report', Creator: 'drivercard-rest' },
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
  const name = driverName(model);
  const zone = model.time_zone ?? 'UTC';
  w.para('Driver infringement report', { bold: true, size: 17 });
  w.para(
    `EU 561/2006 technical pre-check of driver-card data · ${timeZoneText(zone)} · generated ${readableTime(model.generated_at, zone)}`,
    { size: 8.5, colour: '#495057' },
  );
  w.heading('Driver and card');
  w.table(
    ['Driver', 'Card number', 'Issuing state', 'Card expiry', 'Period'],
    [
      [
        name,
        model.card_number,
        model.issuing_member_state ?? '-',
        model.expiry_date ?? '-',
        `${model.date_from} to ${model.date_to}`,
      ],
    ],
    [0.3, 0.2, 0.12, 0.14, 0.24],
  );
  w.heading('Data basis');
  // a person reads the file name and the import date, never the service's internal import id
  w.table(
    ['File', 'Imported', 'Activity', 'Status', 'Authenticity'],
    model.imports.map((i) => [
      i.file_name ?? '(no file name)',
      readableTime(i.imported_at, zone),
      `${i.activity_from ?? '-'} to ${i.activity_to ?? '-'}`,
      i.status,
      i.authenticity,
    ]),
    [0.34, 0.19, 0.2, 0.12, 0.15],
  );
  if (model.conflicts.length > 0)
    w.para(`Imports disagree about ${model.conflicts.join(', ')}; those days are shown from the newest import.`, {
      colour: '#a61e4d',
    });
  w.heading('Totals');
  w.table(
    [...ACTIVITIES.map((a) => ACTIVITY_LABELS[a]), 'Days', 'Distance'],
    [[...ACTIVITIES.map((a) => hoursMinutes(model.totals[a])), String(model.days), `${model.distance_km} km`]],
    [0.13, 0.13, 0.13, 0.13, 0.2, 0.1, 0.18],
  );
  w.heading('Weeks');
  legend(w);
  for (const week of model.weeks) weekChart(w, week, zone);
  w.heading(`Findings (${model.findings.length})`);
  if (model.findings.length === 0) w.para(noFindingsText(model));
  model.findings.forEach((f, i) => finding(w, model, f, i, zone));
  annotationsSection(w, model, zone);
  w.heading(`Data gaps (${model.data_gaps.length})`);
  if (model.data_gaps.length === 0) w.para('No gaps in the recorded time.');
  else
    w.table(
      ['From', 'To', 'Duration'],
      model.data_gaps.map((g) => [readableTime(g.start, zone), readableTime(g.end, zone), hoursMinutes(g.duration)]),
      [0.4, 0.4, 0.2],
    );
  readingsSection(w, model);
  w.heading(`Not evaluated (${model.not_evaluated.length})`);
  w.para(NOT_EVALUATED_TEXT, { size: 8.5 });
  for (const n of notEvaluatedOf(model)) w.para(`${n.name}: ${n.reason}`, { size: 8 });
  w.heading('Disclaimer');
  w.para(model.disclaimer, { size: 8.5 });
  w.para(`Rules ${model.rule_version}.`, { size: 7.5, colour: '#495057' });
  signatures(w, name);
  doc.end();
  return done;
}
