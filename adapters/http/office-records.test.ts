/**
 * The office's records through HTTP on a real SQLite database: annotations applied by the pre-check and the
 * working-time check (hand-computed days), refused where they must be, withdrawn and kept; finding reviews that
 * survive a restart and a re-import, and an edited history entry detected.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from './app.js';
import { strictFetch } from './testing/strict-answers.js';
import { createServiceContainer, TOKENS } from '../../composition/container.js';
import { loadConfig } from '../../composition/config.js';
import type { SqlImportStore } from '../storage/open-storage.js';
import { buildParsedCard, type DaySpec } from '../../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from '../../conformance/new-import.js';

const CARD = 'DTEST00000000042';
const BASE = 'http://localhost:5055';
const out = { inserted: false };
// Mon: duty 06:00-19:00 (6 h driving, a 45 min break), card out from 19:00; Tue: card out to 06:00, duty 06:00-19:00,
// rest; Wed: rest all day. The card-out night (11 h) decides whether Monday's duty was followed by a daily rest.
const mon: DaySpec = {
  date: '2026-03-02',
  changes: [
    ['00:00', 'REST'],
    ['06:00', 'WORK'],
    ['07:00', 'DRIVING'],
    ['11:00', 'REST'],
    ['11:45', 'DRIVING'],
    ['13:45', 'WORK'],
    ['19:00', 'REST', out],
  ],
};
const tue: DaySpec = {
  date: '2026-03-03',
  changes: [
    ['00:00', 'REST', out],
    ['06:00', 'WORK'],
    ['07:00', 'DRIVING'],
    ['11:00', 'REST'],
    ['11:45', 'DRIVING'],
    ['13:45', 'WORK'],
    ['19:00', 'REST'],
  ],
};
const wed: DaySpec = { date: '2026-03-04', changes: [['00:00', 'REST']] };
const thu: DaySpec = { date: '2026-03-05', changes: [['00:00', 'REST']] };

async function service(dataDir: string) {
  const services = createServiceContainer(loadConfig({}, { dataDir }), { web: null });
  const deps = await services.httpDependencies();
  const http = createHttpApp({ ...deps, allowedHosts: () => new Set(['localhost:5055']) });
  const app = { fetch: strictFetch((request) => http.app.fetch(request), http.openapi) };
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const init: RequestInit = {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    };
    const response = await app.fetch(new Request(`${BASE}${path}`, init));
    return {
      status: response.status,
      location: response.headers.get('location'),
      body: (await response.json()) as any,
    };
  };
  const page = async (path: string) => {
    const response = await app.fetch(new Request(`${BASE}${path}`));
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  const store = await services.container.getAsync<SqlImportStore>(TOKENS.ImportStore);
  return { call, page, store, dispose: () => services.dispose() };
}

// the card-out night read as unknown (unknown_as=unknown): its daily-rest finding is the question the annotations answer
const PRECHECK = `/api/drivercard/eu561/violations?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-04&unknown_as=unknown`;
const dailyRest = (body: any) => body.violations.filter((v: any) => v.rule === 'daily_rest');

t.test('annotations and reviews end to end', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-office-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  let s = await service(dataDir);
  await s.store.saveImport(newImport(buildParsedCard({ card_number: CARD, days: [mon, tue, wed] })));

  const alone = await s.call('GET', PRECHECK);
  t.equal(alone.status, 200);
  t.match(dailyRest(alone.body), [
    { status: 'INCOMPLETE_DATA', start: '2026-03-02T06:00:00Z', finding_id: /^f_[0-9a-f]{20}$/ },
  ]);
  const findingId = dailyRest(alone.body)[0].finding_id;
  t.same(alone.body.annotations, { mode: 'apply', items: [] });

  const rest = await s.call('POST', '/api/drivercard/annotations', {
    card_number: 'dtest 00000000042',
    kind: 'REST',
    start: '2026-03-02T19:00:00Z',
    end: '2026-03-03T06:00:00Z',
    note: null,
    author: 'Anna (office)',
  });
  t.equal(rest.status, 201);
  t.equal(rest.location, `/api/drivercard/annotations?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-03`);
  t.match((await s.call('GET', rest.location!)).body.items, [{ annotation_id: rest.body.annotation_id }], 'read back');
  t.match(rest.body, {
    annotation_id: /^ann_/,
    card_number: CARD,
    kind: 'REST',
    duration: 11 * 3600,
    status: 'ACTIVE',
    author: 'Anna (office)',
    history: [{ action: 'CREATED' }],
  });
  const withRest = await s.call('GET', PRECHECK);
  t.same(dailyRest(withRest.body), [], 'the 11 h were rest: a regular daily rest, no finding');
  t.match(withRest.body.annotation_effects, [
    {
      effect: 'removed',
      annotation_ids: [rest.body.annotation_id],
      finding: { finding_id: findingId, status: 'INCOMPLETE_DATA' },
    },
  ]);
  const ignored = await s.call('GET', `${PRECHECK}&annotations=ignore`);
  t.match(dailyRest(ignored.body), [{ status: 'INCOMPLETE_DATA', finding_id: findingId }]);
  t.equal(ignored.body.annotations.mode, 'ignore');
  const wtd = await s.call('GET', `/api/drivercard/working-time?card_number=${CARD}&annotations=ignore`);
  t.equal(wtd.status, 200);
  t.ok(wtd.body.violations.every((v: any) => /^f_[0-9a-f]{20}$/.test(v.finding_id)));

  const overDriving = await s.call('POST', '/api/drivercard/annotations', {
    card_number: CARD,
    kind: 'LEAVE',
    start: '2026-03-02T10:00:00Z',
    end: '2026-03-02T12:00:00Z',
    author: 'Anna',
  });
  t.equal(overDriving.status, 409);
  t.match(overDriving.body, {
    error: 'annotation_over_recorded_activity',
    message: /records driving from 2026-03-02T10:00:00Z/,
    recorded_start: '2026-03-02T10:00:00Z',
    recorded_end: '2026-03-02T11:00:00Z',
  });
  const art12 = await s.call('POST', '/api/drivercard/annotations', {
    card_number: CARD,
    kind: 'ARTICLE_12',
    start: '2026-03-02T10:00:00Z',
    end: '2026-03-02T12:00:00Z',
    author: 'Anna',
  });
  t.equal(art12.status, 400);
  t.match(art12.body, { error: 'invalid_payload', message: /needs a note/ });
  const art12ok = await s.call('POST', '/api/drivercard/annotations', {
    card_number: CARD,
    kind: 'ARTICLE_12',
    start: '2026-03-02T10:00:00Z',
    end: '2026-03-02T12:00:00Z',
    note: 'Road closed, drove on to the next parking',
    author: 'Anna',
  });
  t.equal(art12ok.status, 201, 'a marker may lie over recorded driving');
  t.equal(
    (
      await s.call('POST', '/api/drivercard/annotations', {
        card_number: CARD,
        kind: 'REST',
        start: '2026-03-02T19:00:00Z',
        end: '2026-03-02T19:00:00Z',
        author: 'A',
      })
    ).status,
    400,
    'empty period',
  );
  t.equal(
    (
      await s.call('POST', '/api/drivercard/annotations', {
        card_number: 'XX000000000000',
        kind: 'REST',
        start: '2026-03-02T19:00:00Z',
        end: '2026-03-02T20:00:00Z',
        author: 'A',
      })
    ).status,
    404,
  );
  t.equal(
    (
      await s.call('POST', '/api/drivercard/annotations', {
        card_number: CARD,
        kind: 'HOLIDAY',
        start: '2026-03-02T19:00:00Z',
        end: '2026-03-02T20:00:00Z',
        author: 'A',
      })
    ).status,
    400,
  );

  const withdraw = await s.call('POST', `/api/drivercard/annotations/${rest.body.annotation_id}/withdraw`, {
    author: 'Ben',
    reason: 'wrong night',
  });
  t.match(withdraw, {
    status: 200,
    body: {
      status: 'WITHDRAWN',
      withdrawn_by: 'Ben',
      withdraw_reason: 'wrong night',
      history: [{ action: 'CREATED' }, { action: 'WITHDRAWN', author: 'Ben' }],
    },
  });
  t.match(await s.call('POST', `/api/drivercard/annotations/${rest.body.annotation_id}/withdraw`, { author: 'Ben' }), {
    status: 409,
    body: { error: 'annotation_withdrawn' },
  });
  t.match(await s.call('POST', '/api/drivercard/annotations/ann_nothing/withdraw', {}), { status: 404 });
  t.match(
    dailyRest((await s.call('GET', PRECHECK)).body),
    [{ status: 'INCOMPLETE_DATA' }],
    'withdrawn: no longer applied',
  );
  const listed = await s.call(
    'GET',
    `/api/drivercard/annotations?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-02&include_withdrawn=true`,
  );
  t.same(
    listed.body.items.map((a: any) => [a.kind, a.status]),
    [
      ['ARTICLE_12', 'ACTIVE'],
      ['REST', 'WITHDRAWN'],
    ],
  );
  t.equal((await s.call('GET', `/api/drivercard/annotations?card_number=${CARD}`)).body.total, 1);

  // reviews: the policy, the history, a restart, a re-import
  const review = (status: string) =>
    s.call('POST', `/api/drivercard/findings/${findingId}/review`, {
      status,
      note: `${status} by office`,
      author: 'Anna',
      card_number: CARD, // the card the page shows the finding for: looked at first
    });
  t.match(await review('CONFIRMED'), {
    status: 201,
    body: { status: 'CONFIRMED', chain_valid: true, entries: [{ seq: 1, previous_status: 'OPEN' }] },
  });
  t.match(await review('ACKNOWLEDGED'), {
    status: 409,
    body: { error: 'review_transition_refused', current_status: 'CONFIRMED', allowed: ['DRIVER_INFORMED'] },
  });
  t.match(await review('DRIVER_INFORMED'), {
    status: 201,
    location: `/api/drivercard/findings/${findingId}/reviews`,
  });
  t.match(await s.call('GET', '/api/drivercard/findings/not-an-id/reviews'), { status: 400 });
  t.match(await s.call('GET', '/api/drivercard/findings/f_00000000000000000000/reviews'), {
    status: 200,
    body: { status: 'OPEN', entries: [], chain_valid: true },
  });
  await s.dispose();

  s = await service(dataDir);
  await s.store.saveImport(newImport(buildParsedCard({ card_number: CARD, days: [mon, tue, wed, thu] })));
  t.match(
    dailyRest((await s.call('GET', PRECHECK)).body),
    [{ finding_id: findingId }],
    'the same finding_id after a re-import with more data',
  );
  const after = await s.call('GET', `/api/drivercard/findings/${findingId}/reviews`);
  t.match(after.body, { status: 'DRIVER_INFORMED', chain_valid: true, first_broken_seq: null });
  t.equal(after.body.entries.length, 2);
  t.equal(after.body.entries[1].prev_hash, after.body.entries[0].hash);
  await s.store.query('UPDATE finding_review SET author = ? WHERE finding_id = ? AND seq = 1', [
    'Someone else',
    findingId,
  ]);
  t.match((await s.call('GET', `/api/drivercard/findings/${findingId}/reviews`)).body, {
    chain_valid: false,
    first_broken_seq: 1,
    broken_reason: /changed/,
  });
  await s.dispose();
});

t.test(
  'the driver letter lists the confirmed findings for signature and every finding with its follow-up',
  async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dc-letter-'));
    t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
    const s = await service(dataDir);
    t.teardown(() => s.dispose());
    // Mon 06:00 to Tue 19:00 with other work recorded by hand over the night: no daily rest, a daily-rest VIOLATION
    const manual = { manual: true };
    const monW: DaySpec = { ...mon, changes: [...mon.changes.slice(0, -1), ['19:00', 'WORK', manual]] };
    const tueW: DaySpec = { ...tue, changes: [['00:00', 'WORK', manual], ...tue.changes.slice(1)] };
    await s.store.saveImport(
      newImport(buildParsedCard({ card_number: CARD, surname: 'Müller', days: [monW, tueW, wed] })),
    );
    const pre = await s.call('GET', PRECHECK);
    const rest = dailyRest(pre.body);
    t.match(rest, [{ status: 'VIOLATION' }]);
    await s.call('POST', `/api/drivercard/findings/${rest[0].finding_id}/review`, {
      status: 'CONFIRMED',
      note: 'No rest Monday night <checked>',
      author: 'Anna',
    });
    const letter = await s.page(`/letter?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-04`);
    t.equal(letter.status, 200);
    t.match(letter.type, /text\/html/);
    const [confirmed, followUp] = letter.text.split('Follow-up of every finding');
    t.match(confirmed, /confirmed the following 1 infringement/);
    t.match(confirmed, /No rest Monday night &lt;checked&gt;/, 'the office note, escaped');
    t.match(confirmed, /Driver: TEST Müller/, 'a line for the signature of the driver');
    t.match(followUp, /Confirmed by the office/, 'the review status in words');
    const berlin = await s.page(`/letter?card_number=${CARD}&date_from=2026-03-02&date_to=2026-03-04&tz=Europe/Berlin`);
    t.match(berlin.text, '(times in Europe/Berlin)');
    t.match(berlin.text, '2026-03-02 07:00 Europe/Berlin (UTC+01:00)', 'the finding from 06:00 UTC in local time');
    t.match(berlin.text, 'Mon 2 Mar 2026 07:00 Europe/Berlin (UTC+01:00)', "the finding's words in local time");
    t.notMatch(berlin.text, /\d\d:\d\d UTC/, 'no instant left in UTC');
    t.equal((await s.page(`/letter?card_number=${CARD}&date_from=2026-03-04&date_to=2026-03-02`)).status, 400);
    const none = await s.page(`/letter?card_number=${CARD}&date_from=2026-03-04&date_to=2026-03-04`);
    t.match(none.text, /confirmed no infringement/);

    // input times: minutes or fractions of a second are accepted and kept to the second; author may be left out;
    // over recorded rest (not driving) an annotation is accepted, and the check warns that it is not applied there
    const lenient = await s.call('POST', '/api/drivercard/annotations', {
      card_number: CARD,
      kind: 'AVAILABILITY',
      start: '2026-03-04T10:00Z',
      end: '2026-03-04T11:00:00.500Z',
    });
    t.match(lenient, {
      status: 201,
      body: { start: '2026-03-04T10:00:00Z', end: '2026-03-04T11:00:00Z', author: null, note: null },
    });
    const warned = await s.call('GET', PRECHECK);
    t.match(
      warned.body.warnings.filter((w: any) => w.code === 'ANNOTATION_OVER_RECORDED_ACTIVITY'),
      [{ message: new RegExp(lenient.body.annotation_id) }],
    );
    t.equal(
      (
        await s.call('POST', '/api/drivercard/annotations', {
          card_number: CARD,
          kind: 'REST',
          start: '2026-02-30T10:00:00Z',
          end: '2026-03-04T11:00:00Z',
        })
      ).status,
      400,
      'no such day',
    );
  },
);

t.test('malformed requests to the office records are answered 4xx, never 500', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-office-bad-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const s = await service(dataDir);
  t.teardown(() => s.dispose());
  await s.store.saveImport(newImport(buildParsedCard({ card_number: CARD, days: [mon, tue, wed] })));
  const good = {
    card_number: CARD,
    kind: 'REST',
    start: '2026-03-02T19:00:00Z',
    end: '2026-03-03T06:00:00Z',
    author: 'A',
  };
  const cases: [string, string, unknown, number][] = [
    ['POST', '/api/drivercard/annotations', [good], 400],
    ['POST', '/api/drivercard/annotations', { ...good, extra: 1 }, 400],
    ['POST', '/api/drivercard/annotations', { ...good, note: 'x'.repeat(2001) }, 400],
    ['POST', '/api/drivercard/annotations', { ...good, note: 'bell\u0007' }, 400],
    ['POST', '/api/drivercard/annotations', { ...good, start: '1970-01-01T00:00:00Z' }, 400],
    ['POST', '/api/drivercard/annotations', { ...good, end: '2027-06-03T06:00:00Z' }, 400],
    ['POST', '/api/drivercard/annotations/ann%20x/withdraw', {}, 404],
    ['POST', '/api/drivercard/annotations/ann_x/withdraw', { reason: 5 }, 400],
    ['POST', '/api/drivercard/findings/%2F/review', { status: 'CONFIRMED', author: 'A' }, 400],
    ['POST', '/api/drivercard/findings/f_00000000000000000000/review', { status: 'DONE', author: 'A' }, 400],
    ['POST', '/api/drivercard/findings/f_00000000000000000000/review', { status: 'CONFIRMED' }, 400],
    ['POST', '/api/drivercard/findings/f_00000000000000000000/review', { status: 'OPEN', author: 'A' }, 404],
    [
      'POST',
      '/api/drivercard/findings/f_00000000000000000000/review',
      { status: 'CONFIRMED', author: 'A', card_number: 5 },
      400,
    ],
    ['GET', '/api/drivercard/annotations', undefined, 400],
    ['GET', '/api/drivercard/annotations?card_number=NOPE0000000000', undefined, 404],
    ['GET', `/api/drivercard/annotations?card_number=${CARD}&include_withdrawn=yes`, undefined, 400],
    ['GET', `${PRECHECK}&annotations=maybe`, undefined, 400],
  ];
  // a finding no check draws: 404, and nothing is stored
  t.match(
    await s.call('POST', '/api/drivercard/findings/f_0000000000000000abcd/review', {
      status: 'CONFIRMED',
      author: 'A',
    }),
    { status: 404, body: { error: 'not_found' } },
  );
  t.match(
    await s.call('POST', '/api/drivercard/findings/f_0000000000000000abcd/review', {
      status: 'CONFIRMED',
      author: 'A',
      card_number: CARD,
    }),
    { status: 404, body: { error: 'not_found' } },
    'a card named as a hint that does not draw the id: still 404',
  );
  t.same((await s.call('GET', '/api/drivercard/findings/f_0000000000000000abcd/reviews')).body.entries, []);
  // two reviews racing for the first place in the chain: one is written, the other is judged against it
  const [drawn] = dailyRest((await s.call('GET', PRECHECK)).body);
  const race = await Promise.all(
    ['CONFIRMED', 'JUSTIFIED'].map((status) =>
      s.call('POST', `/api/drivercard/findings/${drawn.finding_id}/review`, { status, author: status }),
    ),
  );
  t.same(race.map((r) => r.status).sort(), [201, 409]);
  t.match(race.find((r) => r.status === 409)!.body, { error: 'review_transition_refused' });
  t.match((await s.call('GET', `/api/drivercard/findings/${drawn.finding_id}/reviews`)).body, {
    chain_valid: true,
    entries: [{ seq: 1 }],
  });
  t.equal((await s.call('GET', `/api/drivercard/findings/${drawn.finding_id}/reviews`)).body.entries.length, 1);
  for (const [method, path, body, status] of cases) {
    const answer = await s.call(method as 'GET' | 'POST', path, body);
    t.equal(answer.status, status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 60)}`);
    t.type(answer.body.error, 'string');
  }
});
