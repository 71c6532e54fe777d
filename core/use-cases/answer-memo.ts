/**
 * The last few answers of a pure computation, each kept beside everything it was computed from, so the same
 * question asked again over the same data is answered without computing again (a page reloaded, the findings,
 * report and letter of one period all run the same pre-check). The key is the computation's whole input as read
 * from the store for this request, compared value by value: an answer is reused only when every row, annotation,
 * place and option is the same, so no change of the data (import, withdrawal, quarantine, annotation, home country)
 * needs to say so, in this process or another. Keys and answers are plain data (arrays, objects, primitives);
 * answers are copied in and out, so a caller that changes what it got never changes what is kept.
 */

/** true when `a` and `b` hold the same plain data (same keys, same values); other objects only when identical. */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlainData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(y, key) || !samePlainData(x[key], y[key])) return false;
    count++;
  }
  return count === Object.keys(y).length;
}

/** A deep copy of plain data (undefined-valued keys kept); other objects are shared as they are. */
export function copyOfPlainData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyOfPlainData(value[i]);
    return out as T;
  }
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copyOfPlainData((value as Record<string, unknown>)[key]);
  return out as T;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** The `size` answers last kept (the oldest is dropped first); a found answer becomes the newest. */
export class AnswerMemo<K, V> {
  private readonly entries: Array<{ key: K; value: V }> = [];

  /** `same`: whether two keys hold the same data (default samePlainData; a key of a known shape compares faster) */
  constructor(
    private readonly size: number,
    private readonly same: (a: K, b: K) => boolean = samePlainData,
  ) {}

  /** a copy of the answer kept for a key holding the same data as `key`, or undefined */
  find(key: K): V | undefined {
    const index = this.entries.findIndex((entry) => this.same(entry.key, key));
    if (index < 0) return undefined;
    const [entry] = this.entries.splice(index, 1);
    this.entries.push(entry!);
    return copyOfPlainData(entry!.value);
  }

  /** keeps a copy of `value` as the answer for `key` (which must not be changed afterwards) */
  keep(key: K, value: V): void {
    if (this.size <= 0) return;
    this.entries.push({ key, value: copyOfPlainData(value) });
    if (this.entries.length > this.size) this.entries.shift();
  }
}
