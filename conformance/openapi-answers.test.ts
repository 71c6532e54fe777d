/**
 * The server held to its published document: every answer of the recorded set (./answers/answer-set.ts and
 * ./answers/answer-mutations.ts, asked of a service holding the fixtures, and the real samples when present) is
 * checked against the document the service serves (./openapi-answers.ts): an undocumented status, media type,
 * error code or field fails here. Failures name the request by its key (placeholders, never a sample's values).
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHttpApp } from '../adapters/http/app.js';
import { untrackedChildEnv } from './child-env.js';
import { SAMPLES_DIR } from './answers/recording.js';
import { DocumentChecker, type Answer } from './openapi-answers.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

interface BodyLine {
  key: string;
  status: number;
  content_type: string;
  method: string;
  url: string;
  body: string;
}

/** Every answer of the recorded set, with its bytes (the recorder's --bodies output, read and deleted). */
function recordedAnswers(): Array<Answer & { key: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-openapi-answers-'));
  try {
    const bodies = join(dir, 'bodies.jsonl');
    const child = spawnSync(
      process.execPath,
      [
        ...['--import', 'tsx', 'conformance/answers/record-answers.ts'],
        ...['--out', join(dir, 'a.json'), '--bodies', bodies, '--samples', SAMPLES_DIR],
      ],
      { cwd: REPO_ROOT, env: untrackedChildEnv(), encoding: 'utf8', timeout: 600_000, input: '' },
    );
    if (child.status !== 0) throw new Error(`the recorder failed (${child.status}): ${child.stderr}`);
    return readFileSync(bodies, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((text) => {
        const line = JSON.parse(text) as BodyLine;
        const body = Buffer.from(line.body, 'base64');
        return {
          key: line.key,
          method: line.method,
          url: line.url,
          status: line.status,
          contentType: line.content_type,
          body,
        };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { openapi } = createHttpApp({} as never);
const checker = new DocumentChecker(openapi);

t.test('every recorded answer conforms to the document, strictly', async (t) => {
  const answers = recordedAnswers();
  t.ok(answers.length > 300, `${answers.length} answers checked`);
  const statuses = new Set(answers.map((answer) => answer.status));
  t.ok(statuses.has(409) && statuses.has(404) && statuses.has(400), 'refusals are among them');
  for (const answer of answers) t.same(checker.problems(answer), [], answer.key);
});

t.test('the checker refuses what the document does not say', async (t) => {
  const ok = { method: 'GET', url: '/health', status: 200, contentType: 'application/json' };
  const notFound = { error: 'not_found', message: 'No such resource.' };
  const answer = (status: number, body: unknown, over: Partial<Answer> = {}): Answer => ({
    ...ok,
    status,
    body: Buffer.from(JSON.stringify(body)),
    ...over,
  });
  t.same(checker.problems(answer(404, notFound, { url: '/api/drivercard/no-such' })), []);
  t.not(checker.problems(answer(404, { ...notFound, extra: 1 }, { url: '/api/drivercard/no-such' })), []);
  t.match(checker.problems(answer(418, notFound, { url: '/api/drivercard/imports' })), [/not documented/]);
  t.not(
    checker.problems(
      answer(409, { error: 'no_such_code', message: 'x' }, { method: 'POST', url: '/api/drivercard/parse' }),
    ),
    [],
  );
  t.not(
    checker.problems(
      answer(
        409,
        { error: 'import_status_conflict', message: 'x', status: 'OK', more: 1 },
        {
          method: 'POST',
          url: '/api/drivercard/imports/imp_1/withdraw',
        },
      ),
    ),
    [],
    'an undeclared field beside a declared code',
  );
  t.same(
    checker.problems(
      answer(
        409,
        { error: 'import_status_conflict', message: 'x', status: 'OK' },
        {
          method: 'POST',
          url: '/api/drivercard/imports/imp_1/withdraw',
        },
      ),
    ),
    [],
  );
  t.match(checker.problems(answer(200, {}, { url: '/health', contentType: 'text/csv' })), [/media type/]);
  t.match(checker.problems(answer(500, {}, { url: '/nowhere' })), [/no operation/]);
  t.same(checker.problems(answer(405, {}, { method: 'DELETE', url: '/health' })), []);
  t.match(checker.problems(answer(200, {}, { method: 'DELETE', url: '/health' })), [/only 405/]);
});
