import t from 'tap';
import { SessionLocks, type LockConnection } from './session-locks.js';

/** A lock connection played by a script: each TRY_LOCK answers the next of `grants` (true when none is left). */
function scripted(grants: Array<boolean | Error> = []) {
  const log: string[] = [];
  let opened = 0;
  const link: LockConnection<number> = {
    open: async () => ++opened,
    run: async (connection, sql, [key]) => {
      const verb = sql.includes('unlock') ? 'unlock' : 'try';
      log.push(`${verb} ${String(key)} on ${connection}`);
      if (verb === 'unlock') return [{ unlocked: true }];
      const grant = grants.shift() ?? true;
      if (grant instanceof Error) throw grant;
      return [{ locked: grant }];
    },
    close: async (connection) => void log.push(`close ${connection}`),
  };
  return { link, log };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

t.test('the work runs holding the lock, which is released after it, on one kept connection', async (t) => {
  const { link, log } = scripted();
  const locks = new SessionLocks(link, 1000);
  t.equal(await locks.holding('k', async () => (log.push('work'), 'answer')), 'answer');
  await turn();
  await locks.holding('j', async () => void log.push('work'));
  await turn();
  t.same(log, ['try k on 1', 'work', 'unlock k on 1', 'try j on 1', 'work', 'unlock j on 1']);
  await locks.close();
  t.same(log.slice(-1), ['close 1']);
});

t.test('a lock another session holds is tried again until it is free', async (t) => {
  const { link, log } = scripted([false, false, true]);
  const locks = new SessionLocks(link, 1000);
  await locks.holding('k', async () => void log.push('work'));
  t.same(log.slice(0, 4), ['try k on 1', 'try k on 1', 'try k on 1', 'work']);
});

t.test('a lock held past the patience fails the work without running it', async (t) => {
  const { link, log } = scripted(Array<boolean>(100).fill(false));
  const locks = new SessionLocks(link, 20);
  await t.rejects(
    locks.holding('k', async () => void log.push('work')),
    { code: 'ETIMEDOUT' },
  );
  t.notOk(log.includes('work'));
});

t.test('a failed lock statement closes the connection and is tried once more on a new one', async (t) => {
  const { link, log } = scripted([new Error('connection lost')]);
  const locks = new SessionLocks(link, 1000);
  t.equal(await locks.holding('k', async () => (log.push('work'), 'ran')), 'ran');
  t.same(log.slice(0, 4), ['try k on 1', 'close 1', 'try k on 2', 'work']);

  const twice = scripted([new Error('lost'), new Error('lost again')]);
  const failing = new SessionLocks(twice.link, 1000);
  await t.rejects(
    failing.holding('k', async () => 'never'),
    { message: 'lost again' },
    'a second failure fails the work',
  );
  t.same(twice.log, ['try k on 1', 'close 1', 'try k on 2', 'close 2']);
});

t.test("the lock connection's statements are sent one after the other", async (t) => {
  let running = 0;
  let most = 0;
  const link: LockConnection<number> = {
    open: async () => 1,
    run: async () => {
      most = Math.max(most, ++running);
      await turn();
      running--;
      return [{ locked: true, unlocked: true }];
    },
    close: async () => undefined,
  };
  const locks = new SessionLocks(link, 1000);
  await Promise.all(['a', 'b', 'c'].map((key) => locks.holding(key, async () => key)));
  await turn();
  t.equal(most, 1);
});

t.test('a connection that cannot be opened fails the work; the next lock tries again', async (t) => {
  let attempts = 0;
  const link: LockConnection<number> = {
    open: async () => {
      if (++attempts === 1) throw new Error('refused');
      return attempts;
    },
    run: async () => [{ locked: true }],
    close: async () => undefined,
  };
  const locks = new SessionLocks(link, 1000);
  await t.rejects(
    locks.holding('k', async () => 'never'),
    { message: 'refused' },
  );
  await turn();
  t.equal(await locks.holding('k', async () => 'ran'), 'ran');
  t.equal(attempts, 2);
});
