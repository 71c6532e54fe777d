/**
 * The vehicle report of a period (HTML and PDF from one block list, ../document/blocks.ts): the vehicle and its
 * vehicle unit, when the next download and calibration fall due, the calibrations, both slots' activities per day
 * with the cards in them, driving without a card, card insertions, overspeeding, events and faults, and the proof:
 * every VU download the figures rest on with its SHA-256 and authenticity verdict (as the driver report's proof).
 * Times in the document's named zone, durations h:mm; the rows are grouped by the UTC day the VU records them under.
 */
import type { VehicleReportData } from '../../../core/use-cases/vehicle-report.js';
import { isoDayOrNull, isoTimestamp, isoTimestampOrNull } from '../../../core/time.js';
import type { Block, OfficeDocument } from '../document/blocks.js';
import { PROOF_TEXT } from '../report/proof.js';
import { readableTime } from '../report/report-model.js';
import { hoursMinutes } from '../../vocabulary/durations.js';
import { authenticityText } from '../../vocabulary/people-text.js';
import {
  DUE_WORDS,
  holderName,
  NO_CARD,
  OVERSPEEDING,
  SLOT_NAMES,
  vehicleName,
  VU_ACTIVITY_NAMES,
  WITHOUT_CARD,
} from '../../vocabulary/vehicle-words.js';

export interface VehicleReportModel {
  data: VehicleReportData;
  date_from: string;
  date_to: string;
  time_zone: string;
  generated_at: string;
}

const dash = (v: string | number | null | undefined): string =>
  v === null || v === undefined || v === '' ? '–' : String(v);

function dueText(model: VehicleReportModel): [string, string][] {
  const { data, time_zone: zone } = model;
  const due = data.due;
  const download = isoTimestampOrNull(due.download_due_s);
  const next = isoDayOrNull(due.next_calibration_day);
  const calibrationState = due.calibration_overdue
    ? DUE_WORDS.calibration_overdue
    : due.calibration_due_soon
      ? DUE_WORDS.calibration_due_soon
      : null;
  return [
    [
      DUE_WORDS.download_due,
      `${readableTime(download, zone)}${due.download_overdue ? ` — ${DUE_WORDS.download_overdue}` : ''}`,
    ],
    [DUE_WORDS.calibration_due, `${dash(next)}${calibrationState ? ` — ${calibrationState}` : ''}`],
  ];
}

function vehicleBlocks(model: VehicleReportModel): Block[] {
  const v = model.data.vehicle;
  const vu = v.vu;
  return [
    { kind: 'heading', text: 'Vehicle and vehicle unit', section: 'vehicle' },
    {
      kind: 'fields',
      rows: [
        ['Registration', vehicleName(v.registration, null)],
        ['VIN', v.vin],
        [
          'Vehicle unit',
          vu ? `${dash(vu.manufacturer_name)}, part ${dash(vu.part_number)}, serial ${vu.serial_number}` : '–',
        ],
        ['Software version', dash(vu?.software_version)],
        ['Newest download', readableTime(isoTimestampOrNull(v.downloaded_at), model.time_zone)],
        ...dueText(model),
        ['Stored downloads', String(v.imports)],
      ],
    },
  ];
}

function calibrationBlocks(model: VehicleReportModel): Block[] {
  const rows = model.data.calibrations;
  if (rows.length === 0) return [{ kind: 'para', text: 'No calibration is recorded in the stored downloads.' }];
  return [
    {
      kind: 'table',
      header: ['Date', 'Purpose', 'Workshop', 'Odometer km', 'Tyre size', 'Speed limit', 'Next calibration'],
      rows: rows.map((c) => [
        readableTime(c.at, model.time_zone),
        c.purpose.name ?? `code ${c.purpose.code}`,
        dash(c.workshop.name),
        `${dash(c.odometer_old_km)} → ${dash(c.odometer_new_km)}`,
        dash(c.tyre_size),
        `${c.authorised_speed_kmh} km/h`,
        dash(c.next_calibration_date),
      ]),
      widths: [0.17, 0.17, 0.18, 0.14, 0.12, 0.1, 0.12],
    },
  ];
}

/** Per UTC day and slot: the time in each activity and the cards (holders) in the slot that day. */
function dailyBlocks(model: VehicleReportModel): Block[] {
  const { activities, insertions } = model.data;
  if (activities.length === 0) return [{ kind: 'para', text: 'No activity is recorded in this period.' }];
  const holders = new Map(insertions.map((i) => [i.card_number, holderName(i.holder, i.card_number)]));
  const groups = new Map<string, typeof activities>();
  for (const r of activities) {
    const key = `${r.date}|${r.slot}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const rows = [...groups.entries()].map(([key, rs]) => {
    const [date, slot] = key.split('|') as [string, keyof typeof SLOT_NAMES];
    const sum = (a: string) => hoursMinutes(rs.filter((r) => r.activity === a).reduce((s, r) => s + r.duration, 0));
    const cards = [...new Set(rs.map((r) => r.card_number))].map((c) => (c === null ? NO_CARD : (holders.get(c) ?? c)));
    return [date, SLOT_NAMES[slot], sum('DRIVING'), sum('WORK'), sum('AVAILABILITY'), sum('REST'), cards.join('; ')];
  });
  const { DRIVING, WORK, AVAILABILITY, REST } = VU_ACTIVITY_NAMES;
  return [
    {
      kind: 'table',
      header: ['Day (UTC)', 'Slot', DRIVING, WORK, AVAILABILITY, REST, 'Cards in the slot'],
      rows,
      widths: [0.12, 0.13, 0.09, 0.1, 0.11, 0.1, 0.35],
    },
  ];
}

function withoutCardBlocks(model: VehicleReportModel): Block[] {
  const rows = model.data.without_card;
  if (rows.length === 0)
    return [{ kind: 'para', text: 'The vehicle unit recorded no driving without a card in this period.' }];
  const zone = model.time_zone;
  return [
    {
      kind: 'table',
      // distance: the odometer readings that bound the interval (– when none bound it; see the analysis route)
      header: ['Slot', 'From', 'To', 'Duration', 'Distance (km)'],
      rows: rows.map((r) => [
        SLOT_NAMES[r.slot],
        readableTime(isoTimestamp(r.start), zone),
        readableTime(isoTimestamp(r.end), zone),
        hoursMinutes(r.duration),
        dash(r.distance_km),
      ]),
      widths: [0.18, 0.27, 0.27, 0.13, 0.15],
    },
  ];
}

function insertionBlocks(model: VehicleReportModel): Block[] {
  const zone = model.time_zone;
  const rows = model.data.insertions;
  if (rows.length === 0) return [{ kind: 'para', text: 'No card was inserted in this period.' }];
  return [
    {
      kind: 'table',
      header: ['Card', 'Holder', 'Slot', 'Inserted', 'Withdrawn', 'Odometer km'],
      rows: rows.map((i) => [
        dash(i.card_number),
        holderName(i.holder, null),
        i.slot === null ? '–' : SLOT_NAMES[i.slot],
        readableTime(i.inserted_at, zone),
        i.withdrawn_at === null ? 'still inserted at the download' : readableTime(i.withdrawn_at, zone),
        `${dash(i.odometer_at_insertion_km)} → ${dash(i.odometer_at_withdrawal_km)}`,
      ]),
      widths: [0.17, 0.19, 0.12, 0.18, 0.2, 0.14],
    },
  ];
}

function overspeedingBlocks(model: VehicleReportModel): Block[] {
  const zone = model.time_zone;
  const rows = model.data.overspeeding;
  if (rows.length === 0) return [{ kind: 'para', text: 'No overspeeding is recorded in this period.' }];
  return [
    {
      kind: 'table',
      header: ['From', 'To', 'Highest km/h', 'Average km/h', 'Card in the driver slot'],
      rows: rows.map((o) => [
        readableTime(o.start, zone),
        readableTime(o.end, zone),
        String(o.max_speed_kmh),
        String(o.average_speed_kmh),
        o.card_number ?? NO_CARD,
      ]),
      widths: [0.22, 0.22, 0.14, 0.14, 0.28],
    },
  ];
}

function eventFaultBlocks(model: VehicleReportModel): Block[] {
  const zone = model.time_zone;
  const rows = [
    ...model.data.events.map((e) => ['Event', e] as const),
    ...model.data.faults.map((f) => ['Fault', f] as const),
  ];
  if (rows.length === 0) return [{ kind: 'para', text: 'No event or fault is recorded in this period.' }];
  return [
    {
      kind: 'table',
      header: ['Kind', 'What', 'From', 'To', 'Cards'],
      rows: rows.map(([kind, e]) => [
        kind,
        e.description ?? `code ${e.code}`,
        readableTime(e.start, zone),
        readableTime(e.end, zone),
        e.card_numbers.join(', ') || '–',
      ]),
      widths: [0.08, 0.32, 0.2, 0.2, 0.2],
    },
  ];
}

function proofBlocks(model: VehicleReportModel): Block[] {
  const zone = model.time_zone;
  const imports = model.data.imports;
  // a VU import keeps its verdict with the VU's facts (core/use-cases/parse-vu-import.ts), a card import on the row
  const status = (i: (typeof imports)[number]) => (i.vehicle_unit?.authenticity ?? i.authenticity)?.status ?? null;
  const verdicts = [...new Set(imports.map(status))];
  return [
    { kind: 'heading', text: 'Data basis and proof', section: 'basis' },
    { kind: 'para', text: PROOF_TEXT, tone: 'small' },
    {
      kind: 'table',
      header: ['File', 'Imported', 'Status', 'Authenticity'],
      rows: imports.map((i) => [
        i.file_name ?? '(no file name)',
        readableTime(isoTimestampOrNull(i.imported_at), zone),
        i.status,
        status(i) ?? 'not checked',
      ]),
      widths: [0.4, 0.25, 0.15, 0.2],
    },
    {
      kind: 'list',
      size: 'small',
      items: imports.map((i) => ({ name: `SHA-256 of ${i.file_name ?? '(no file name)'}`, text: i.content_sha256 })),
    },
    {
      kind: 'list',
      size: 'small',
      items: verdicts.map((v) => ({ name: v ?? 'not checked', text: authenticityText(v) })),
    },
  ];
}

export function vehicleReportDocument(model: VehicleReportModel): OfficeDocument {
  const v = model.data.vehicle;
  const name = vehicleName(v.registration, v.vin);
  const quarantined = model.data.activities.some((a) => a.quarantined);
  return {
    title: `Vehicle report — ${name} — ${model.date_from} to ${model.date_to}`,
    blocks: [
      {
        kind: 'title',
        text: `Vehicle report: ${name}`,
        sub: `VIN ${v.vin} · period ${model.date_from} to ${model.date_to} · times in ${model.time_zone}, days as the vehicle unit records them (UTC) · generated ${readableTime(model.generated_at, model.time_zone)}`,
      },
      ...(quarantined
        ? [
            {
              kind: 'para',
              text: 'Some rows come from a quarantined download: check its authenticity below.',
              tone: 'warning',
            } as Block,
          ]
        : []),
      ...vehicleBlocks(model),
      { kind: 'heading', text: 'Calibrations', section: 'calibrations' },
      ...calibrationBlocks(model),
      { kind: 'heading', text: 'Activities per day, both slots', section: 'activities' },
      ...dailyBlocks(model),
      { kind: 'heading', text: WITHOUT_CARD, section: 'without-card' },
      ...withoutCardBlocks(model),
      { kind: 'heading', text: 'Card insertions', section: 'insertions' },
      ...insertionBlocks(model),
      { kind: 'heading', text: OVERSPEEDING, section: 'overspeeding' },
      ...overspeedingBlocks(model),
      { kind: 'heading', text: 'Events and faults', section: 'events' },
      ...eventFaultBlocks(model),
      ...proofBlocks(model),
    ],
  };
}
