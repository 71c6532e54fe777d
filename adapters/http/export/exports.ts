/**
 * The CSV exports: activities and findings of a basis, and the fleet list. Rows come from the use cases in the
 * API's JSON shapes (its response mappers): the findings are the findings of the period
 * (core/use-cases/findings-of-period.ts), as GET /findings, the week view and the report list them.
 * Durations are given twice: integer seconds and h:mm.
 */
import type { Basis, DateRange } from '../../../core/use-cases/contracts.js';
import type { FindingsQuery } from '../../../core/use-cases/findings-of-period.js';
import { activityToResponse, importToResponse } from '../mappers.js';
import { ACTIVITY_FIELDS } from '../shared/activity-json.js';
import type { ActivityRowResponse } from '../activities/activities.schema.js';
import type { FleetRowJson } from '../fleet/fleet.mapper.js';
import { csvOf, FLEET_ROW_FIELDS } from '../fleet/fleet-row.fields.js';
import { allRows, type OfficeUseCases } from '../../office/office-use-cases.js';
import { csvText, documentFileName, hmm, type Cell, type Delimiter } from '../../office/export/csv.js';
import { isoDayOrNull } from '../../../core/time.js';

/** A CSV document and the file name that says what it holds (the driver and the period). */
export interface CsvDocument {
  text: string;
  fileName: { ascii: string; utf8: string };
}

/** The driver of a basis as its newest import in the range names them (null when the basis has no import). */
async function driverOf(
  uc: OfficeUseCases,
  query: { basis: Basis; range: DateRange },
): Promise<{ surname: string | null; card: string | null }> {
  const imports = (await allRows((page) => uc.queries.imports({ basis: query.basis, range: query.range, page }))).map(
    importToResponse,
  );
  const newest = imports[imports.length - 1];
  return { surname: newest?.driver?.surname ?? null, card: newest?.card?.card_number ?? null };
}
import { evidenceDigest, type FindingJson } from '../../office/report/report-model.js';
import { localIsoWithOffset } from '../../vocabulary/local-time.js';
import { instantsInZone } from '../../vocabulary/people-text.js';

/**
 * Local time columns: added after the existing ones (integrations read those by name), each instant again as ISO 8601
 * local time with its offset in the configured zone, and the zone's name in `time_zone`.
 */
const LOCAL_COLUMNS = (...names: string[]) => [...names.map((n) => `${n}_local`), 'time_zone'];

/** An activity row as the API answers it. */
type ActivityJson = ActivityRowResponse;

/**
 * The CSV columns of the API's activity fields (ACTIVITY_FIELDS, in their order), then whether the row is of a
 * quarantined import and the local times. A field gives its own column, except the activity (followed by whether it
 * is unknown time: card out, nothing entered) and the duration (in seconds and h:mm).
 */
const ACTIVITY_SPLIT: Partial<Record<(typeof ACTIVITY_FIELDS)[number], readonly [string, string]>> = {
  activity: ['activity', 'unknown'],
  duration: ['duration_seconds', 'duration_hmm'],
};

export const ACTIVITY_HEADER = [
  ...ACTIVITY_FIELDS.flatMap((f) => ACTIVITY_SPLIT[f] ?? [f]),
  'quarantined',
  ...LOCAL_COLUMNS('start', 'end'),
];

/** The cells of an activity field: the split fields' two, else the value itself. */
function activityCells(r: ActivityJson, field: (typeof ACTIVITY_FIELDS)[number]): Cell[] {
  if (field === 'activity') return [r.activity, !r.card_inserted && !r.manual_entry];
  if (field === 'duration') return [r.duration, hmm(r.duration)];
  return [r[field]];
}

export async function activitiesCsv(
  uc: OfficeUseCases,
  query: { basis: Basis; range: DateRange },
  delimiter: Delimiter = ',',
  timeZone = 'UTC',
): Promise<CsvDocument> {
  const served = await allRows((page) => uc.queries.activities({ ...query, page }));
  const rows = served.map(activityToResponse) as ActivityJson[];
  const driver = await driverOf(uc, query);
  const from = isoDayOrNull(query.range.from) ?? rows[0]?.date;
  const to = isoDayOrNull(query.range.to) ?? rows[rows.length - 1]?.date;
  const fileName = documentFileName(
    'activities',
    [driver.surname, driver.card ?? rows[0]?.card_number, from, to],
    'csv',
  );
  return { fileName, text: activitiesText(rows, delimiter, timeZone) };
}

function activitiesText(rows: readonly ActivityJson[], delimiter: Delimiter, zone: string): string {
  return csvText(
    ACTIVITY_HEADER,
    rows.map((r): Cell[] => [
      ...ACTIVITY_FIELDS.flatMap((f) => activityCells(r, f)),
      r.quarantined ?? false,
      localIsoWithOffset(r.start, zone),
      localIsoWithOffset(r.end, zone),
      zone,
    ]),
    delimiter,
  );
}

export const FINDING_HEADER = [
  'card_number',
  'rule',
  'status',
  'article',
  'severity',
  'start',
  'end',
  'value_seconds',
  'value_hmm',
  'limit_seconds',
  'limit_hmm',
  'excess_seconds',
  'excess_hmm',
  'description',
  'evidence_intervals',
  'source',
  'review_status',
  // the readings the verdict depends on (GET /api/drivercard/readings), separated by "; ", and whether it exists
  // only because time without card data was read as rest
  'readings',
  'assumption_dependent',
  ...LOCAL_COLUMNS('start', 'end'),
  // the description with the instants it quotes in the zone, named at each (the core writes them in UTC)
  'description_local',
];

/** The cells of a finding's row (FINDING_HEADER): the API's fields, h:mm beside each duration, local times. */
export function findingCells(
  cardNumber: string | null,
  f: FindingJson & { source: string; review_status: string },
  timeZone: string,
): Cell[] {
  return [
    cardNumber,
    f.rule,
    f.status,
    f.article,
    f.severity,
    f.start,
    f.end,
    f.value,
    hmm(f.value),
    f.limit,
    hmm(f.limit),
    f.excess,
    hmm(f.excess),
    f.description,
    evidenceDigest(f).total,
    f.source,
    f.review_status,
    (f.readings ?? []).join('; '),
    f.assumption_dependent ?? false,
    localIsoWithOffset(f.start, timeZone),
    localIsoWithOffset(f.end, timeZone),
    timeZone,
    instantsInZone(f.description, timeZone),
  ];
}

export async function findingsCsv(
  uc: OfficeUseCases,
  query: FindingsQuery,
  delimiter: Delimiter = ',',
  timeZone = 'UTC',
): Promise<CsvDocument> {
  const result = await uc.findings.findings(query);
  const cardNumber = result.precheck.basis.card_number;
  const period = [isoDayOrNull(result.date_from), isoDayOrNull(result.date_to)];
  const fileName = documentFileName('findings', [result.precheck.driver.surname, cardNumber, ...period], 'csv');
  const text = csvText(
    FINDING_HEADER,
    result.findings.map((f) => findingCells(cardNumber, f as FindingJson & typeof f, timeZone)),
    delimiter,
  );
  return { text, fileName };
}

const DRIVER_CSV = csvOf(FLEET_ROW_FIELDS);

/** drivers.csv's columns: the fleet row's fields' (../fleet/fleet-row.fields.ts). */
export const DRIVER_HEADER = DRIVER_CSV.header;

/** The fleet rows; a card whose 4 weeks were not evaluated leaves its finding counts empty (never "0"). */
export function driversCsv(rows: readonly FleetRowJson[], delimiter: Delimiter = ',', timeZone = 'UTC'): string {
  return csvText(
    DRIVER_HEADER,
    rows.map((r) => DRIVER_CSV.cells(r, timeZone)),
    delimiter,
  );
}
