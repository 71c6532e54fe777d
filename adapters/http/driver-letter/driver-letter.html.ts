/**
 * The driver letter as a printable page: the confirmed findings of the period for the driver's signature, then
 * the office's follow-up of every finding (its review status and notes, the annotations that apply). Times in the
 * office's zone (the configured one, or `tz=`), named at each instant (CET / CEST).
 */
import { escapeHtml } from '../../office/report/report-html.js';
import { ruleName } from '../../web/client/labels.js';
import { formatLocalStamp } from '../../web/client/local-time.js';
import { annotationKindName, reviewStatusName } from '../../web/client/office-words.js';
import { forPeople } from '../../web/client/people-text.js';
import type { LetterFinding, LetterModel } from './driver-letter.model.js';

const when = (iso: string, zone: string) => formatLocalStamp(iso, zone);

function confirmedRow(f: LetterFinding, zone: string): string {
  const notes = f.notes
    .filter((n) => n.note)
    .map((n) => escapeHtml(n.note))
    .join('<br>');
  return (
    `<tr><td>${escapeHtml(f.check)}</td><td>${escapeHtml(ruleName(f.rule))}</td><td>${escapeHtml(when(f.start, zone))} – ${escapeHtml(when(f.end, zone))}</td>` +
    `<td>${escapeHtml(f.severity)}</td><td>${escapeHtml(forPeople(f.description, zone))}</td><td>${notes || '–'}</td></tr>`
  );
}

function followUpRow(f: LetterFinding, zone: string): string {
  const notes = f.notes
    .map(
      (n) =>
        `${escapeHtml(when(n.at, zone))} ${escapeHtml(reviewStatusName(n.status))} (${escapeHtml(n.author)})${n.note ? `: ${escapeHtml(n.note)}` : ''}`,
    )
    .join('<br>');
  const annotations = f.annotations
    .map((a) => `${escapeHtml(annotationKindName(a.kind))}${a.note ? `: ${escapeHtml(a.note)}` : ''}`)
    .join('<br>');
  return (
    `<tr><td>${escapeHtml(ruleName(f.rule))}</td><td>${escapeHtml(f.status.replace(/_/g, ' '))}</td><td>${escapeHtml(when(f.start, zone))}</td>` +
    `<td>${escapeHtml(reviewStatusName(f.review_status))}${f.possibly_justified ? '<br>possibly justified' : ''}</td><td>${notes || '–'}</td><td>${annotations || '–'}</td></tr>`
  );
}

export function letterHtml(m: LetterModel, timeZone = 'UTC'): string {
  const name = [m.first_names, m.surname].filter(Boolean).join(' ') || 'the driver';
  const confirmed = m.findings.filter((f) => f.confirmed);
  const list = confirmed.length
    ? `<table><thead><tr><th>Rules</th><th>Rule</th><th>Period</th><th>Severity</th><th>What was found</th><th>Office notes</th></tr></thead><tbody>${confirmed.map((f) => confirmedRow(f, timeZone)).join('')}</tbody></table>`
    : '<p class="none">The office has confirmed no infringement in this period.</p>';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Driver letter ${escapeHtml(m.card_number)} ${escapeHtml(m.date_from)} to ${escapeHtml(m.date_to)}</title>` +
    `<link rel="stylesheet" href="report.css"></head><body>` +
    `<h1>Infringements confirmed by the transport office</h1>` +
    `<p>To ${escapeHtml(name)}, driver card ${escapeHtml(m.card_number)}. Period ${escapeHtml(m.date_from)} to ${escapeHtml(m.date_to)} (times in ${escapeHtml(timeZone)}).</p>` +
    `<p>The office checked the driver card data of this period and confirmed the following ${confirmed.length} infringement(s) of the driving and rest time rules. ` +
    'Please read them, add a remark if you wish, and sign below to acknowledge that you were informed.</p>' +
    `<section class="confirmed">${list}</section>` +
    '<section class="signatures"><p>Remarks of the driver: ______________________________________________</p>' +
    '<p>Date: ____________ &nbsp; Signature of the driver: ______________________________</p>' +
    '<p>Date: ____________ &nbsp; Signature for the transport office: ______________________</p></section>' +
    `<h2>Follow-up of every finding of the period (${m.findings.length})</h2>` +
    `<table class="follow-up"><thead><tr><th>Rule</th><th>Finding</th><th>From</th><th>Review status</th><th>Review history</th><th>Office annotations</th></tr></thead>` +
    `<tbody>${m.findings.map((f) => followUpRow(f, timeZone)).join('')}</tbody></table></body></html>`
  );
}
