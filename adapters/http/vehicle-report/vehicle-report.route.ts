/**
 * One vehicle's report and its CSV exports, from the stored VU downloads (core/use-cases/vehicle-report.ts):
 * GET /vehicle-report (HTML, A4 print stylesheet) and /vehicle-report.pdf for `vin`, date_from and date_to (all
 * required, at most REPORT_MAX_DAYS days); GET /export/vehicle-activities.csv (both slots' activity intervals of
 * `vin` and the period) and GET /export/driving-without-card.csv (every interval of driving without a card of
 * `vin`, or of every vehicle, in the period, with the distance GET /vehicle-units/driving-without-card gives). CSV as the other exports: RFC 4180, UTF-8 with a byte order mark,
 * Excel-safe cells, durations in seconds and h:mm, local times after the UTC ones.
 */
import type { VehicleReportQuery } from '../../../core/use-cases/vehicle-report.js';
import type { VuActivityRow } from '../../../core/rows/vu-activities.js';
import type { DrivingWithoutCard } from '../../../core/vehicle-units/driving-without-card.js';
import { isoDay, isoTimestamp } from '../../../core/time.js';
import { csvText, documentFileName, hmm, type Cell } from '../../office/export/csv.js';
import { vehicleReportDocument, type VehicleReportModel } from '../../office/vehicle/vehicle-report.js';
import { localIsoWithOffset } from '../../vocabulary/local-time.js';
import { holderName, vehicleName } from '../../vocabulary/vehicle-words.js';
import { csvOk, csvResponse, delimiterOf } from '../export/export.route.js';
import type { HttpAppDependencies } from '../ports.js';
import { documentResponse } from '../report/report.route.js';
import { reportPeriod } from '../report/report.data.js';
import { errorResponseSchema, querySchema, type QueryParameterName } from '../schemas.js';
import { HttpProblem } from '../shared/problem.js';
import type { QueryValues } from '../shared/query-params.js';
import type { RouteResponse, RouteSpec } from '../shared/route-spec.js';
import { displayZoneOf } from '../shared/time-zone.js';

const NAMES: QueryParameterName[] = ['vin', 'date_from', 'date_to', 'tz'];
const CSV_NAMES: QueryParameterName[] = [...NAMES, 'delimiter'];
const error = (description: string): RouteResponse => ({ description, schema: errorResponseSchema });
const ERRORS = {
  400: error('invalid_filter: vin, date_from or date_to missing or malformed, or the period too long'),
  404: error('not_found: no stored vehicle-unit download names the VIN, or the vehicle units are not available'),
  500: error('internal_error, with a correlation_id the REST log carries too'),
};

function vehicleReportOf(deps: HttpAppDependencies): VehicleReportQuery {
  if (!deps.vehicleReport)
    throw new HttpProblem(404, 'not_found', 'The vehicle units are not available in this service.');
  return deps.vehicleReport;
}

/** The period (both dates required, at most REPORT_MAX_DAYS days) and, when `needVin`, the VIN. */
export function vehicleSelection(
  query: QueryValues,
  needVin: boolean,
): { vin: string | null; from: number; to: number } {
  const required: QueryParameterName[] = needVin ? ['vin', 'date_from', 'date_to'] : ['date_from', 'date_to'];
  const { from, to } = reportPeriod(query, required, 'here', 'A vehicle report or export');
  return { vin: query.vin ?? null, from, to };
}

async function reportModel(deps: HttpAppDependencies, query: QueryValues): Promise<VehicleReportModel> {
  const { vin, from, to } = vehicleSelection(query, true);
  const data = await vehicleReportOf(deps).report(vin!, { from, to });
  return {
    data,
    date_from: isoDay(from),
    date_to: isoDay(to),
    time_zone: displayZoneOf(deps, query),
    generated_at: isoTimestamp(data.as_of_s),
  };
}

const LOCAL = ['start_local', 'end_local', 'time_zone'];
export const VEHICLE_ACTIVITY_HEADER = [
  'vin',
  'date',
  'slot',
  'start',
  'end',
  'activity',
  'duration_seconds',
  'duration_hmm',
  'card_inserted',
  'card_number',
  'holder',
  'crew',
  'quarantined',
  ...LOCAL,
];
export const WITHOUT_CARD_HEADER = [
  'vin',
  'registration',
  'slot',
  'start',
  'end',
  'duration_seconds',
  'duration_hmm',
  'distance_km',
  'quarantined',
  ...LOCAL,
];

const localCells = (start: string, end: string, zone: string): Cell[] => [
  localIsoWithOffset(start, zone),
  localIsoWithOffset(end, zone),
  zone,
];

function activityCells(
  r: VuActivityRow & { quarantined: boolean },
  holders: Map<string, string>,
  zone: string,
): Cell[] {
  const holder = r.card_number === null ? null : (holders.get(r.card_number) ?? null);
  return [
    r.vin,
    r.date,
    r.slot,
    r.start,
    r.end,
    r.activity,
    r.duration,
    hmm(r.duration),
    r.card_inserted,
    r.card_number,
    holder,
    r.crew,
    r.quarantined,
    ...localCells(r.start, r.end, zone),
  ];
}

function withoutCardCells(i: DrivingWithoutCard, registration: string, zone: string): Cell[] {
  const [start, end] = [isoTimestamp(i.start), isoTimestamp(i.end)];
  return [
    i.vin,
    registration,
    i.slot,
    start,
    end,
    i.duration,
    hmm(i.duration),
    i.distance_km,
    i.quarantined,
    ...localCells(start, end, zone),
  ];
}

async function vehicleActivitiesCsv(deps: HttpAppDependencies, query: QueryValues) {
  const model = await reportModel(deps, query);
  const holders = new Map(
    model.data.insertions
      .filter((i) => i.card_number !== null)
      .map((i) => [i.card_number!, holderName(i.holder, i.card_number)]),
  );
  const rows = model.data.activities.map((r) => activityCells(r, holders, model.time_zone));
  const name = vehicleName(model.data.vehicle.registration, model.data.vehicle.vin);
  return {
    text: csvText(VEHICLE_ACTIVITY_HEADER, rows, delimiterOf(query, deps)),
    fileName: documentFileName('vehicle-activities', [name, model.date_from, model.date_to], 'csv'),
  };
}

async function withoutCardCsv(deps: HttpAppDependencies, query: QueryValues) {
  const { vin, from, to } = vehicleSelection(query, false);
  const uc = vehicleReportOf(deps);
  const zone = displayZoneOf(deps, query);
  const vehicles = vin === null ? await uc.vehicles() : [await uc.vehicle(vin)];
  const rows: Cell[][] = [];
  for (const v of vehicles) {
    const registration = vehicleName(v.registration, null);
    const intervals = await uc.drivingWithoutCard(v.vin, { from, to });
    rows.push(...intervals.map((i) => withoutCardCells(i, registration, zone)));
  }
  return {
    text: csvText(WITHOUT_CARD_HEADER, rows, delimiterOf(query, deps)),
    fileName: documentFileName('driving-without-card', [vin, isoDay(from), isoDay(to)], 'csv'),
  };
}

const fileOf = (model: VehicleReportModel) =>
  documentFileName(
    'vehicle-report',
    [vehicleName(model.data.vehicle.registration, model.data.vehicle.vin), model.date_from, model.date_to],
    'pdf',
  );

export const vehicleReportRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/api/drivercard/vehicle-report',
    operationId: 'vehicleReportHtml',
    summary:
      "One vehicle's report of a period from its VU downloads: due dates, calibrations, both slots per day, driving without a card, overspeeding, events and faults, the files' SHA-256 (HTML, A4 print stylesheet)",
    tags: ['report'],
    query: { names: NAMES, schema: querySchema(NAMES) },
    body: null,
    responses: {
      200: { description: 'the report page', schema: { type: 'string' }, contentType: 'text/html' },
      ...ERRORS,
    },
    async handle({ deps, query }) {
      return {
        status: 200,
        body: await documentResponse(vehicleReportDocument(await reportModel(deps, query)), 'html'),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/drivercard/vehicle-report.pdf',
    operationId: 'vehicleReportPdf',
    summary: 'The vehicle report of a period as a PDF (A4): the same content as /vehicle-report',
    tags: ['report'],
    query: { names: NAMES, schema: querySchema(NAMES) },
    body: null,
    responses: {
      200: { description: 'the PDF', schema: { type: 'string', format: 'binary' }, contentType: 'application/pdf' },
      ...ERRORS,
    },
    async handle({ deps, query }) {
      const model = await reportModel(deps, query);
      return { status: 200, body: await documentResponse(vehicleReportDocument(model), 'pdf', fileOf(model)) };
    },
  },
  {
    method: 'GET',
    path: '/api/drivercard/export/vehicle-activities.csv',
    operationId: 'exportVehicleActivitiesCsv',
    summary:
      "A vehicle's activity intervals of a period as CSV, both slots, from its VU downloads (card and holder in the slot; durations in seconds and h:mm)",
    tags: ['exports'],
    query: { names: CSV_NAMES, schema: querySchema(CSV_NAMES) },
    body: null,
    responses: { 200: csvOk('the CSV file'), ...ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: csvResponse(await vehicleActivitiesCsv(deps, query)) };
    },
  },
  {
    method: 'GET',
    path: '/api/drivercard/export/driving-without-card.csv',
    operationId: 'exportDrivingWithoutCardCsv',
    summary:
      'Every interval a VU recorded driving with no card in the slot, of one vehicle (vin) or of every vehicle, in a period, as CSV',
    tags: ['exports'],
    query: { names: CSV_NAMES, schema: querySchema(CSV_NAMES) },
    body: null,
    responses: { 200: csvOk('the CSV file'), ...ERRORS },
    async handle({ deps, query }) {
      return { status: 200, body: csvResponse(await withoutCardCsv(deps, query)) };
    },
  },
];
