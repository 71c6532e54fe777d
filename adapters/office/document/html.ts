/**
 * An office document as one HTML page (A4 print stylesheet: /report.css). No script, no inline style: it runs under
 * a strict Content-Security-Policy. Week charts are inline SVG (presentation attributes only). Every text from the
 * data is escaped.
 */
import {
  ACTIVITY_COLOURS,
  ACTIVITY_LABELS,
  dayFractions,
  drawnActivity,
  type Totals,
  type WeekJson,
} from '../report/report-model.js';
import { hoursMinutes } from '../../vocabulary/durations.js';
import type { Block, ListItem, OfficeDocument } from './blocks.js';

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

function legendHtml(): string {
  const items = ACTIVITIES.map(
    (a) =>
      `<li><svg width="12" height="10" aria-hidden="true"><rect width="12" height="10" fill="${ACTIVITY_COLOURS[a]}"/></svg> ${escapeHtml(ACTIVITY_LABELS[a])}</li>`,
  );
  return `<ul class="legend">${items.join('')}</ul>`;
}

function listItem(item: ListItem): string {
  const key = item.key === undefined ? '' : ` data-${item.keyName ?? 'rule'}="${escapeHtml(item.key)}"`;
  const name = item.name === undefined ? '' : `<strong>${escapeHtml(item.name)}</strong>: `;
  const detail =
    item.detail == null
      ? ''
      : `<details class="technical"><summary>Technical detail</summary>${escapeHtml(item.detail)}</details>`;
  return `<li${key}>${name}${escapeHtml(item.text)}${detail}</li>`;
}

const SIGN_LINE = '<span class="line"></span>';

/** One block as HTML (a heading only as its h2: the page wraps sections around headings). */
function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'title':
      return `<header><h1>${escapeHtml(block.text)}</h1><p class="sub">${escapeHtml(block.sub)}</p></header>`;
    case 'heading':
      return `<h2>${escapeHtml(block.text)}</h2>`;
    case 'para':
      return block.tone === undefined
        ? `<p>${escapeHtml(block.text)}</p>`
        : `<p class="${block.tone}">${escapeHtml(block.text)}</p>`;
    case 'fields':
      return `<table class="kv${block.cls ? ` ${block.cls}` : ''}"><tbody>${block.rows.map((r) => row(r)).join('')}</tbody></table>`;
    case 'table':
      return `<table class="grid"><thead>${row(block.header, 'th')}</thead><tbody>${block.rows.map((r) => row(r)).join('\n')}</tbody></table>`;
    case 'list':
      return `<ul${block.size ? ` class="${block.size}"` : ''}>${block.items.map(listItem).join('')}</ul>`;
    case 'legend':
      return legendHtml();
    case 'week':
      return `<figure class="week"><figcaption>${escapeHtml(block.caption)}</figcaption>${weekSvg(block.week, block.zone)}</figure>`;
    case 'group':
      return `<article class="finding status-${escapeHtml(block.tone)}">\n<h3>${escapeHtml(block.title)}</h3>\n${block.blocks.map(blockHtml).join('\n')}\n</article>`;
    case 'signatures':
      return block.who
        .map((who) => `<div class="sign"><div>${SIGN_LINE}${escapeHtml(who)}</div><div>${SIGN_LINE}Date</div></div>`)
        .join('\n');
    case 'page-break':
      return '<div class="page-break"></div>';
  }
}

/** The blocks as HTML, each heading opening a section (classed by its `section`) that runs to the next one. */
export function blocksHtml(blocks: readonly Block[]): string {
  const out: string[] = [];
  let open = false;
  for (const block of blocks) {
    if (block.kind === 'heading' || block.kind === 'page-break') {
      if (open) out.push('</section>');
      open = block.kind === 'heading';
      if (open) out.push(`<section class="${escapeHtml((block as { section: string }).section)}">`);
    }
    out.push(blockHtml(block));
  }
  if (open) out.push('</section>');
  return out.join('\n');
}

/** The whole page: the document's title, the report stylesheet, its blocks. */
export function documentHtml(document: OfficeDocument): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.title)}</title>
<link rel="stylesheet" href="report.css">
</head>
<body>
${blocksHtml(document.blocks)}
</body>
</html>
`;
}
