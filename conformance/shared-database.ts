/**
 * Several stores on one database, seen as one: each call of the storage port goes to the next store in turn, so a
 * suite written for one store checks that what one process wrote is what another reads, with no per-process state
 * (caches, prepared statements, the fleet rows' refresh) standing between them. Each store is opened exactly as a
 * service process opens its own, concurrently, so their start-up (database creation, schema update, migrations)
 * races as it does when several processes start together.
 */
import type { ClosableStore } from './new-import.js';

export async function storesOnOneDatabase<S extends ClosableStore>(count: number, open: () => Promise<S>): Promise<S> {
  const stores = await Promise.all(Array.from({ length: count }, () => open()));
  let next = 0;
  const first = stores[0]!;
  return new Proxy(first, {
    get(target, property, receiver) {
      if (property === 'close') return async () => void (await Promise.all(stores.map((s) => s.close())));
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const store = stores[next++ % stores.length]!;
        return (Reflect.get(store, property) as (...a: unknown[]) => unknown).apply(store, args);
      };
    },
  });
}
