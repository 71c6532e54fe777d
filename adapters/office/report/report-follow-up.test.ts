/**
 * The paper a driver signs shows the office's follow-up as the page does: each finding's review status and its
 * newest review (note, author, date), the annotations that changed or may justify it, and every annotation of the
 * period (kind, period in local time, note, author) — in the HTML report and in the PDF's text (pdftotext).
 * Times hand-computed for Europe/Berlin (CET, UTC+1, in March 2026 before the change on the 29th).
 */
import t, { type Test as Tap } from 'tap';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportMissingDependency } from '../../../conformance/missing-dependency.js';
import {
  buildParsedCard,
  datesFrom,
  elevenHourDrivingDay,
  workingDay,
} from '../../../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from '../../../conformance/new-import.js';
import { loadConfig } from '../../../composition/config.js';
import { createServiceContainer, TOKENS } from '../../../composition/container.js';
import { createHttpApp } from '../../http/app.js';
import { strictFetch } from '../../http/testing/strict-answers.js';
import type { SqlImportStore } from '../../storage/open-storage.js';

const CARD = 'FFUP000000000011';
const squash = (s: string) => s.replace(/\s+/g, ' ');
const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;
const PERIOD = `card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-15`;
const QUERY = `${PERIOD}&tz=Europe/Berlin`;

/** The whole service (annotations and reviews on SQLite) with a settable clock. */
async function wholeService() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-follow-up-'));
  let now = Date.parse('2026-03-09T12:00:00Z');
  const services = createServiceContainer(loadConfig({}, { dataDir, timeZone: 'UTC' }), {
    web: null,
    clock: { now: () => new Date(now) },
  });
  const deps = await services.httpDependencies();
  const errors: unknown[] = [];
  const http = createHttpApp({
    ...deps,
    allowedHosts: () => new Set(['localhost:5055']),
    onUnexpectedError: (e) => void errors.push(e),
  });
  // every answer held to the app's OpenAPI document, strictly
  const app = { fetch: strictFetch((request) => http.app.fetch(request), http.openapi) };
  const store = await services.container.getAsync<SqlImportStore>(TOKENS.ImportStore);
  const url = (path: string) => `http://localhost:5055${path}`;
  return {
    errors,
    setNow: (iso: string) => void (now = Date.parse(iso)),
    importCard: (card: Parameters<typeof newImport>[0]) => store.saveImport(newImport(card)),
    get: (path: string) => app.fetch(new Request(url(path))),
    post: (path: string, body: unknown) =>
      app.fetch(
        new Request(url(path), {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
      ),
    close: async () => {
      await services.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function followedUpService(t: Tap) {
  const service = await wholeService();
  t.teardown(() => service.close());
  // Friday: driving 04:00–08:30 and 09:15–15:45 UTC = 11 h (daily driving over 10 h); no record Sat and Sun
  const friday = elevenHourDrivingDay('2026-03-06');
  const days = [...datesFrom('2026-03-02', 4).map((d) => workingDay(d)), friday, workingDay('2026-03-09')];
  await service.importCard(buildParsedCard({ card_number: CARD, surname: 'Müller', days }));
  const post = async (path: string, body: unknown, status: number) => {
    const res = await service.post(path, body);
    if (res.status !== status) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const article12 = await post(
    '/api/drivercard/annotations',
    {
      card_number: CARD,
      kind: 'ARTICLE_12',
      start: '2026-03-06T14:00:00Z',
      end: '2026-03-06T15:45:00Z',
      note: 'Road closed; drove on to the next safe parking',
      author: 'Anna Schmidt',
    },
    201,
  );
  await post(
    '/api/drivercard/annotations',
    {
      card_number: CARD,
      kind: 'LEAVE',
      start: '2026-03-07T00:00:00Z',
      end: '2026-03-09T00:00:00Z',
      note: 'Annual leave',
      author: 'Anna Schmidt',
    },
    201,
  );
  const findings = await (await service.get(`/api/drivercard/findings?${PERIOD}`)).json();
  const daily = findings.items.find((f: any) => f.rule === 'daily_driving');
  if (!daily) throw new Error('no daily driving finding');
  service.setNow('2026-03-10T08:00:00Z');
  await post(
    `/api/drivercard/findings/${daily.finding_id}/review`,
    { status: 'CONFIRMED', note: 'Checked with the driver by phone', author: 'Jan Kowalski' },
    201,
  );
  return { service, daily, findings: findings.items as any[], article12 };
}

t.test('the HTML report prints review status, the newest review and the annotations', async (t) => {
  const { service, daily, findings, article12 } = await followedUpService(t);
  t.ok(daily.annotations_applied.includes(article12.annotation_id), 'the Art. 12 annotation lies over the finding');
  const html = await (await service.get(`/report?${QUERY}`)).text();
  const article = html.split('<article').find((a) => a.includes('Daily driving time'))!;
  t.match(article, '<td>Office review</td><td>Confirmed by the office</td>');
  t.match(
    article,
    '<td>Latest review</td><td>2026-03-10 09:00 Europe/Berlin (UTC+01:00), Jan Kowalski: Checked with the driver by phone</td>',
  );
  t.match(
    article,
    '<td>Annotation</td><td>Art. 12 departure, 2026-03-06 15:00 Europe/Berlin (UTC+01:00) – 2026-03-06 16:45 Europe/Berlin (UTC+01:00): Road closed; drove on to the next safe parking (entered by Anna Schmidt)</td>',
  );
  t.match(article, 'may justify this finding');
  const others = html
    .split('<article')
    .slice(1)
    .filter((a) => !a.includes('Daily driving time'));
  t.equal(others.length, findings.length - 1);
  for (const a of others) t.match(a, '<td>Office review</td><td>Open (not reviewed yet)</td>', 'never reviewed');
  t.match(html, '<h2>Office annotations (2)</h2>');
  t.match(
    html,
    '<tr><td>Leave</td><td>2026-03-07 01:00 Europe/Berlin (UTC+01:00)</td><td>2026-03-09 01:00 Europe/Berlin (UTC+01:00)</td><td>Annual leave</td><td>Anna Schmidt</td></tr>',
  );
  t.match(
    html,
    '<tr><td>Art. 12 departure</td><td>2026-03-06 15:00 Europe/Berlin (UTC+01:00)</td><td>2026-03-06 16:45 Europe/Berlin (UTC+01:00)</td>',
  );
  t.notMatch(html, /ann_|f_[0-9a-f]{20}/, 'no internal id where a person reads');
  t.same(service.errors, []);
});

t.test('the PDF report prints the same follow-up (pdftotext)', async (t) => {
  const { service } = await followedUpService(t);
  const res = await service.get(`/report.pdf?${QUERY}`);
  t.equal(res.status, 200);
  if (!hasPoppler) {
    reportMissingDependency(t, 'PDF text checks NOT RUN: poppler-utils not installed.', '.ci/run installs it');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-follow-up-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'r.pdf'), new Uint8Array(await res.arrayBuffer()));
  // the layout keeps a field's label and value on one line (the same fields as the HTML report's)
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'r.pdf'), join(dir, 'r.txt')]);
  const text = squash(readFileSync(join(dir, 'r.txt'), 'utf8'));
  t.match(
    text,
    'Office review Confirmed by the office Latest review 2026-03-10 09:00 Europe/Berlin (UTC+01:00), Jan Kowalski: Checked with the driver by phone',
  );
  t.match(
    text,
    'Annotation Art. 12 departure, 2026-03-06 15:00 Europe/Berlin (UTC+01:00) – 2026-03-06 16:45 Europe/Berlin (UTC+01:00): Road closed; drove on to the next safe parking (entered by Anna Schmidt)',
  );
  t.match(text, 'Office review Open (not reviewed yet)');
  t.match(text, 'Office annotations (2)');
  for (const cell of [
    'Leave',
    '2026-03-07 01:00 Europe/Berlin (UTC+01:00)',
    '2026-03-09 01:00 Europe/Berlin (UTC+01:00)',
    'Annual leave',
    'Anna Schmidt',
  ])
    t.match(text, cell, cell);
  t.notMatch(text, /ann_|f_[0-9a-f]{20}/);
});
