/**
 * The recorded set's POST routes that change what the service holds, asked last (after every query of the
 * untouched imports): withdrawing and restoring an import, an office annotation and its withdrawal, a finding's
 * review and a card's home countries, each followed by the query that shows the change; then the change feed that
 * lists them all (a page, the whole list, a cursor refused as malformed and one above the last change). Ids the
 * service hands out (annotation, finding) are read from its answers and stand as placeholders in the keys.
 */
import type { AnswerRequest, ImportedFile } from './answer-set.js';

export interface Asker {
  ask(request: AnswerRequest): Promise<Buffer>;
}

function post(key: string, url: string, body: unknown): AnswerRequest {
  return { key: `POST ${key}`, method: 'POST', url, body };
}

function get(key: string, url: string): AnswerRequest {
  return { key: `GET ${key}`, method: 'GET', url };
}

function firstOf(bytes: Buffer, field: string): string | null {
  try {
    const answer = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    const items = Array.isArray(answer.items) ? (answer.items as Record<string, unknown>[]) : [answer];
    const value = items[0]?.[field];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

async function importLifecycle(asker: Asker, file: ImportedFile): Promise<void> {
  const card = encodeURIComponent(file.cardNumber!);
  const base = `/api/drivercard/imports/${file.importId!}`;
  const reason = { reason: 'recorded answers: withdrawn and restored' };
  await asker.ask(post('/api/drivercard/imports/{import}/withdraw', `${base}/withdraw`, reason));
  await asker.ask(post('/api/drivercard/imports/{import}/withdraw (again)', `${base}/withdraw`, reason));
  await asker.ask(
    get(
      '/api/drivercard/imports?card_number={card}&include_withdrawn=true',
      `/api/drivercard/imports?card_number=${card}&include_withdrawn=true`,
    ),
  );
  await asker.ask(post('/api/drivercard/imports/{import}/restore', `${base}/restore`, {}));
  await asker.ask(post('/api/drivercard/imports/{import}/restore (again)', `${base}/restore`, {}));
}

async function annotation(asker: Asker, file: ImportedFile): Promise<void> {
  const card = encodeURIComponent(file.cardNumber!);
  const range = `date_from=${file.from!}&date_to=${file.to!}`;
  const body = {
    card_number: file.cardNumber,
    kind: 'LEAVE',
    start: `${file.to!}T22:00:00Z`,
    end: `${file.to!}T23:00:00Z`,
    note: 'recorded answers',
    author: 'office',
  };
  const created = await asker.ask(post('/api/drivercard/annotations', '/api/drivercard/annotations', body));
  await asker.ask(
    get(
      '/api/drivercard/annotations?card_number={card}&date_from={from}&date_to={to} (annotated)',
      `/api/drivercard/annotations?card_number=${card}&${range}`,
    ),
  );
  const id = firstOf(created, 'annotation_id');
  if (id === null) return;
  const withdraw = `/api/drivercard/annotations/${encodeURIComponent(id)}/withdraw`;
  await asker.ask(post('/api/drivercard/annotations/{annotation}/withdraw', withdraw, { author: 'office' }));
  await asker.ask(post('/api/drivercard/annotations/{annotation}/withdraw (again)', withdraw, { author: 'office' }));
}

async function review(asker: Asker, file: ImportedFile): Promise<void> {
  // card-out time read as unknown: the files with card-out time have findings to review under that reading too
  const findings = await asker.ask(
    get(
      '/api/drivercard/findings?import_id={import}&date_from={from}&date_to={to}&include_quarantined=true&unknown_as=unknown',
      `/api/drivercard/findings?import_id=${file.importId!}&date_from=${file.from!}&date_to=${file.to!}&include_quarantined=true&unknown_as=unknown`,
    ),
  );
  const id = firstOf(findings, 'finding_id');
  if (id === null) return;
  const path = `/api/drivercard/findings/${encodeURIComponent(id)}`;
  const body = { status: 'CONFIRMED', note: 'recorded answers', author: 'office' };
  await asker.ask(post('/api/drivercard/findings/{finding}/review', `${path}/review`, body));
  await asker.ask(
    post('/api/drivercard/findings/{finding}/review (refused)', `${path}/review`, { status: 'OPEN', author: 'office' }),
  );
  await asker.ask(get('/api/drivercard/findings/{finding}/reviews', `${path}/reviews`));
}

async function homeCountries(asker: Asker, file: ImportedFile): Promise<void> {
  const path = `/api/drivercard/drivers/${encodeURIComponent(file.cardNumber!)}/home-countries`;
  await asker.ask(
    post('/api/drivercard/drivers/{card}/home-countries', path, { establishment: 'NL', residence: 'DE' }),
  );
  await asker.ask(get('/api/drivercard/drivers/{card}/home-countries (set)', path));
}

async function changes(asker: Asker): Promise<void> {
  for (const query of ['since=c0&limit=2', 'since=c0&limit=5000', 'since=c999999999', 'since=2026-12-01'])
    await asker.ask(get(`/api/drivercard/changes?${query}`, `/api/drivercard/changes?${query}`));
}

/** The changing requests, about the first file the service imported. */
export async function mutatingRequests(asker: Asker, file: ImportedFile): Promise<void> {
  await importLifecycle(asker, file);
  await annotation(asker, file);
  await review(asker, file);
  await homeCountries(asker, file);
  await changes(asker);
}
