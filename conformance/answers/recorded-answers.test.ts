/**
 * The recorded answers: the current build, asked the recorded set of requests (./answer-set.ts) over the fixtures
 * and the real samples, answers every request with the status, content type and SHA-256 of the bytes recorded in
 * ./recorded-answers.json. A refactoring that changes any byte of any answer fails here; a change of behaviour
 * that is meant records the set again (`npm run answers:record`) and says why in its commit. The recorder runs
 * as a child process, because it freezes the wall clock of the process it runs in.
 *
 * The real-sample part skips loudly when ../shared/samples/ is absent, and fails under CI=true.
 */
import t, { type Test } from 'tap';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { untrackedChildEnv } from '../child-env.js';
import { reportMissingDependency } from '../missing-dependency.js';
import { recordingText, SAMPLES_DIR, type RecordedAnswer, type Recording } from './recording.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RECORDED_TEXT = readFileSync(new URL('./recorded-answers.json', import.meta.url), 'utf8');
const RECORDED = JSON.parse(RECORDED_TEXT) as Recording;

function recordNow(): Recording {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-answers-test-'));
  try {
    const out = join(dir, 'answers.json');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'conformance/answers/record-answers.ts', '--out', out, '--samples', SAMPLES_DIR],
      { cwd: REPO_ROOT, env: untrackedChildEnv(), encoding: 'utf8', timeout: 600_000 },
    );
    if (child.status !== 0) throw new Error(`the recorder failed (${child.status}): ${child.stderr}`);
    return JSON.parse(readFileSync(out, 'utf8')) as Recording;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One assertion per answer, so a failure names the request whose answer changed. */
function compare(t: Test, recorded: readonly RecordedAnswer[], now: readonly RecordedAnswer[]): void {
  t.same(
    now.map((answer) => answer.key),
    recorded.map((answer) => answer.key),
    'the same requests, in the same order',
  );
  const byKey = new Map(now.map((answer) => [answer.key, answer]));
  for (const answer of recorded) t.same(byKey.get(answer.key), answer, answer.key);
}

const current = recordNow();

t.test('the recording holds answers of every kind, as the recorder writes it', async (t) => {
  t.equal(recordingText(RECORDED), RECORDED_TEXT, 'one answer a line, nothing edited by hand');
  const statuses = new Set(RECORDED.fixtures.map((answer) => answer.status));
  for (const status of [200, 201, 400, 404, 409, 422]) t.ok(statuses.has(status), `a ${status} answer`);
  const types = new Set(RECORDED.fixtures.map((answer) => answer.content_type.split(';')[0]));
  for (const type of ['application/json', 'text/csv', 'text/html', 'application/pdf']) t.ok(types.has(type), type);
});

t.test('every answer over the fixtures is byte-identical to the recorded one', async (t) => {
  compare(t, RECORDED.fixtures, current.fixtures);
});

if (!existsSync(SAMPLES_DIR)) {
  reportMissingDependency(
    t,
    `REAL SAMPLES MISSING: ${SAMPLES_DIR} does not exist; the recorded answers over the real samples were not compared.`,
    'CI checks out ../shared beside the repository',
  );
} else {
  t.test('every answer over the real samples is byte-identical to the recorded one', async (t) => {
    t.not(RECORDED.samples, null, 'the recording has the real samples’ answers');
    t.not(current.samples, null, 'the recorder read the samples folder');
    compare(t, RECORDED.samples ?? [], current.samples ?? []);
  });
}
