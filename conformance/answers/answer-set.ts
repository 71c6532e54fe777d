/**
 * The recorded set of answers: every GET and POST route of the service with representative queries, asked of a
 * service holding a given set of DDD files. A request is named by a key in which everything that comes from a
 * file's content (card number, import id, dates of its activity range) is a placeholder, so that the keys of the
 * real samples carry no personal data; the URL asked is the key with the placeholders filled in. Every query that
 * takes dates gets explicit ones (the imported file's own activity range, or its last four weeks), and the recorder freezes the service's
 * clock, so no answer depends on the day it is recorded.
 */

/** What the recorder learnt of one imported file from its parse answer. */
export interface ImportedFile {
  /** the file's name (fixtures: their own; real samples: their name in the samples folder) */
  name: string;
  importId: string | null;
  cardNumber: string | null;
  from: string | null;
  to: string | null;
}

export interface AnswerRequest {
  key: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  contentType?: string;
}

/** One UTC day later or earlier (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The ISO week (YYYY-Www) a UTC day belongs to. */
export function isoWeekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  const thursday = new Date(day.getTime() + (3 - weekday) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000)) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] !== undefined ? encodeURIComponent(values[name]) : whole,
  );
}

function get(prefix: string, template: string, values: Record<string, string>): AnswerRequest {
  return { key: `${prefix}GET ${template}`, method: 'GET', url: fill(template, values) };
}

/** The queries of one card over its file's activity range (the card's whole history, and the file alone). */
const CARD_QUERIES: readonly string[] = [
  '/api/drivercard/imports?card_number={card}',
  '/api/drivercard/imports?import_id={import}',
  '/api/drivercard/activities?card_number={card}&date_from={recent}&date_to={to}',
  '/api/drivercard/activities?import_id={import}&date_from={from}&date_to={to}&limit=25&offset=5',
  '/api/drivercard/events?import_id={import}&date_from={from}&date_to={to}',
  '/api/drivercard/faults?import_id={import}&date_from={from}&date_to={to}',
  '/api/drivercard/vehicles-used?import_id={import}&date_from={from}&date_to={to}',
  '/api/drivercard/positions?import_id={import}&date_from={from}&date_to={to}',
  '/api/drivercard/time-summary?card_number={card}&date_from={recent}&date_to={to}',
  '/api/drivercard/time-summary?import_id={import}&date_from={from}&date_to={to}',
  '/api/drivercard/day-overview?import_id={import}&date={to}',
  '/api/drivercard/day-overview?card_number={card}&date_from={week_start}&date_to={to}',
  '/api/drivercard/week-overview?import_id={import}&week={week}',
  '/api/drivercard/week-overview?card_number={card}&date_from={recent}&date_to={to}',
  '/api/drivercard/eu561/violations?import_id={import}&date_from={recent}&date_to={to}',
  '/api/drivercard/eu561/violations?import_id={import}&date_from={recent}&date_to={to}&include_quarantined=true',
  '/api/drivercard/eu561/violations?import_id={import}&date_from={recent}&date_to={to}&include_quarantined=true&unknown_as=rest&evidence=full',
  '/api/drivercard/eu561/violations?import_id={import}&date_from={recent}&date_to={to}&include_quarantined=true&at={to}T12:00:00Z',
  '/api/drivercard/eu561/violations?import_id={import}&date_from={recent}&date_to={to}&include_quarantined=true&unknown_as=unknown',
  '/api/drivercard/eu561/violations?card_number={card}&date_from={recent}&date_to={to}&include_quarantined=true',
  '/api/drivercard/working-time?import_id={import}&date_from={recent}&date_to={to}',
  '/api/drivercard/working-time?import_id={import}&date_from={recent}&date_to={to}&include_quarantined=true',
  '/api/drivercard/working-time?import_id={import}&date_from={recent}&date_to={to}&include_quarantined=true&reference_weeks=4&unknown_as=rest',
  '/api/drivercard/findings?import_id={import}&date_from={recent}&date_to={to}&include_quarantined=true',
  '/api/drivercard/findings?import_id={import}&date_from={recent}&date_to={to}&include_quarantined=true&severity=VSI,MSI',
  '/api/drivercard/drivers/readiness?card_number={card}&at={to}',
  '/api/drivercard/countries?import_id={import}&date_from={recent}&date_to={to}',
  '/api/drivercard/annotations?card_number={card}&date_from={recent}&date_to={to}',
  '/api/drivercard/drivers/{card}/home-countries',
  '/export/activities.csv?import_id={import}&date_from={recent}&date_to={to}',
  '/export/activities.csv?import_id={import}&date_from={recent}&date_to={to}&delimiter=;&tz=Europe/Berlin',
  '/export/findings.csv?import_id={import}&date_from={recent}&date_to={to}',
  '/export/findings.csv?import_id={import}&date_from={recent}&date_to={to}&include_quarantined=true',
  '/export/countries.csv?import_id={import}&date_from={recent}&date_to={to}',
  '/report?card_number={card}&date_from={recent}&date_to={to}',
  '/report?card_number={card}&date_from={recent}&date_to={to}&include_quarantined=true',
  '/report.pdf?card_number={card}&date_from={recent}&date_to={to}',
  '/report.pdf?card_number={card}&date_from={recent}&date_to={to}&include_quarantined=true',
  '/letter?card_number={card}&date_from={recent}&date_to={to}',
];

/** The requests about one imported file (a file the service refused has only its parse answers). */
export function fileRequests(file: ImportedFile): AnswerRequest[] {
  if (file.importId === null || file.cardNumber === null || file.from === null || file.to === null) return [];
  const values = {
    card: file.cardNumber,
    import: file.importId,
    from: file.from,
    to: file.to,
    week: isoWeekOf(file.to),
    week_start: addDays(file.to, -6),
    // four weeks up to the file's last day (the pre-check's and the report's period; a document covers ≤ 92 days)
    recent: file.from > addDays(file.to, -27) ? file.from : addDays(file.to, -27),
  };
  return CARD_QUERIES.map((template) => get(`${file.name}: `, template, values));
}

/** Requests about the service as a whole (the fleet, the documents of every card, the API description). */
export function serviceRequests(): AnswerRequest[] {
  const paths = [
    '/health',
    '/openapi.json',
    '/api/drivercard/readings',
    '/api/drivercard/drivers',
    '/api/drivercard/drivers?sort=card_number&order=desc&limit=3&offset=1',
    '/api/drivercard/drivers?sort=due',
    '/api/drivercard/drivers/summary',
    '/api/drivercard/today',
    '/api/drivercard/today/drivers?list=overdue',
    '/api/drivercard/today/drivers?list=open_findings',
    '/api/drivercard/vehicles',
    '/api/drivercard/vehicles?limit=2&offset=1',
    '/export/drivers.csv',
    '/export/drivers.csv?delimiter=;',
    '/export/drivers.csv?sort=card_number&order=desc',
  ];
  return paths.map((path) => get('', path, {}));
}

/** Requests the service must refuse, each with its error answer. */
export function refusedRequests(anyImportId: string | null): AnswerRequest[] {
  const requests = [
    '/api/drivercard/activities',
    '/api/drivercard/activities?card_number=X&import_id=Y',
    '/api/drivercard/activities?card_number=NOSUCHCARD0000',
    '/api/drivercard/week-overview?card_number=NOSUCHCARD0000&week=2024-W60',
    '/api/drivercard/eu561/violations?import_id=imp_unknown&unknown_as=sometimes',
    '/api/drivercard/working-time?card_number=NOSUCHCARD0000&reference_weeks=0',
    '/api/drivercard/activities?card_number=NOSUCHCARD0000&limit=5001',
    '/api/drivercard/no-such-route',
  ].map((path) => get('', path, {}));
  requests.push(
    {
      key: 'POST /api/drivercard/parse (not base64)',
      method: 'POST',
      url: '/api/drivercard/parse',
      body: { content_base64: '%%%' },
    },
    {
      key: 'POST /api/drivercard/parse (no body field)',
      method: 'POST',
      url: '/api/drivercard/parse',
      body: { file_name: 'x.ddd' },
    },
  );
  if (anyImportId !== null) {
    requests.push(
      get('', '/api/drivercard/activities?import_id={import}&date_from=2030-01-02&date_to=2030-01-01', {
        import: anyImportId,
      }),
    );
  }
  return requests;
}
