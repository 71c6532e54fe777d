/**
 * The client of the HTTP hardening suites (./http-fuzz.suite.ts, ./http-defect-table.suite.ts) and what they send:
 * a client of the real service over a loopback socket that bounds every answer's time, counts 500s, hangs and lost
 * imports, and records every exchange with generated values (ids, times) replaced by stable names, so that the
 * PostgreSQL run can assert both databases answer the same; the fixture files, variants of them, a card number
 * holding a 00 byte, an RSS sampler, and an import's row totals as served and as decoded.
 */
import type { TAP } from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeDdd } from '../core/decoder/index.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { gen1Basic } from '../fixtures/scenarios/gen1.js';
import type { ChildService } from './child-service.js';
import type { Answer as DocumentAnswer } from './openapi-answers.js';

export type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

export const DDD_DIR = join(import.meta.dirname, '..', 'fixtures', 'ddd');
/** no answer may take longer (the defect took 24 s and 8 min) */
export const ANSWER_BOUND_MS = 10_000;
/** RSS growth allowed over the whole run (30 parallel 14.7 MiB bodies grew it by 614 MiB before the fix) */
export const RSS_GROWTH_BOUND_MB = 400;

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

export interface Counts {
  inputs: number;
  requests: number;
  errors500: number;
  hangs: number;
  lostImports: number;
  peakRssMb: number;
}

/** One request and its answer with generated values (ids, times, correlation ids) replaced by stable names. */
export interface Exchange {
  request: string;
  status: number;
  body: unknown;
}

export class Client {
  readonly counts: Counts = { inputs: 0, requests: 0, errors500: 0, hangs: 0, lostImports: 0, peakRssMb: 0 };
  readonly exchanges: Exchange[] = [];
  /** every answer received, as the document checker reads it (documentConformance) */
  readonly answers: DocumentAnswer[] = [];
  private readonly ids = new Map<string, string>();

  constructor(readonly service: ChildService) {}

  get baseUrl(): string {
    return this.service.url;
  }

  async send(
    path: string,
    init: {
      method?: string;
      body?: string | Uint8Array;
      headers?: Record<string, string>;
      boundMs?: number;
      retried?: boolean;
    } = {},
  ): Promise<Answer> {
    const started = performance.now();
    this.counts.requests++;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), init.boundMs ?? ANSWER_BOUND_MS);
    try {
      const response = await fetch(this.baseUrl + path, {
        method: init.method ?? 'GET',
        body: init.body as BodyInit | undefined,
        headers: init.headers,
        signal: controller.signal,
      });
      const text = await response.text();
      this.answers.push({
        method: init.method ?? 'GET',
        url: path,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body: Buffer.from(text),
      });
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      if (response.status >= 500 && response.status !== 503) this.counts.errors500++;
      return { status: response.status, body, headers: response.headers, ms: performance.now() - started };
    } catch (error) {
      if (controller.signal.aborted) this.counts.hangs++;
      // a keep-alive connection the server closed just as the request was written: nothing was processed,
      // so the request is sent again once (as any HTTP client does)
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (!controller.signal.aborted && !init.retried && (code === 'EPIPE' || code === 'ECONNRESET')) {
        this.counts.requests--;
        return this.send(path, { ...init, retried: true });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  post(file: Uint8Array, extra: Record<string, unknown> = {}): Promise<Answer> {
    const body = JSON.stringify({
      file_name: 'card.ddd',
      content_base64: Buffer.from(file).toString('base64'),
      ...extra,
    });
    return this.send('/api/drivercard/parse', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
  }

  /** A stable name for a generated id, by order of first appearance (both backends see the same order). */
  name(id: string): string {
    let named = this.ids.get(id);
    if (!named) {
      named = `#${this.ids.size + 1}`;
      this.ids.set(id, named);
    }
    return named;
  }

  record(request: string, answer: Answer): void {
    this.exchanges.push({ request, status: answer.status, body: this.normalise(answer.body) });
  }

  private normalise(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.normalise(v));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === 'imported_at' || k === 'correlation_id') continue;
        out[k] = this.normalise(v);
      }
      return out;
    }
    // import ids are random; archive ids are given or derived from the content (the same on both databases)
    if (typeof value === 'string') return value.replace(/imp_[0-9a-f]{16,}/g, (m) => this.name(m));
    return value;
  }
}

export function fixtureFiles(): Array<{ name: string; bytes: Uint8Array }> {
  return readdirSync(DDD_DIR)
    .filter((n) => n.endsWith('.ddd'))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(DDD_DIR, name))) }));
}

/** The file with its last byte (inside the last signature) changed: different content, the same card. */
export function variantOf(bytes: Uint8Array, k: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out[out.length - 1]! ^= k;
  return out;
}

/** A generation-1 card whose card number holds a 00 byte (IA5 allows it). */
export function cardWithNul(): Uint8Array {
  const scenario = gen1Basic();
  scenario.identification.cardNumber = 'NUL0000\u000012345601';
  return encodeCard(scenario);
}

/** Samples the service's RSS every 25 ms until stopped; answers the peak in MiB. */
export function rssPeak(rss: () => number): { stop(): number } {
  let peak = rss();
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 25);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rss());
    },
  };
}

/** What the service serves of an import: each list's total. */
export async function rowTotals(client: Client, importId: string): Promise<Record<string, number> | null> {
  const totals: Record<string, number> = {};
  for (const kind of ['activities', 'events', 'faults', 'vehicles-used', 'positions']) {
    const answer = await client.send(`/api/drivercard/${kind}?import_id=${encodeURIComponent(importId)}&limit=1`);
    if (answer.status !== 200) return null;
    totals[kind] = answer.body.total;
  }
  return totals;
}

/** What the decoder gives for the file: each list's length, to compare with rowTotals. */
export async function expectedTotals(bytes: Uint8Array): Promise<Record<string, number>> {
  const parsed = toParsedCard(await decodeDdd(bytes));
  return {
    activities: parsed.activities.length,
    events: parsed.events.length,
    faults: parsed.faults.length,
    'vehicles-used': parsed.vehicles_used.length,
    positions: parsed.positions.length,
  };
}
