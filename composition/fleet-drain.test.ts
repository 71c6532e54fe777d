import t from 'tap';
import { setImmediate as turn } from 'node:timers/promises';
import { FleetDrain } from './fleet-drain.js';

/** A drain whose settle counts its calls and can be held open. */
function counted() {
  let settles = 0;
  const given: string[][] = [];
  let hold: Promise<void> = Promise.resolve();
  const errors: unknown[] = [];
  let fail = false;
  const drain = new FleetDrain({
    settle: async (cards) => {
      settles++;
      given.push([...cards].sort());
      await hold;
      if (fail) {
        fail = false;
        throw new Error('settle failed');
      }
    },
    onError: (error) => errors.push(error),
  });
  return {
    drain,
    settles: () => settles,
    given,
    errors,
    holdUntil: (gate: Promise<void>) => (hold = gate),
    failNext: () => (fail = true),
  };
}

t.test('a mark starts a drain once the current turn has ended (after the answer is written)', async (t) => {
  const c = counted();
  c.drain.marked('B');
  c.drain.marked('A');
  c.drain.marked('B');
  t.equal(c.settles(), 0, 'not within the turn that marked');
  await turn();
  t.equal(c.settles(), 1, 'one drain for the marks of one turn');
  t.same(c.given, [['A', 'B']], 'with the cards marked, each once');
  await c.drain.idle();
});

t.test('marks made while a drain runs start one more once it ends, not one each', async (t) => {
  const c = counted();
  let open!: () => void;
  c.holdUntil(new Promise<void>((resolve) => (open = resolve)));
  c.drain.marked('A');
  await turn();
  for (let i = 0; i < 5; i++) c.drain.marked(i % 2 === 0 ? 'B' : 'C');
  await turn();
  t.equal(c.settles(), 1, 'one at a time');
  c.holdUntil(Promise.resolve());
  open();
  await turn();
  await turn();
  t.equal(c.settles(), 2, 'the marks made meanwhile are taken by one more drain');
  t.same(c.given, [['A'], ['B', 'C']]);
  await c.drain.idle();
  t.equal(c.settles(), 2);
});

t.test('idle waits for the running drain and no drain starts after it', async (t) => {
  const c = counted();
  let open!: () => void;
  c.holdUntil(new Promise<void>((resolve) => (open = resolve)));
  c.drain.marked('A');
  await turn();
  let idle = false;
  const closing = c.drain.idle().then(() => (idle = true));
  await turn();
  t.notOk(idle, 'still running');
  open();
  await closing;
  c.drain.marked('A');
  await turn();
  t.equal(c.settles(), 1, 'the marks after closing are left for the next read');
});

t.test('a failed drain is reported and the next mark drains again', async (t) => {
  const c = counted();
  c.failNext();
  c.drain.marked('A');
  await turn();
  await turn();
  t.equal(c.errors.length, 1, 'reported');
  c.drain.marked('A');
  await turn();
  t.equal(c.settles(), 2, 'drained again');
  await c.drain.idle();
});
