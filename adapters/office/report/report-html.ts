/**
 * The report as one HTML page (A4 print stylesheet: /report.css). No script, no inline style: it runs under
 * the same strict Content-Security-Policy as the week view. Week charts are inline SVG (presentation
 * attributes only). Every text from the data is escaped.
 */
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

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string | number | null | undefined): string =>
  text === null || text === undefined ? '–' : String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const ACTIVITIES = Object.keys(ACTIVITY_LABELS) as (keyof Totals)[];
const row = (cells: (string | number | null)[], tag = 'td') =>
  `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;

const W = 720;
const LABEL = 90;
const ROW_H = 16;

/** One ISO week as an SVG chart: a row per day, 0–24 h, one rectangle per interval. */
export function weekSvg(week: WeekJson, timeZone = 'UTC'): string {
  const plot = W - LABEL - 70;
  const parts: string[] = [];
  for (const [h, x] of [0, 6, 12, 18, 24].map((h) => [h, LABEL + (plot * h) / 24] as const)) {
    parts.push(`<line x1="${x}" y1="12" x2="${x}" y2="${14 + 7 * ROW_H}" stroke="#ced4da" stroke-width="0.5"/>`);
    parts.push(`<text x="${x}" y="9" font-size="8" text-anchor="middle" fill="#495057">${h}:00</text>`);
  }
  week.days.forEach((day, i) => {
    const y = 14 + i * ROW_H;
    parts.push(`<text x="2" y="${y + 11}" font-size="9" fill="#212529">${escapeHtml(day.date)}</text>`);
    if (day.intervals.length === 0) {
      parts.push(
        `<rect x="${LABEL}" y="${y + 2}" width="${plot}" height="${ROW_H - 4}" fill="none" stroke="#adb5bd" stroke-dasharray="3 2"/>`,
      );
      parts.push(
        `<text x="${LABEL + plot / 2}" y="${y + 11}" font-size="8" text-anchor="middle" fill="#868e96">no record</text>`,
      );
    }
    for (const interval of day.intervals) {
      const [a, b] = dayFractions(interval, day.date, timeZone);
      if (b <= a) continue;
      const fill = ACTIVITY_COLOURS[drawnActivity(interval)];
      parts.push(
        `<rect x="${(LABEL + a * plot).toFixed(2)}" y="${y + 2}" width="${((b - a) * plot).toFixed(2)}" height="${ROW_H - 4}" fill="${fill}"/>`,
      );
    }
    if (day.intervals.length > 0) {
      parts.push(
        `<text x="${W - 2}" y="${y + 11}" font-size="8" text-anchor="end" fill="#212529">drive ${hoursMinutes(day.totals.DRIVING)}</text>`,
      );
    }
  });
  return `<svg class="week-chart" viewBox="0 0 ${W} ${18 + 7 * ROW_H}" role="img" aria-label="Activities of ${escapeHtml(week.week)}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

/** The office's follow-up of a finding: review status, the newest review, the annotations that apply. */
function followUp(model: ReportModel, f: FindingJson): string {
  const up = followUpOf(model, f);
  const lines = [row(['Office review', up.status])];
  if (up.review !== null) lines.push(row(['Latest review', up.review]));
  for (const a of up.annotations) lines.push(row(['Annotation', a]));
  if (up.possiblyJustified)
    lines.push(row(['Note', 'An annotation of the office may justify this finding (Art. 12 or ferry/train).']));
  const readings = findingReadingsText(model, f);
  if (readings !== null) lines.push(row(['Readings', readings]));
  return `<table class="kv follow-up"><tbody>${lines.join('')}</tbody></table>`;
}

/** The readings in force: how the checks read what the regulations leave open (absent from a model without them). */
function readingsSection(model: ReportModel): string {
  const lines = readingLines(model);
  if (lines.length === 0) return '';
  const items = lines.map(
    (l) => `<li data-reading="${escapeHtml(l.id)}"><strong>${escapeHtml(l.name)}</strong>: ${escapeHtml(l.text)}</li>`,
  );
  return `<section class="readings"><h2>Readings (${lines.length})</h2><p>${escapeHtml(READINGS_TEXT)}</p><ul>${items.join('')}</ul></section>`;
}

/** The office's annotations over the period. */
function annotationsSection(model: ReportModel, zone: string): string {
  const items = model.annotations ?? [];
  const body =
    items.length === 0
      ? '<p>The office recorded no annotation for this period.</p>'
      : `<table class="grid"><thead>${row(['Kind', 'From', 'To', 'Note', 'Entered by'], 'th')}</thead><tbody>${items
          .map((a) =>
            row([
              annotationKindName(a.kind),
              readableTime(a.start, zone),
              readableTime(a.end, zone),
              a.note ?? '',
              a.author || 'not given',
            ]),
          )
          .join('')}</tbody></table>`;
  return `<section class="annotations"><h2>Office annotations (${items.length})</h2><p>${escapeHtml(ANNOTATIONS_TEXT)}</p>${body}</section>`;
}

function finding(model: ReportModel, f: FindingJson, index: number, zone: string): string {
  const digest = evidenceDigest(f);
  const line = (e: EvidenceJson) =>
    `<li>${escapeHtml(readableTime(e.start, zone))} – ${escapeHtml(readableTime(e.end, zone))}: ${escapeHtml(e.activity ?? 'UNKNOWN')}</li>`;
  const evidence = digest.items.map(line);
  if (digest.more > 0) evidence.push(`<li>… ${digest.more} more interval(s)</li>`);
  if (digest.last !== null) evidence.push(line(digest.last));
  return `<article class="finding status-${escapeHtml(f.status.toLowerCase())}">
<h3>${index + 1}. ${escapeHtml(ruleName(f.rule))} — ${escapeHtml(f.status)}${f.severity ? ` — severity ${escapeHtml(f.severity)}` : ''}${f.untrusted ? ' — untrusted data' : ''}</h3>
<p class="description">${escapeHtml(forPeople(f.description, zone))}</p>
<table class="kv"><tbody>
${row(['Article', f.article])}${row(['Period', `${readableTime(f.start, zone)} – ${readableTime(f.end, zone)}`])}
${row(['Value / limit / excess', `${hoursMinutes(f.value)} / ${hoursMinutes(f.limit)} / ${hoursMinutes(f.excess)}`])}
</tbody></table>
${followUp(model, f)}
<p class="evidence-title">Evidence (${digest.total} interval(s))</p><ul class="evidence">${evidence.join('')}</ul>
</article>`;
}

export function reportHtml(model: ReportModel): string {
  const name = driverName(model);
  const zone = model.time_zone ?? 'UTC';
  const legend = ACTIVITIES.map(
    (a) =>
      `<li><svg width="12" height="10" aria-hidden="true"><rect width="12" height="10" fill="${ACTIVITY_COLOURS[a]}"/></svg> ${escapeHtml(ACTIVITY_LABELS[a])}</li>`,
  ).join('');
  const findings =
    model.findings.length === 0
      ? `<p>${escapeHtml(noFindingsText(model))}</p>`
      : model.findings.map((f, i) => finding(model, f, i, zone)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Infringement report — ${escapeHtml(name)} — ${escapeHtml(model.date_from)} to ${escapeHtml(model.date_to)}</title>
<link rel="stylesheet" href="report.css">
</head>
<body>
<header>
<h1>Driver infringement report</h1>
<p class="sub">EU 561/2006 technical pre-check of driver-card data · ${escapeHtml(timeZoneText(zone))} · generated ${escapeHtml(readableTime(model.generated_at, zone))}</p>
</header>
<section class="driver"><h2>Driver and card</h2>
<table class="kv"><tbody>
${row(['Driver', name])}${row(['Date of birth', model.birth_date])}${row(['Card number', model.card_number])}
${row(['Issuing state', model.issuing_member_state])}${row(['Issuing authority', model.issuing_authority])}${row(['Card expiry', model.expiry_date])}
${row(['Period', `${model.date_from} to ${model.date_to}`])}
</tbody></table></section>
<section class="basis"><h2>Data basis</h2>
<table class="grid"><thead>${row(['File', 'Imported', 'Activity from', 'to', 'Status', 'Authenticity'], 'th')}</thead><tbody>
${model.imports.map((i) => row([i.file_name ?? '(no file name)', readableTime(i.imported_at, zone), i.activity_from, i.activity_to, i.status, i.authenticity])).join('\n')}
</tbody></table>
${model.conflicts.length > 0 ? `<p class="warning">Imports disagree about ${escapeHtml(model.conflicts.join(', '))}; those days are shown from the newest import.</p>` : ''}
</section>
<section class="totals"><h2>Totals</h2>
<table class="grid"><thead>${row([...ACTIVITIES.map((a) => ACTIVITY_LABELS[a]), 'Days', 'Distance'], 'th')}</thead><tbody>
${row([...ACTIVITIES.map((a) => hoursMinutes(model.totals[a])), model.days, `${model.distance_km} km`])}
</tbody></table></section>
<section class="weeks"><h2>Weeks</h2><ul class="legend">${legend}</ul>
${model.weeks.map((w) => `<figure class="week"><figcaption>${escapeHtml(w.week)} (${escapeHtml(w.start_date)} – ${escapeHtml(w.end_date)}) · driving ${hoursMinutes(w.totals.DRIVING)} · work ${hoursMinutes(w.totals.WORK)} · rest ${hoursMinutes(w.totals.REST)}</figcaption>${weekSvg(w, zone)}</figure>`).join('\n')}
</section>
<section class="findings"><h2>Findings (${model.findings.length})</h2>
${findings}
</section>
${annotationsSection(model, zone)}
<section class="gaps"><h2>Data gaps (${model.data_gaps.length})</h2>
${model.data_gaps.length === 0 ? '<p>No gaps in the recorded time.</p>' : `<table class="grid"><thead>${row(['From', 'To', 'Duration'], 'th')}</thead><tbody>${model.data_gaps.map((g) => row([readableTime(g.start, zone), readableTime(g.end, zone), hoursMinutes(g.duration)])).join('')}</tbody></table>`}
</section>
${readingsSection(model)}
<section class="not-evaluated"><h2>Not evaluated (${model.not_evaluated.length})</h2><p>${escapeHtml(NOT_EVALUATED_TEXT)}</p><ul>${notEvaluatedOf(
    model,
  )
    .map(
      (n) =>
        `<li data-rule="${escapeHtml(n.rule)}"><strong>${escapeHtml(n.name)}</strong>: ${escapeHtml(n.reason)}${n.detail === null ? '' : `<details class="technical"><summary>Technical detail</summary>${escapeHtml(n.detail)}</details>`}</li>`,
    )
    .join('')}</ul></section>
<section class="disclaimer"><h2>Disclaimer</h2><p>${escapeHtml(model.disclaimer)}</p><p class="small">Rules ${escapeHtml(model.rule_version)}.</p></section>
<section class="signatures"><h2>Signatures</h2><p>${escapeHtml(SIGNATURE_TEXT)}</p>
<div class="sign"><div><span class="line"></span>Driver: ${escapeHtml(name)}</div><div><span class="line"></span>Date</div></div>
<div class="sign"><div><span class="line"></span>Transport manager</div><div><span class="line"></span>Date</div></div>
</section>
</body>
</html>
`;
}

export const REPORT_CSS = `@page { size: A4; margin: 15mm 14mm; }
body { font: 10pt/1.35 "DejaVu Sans", Arial, sans-serif; color: #212529; margin: 0 auto; max-width: 190mm; padding: 8mm; }
h1 { font-size: 17pt; margin: 0 0 2pt; } h2 { font-size: 12pt; margin: 12pt 0 4pt; border-bottom: 1px solid #ced4da; }
h3 { font-size: 10.5pt; margin: 6pt 0 2pt; } .sub, .small { color: #495057; font-size: 8.5pt; }
table { border-collapse: collapse; } .grid { width: 100%; } .grid th, .grid td { border: 1px solid #dee2e6; padding: 2pt 4pt; text-align: left; font-size: 8.5pt; }
.kv td { padding: 1pt 8pt 1pt 0; vertical-align: top; } .kv td:first-child { color: #495057; }
.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 4pt 12pt; font-size: 8.5pt; }
.week { margin: 4pt 0 8pt; break-inside: avoid; } .week figcaption { font-size: 9pt; font-weight: bold; } .week-chart { width: 100%; height: auto; }
.finding { border-left: 3pt solid #adb5bd; padding: 0 0 2pt 6pt; margin: 6pt 0; break-inside: avoid; }
.status-violation { border-color: #c92a2a; } .status-potential { border-color: #e8a33d; }
.evidence { font-size: 8.5pt; margin: 0; } .evidence-title { margin: 2pt 0 0; font-size: 8.5pt; color: #495057; }
.warning { color: #a61e4d; } details.technical { font-size: 8pt; color: #495057; } .signatures { break-inside: avoid; }
.sign { display: flex; gap: 12mm; margin-top: 14mm; } .sign div { flex: 1; font-size: 9pt; } .sign .line { display: block; border-bottom: 1px solid #212529; margin-bottom: 2pt; height: 1pt; }
@media print { details.technical { display: none; } body { padding: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
`;
