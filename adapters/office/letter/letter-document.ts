/**
 * The driver letter as one document model (../document/blocks.ts), rendered alike as the HTML page (/letter) and
 * the PDF (/letter.pdf): the infringements the office confirmed in the period, for the driver's signature, then the
 * follow-up of every finding of the period, then the files they rest on and the rule set (the proof). Times in the
 * office's zone, named at each instant as on the page (Europe/Berlin (UTC+01:00) in winter, (UTC+02:00) in summer).
 */
import type { Block, OfficeDocument } from '../document/blocks.js';
import { proofBlocks, type Proof } from '../report/proof.js';
import { readingsBlocks } from '../report/report-document.js';
import { findingReadingsText } from '../report/report-model.js';
import { bandName, bandNote, ruleName } from '../../vocabulary/labels.js';
import { formatLocalStamp } from '../../vocabulary/local-time.js';
import { annotationKindName, reviewStatusName } from '../../vocabulary/office-words.js';
import { forPeople } from '../../vocabulary/people-text.js';
import type { LetterFinding, LetterModel } from './letter-model.js';

const when = (iso: string, zone: string) => formatLocalStamp(iso, zone);

function confirmedRow(m: LetterModel, f: LetterFinding, zone: string): string[] {
  const notes = f.notes.filter((n) => n.note).map((n) => n.note!);
  // a verdict resting on a reading says so under what was found, as the report's follow-up does
  const readings = findingReadingsText(m, f);
  return [
    f.check,
    ruleName(f.rule),
    `${when(f.start, zone)} – ${when(f.end, zone)}`,
    bandName(f.severity) ?? '–',
    `${forPeople(f.description, zone)}${readings === null ? '' : `\n${readings}`}`,
    notes.join('\n') || '–',
  ];
}

function followUpRow(f: LetterFinding, zone: string): string[] {
  const notes = f.notes.map(
    (n) => `${when(n.at, zone)} ${reviewStatusName(n.status)} (${n.author})${n.note ? `: ${n.note}` : ''}`,
  );
  const annotations = f.annotations.map((a) => `${annotationKindName(a.kind)}${a.note ? `: ${a.note}` : ''}`);
  return [
    ruleName(f.rule),
    f.status.replace(/_/g, ' '),
    when(f.start, zone),
    `${reviewStatusName(f.review_status)}${f.possibly_justified ? '\npossibly justified' : ''}`,
    notes.join('\n') || '–',
    annotations.join('\n') || '–',
  ];
}

/** The confirmed infringements, with the one note on their bands. */
function confirmedBlocks(m: LetterModel, confirmed: readonly LetterFinding[], zone: string): Block[] {
  const blocks: Block[] = [
    { kind: 'heading', text: `Confirmed infringements (${confirmed.length})`, section: 'confirmed' },
  ];
  if (confirmed.length === 0)
    return [...blocks, { kind: 'para', text: 'The office has confirmed no infringement in this period.' }];
  const note = bandNote(confirmed);
  return [
    ...blocks,
    {
      kind: 'table',
      header: ['Rules', 'Rule', 'Period', 'Band', 'What was found', 'Office notes'],
      rows: confirmed.map((f) => confirmedRow(m, f, zone)),
      widths: [0.12, 0.14, 0.2, 0.12, 0.27, 0.15],
    },
    ...(note === null ? [] : [{ kind: 'para', text: note, tone: 'small' } as Block]),
  ];
}

export function letterDocument(m: LetterModel, proof: Proof, timeZone = 'UTC'): OfficeDocument {
  const name = [m.first_names, m.surname].filter(Boolean).join(' ') || 'the driver';
  const confirmed = m.findings.filter((f) => f.confirmed);
  return {
    title: `Driver letter ${m.card_number} ${m.date_from} to ${m.date_to}`,
    blocks: [
      {
        kind: 'title',
        text: 'Infringements confirmed by the transport office',
        sub: `To ${name}, driver card ${m.card_number}. Period ${m.date_from} to ${m.date_to} (times in ${timeZone}).`,
      },
      {
        kind: 'para',
        text:
          `The office checked the driver card data of this period and confirmed the following ${confirmed.length} infringement(s) of the driving and rest time rules. ` +
          'Please read them, add a remark if you wish, and sign below to acknowledge that you were informed.',
      },
      ...confirmedBlocks(m, confirmed, timeZone),
      { kind: 'heading', text: 'Signatures', section: 'signatures' },
      { kind: 'para', text: 'Remarks of the driver:' },
      { kind: 'signatures', who: [`Driver: ${name}`, 'For the transport office'] },
      {
        kind: 'heading',
        text: `Follow-up of every finding of the period (${m.findings.length})`,
        section: 'follow-up',
      },
      {
        kind: 'table',
        header: ['Rule', 'Finding', 'From', 'Review status', 'Review history', 'Office annotations'],
        rows: m.findings.map((f) => followUpRow(f, timeZone)),
        widths: [0.15, 0.12, 0.17, 0.16, 0.24, 0.16],
      },
      ...readingsBlocks(m, 'this letter'),
      ...proofBlocks({ ...proof, time_zone: timeZone }),
    ],
  };
}
