import t from 'tap';
import type { ImportUseCase, ParseRequest, ParseResponse } from '../core/use-cases/contracts.js';
import { defaultImportConcurrency, ImportAdmission } from './import-admission.js';
import { workerEnvironment } from './commands/serve-workers.js';

/** An import use case whose calls end when the test says so, recording when each started. */
function controlled() {
  const started: string[] = [];
  const finish = new Map<string, { ok: () => void; fail: () => void }>();
  const base: ImportUseCase = {
    parse: (request: ParseRequest) =>
      new Promise<ParseResponse>((resolve, reject) => {
        started.push(request.file_name!);
        finish.set(request.file_name!, {
          ok: () => resolve({ import_id: request.file_name } as unknown as ParseResponse),
          fail: () => reject(new Error(`${request.file_name} failed`)),
        });
      }),
  };
  return { base, started, finish };
}
const request = (name: string): ParseRequest => ({ file_name: name, content: new Uint8Array(0), archive_id: null });
const turn = () => new Promise((resolve) => setImmediate(resolve));

t.test('at most `limit` imports run at once; the others start in the order they came as slots free', async (t) => {
  const { base, started, finish } = controlled();
  const admission = new ImportAdmission(base, 2);
  const answers = ['a', 'b', 'c', 'd'].map((name) => admission.parse(request(name)));
  await turn();
  t.same(started, ['a', 'b'], 'two run');
  t.same(admission.load, { active: 2, waiting: 2 });
  finish.get('b')!.ok();
  await turn();
  t.same(started, ['a', 'b', 'c'], 'the first waiting one takes the freed slot');
  const failed = t.rejects(answers[0]!, { message: 'a failed' }, 'its failure reaches its caller');
  finish.get('a')!.fail();
  await turn();
  t.same(started, ['a', 'b', 'c', 'd'], 'a failed import frees its slot too');
  finish.get('c')!.ok();
  finish.get('d')!.ok();
  await failed;
  t.same(
    await Promise.all(answers.slice(1)),
    ['b', 'c', 'd'].map((id) => ({ import_id: id })),
    'each caller gets its own answer',
  );
  t.same(admission.load, { active: 0, waiting: 0 }, 'every slot free again');
});

t.test('a bound below one is refused', async (t) => {
  const { base } = controlled();
  for (const limit of [0, -1, 1.5, Number.NaN]) t.throws(() => new ImportAdmission(base, limit), RangeError);
});

t.test('the default: two imports a core on PostgreSQL, shared by the processes; none on SQLite', async (t) => {
  t.equal(defaultImportConcurrency('postgres', 2, 1), 4);
  t.equal(defaultImportConcurrency('postgres', 2, 2), 2);
  t.equal(defaultImportConcurrency('postgres', 2, 3), 2, 'rounded up');
  t.equal(defaultImportConcurrency('postgres', 1, 8), 1, 'at least one');
  t.equal(defaultImportConcurrency('sqlite', 8, 1), null);
  const env = { DRIVERCARD_DATABASE_URL: 'postgres://x/y' };
  t.match(workerEnvironment(env, 5055, null, 2, 2), {
    ...env,
    DRIVERCARD_PORT: '5055',
    DRIVERCARD_IMPORT_CONCURRENCY: '2',
  });
  t.match(
    workerEnvironment(env, 5055, 6, 2, 2),
    { DRIVERCARD_IMPORT_CONCURRENCY: '6' },
    'the configured number as it is',
  );
});
