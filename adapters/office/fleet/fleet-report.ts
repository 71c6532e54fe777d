/**
 * A month's check in one go: the fleet report of a period, every driver's findings (the findings of the period
 * of GET /findings for that driver, same rules and filters), one section per driver, as one document model rendered
 * alike as HTML and PDF. A driver whose data the checks refuse (imports that disagree, a quarantined import) is
 * listed with the reason, never left out.
 */
import type { Block, OfficeDocument } from '../document/blocks.js';
import { findingGroup } from '../report/report-document.js';
import { proofBlocks, ruleSetText, type Proof } from '../report/proof.js';
import { readableTime, timeZoneText, type FindingJson } from '../report/report-model.js';
import { bandName, bandNote } from '../../vocabulary/labels.js';
import { errorCodeText, sentence } from '../../vocabulary/people-text.js';

/** One driver's part of the fleet report. */
export interface FleetDriverSection {
  card_number: string;
  surname: string | null;
  first_names: string | null;
  findings: FindingJson[];
  /** the error code of a refused check (conflicting_data, quarantined_data), null when evaluated */
  not_evaluated: string | null;
  /** the imports the findings rest on and the rule set; null when not evaluated */
  proof: Proof | null;
}

export interface FleetReportModel {
  date_from: string;
  date_to: string;
  time_zone: string;
  generated_at: string;
  drivers: FleetDriverSection[];
}

const nameOf = (d: Pick<FleetDriverSection, 'surname' | 'first_names'>): string =>
  [d.surname, d.first_names].filter((s) => s !== null && s !== '').join(', ') || '(name not recorded)';

/** Why a driver's period was not evaluated, as the page and the CLI say it. */
export function notEvaluatedText(code: string): string {
  return `Not evaluated: ${sentence(errorCodeText(code))}`;
}

/** The most serious band among findings, in words (the band order of Reg. (EU) 2016/403). */
function mostSerious(findings: readonly FindingJson[]): string {
  for (const band of ['MSI', 'VSI', 'SI', 'MI']) if (findings.some((f) => f.severity === band)) return bandName(band)!;
  return '–';
}

const count = (findings: readonly FindingJson[], status: string) =>
  String(findings.filter((f) => f.status === status).length);

/** The overview table: a row per driver with the counts of the period. */
function overview(model: FleetReportModel): Block[] {
  return [
    { kind: 'heading', text: `Drivers (${model.drivers.length})`, section: 'fleet' },
    {
      kind: 'table',
      header: ['Driver', 'Card number', 'Findings', 'Violations', 'Potential', 'Incomplete data', 'Most serious'],
      rows: model.drivers.map((d) =>
        d.not_evaluated === null
          ? [
              nameOf(d),
              d.card_number,
              String(d.findings.length),
              count(d.findings, 'VIOLATION'),
              count(d.findings, 'POTENTIAL'),
              count(d.findings, 'INCOMPLETE_DATA'),
              mostSerious(d.findings),
            ]
          : [nameOf(d), d.card_number, 'not evaluated', '–', '–', '–', '–'],
      ),
      widths: [0.2, 0.21, 0.09, 0.1, 0.09, 0.12, 0.19],
    },
  ];
}

function driverBlocks(d: FleetDriverSection, zone: string): Block[] {
  const blocks: Block[] = [
    { kind: 'page-break' },
    { kind: 'heading', text: `${nameOf(d)} — ${d.card_number}`, section: 'driver' },
  ];
  if (d.not_evaluated !== null)
    return [...blocks, { kind: 'para', text: notEvaluatedText(d.not_evaluated), tone: 'warning' }];
  blocks.push({ kind: 'para', text: `Findings (${d.findings.length})` });
  if (d.findings.length === 0) blocks.push({ kind: 'para', text: 'The checks found nothing in this period.' });
  const context = { time_zone: zone };
  blocks.push(...d.findings.map((f, i) => findingGroup(context, f, i)));
  if (d.proof !== null) blocks.push(...proofBlocks({ ...d.proof, time_zone: zone }));
  return blocks;
}

export function fleetReportDocument(model: FleetReportModel): OfficeDocument {
  const zone = model.time_zone;
  const all = model.drivers.flatMap((d) => d.findings);
  const note = bandNote(all);
  const ruleSet = model.drivers.find((d) => d.proof !== null)?.proof ?? null;
  return {
    title: `Fleet report — ${model.date_from} to ${model.date_to}`,
    blocks: [
      {
        kind: 'title',
        text: 'Fleet infringement report',
        sub: `Period ${model.date_from} to ${model.date_to} · ${timeZoneText(zone)} · generated ${readableTime(model.generated_at, zone)}`,
      },
      ...overview(model),
      ...(note === null ? [] : [{ kind: 'para', text: note, tone: 'small' } as Block]),
      ...(ruleSet === null ? [] : [{ kind: 'para', text: ruleSetText(ruleSet) } as Block]),
      ...model.drivers.flatMap((d) => driverBlocks(d, zone)),
    ],
  };
}
