/**
 * The infringement report as one document model (../document/blocks.ts): every section, field and word of the
 * report, rendered alike as the HTML page and the PDF. Built from the report model (./report-model.ts) alone.
 */
import type { Block, OfficeDocument } from '../document/blocks.js';
import { bandName, bandNote, ruleName } from '../../vocabulary/labels.js';
import { hoursMinutes } from '../../vocabulary/durations.js';
import { annotationKindName } from '../../vocabulary/office-words.js';
import { forPeople } from '../../vocabulary/people-text.js';
import {
  ACTIVITY_LABELS,
  ANNOTATIONS_TEXT,
  driverName,
  evidenceDigest,
  findingReadingsText,
  followUpOf,
  noFindingsText,
  NOT_EVALUATED_TEXT,
  notEvaluatedOf,
  readableTime,
  readingLines,
  READINGS_TEXT,
  SIGNATURE_TEXT,
  timeZoneText,
  type EvidenceJson,
  type FindingJson,
  type ReportModel,
  type Totals,
} from './report-model.js';
import { proofBlocks } from './proof.js';

const ACTIVITIES = Object.keys(ACTIVITY_LABELS) as (keyof Totals)[];

/** The driver, the card and the period. */
export function driverFields(model: ReportModel): Block {
  return {
    kind: 'fields',
    rows: [
      ['Driver', driverName(model)],
      ['Date of birth', model.birth_date ?? '–'],
      ['Card number', model.card_number],
      ['Issuing state', model.issuing_member_state ?? '–'],
      ['Issuing authority', model.issuing_authority ?? '–'],
      ['Card expiry', model.expiry_date ?? '–'],
      ['Period', `${model.date_from} to ${model.date_to}`],
    ],
  };
}

/**
 * The office's follow-up of a finding: review status, the newest review, the annotations that apply, and the
 * readings its verdict depends on.
 */
function followUpFields(
  model: Pick<ReportModel, 'reviews' | 'annotations' | 'time_zone' | 'readings'>,
  f: FindingJson,
): Block {
  const up = followUpOf(model, f);
  const rows: [string, string][] = [['Office review', up.status]];
  if (up.review !== null) rows.push(['Latest review', up.review]);
  for (const a of up.annotations) rows.push(['Annotation', a]);
  if (up.possiblyJustified)
    rows.push(['Note', 'An annotation of the office may justify this finding (Art. 12 or ferry/train).']);
  const readings = findingReadingsText(model, f);
  if (readings !== null) rows.push(['Readings', readings]);
  return { kind: 'fields', rows, cls: 'follow-up' };
}

/** A finding's title: number, rule, status, band in words, untrusted data. */
export function findingTitle(f: FindingJson, index: number): string {
  const band = bandName(f.severity);
  return `${index + 1}. ${ruleName(f.rule)} — ${f.status}${band ? ` — ${band}` : ''}${f.untrusted ? ' — untrusted data' : ''}`;
}

/** One finding as a group kept together: what was found, article, period, figures, follow-up, evidence. */
export function findingGroup(
  model: Pick<ReportModel, 'reviews' | 'annotations' | 'time_zone' | 'readings'>,
  f: FindingJson,
  index: number,
): Block {
  const zone = model.time_zone ?? 'UTC';
  const digest = evidenceDigest(f);
  const line = (e: EvidenceJson) =>
    `${readableTime(e.start, zone)} – ${readableTime(e.end, zone)}: ${e.activity ?? 'UNKNOWN'}`;
  const evidence = digest.items.map(line);
  if (digest.more > 0) evidence.push(`… ${digest.more} more interval(s)`);
  if (digest.last !== null) evidence.push(line(digest.last));
  return {
    kind: 'group',
    title: findingTitle(f, index),
    tone: f.status.toLowerCase(),
    blocks: [
      { kind: 'para', text: forPeople(f.description, zone) },
      {
        kind: 'fields',
        rows: [
          ['Article', f.article ?? '–'],
          ['Period', `${readableTime(f.start, zone)} – ${readableTime(f.end, zone)}`],
          ['Value / limit / excess', `${hoursMinutes(f.value)} / ${hoursMinutes(f.limit)} / ${hoursMinutes(f.excess)}`],
        ],
      },
      followUpFields(model, f),
      { kind: 'para', text: `Evidence (${digest.total} interval(s))`, tone: 'small' },
      { kind: 'list', items: evidence.map((text) => ({ text })), size: 'small' },
    ],
  };
}

/** The findings section: the one note on the bands, then each finding. */
export function findingsBlocks(model: ReportModel): Block[] {
  const blocks: Block[] = [{ kind: 'heading', text: `Findings (${model.findings.length})`, section: 'findings' }];
  if (model.findings.length === 0) return [...blocks, { kind: 'para', text: noFindingsText(model) }];
  const note = bandNote(model.findings);
  if (note !== null) blocks.push({ kind: 'para', text: note, tone: 'small' });
  return [...blocks, ...model.findings.map((f, i) => findingGroup(model, f, i))];
}

function annotationsBlocks(model: ReportModel): Block[] {
  const zone = model.time_zone ?? 'UTC';
  const items = model.annotations ?? [];
  const blocks: Block[] = [
    { kind: 'heading', text: `Office annotations (${items.length})`, section: 'annotations' },
    { kind: 'para', text: ANNOTATIONS_TEXT },
  ];
  if (items.length === 0)
    return [...blocks, { kind: 'para', text: 'The office recorded no annotation for this period.' }];
  const rows = items.map((a) => [
    annotationKindName(a.kind),
    readableTime(a.start, zone),
    readableTime(a.end, zone),
    a.note ?? '',
    a.author || 'not given',
  ]);
  return [
    ...blocks,
    {
      kind: 'table',
      header: ['Kind', 'From', 'To', 'Note', 'Entered by'],
      rows,
      widths: [0.18, 0.19, 0.19, 0.29, 0.15],
    },
  ];
}

function timeBlocks(model: ReportModel): Block[] {
  const zone = model.time_zone ?? 'UTC';
  const weekCaption = (w: ReportModel['weeks'][number]) =>
    (['DRIVING', 'WORK', 'REST'] as const).reduce(
      (caption, a) => `${caption} · ${ACTIVITY_LABELS[a].toLowerCase()} ${hoursMinutes(w.totals[a])}`,
      `${w.week} (${w.start_date} – ${w.end_date})`,
    );
  return [
    { kind: 'heading', text: 'Totals', section: 'totals' },
    {
      kind: 'table',
      header: [...ACTIVITIES.map((a) => ACTIVITY_LABELS[a]), 'Days', 'Distance'],
      rows: [[...ACTIVITIES.map((a) => hoursMinutes(model.totals[a])), String(model.days), `${model.distance_km} km`]],
      widths: [0.13, 0.13, 0.13, 0.13, 0.2, 0.1, 0.18],
    },
    { kind: 'heading', text: 'Weeks', section: 'weeks' },
    { kind: 'legend' },
    ...model.weeks.map((week): Block => ({ kind: 'week', week, zone, caption: weekCaption(week) })),
  ];
}

/**
 * The readings in force: how the checks read what the regulations leave open, each with the number of the
 * document's findings that depend on it (none: a model built without readings prints no section).
 */
export function readingsBlocks(
  model: Parameters<typeof readingLines>[0],
  document: Parameters<typeof readingLines>[1] = 'this report',
): Block[] {
  const lines = readingLines(model, document);
  if (lines.length === 0) return [];
  return [
    { kind: 'heading', text: `Readings (${lines.length})`, section: 'readings' },
    { kind: 'para', text: READINGS_TEXT },
    { kind: 'list', items: lines.map((l) => ({ key: l.id, keyName: 'reading', name: l.name, text: l.text })) },
  ];
}

function gapsAndLimits(model: ReportModel): Block[] {
  const zone = model.time_zone ?? 'UTC';
  const lines = notEvaluatedOf(model);
  return [
    { kind: 'heading', text: `Data gaps (${model.data_gaps.length})`, section: 'gaps' },
    model.data_gaps.length === 0
      ? { kind: 'para', text: 'No gaps in the recorded time.' }
      : {
          kind: 'table',
          header: ['From', 'To', 'Duration'],
          rows: model.data_gaps.map((g) => [
            readableTime(g.start, zone),
            readableTime(g.end, zone),
            hoursMinutes(g.duration),
          ]),
          widths: [0.4, 0.4, 0.2],
        },
    ...readingsBlocks(model),
    { kind: 'heading', text: `Not evaluated (${lines.length})`, section: 'not-evaluated' },
    { kind: 'para', text: NOT_EVALUATED_TEXT },
    {
      kind: 'list',
      items: lines.map((n) => ({ key: n.rule, name: n.name, text: n.reason, detail: n.detail })),
    },
  ];
}

/** The whole report. */
export function reportDocument(model: ReportModel): OfficeDocument {
  const name = driverName(model);
  const zone = model.time_zone ?? 'UTC';
  return {
    title: `Infringement report — ${name} — ${model.date_from} to ${model.date_to}`,
    blocks: [
      {
        kind: 'title',
        text: 'Driver infringement report',
        sub: `EU 561/2006 technical pre-check of driver-card data · ${timeZoneText(zone)} · generated ${readableTime(model.generated_at, zone)}`,
      },
      { kind: 'heading', text: 'Driver and card', section: 'driver' },
      driverFields(model),
      ...proofBlocks(model),
      ...timeBlocks(model),
      ...findingsBlocks(model),
      ...annotationsBlocks(model),
      ...gapsAndLimits(model),
      { kind: 'heading', text: 'Disclaimer', section: 'disclaimer' },
      { kind: 'para', text: model.disclaimer },
      { kind: 'heading', text: 'Signatures', section: 'signatures' },
      { kind: 'para', text: SIGNATURE_TEXT },
      { kind: 'signatures', who: [`Driver: ${name}`, 'Transport manager'] },
    ],
  };
}
