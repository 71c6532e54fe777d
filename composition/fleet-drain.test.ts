import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { FleetDrain } from './fleet-drain.js';

/** A drain whose settle counts its calls and can be held open. */
function counted(options: { quietMs?: number; maxMarked?: number } = {}) {
  let settles = 0;
  let hold: Promise<void> = Promise.resolve();
  const errors: unknown[] = [];
  let fail = false;
  const drain = new FleetDrain({
    settle: async () => {
      settles++;
      await hold;
      if (fail) throw new Error('settle failed');
    },
    onError: (error) => errors.push(error),
    quietMs: options.quietMs ?? 10,
    maxMarked: options.maxMarked ?? 1000,
  });
  return {
    drain,
    settles: () => settles,
    errors,
    holdUntil: (gate: Promise<void>) => (hold = gate),
    failNext: () => (fail = true),
  };
}

t.test('a burst of marks is computed once, after the quiet time', async (t) => {
  const c = counted();
  for (let i = 0; i < 20; i++) c.drain.marked();
  t.equal(c.settles(), 0, 'nothing computed while the imports go on');
  await sleep(60);
  t.equal(c.settles(), 1, 'one computation for the burst');
  await c.drain.idle();
});

t.test('maxMarked marks are computed at once, without waiting for quiet', async (t) => {
  const c = counted({ quietMs: 60_000, maxMarked: 5 });
  for (let i = 0; i < 4; i++) c.drain.marked();
  t.equal(c.settles(), 0);
  c.drain.marked();
  t.equal(c.settles(), 1, 'the fifth mark starts the computation');
  await c.drain.idle();
});

t.test('marks during a running drain start one more once it ends', async (t) => {
  const c = counted({ maxMarked: 1 });
  let open!: () => void;
  c.holdUntil(new Promise<void>((resolve) => (open = resolve)));
  c.drain.marked();
  c.drain.marked();
  c.drain.marked();
  t.equal(c.settles(), 1, 'one at a time');
  c.holdUntil(Promise.resolve());
  open();
  await sleep(20);
  t.equal(c.settles(), 2, 'the marks made meanwhile are computed by one more drain');
  await c.drain.idle();
});

t.test('idle waits for the running drain, cancels the quiet timer, and no drain starts after it', async (t) => {
  const c = counted({ quietMs: 20 });
  c.drain.marked();
  await c.drain.idle();
  c.drain.marked();
  await sleep(60);
  t.equal(c.settles(), 0, 'the marks are left for the next read');
});

t.test('a failed drain is reported and the next marks drain again', async (t) => {
  const c = counted({ maxMarked: 1 });
  c.failNext();
  c.drain.marked();
  await sleep(5);
  t.equal(c.errors.length, 1, 'reported');
  c.drain.marked();
  t.equal(c.settles(), 2, 'drained again');
  await c.drain.idle();
});
