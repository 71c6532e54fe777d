/**
 * An office document (the report, the driver letter, the fleet report) as a list of blocks: what it says, in the
 * order it says it, independent of paper or screen. The HTML page (./html.ts) and the PDF (./pdf.ts) each render
 * every block, so the two hold the same fields and words by construction: a field added to a document appears in
 * both or in neither.
 */
import type { WeekJson } from '../report/report-model.js';

/** One line of a list: its words, an optional name in bold before them, the technical detail behind a disclosure. */
export interface ListItem {
  name?: string;
  text: string;
  /** the service's own words when they differ from `text` (HTML: a disclosure; never printed) */
  detail?: string | null;
  /** a data attribute of the HTML item (the rule id of a not-evaluated line, the id of a reading) */
  key?: string;
  /** the data attribute's name: data-rule (default) or data-reading */
  keyName?: 'rule' | 'reading';
}

export type Block =
  /** the document's title and the line under it */
  | { kind: 'title'; text: string; sub: string }
  /** a section heading; `section` names the HTML section it opens (a class) */
  | { kind: 'heading'; text: string; section: string }
  | { kind: 'para'; text: string; tone?: 'small' | 'warning' }
  /** label / value rows */
  | { kind: 'fields'; rows: [string, string][]; cls?: string }
  /** a table; `widths` are the PDF's column widths (fractions of the text width) */
  | { kind: 'table'; header: string[]; rows: string[][]; widths: number[] }
  | { kind: 'list'; items: ListItem[]; size?: 'small' }
  /** the activity colours of the week charts */
  | { kind: 'legend' }
  /** one ISO week's chart (local days of `zone`) with its caption */
  | { kind: 'week'; week: WeekJson; zone: string; caption: string }
  /** a group kept together on paper (a finding): its title and blocks; `tone` its left border */
  | { kind: 'group'; title: string; tone: string; blocks: Block[] }
  /** lines to sign on: each a label under a line, beside a date line */
  | { kind: 'signatures'; who: string[] }
  /** the next block starts a new page on paper (a driver of the fleet report) */
  | { kind: 'page-break' };

/** A document: its title (the HTML title, the PDF's metadata) and its blocks. */
export interface OfficeDocument {
  title: string;
  blocks: Block[];
}
