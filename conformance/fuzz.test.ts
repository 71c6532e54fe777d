/**
 * Robustness fuzz of the decoder and the row mapper: seeded mutations of every fixtures/ddd/*.ddd plus
 * synthetic inputs. Every case must either decode — and then toParsedCard gives rows whose timestamps are
 * valid ISO 8601 UTC strings (or null) outside 1970, dates valid, durations integers, no NaN/Infinity, every
 * contract field present, warnings with a known code and an English message without file bytes — or throw a
 * DddDecodeError with a known reason. Never another exception, never a hang. The streaming decoder (chunks
 * of 1..7 bytes; synchronous chunks and, for some cases, an async iterable) must give exactly the same card
 * or the same error as decodeDddBytes.
 *
 * Mutations: bit flips, byte overwrites, truncation at every block boundary (and inside each header and
 * value) and at random offsets, TLV length fields changed, tags changed, blocks duplicated / reordered /
 * removed, targeted damage of EF headers (Application_Identification counts, activity pointers and daily
 * record headers, record pointers), random files, every 1-byte file, 2-byte files, '76 06' and '76 xx'
 * prefixes. FUZZ_SCALE (default 1) multiplies the number of random mutations per fixture.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { DECODE_WARNING_CODES, DddDecodeError, type DecodeErrorReason } from '../core/decoder/api.js';
import { decodeDdd, decodeDddBytes, decodeDddChunks } from '../core/decoder/index.js';
import type { DecodedCard } from '../core/domain/card.js';
import type { ParsedCard, Warning } from '../core/domain/rows.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { parsedCardToResponse } from '../adapters/http/mappers.js';
import { Prng } from '../fixtures/encoder/prng.js';
import { signDdd, testTrustFiles } from '../fixtures/pki/test-pki.js';
import { NodeSignatureCrypto } from '../adapters/crypto/node-signature-crypto.js';
import { ACTIVITY_FIELDS } from '../adapters/http/shared/activity-json.js';
import { eventFaultRowSchema } from '../adapters/http/events-faults/events-faults.schema.js';
import { positionRowSchema } from '../adapters/http/positions/positions.schema.js';
import { vehicleUsedRowSchema } from '../adapters/http/vehicles-used/vehicles-used.schema.js';
import {
  AUTHENTICITY_WARNING_CODES,
  VerificationCache,
  buildTrustStore,
  verifyCard,
} from '../core/authenticity/index.js';

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const DDD_DIR = join(import.meta.dirname, '..', 'fixtures', 'ddd');

const REASONS: ReadonlySet<DecodeErrorReason> = new Set<DecodeErrorReason>([
  'empty',
  'not_a_ddd_file',
  'truncated',
  'vehicle_unit_download',
  'no_identification',
  'conflicting_duplicate_ef',
  'reserved_length',
]);

/** Every warning code the decoder and the row mapper may raise (stable API: adding one is a decision). */
const WARNING_CODES: ReadonlySet<string> = new Set([
  'transfer_header_stripped',
  'unknown_tag',
  'duplicated_ef',
  'repeated_ef_differs',
  'signature_missing',
  'damaged_ef',
  'record_longer_than_specified',
  'ef_size_mismatch',
  'damaged_activity_record',
  'activity_record_out_of_sequence',
  'missing_ef',
  'activity_time_out_of_order',
  'activity_time_out_of_range',
  'signature_scheme_unknown',
  ...AUTHENTICITY_WARNING_CODES,
]);

/** the verifier runs on every decoded case (verifyCard itself: a throw is a crash, not hidden) */
const fuzzCrypto = new NodeSignatureCrypto();
const fuzzTrust = buildTrustStore(testTrustFiles(), fuzzCrypto).store;
const fuzzCache = new VerificationCache();

// ------------------------------------------------------------------------------------------------------------
// Inputs
// ------------------------------------------------------------------------------------------------------------

interface Span {
  /** offset of the tag */
  start: number;
  /** offset after the value */
  end: number;
  fid: number;
  appendix: number;
  length: number;
}

/** The TLV blocks of a well-formed (prefix of a) file, read independently of the decoder. */
function spansOf(bytes: Uint8Array): { skip: number; spans: Span[] } {
  const skip = bytes.length >= 2 && bytes[0] === 0x76 && bytes[1] === 0x06 ? 2 : 0;
  const spans: Span[] = [];
  let p = skip;
  while (p + 5 <= bytes.length) {
    const length = (bytes[p + 3]! << 8) | bytes[p + 4]!;
    if (length === 0xffff || p + 5 + length > bytes.length) break;
    spans.push({
      start: p,
      end: p + 5 + length,
      fid: (bytes[p]! << 8) | bytes[p + 1]!,
      appendix: bytes[p + 2]!,
      length,
    });
    p += 5 + length;
  }
  return { skip, spans };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

interface Case {
  name: string;
  bytes: Uint8Array;
}

function mutationsOf(fixture: string, original: Uint8Array, rng: Prng): Case[] {
  const cases: Case[] = [];
  const add = (what: string, bytes: Uint8Array): void => {
    cases.push({ name: `${fixture}: ${what}`, bytes });
  };
  const n = original.length;
  const { skip, spans } = spansOf(original);
  // fewer random mutations for the big gen2 files (each case decodes and maps the whole card)
  const budget = (k: number): number =>
    Math.max(2, Math.round((k * SCALE * Math.min(1, 20_000 / Math.max(n, 1))) ** 1));
  const randomSpan = (): Span => rng.pick(spans);
  const withBytes = (edit: (b: Uint8Array) => void): Uint8Array => {
    const b = original.slice();
    edit(b);
    return b;
  };

  add('as is', original);
  if (n === 0) return cases;

  // truncation at every block boundary, inside every header and inside every value
  for (const s of spans) {
    add(`cut at block ${s.start}`, original.subarray(0, s.start));
    add(`cut in header ${s.start}+${1 + (s.start % 4)}`, original.subarray(0, s.start + 1 + (s.start % 4)));
    if (s.length > 0) add(`cut in value ${s.start}`, original.subarray(0, s.start + 5 + rng.int(0, s.length - 1)));
  }
  for (let i = 0; i < budget(15); i++) {
    const at = rng.int(0, n - 1);
    add(`cut at ${at}`, original.subarray(0, at));
  }
  // bit flips and byte overwrites anywhere
  for (let i = 0; i < budget(40); i++) {
    const flips = rng.int(1, 8);
    add(
      `${flips} bit flips #${i}`,
      withBytes((b) => {
        for (let k = 0; k < flips; k++) b[rng.int(0, n - 1)]! ^= 1 << rng.int(0, 7);
      }),
    );
  }
  for (let i = 0; i < budget(30); i++) {
    const count = rng.int(1, 16);
    add(
      `${count} bytes overwritten #${i}`,
      withBytes((b) => {
        for (let k = 0; k < count; k++) b[rng.int(0, n - 1)] = rng.pick([0x00, 0xff, 0x7f, 0x80, rng.int(0, 255)]);
      }),
    );
  }
  if (spans.length === 0) return cases;

  // TLV length fields changed
  for (let i = 0; i < budget(30); i++) {
    const s = randomSpan();
    const length =
      rng.pick([0, 1, s.length - 1, s.length + 1, s.length * 2, rng.int(0, 0xffff), 0xfffe, 0xffff, n]) & 0xffff;
    add(
      `length of block ${s.start} set to ${length}`,
      withBytes((b) => {
        b[s.start + 3] = length >> 8;
        b[s.start + 4] = length & 0xff;
      }),
    );
  }
  // tags changed: other appendix, other FID, random
  for (let i = 0; i < budget(12); i++) {
    const s = randomSpan();
    add(
      `tag of block ${s.start} changed #${i}`,
      withBytes((b) => {
        const how = rng.int(0, 2);
        if (how === 0) b[s.start + 2] = rng.int(0, 4);
        else if (how === 1)
          b[s.start + 1] = rng.pick([0x01, 0x02, 0x04, 0x05, 0x06, 0x0e, 0x20, 0x22, 0x25, 0x28, 0x30, 0x40]);
        else b[s.start + rng.int(0, 2)] = rng.int(0, 255);
      }),
    );
  }
  // blocks duplicated (same content, changed content), reordered, removed
  const body = (s: Span): Uint8Array => original.subarray(s.start, s.end);
  const without = (drop: Set<Span>): Uint8Array =>
    concat(
      original.subarray(0, skip),
      ...spans.filter((s) => !drop.has(s)).map(body),
      original.subarray(spans.at(-1)!.end),
    );
  for (let i = 0; i < budget(6); i++) {
    const s = randomSpan();
    add(`block ${s.start} duplicated`, concat(original, body(s)));
    const changed = body(s).slice();
    if (changed.length > 5) changed[rng.int(5, changed.length - 1)]! ^= 0x01;
    add(
      `block ${s.start} duplicated with other content`,
      concat(original.subarray(0, s.end), changed, original.subarray(s.end)),
    );
  }
  for (let i = 0; i < budget(10); i++) {
    const order = spans.slice();
    const a = rng.int(0, order.length - 1);
    const c = rng.int(0, order.length - 1);
    [order[a], order[c]] = [order[c]!, order[a]!];
    add(`blocks ${a} and ${c} swapped`, concat(original.subarray(0, skip), ...order.map(body)));
  }
  if (spans.length > 1) {
    const reversed = spans.slice().reverse();
    add('blocks in reverse order', concat(original.subarray(0, skip), ...reversed.map(body)));
  }
  for (let i = 0; i < budget(10); i++) {
    const drop = new Set<Span>();
    const k = rng.int(1, Math.min(4, spans.length));
    while (drop.size < k) drop.add(randomSpan());
    add(`${k} blocks removed #${i}`, without(drop));
  }
  // targeted damage of the EF headers the decoders lean on
  const byFid = (fid: number): Span[] => spans.filter((s) => s.fid === fid && (s.appendix === 0 || s.appendix === 2));
  const u16At = (b: Uint8Array, o: number, v: number): void => {
    if (o + 1 < b.length) {
      b[o] = (v >> 8) & 0xff;
      b[o + 1] = v & 0xff;
    }
  };
  for (const s of byFid(0x0501)) {
    for (let i = 0; i < budget(8); i++) {
      add(
        `Application_Identification ${s.start} counts #${i}`,
        withBytes((b) => {
          const v = s.start + 5;
          const field = rng.int(3, Math.max(3, s.length - 1));
          b[v + field] = rng.pick([0, 1, 2, 0xff, rng.int(0, 255)]);
          if (rng.bool()) b[v + 1] = rng.int(0, 2); // cardStructureVersion
        }),
      );
    }
  }
  for (const s of byFid(0x0525)) {
    for (let i = 0; i < budget(4); i++) {
      add(
        `Application_Identification_V2 ${s.start} counts #${i}`,
        withBytes((b) => u16At(b, s.start + 5 + 2 * rng.int(0, 4), rng.pick([0, 1, 0xffff, rng.int(0, 3000)]))),
      );
    }
  }
  for (const s of byFid(0x0504)) {
    const L = s.length - 4;
    for (let i = 0; i < budget(20); i++) {
      add(
        `Driver_Activity_Data ${s.start} #${i}`,
        withBytes((b) => {
          const v = s.start + 5;
          const newest = (b[v + 2]! << 8) | b[v + 3]!;
          switch (rng.int(0, 5)) {
            case 0: // pointers anywhere (also past the buffer)
              u16At(b, v + rng.pick([0, 2]), rng.pick([0, L - 1, L, L + 1, 0xffff, rng.int(0, Math.max(0, L - 1))]));
              break;
            case 1: // newest record's previous length / length
              u16At(
                b,
                v + 4 + ((newest + rng.pick([0, 2])) % Math.max(1, L)),
                rng.pick([0, 1, 11, 12, 13, L, L + 1, 0xffff, rng.int(0, 2000)]),
              );
              break;
            case 2: // newest record's date
              for (let k = 0; k < 4; k++)
                b[v + 4 + ((newest + 4 + k) % Math.max(1, L))] = rng.pick([0, 0xff, rng.int(0, 255)]);
              break;
            case 3: // oldest = newest
              u16At(b, v, newest);
              break;
            case 4: // a burst of random bytes inside the buffer
              for (let k = 0, at = rng.int(0, Math.max(0, L - 1)); k < 24; k++)
                b[v + 4 + ((at + k) % Math.max(1, L))] = rng.int(0, 255);
              break;
            default: // all bytes of the buffer random
              for (let k = 4; k < s.length; k++) b[v + k] = rng.int(0, 255);
          }
        }),
      );
    }
  }
  // the first bytes of every other EF (pointers, record starts)
  for (let i = 0; i < budget(20); i++) {
    const s = randomSpan();
    if (s.length === 0) continue;
    add(
      `start of value ${s.start} #${i}`,
      withBytes((b) => {
        for (let k = 0; k < rng.int(1, 4); k++)
          b[s.start + 5 + rng.int(0, Math.min(s.length - 1, 24))] = rng.pick([0, 0xff, rng.int(0, 255)]);
      }),
    );
  }
  // prefixes
  const body0 = original.subarray(skip);
  add('76 06 prefix', concat(Uint8Array.of(0x76, 0x06), body0));
  add('76 06 76 06 prefix', concat(Uint8Array.of(0x76, 0x06, 0x76, 0x06), body0));
  for (let i = 0; i < 3; i++) {
    const trep = rng.pick([0x01, 0x02, 0x03, 0x04, 0x05, 0x07, 0x21, 0x31, 0xff, rng.int(0, 255)]);
    add(`76 ${trep.toString(16)} prefix`, concat(Uint8Array.of(0x76, trep), body0));
  }
  return cases;
}

function syntheticCases(rng: Prng): Case[] {
  const cases: Case[] = [];
  cases.push({ name: 'empty file', bytes: new Uint8Array(0) });
  for (let b = 0; b < 256; b++) cases.push({ name: `1-byte file ${b}`, bytes: Uint8Array.of(b) });
  for (let b = 0; b < 256; b++) cases.push({ name: `2-byte file 76 ${b}`, bytes: Uint8Array.of(0x76, b) });
  for (let i = 0; i < 100 * SCALE; i++) cases.push({ name: `2-byte file #${i}`, bytes: rng.bytes(2) });
  for (let i = 0; i < 150 * SCALE; i++)
    cases.push({ name: `random ${i}`, bytes: rng.bytes(rng.int(3, rng.pick([16, 300, 5000]))) });
  // random bytes behind a valid first tag (the decoder reads on instead of rejecting at once)
  const tags = [
    [0x00, 0x02, 0x00],
    [0x05, 0x20, 0x00],
    [0x05, 0x01, 0x02],
    [0xc1, 0x00, 0x00],
  ];
  for (let i = 0; i < 150 * SCALE; i++) {
    const body = rng.bytes(rng.int(2, rng.pick([8, 200, 3000])));
    cases.push({ name: `random after a card tag #${i}`, bytes: concat(Uint8Array.from(rng.pick(tags)), body) });
  }
  // an Identification followed by random well-framed EFs (random content in correct TLV framing)
  const fids = [
    0x0501, 0x0502, 0x0503, 0x0504, 0x0505, 0x0506, 0x0507, 0x0508, 0x050e, 0x0521, 0x0522, 0x0523, 0x0524, 0x0525,
    0x0526, 0x0527, 0x0528, 0x0529, 0x0530,
  ];
  for (let i = 0; i < 100 * SCALE; i++) {
    const appendix = rng.pick([0, 2]);
    const parts: Uint8Array[] = [Uint8Array.of(0x05, 0x20, appendix, 0, 143), rng.bytes(143)];
    for (let k = rng.int(1, 8); k > 0; k--) {
      const length = rng.pick([0, 1, 4, 10, 17, 19, 46, 53, rng.int(0, 400), rng.int(0, 4000)]);
      parts.push(
        Uint8Array.of(...[rng.pick(fids)].flatMap((f) => [f >> 8, f & 0xff]), appendix, length >> 8, length & 0xff),
        rng.bytes(length),
      );
    }
    cases.push({ name: `framed random EFs #${i}`, bytes: concat(...parts) });
  }
  return cases;
}

// ------------------------------------------------------------------------------------------------------------
// Checks
// ------------------------------------------------------------------------------------------------------------

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** ISO time string → [problem or null, epoch ms] (cached: mutations of one fixture give the same times again) */
const timeChecks = new Map<string, [string | null, number]>();

function timeInfo(v: string): [string | null, number] {
  let info = timeChecks.get(v);
  if (info === undefined) {
    const ms = Date.parse(v);
    if (!ISO_TIME.test(v)) info = ['is not an ISO UTC time', ms];
    else if (Number.isNaN(ms) || new Date(ms).toISOString() !== v.replace('Z', '.000Z'))
      info = ['is not a real time', ms];
    else info = [v.startsWith('1970-') ? 'is a 1970 date' : null, ms];
    if (timeChecks.size > 200_000) timeChecks.clear();
    timeChecks.set(v, info);
  }
  return info;
}

/** A problem description, or null. */
function checkTime(v: unknown, what: string, nullable: boolean): string | null {
  if (v === null) return nullable ? null : `${what} is null`;
  if (typeof v !== 'string') return `${what} is not an ISO UTC time: ${String(v)}`;
  const problem = timeInfo(v)[0];
  return problem === null ? null : `${what} ${problem}: ${v}`;
}

const dateChecks = new Map<string, string | null>();

function checkDate(v: unknown, what: string, nullable: boolean, timeReal: boolean): string | null {
  if (v === null) return nullable ? null : `${what} is null`;
  if (typeof v !== 'string') return `${what} is not a YYYY-MM-DD date: ${String(v)}`;
  let problem = dateChecks.get(v);
  if (problem === undefined) {
    problem = null;
    const m = ISO_DATE.exec(v);
    if (!m) problem = 'is not a YYYY-MM-DD date';
    else {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(0);
      date.setUTCFullYear(y, mo - 1, d);
      if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
        problem = 'is not a real date';
    }
    if (dateChecks.size > 100_000) dateChecks.clear();
    dateChecks.set(v, problem);
  }
  if (problem === null && timeReal && v.startsWith('1970-')) problem = 'is a 1970 date';
  return problem === null ? null : `${what} ${problem}: ${v}`;
}

function checkKeys(row: object, keys: readonly string[], what: string): string | null {
  const have = Object.keys(row);
  if (have.length === keys.length && have.every((k, i) => k === keys[i])) return null; // the usual order
  const want = [...keys].sort().join(',');
  return have.sort().join(',') === want ? null : `${what} has fields ${have.join(',')}, the contract lists ${want}`;
}

/** Every number anywhere is finite (no NaN, no Infinity). */
function nonFinite(v: unknown, path: string): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? null : `${path} is ${v}`;
  if (v === null || typeof v !== 'object') return null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (x !== null && (typeof x === 'object' || typeof x === 'number')) {
        const p = nonFinite(x, path);
        if (p) return p;
      }
    }
    return null;
  }
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (x !== null && (typeof x === 'object' || typeof x === 'number')) {
      const p = nonFinite(x, `${path}.${k}`);
      if (p) return p;
    }
  }
  return null;
}

const HEX_DUMP = [
  /\b(?:[0-9A-Fa-f]{2}[ :-]){2,}[0-9A-Fa-f]{2}\b/, // 'AB CD EF', 'ab:cd:ef'
  /\b0x[0-9A-Fa-f]+/,
  /\b(?=[0-9A-Fa-f]*\d)(?=[0-9A-Fa-f]*[A-Fa-f])[0-9A-Fa-f]{4,}\b/, // a hex run with digits and letters
];

function checkWarning(w: Warning): string | null {
  if (Object.keys(w).sort().join(',') !== 'code,message') return `warning fields ${Object.keys(w).join(',')}`;
  if (!WARNING_CODES.has(w.code)) return `unknown warning code ${w.code}`;
  if (typeof w.message !== 'string' || !/^[A-Z0-9]/.test(w.message) || !w.message.endsWith('.')) {
    return `warning ${w.code}: not an English sentence: ${w.message}`;
  }
  if (!/^[\x20-\x7e]+$/.test(w.message))
    return `warning ${w.code}: non-printable or non-ASCII characters: ${JSON.stringify(w.message)}`;
  for (const re of HEX_DUMP) if (re.test(w.message)) return `warning ${w.code}: looks like a hex dump: ${w.message}`;
  return null;
}

const ACTIVITY_KEYS: readonly string[] = ACTIVITY_FIELDS;
// the keys of each row of the parse answer: the required fields of the row's response schema (one declaration)
const EVENT_KEYS: readonly string[] = eventFaultRowSchema.required;
const VEHICLE_KEYS: readonly string[] = vehicleUsedRowSchema.required;
const POSITION_KEYS: readonly string[] = positionRowSchema.required;

/** All problems of one ParsedCard (empty when it is fine). */
function problemsOf(card: ParsedCard): string[] {
  const p = parsedCardToResponse(card);
  const out: string[] = [];
  const push = (x: string | null): void => {
    if (x !== null && out.length < 5) out.push(x);
  };
  push(nonFinite(p, 'card'));
  const m = p.metadata;
  push(
    checkKeys(
      m.card,
      ['card_number', 'issuing_member_state', 'issuing_authority', 'issue_date', 'validity_begin', 'expiry_date'],
      'card',
    ),
  );
  push(
    checkKeys(
      m.driver,
      ['surname', 'first_names', 'birth_date', 'preferred_language', 'licence_issuing_nation', 'licence_number'],
      'driver',
    ),
  );
  push(checkKeys(m.activity_range, ['from', 'to', 'days'], 'activity_range'));
  if (!['GEN1', 'GEN2', 'GEN2V2'].includes(m.generation)) push(`generation ${m.generation}`);
  const cn = m.card.card_number;
  if (cn !== null && (cn !== cn.trim().toUpperCase() || /\s/.test(cn) || cn.length === 0 || cn.length > 16))
    push(`card_number ${JSON.stringify(cn)}`);
  push(checkDate(m.card.issue_date, 'issue_date', true, true));
  push(checkDate(m.card.validity_begin, 'validity_begin', true, true));
  push(checkDate(m.card.expiry_date, 'expiry_date', true, true));
  push(checkDate(m.driver.birth_date, 'birth_date', true, false));
  push(checkDate(m.activity_range.from, 'activity_range.from', true, true));
  push(checkDate(m.activity_range.to, 'activity_range.to', true, true));
  if (!Number.isInteger(m.activity_range.days)) push('activity_range.days');
  for (const w of m.warnings) push(checkWarning(w));
  for (const a of p.activities) {
    push(checkKeys(a, ACTIVITY_KEYS, 'activity'));
    push(checkDate(a.date, 'activity.date', false, true));
    push(checkTime(a.start, 'activity.start', false));
    push(checkTime(a.end, 'activity.end', false));
    if (!Number.isInteger(a.duration)) push(`activity.duration ${a.duration}`);
    if ((timeInfo(a.end)[1] - timeInfo(a.start)[1]) / 1000 !== a.duration)
      push(`activity.duration ${a.duration} ≠ end − start`);
    if (!a.start.startsWith(a.date)) push(`activity.start ${a.start} not on ${a.date}`);
    if (a.manual_entry && a.card_inserted) push('manual entry with the card inserted');
    if (a.crew && !a.card_inserted) push('crew without the card inserted');
  }
  for (const e of [...p.events, ...p.faults]) {
    push(checkKeys(e, EVENT_KEYS, 'event/fault'));
    push(checkTime(e.start, 'event.start', true));
    push(checkTime(e.end, 'event.end', true));
    if (!Number.isInteger(e.code) || e.code < 0 || e.code > 255) push(`event.code ${e.code}`);
    if ((e.type === null) !== (e.description === null)) push('event type/description: one null, the other not');
  }
  for (const v of p.vehicles_used) {
    push(checkKeys(v, VEHICLE_KEYS, 'vehicle used'));
    push(checkTime(v.first_use, 'vehicle.first_use', true));
    push(checkTime(v.last_use, 'vehicle.last_use', true));
    for (const k of ['odometer_begin_km', 'odometer_end_km', 'distance_km', 'vu_data_block_counter'] as const) {
      const x = v[k];
      if (x !== null && (!Number.isInteger(x) || x < 0)) push(`vehicle.${k} ${x}`);
    }
  }
  for (const pos of p.positions) {
    push(checkKeys(pos, POSITION_KEYS, 'position'));
    push(checkTime(pos.timestamp, 'position.timestamp', true));
    if (pos.latitude !== null && Math.abs(pos.latitude) > 90) push(`latitude ${pos.latitude}`);
    if (pos.longitude !== null && Math.abs(pos.longitude) > 180) push(`longitude ${pos.longitude}`);
    if ((pos.latitude === null) !== (pos.longitude === null)) push('half a position');
  }
  for (const d of p.day_distances) {
    push(checkDate(d.date, 'day_distance.date', false, true));
    if (!Number.isInteger(d.distance_km) || d.distance_km < 0) push(`distance_km ${d.distance_km}`);
  }
  return out;
}

/** Deep equality of decoder output (typed arrays by content, Maps by entries). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array && b instanceof Uint8Array) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !same(v, b.get(k))) return false;
    return true;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!(Array.isArray(a) && Array.isArray(b)) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
    return true;
  }
  return false;
}

type Outcome = { card: DecodedCard } | { error: DddDecodeError } | { crash: unknown };

function outcome(fn: () => DecodedCard): Outcome {
  try {
    return { card: fn() };
  } catch (error) {
    return error instanceof DddDecodeError ? { error } : { crash: error };
  }
}

function* chunksOf(bytes: Uint8Array, rng: Prng): Generator<Uint8Array> {
  for (let p = 0; p < bytes.length;) {
    const size = rng.int(1, 7);
    yield bytes.subarray(p, p + size);
    p += size;
  }
}

async function* asyncChunksOf(bytes: Uint8Array, rng: Prng): AsyncGenerator<Uint8Array> {
  for (const c of chunksOf(bytes, rng)) yield c.slice();
}

function describe(o: Outcome): string {
  if ('card' in o) return `card ${o.card.generation}, ${o.card.warnings.length} warnings`;
  if ('error' in o) return `DddDecodeError ${o.error.reason}: ${o.error.message}`;
  return `crash: ${o.crash instanceof Error ? o.crash.stack : String(o.crash)}`;
}

interface Tally {
  cases: number;
  decoded: number;
  reasons: Map<string, number>;
  warnings: Map<string, number>;
  authenticity: Map<string, number>;
  failures: string[];
  /** cases where the whole-file and the one-chunk streaming decoder decided differently */
  disagreements: number;
  slowest: { name: string; ms: number };
}

async function streamAsync(c: Case, rng: Prng): Promise<Outcome> {
  try {
    return { card: await decodeDdd(asyncChunksOf(c.bytes, rng)) };
  } catch (error) {
    return error instanceof DddDecodeError ? { error } : { crash: error };
  }
}

/** One case; `streamed` is the async streaming outcome when the caller computed it, else sync chunks are used. */
function runCase(c: Case, rng: Prng, tally: Tally, asyncStreamed: Outcome | null, started: number): void {
  const t0 = started;
  const fail = (why: string): void => {
    if (tally.failures.length < 20) tally.failures.push(`${c.name} (${c.bytes.length} bytes): ${why}`);
  };
  tally.cases++;
  const whole = outcome(() => decodeDddBytes(c.bytes));
  const streamed = asyncStreamed ?? outcome(() => decodeDddChunks(chunksOf(c.bytes, rng)));
  // the CLI streams files in large chunks holding many blocks: the decision must not depend on the chunking
  const oneChunk = outcome(() => decodeDddChunks([c.bytes]));
  if ('crash' in whole) return fail(describe(whole));
  if ('crash' in streamed) return fail(`streaming: ${describe(streamed)}`);
  if (
    'error' in whole !== 'error' in oneChunk ||
    ('error' in whole && 'error' in oneChunk && whole.error.reason !== oneChunk.error.reason)
  ) {
    tally.disagreements++;
    fail(`whole file: ${describe(whole)}; streaming in one chunk: ${describe(oneChunk)}`);
  }
  if ('error' in whole) {
    tally.reasons.set(whole.error.reason, (tally.reasons.get(whole.error.reason) ?? 0) + 1);
    if (!REASONS.has(whole.error.reason)) fail(`unknown reason ${whole.error.reason}`);
    if (!/^[A-Z]/.test(whole.error.message) || !/^[\x20-\x7e]+$/.test(whole.error.message))
      fail(`error message ${JSON.stringify(whole.error.message)}`);
    for (const re of HEX_DUMP)
      if (re.test(whole.error.message)) fail(`error message looks like a hex dump: ${whole.error.message}`);
    if (
      !('error' in streamed) ||
      streamed.error.reason !== whole.error.reason ||
      streamed.error.message !== whole.error.message
    ) {
      fail(`whole file: ${describe(whole)}; streaming: ${describe(streamed)}`);
    }
  } else {
    tally.decoded++;
    if (!('card' in streamed) || !same(streamed.card, whole.card)) {
      return fail(`whole file: ${describe(whole)}; streaming gives another result: ${describe(streamed)}`);
    }
    let parsed: ParsedCard;
    try {
      parsed = toParsedCard(whole.card);
    } catch (error) {
      return fail(`toParsedCard threw ${error instanceof Error ? error.stack : String(error)}`);
    }
    try {
      const verified = verifyCard(whole.card, { crypto: fuzzCrypto, trust: fuzzTrust, cache: fuzzCache });
      parsed.metadata.warnings.push(...verified.warnings);
      tally.authenticity.set(
        verified.authenticity.status,
        (tally.authenticity.get(verified.authenticity.status) ?? 0) + 1,
      );
    } catch (error) {
      return fail(`verifyCard threw ${error instanceof Error ? error.stack : String(error)}`);
    }
    for (const w of parsed.metadata.warnings) tally.warnings.set(w.code, (tally.warnings.get(w.code) ?? 0) + 1);
    const problems = problemsOf(parsed);
    if (problems.length > 0) fail(problems.join('; '));
  }
  const ms = performance.now() - t0;
  if (ms > tally.slowest.ms) tally.slowest = { name: c.name, ms };
}

// ------------------------------------------------------------------------------------------------------------

const fixtures = readdirSync(DDD_DIR)
  .filter((f) => f.endsWith('.ddd'))
  .sort();

t.test('fuzz: every mutated fixture decodes cleanly or fails with a known DddDecodeError', async (t) => {
  const rng = new Prng(20260302);
  const tally: Tally = {
    cases: 0,
    decoded: 0,
    reasons: new Map(),
    warnings: new Map(),
    authenticity: new Map(),
    failures: [],
    disagreements: 0,
    slowest: { name: '', ms: 0 },
  };
  const started = performance.now();
  let k = 0;
  const run = async (c: Case): Promise<void> => {
    const t0 = performance.now();
    // every 16th case (of the smaller inputs: each async chunk costs a few promises) streams through an async
    // iterable (decodeDdd's `for await` path), the others through synchronous chunks (decodeDddChunks) — both
    // in random chunks of 1..7 bytes
    k++;
    const asyncStreamed = await streamAsync(c, rng);
    runCase(c, rng, tally, asyncStreamed, t0);
  };
  // plus two files signed by the test PKI: mutations then hit real certificates and signatures
  const signed = ['gen1-basic.ddd', 'gen2-crew-gnss.ddd'].map((f) => ({
    file: `signed-${f}`,
    bytes: signDdd(new Uint8Array(readFileSync(join(DDD_DIR, f)))),
  }));
  const inputs = [
    ...fixtures.map((file) => ({ file, bytes: new Uint8Array(readFileSync(join(DDD_DIR, file))) })),
    ...signed,
  ];
  for (const { file, bytes: original } of inputs) {
    const f0 = performance.now();
    const before = tally.cases;
    for (const c of mutationsOf(file.replace(/\.ddd$/, ''), original, rng)) {
      if (k % 16 === 0 && c.bytes.length < 20_000) await run(c);
      else runSync(c);
    }
    if (process.env.FUZZ_PROFILE)
      t.comment(`${file}: ${tally.cases - before} cases, ${((performance.now() - f0) / 1000).toFixed(2)} s`);
  }
  for (const c of syntheticCases(rng)) {
    if (k % 16 === 0) await run(c);
    else runSync(c);
  }
  function runSync(c: Case): void {
    k++;
    runCase(c, rng, tally, null, performance.now());
  }
  const seconds = (performance.now() - started) / 1000;

  t.same(tally.failures, [], 'no crash, no invalid row, streaming = whole file');
  t.equal(
    tally.disagreements,
    0,
    'the streaming and the whole-file decoder decide alike (same reason), however the file is chunked',
  );
  t.ok(tally.cases >= 3000, `${tally.cases} cases`);
  t.ok(tally.decoded > tally.cases / 10 && tally.decoded < tally.cases, `${tally.decoded} decoded, the rest rejected`);
  // a hang is caught by tap's per-file timeout (.taprc); times are reported, not asserted
  t.comment(`slowest case ${tally.slowest.ms.toFixed(0)} ms (${tally.slowest.name})`);
  for (const reason of REASONS)
    t.ok(tally.reasons.has(reason), `reason ${reason} reached (${tally.reasons.get(reason) ?? 0}×)`);
  for (const code of [
    'unknown_tag',
    'duplicated_ef',
    'signature_missing',
    'damaged_ef',
    'ef_size_mismatch',
    'damaged_activity_record',
    'transfer_header_stripped',
  ]) {
    t.ok(tally.warnings.has(code), `warning ${code} reached (${tally.warnings.get(code) ?? 0}×)`);
  }
  t.ok(
    tally.authenticity.has('VERIFIED') && tally.authenticity.has('INVALID'),
    `authenticity ${[...tally.authenticity].map(([s, n]) => `${s} ${n}`).join(', ')}`,
  );
  t.comment(
    `${tally.cases} cases in ${seconds.toFixed(1)} s: ${tally.decoded} decoded; rejected: ${[...tally.reasons].map(([r, n]) => `${r} ${n}`).join(', ')}`,
  );
});

t.test('the checks themselves catch what they are meant to catch', async (t) => {
  t.same(
    [...WARNING_CODES].sort(),
    [
      ...DECODE_WARNING_CODES,
      'activity_time_out_of_order',
      'activity_time_out_of_range',
      ...AUTHENTICITY_WARNING_CODES,
    ].sort(),
    "the stable warning codes: the decoder's list plus the row mapper's two and the verifier's",
  );
  t.match(checkTime('1970-01-02T00:00:00Z', 'x', false), /1970/);
  t.match(checkTime('2026-02-30T00:00:00Z', 'x', false), /not a real time/);
  t.match(checkTime('2026-03-02T06:15:00.000Z', 'x', false), /not an ISO/);
  t.equal(checkTime('2026-03-02T06:15:00Z', 'x', false), null);
  t.match(checkDate('2026-02-29', 'x', false, true), /not a real date/);
  t.equal(checkDate('0004-02-29', 'x', false, false), null, 'year 4 was a leap year');
  t.match(nonFinite({ a: [{ b: NaN }] }, 'card'), /card\.a\.b is NaN/);
  t.match(checkWarning({ code: 'damaged_ef', message: 'Bytes 0A 1B 2C were read.' }), /hex dump/);
  t.match(checkWarning({ code: 'damaged_ef', message: 'Tag 05200A was read.' }), /hex dump/);
  t.match(checkWarning({ code: 'nope', message: 'Fine.' }), /unknown warning code/);
  t.equal(
    checkWarning({
      code: 'damaged_ef',
      message: 'EF Places is 12 bytes long where 1121 are specified; it was skipped.',
    }),
    null,
  );
  t.notOk(same({ a: Uint8Array.of(1) }, { a: Uint8Array.of(2) }));
  t.ok(same(new Map([[1, Uint8Array.of(1)]]), new Map([[1, Uint8Array.of(1)]])));
});
