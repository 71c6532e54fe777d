/**
 * A fixed binary record declared once: field names and lengths in order; offsets and the total length are
 * derived. `fieldsOf` cuts a byte string into named views (no copies).
 */
export type Layout<K extends string> = { readonly fields: readonly (readonly [K, number])[]; readonly length: number };

export function declareRecord<K extends string>(fields: readonly (readonly [K, number])[]): Layout<K> {
  return { fields, length: fields.reduce((sum, [, n]) => sum + n, 0) };
}

/** Named views of `b` (which must hold at least layout.length bytes from `offset`). */
export function fieldsOf<K extends string>(layout: Layout<K>, b: Uint8Array, offset = 0): Record<K, Uint8Array> {
  const out = {} as Record<K, Uint8Array>;
  let at = offset;
  for (const [name, n] of layout.fields) {
    out[name] = b.subarray(at, at + n);
    at += n;
  }
  return out;
}

export function hex(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += (x < 16 ? '0' : '') + x.toString(16);
  return s.toUpperCase();
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function uint32(b: Uint8Array): number {
  return ((b[0] << 24) >>> 0) + ((b[1] << 16) | (b[2] << 8) | b[3]);
}
