/**
 * One definition of a period's findings, wherever they are shown. For generated fleets (fixtures encoder, signed
 * by the test PKI, imported through the real service) and for the periods the week view offers (the week, the
 * last 4 weeks, the month, chosen dates; with and without a severity filter), the findings of
 *   - GET /api/drivercard/findings,
 *   - the week view's list (rendered from that answer on the fake DOM, asked with the page's own parameters),
 *   - findings.csv and
 *   - the report PDF (its text by pdftotext)
 * are the same multiset (rule, period, severity, check). The week's EU 561 findings are also those the pre-check
 * draws with the 3 weeks before as context, cut to the week (what the week view always showed).
 */
import t, { type Test } from 'tap';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportMissingDependency } from '../../conformance/missing-dependency.js';
import { startServer } from '../../composition/server.js';
import { GEN1_MAX } from '../../fixtures/encoder/capacities.js';
import { encodeCard } from '../../fixtures/encoder/encode-card.js';
import { Prng } from '../../fixtures/encoder/prng.js';
import { signDdd, testTrustFiles } from '../../fixtures/pki/test-pki.js';
import { baseScenario, randomDays } from '../../fixtures/scenarios/build.js';
import { asFake, installFakeDocument } from '../web/testing/fake-dom.js';
import { findingsParams, renderPeriodFindings } from '../web/client/findings-period.js';
import { addWeeks, formatIsoWeek, isoWeekOfDate, type IsoWeek } from '../web/client/iso-week.js';
import { ruleName } from '../vocabulary/labels.js';
import { precheckForWeek, precheckWindow } from '../web/client/precheck-window.js';
import { DEFAULT_STATE, type ViewState } from '../web/client/url-state.js';
import type { FindingsPage } from '../web/client/types.js';
import { readableTime } from './report/report-model.js';
import { parseCsv } from './testing/parse-csv.js';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
const uninstall = installFakeDocument();
t.teardown(uninstall);

/** A fleet: `cards` GEN1 cards of 56 random working days ending on `lastDate`, each with its own number. */
function fleet(seed: number, cards: number, lastDate: string): { card: string; bytes: Uint8Array }[] {
  return Array.from({ length: cards }, (_, i) => {
    const rng = new Prng(seed * 100 + i);
    const scenario = baseScenario({
      generation: 'GEN1',
      capacities: GEN1_MAX,
      days: randomDays(rng, lastDate, 56, { cardOut: i % 2 === 1 }),
    });
    const card = `FE${String(seed).padStart(4, '0')}${String(i).padStart(8, '0')}01`;
    scenario.identification.cardNumber = card;
    return { card, bytes: signDdd(encodeCard(scenario)) };
  });
}

/** A finding as every surface can name it: check, rule name, period to the minute, severity. */
type Key = string;
const key = (source: string, rule: string, start: string | null, end: string | null, severity: string | null): Key =>
  `${source === 'wtd' ? 'wtd' : 'eu561'}|${ruleName(rule)}|${readableTime(start)}|${readableTime(end)}|${severity ?? '-'}`;
const sorted = (keys: Key[]) => [...keys].sort();

/** The report's findings from its PDF text: each "N. Rule - STATUS - severity X" heading and the "Period:" after it. */
function pdfKeys(text: string): { count: number; keys: Key[] } {
  const section = text.slice(text.indexOf('Findings ('));
  const count = Number(/Findings \((\d+)\)/.exec(section)?.[1] ?? NaN);
  const heads = [
    // `1. Daily rest — VIOLATION — very serious infringement (VSI)`: the band in words, its abbreviation in brackets
    ...section.matchAll(
      /^\s*\d+\. (.+?) [-—] (VIOLATION|POTENTIAL|INCOMPLETE_DATA)(?: [-—] [a-z ]+ \((MI|SI|VSI|MSI)\))?/gm,
    ),
  ];
  const keys = heads.map((h, i) => {
    const body = section.slice(h.index!, heads[i + 1]?.index ?? section.length);
    const period =
      /Period\s+(\d{4}-\d{2}-\d{2}\s+\d{2}:\d{2}\s+UTC)\s+[-–]\s+(\d{4}-\d{2}-\d{2}\s+\d{2}:\d{2}\s+UTC)/.exec(body);
    const one = (x: string | undefined) => x?.replace(/\s+/g, ' ');
    return `${/\(WTD/.test(h[1]!) ? 'wtd' : 'eu561'}|${h[1]}|${one(period?.[1])}|${one(period?.[2])}|${h[3] ?? '-'}`;
  });
  return { count, keys };
}

if (!hasPdftotext) {
  reportMissingDependency(
    t,
    'findings-everywhere NOT RUN: pdftotext (poppler-utils) is missing',
    '.ci/run installs poppler-utils',
  );
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'findings-everywhere-'));
  const trustDir = join(dataDir, 'trust');
  mkdirSync(trustDir);
  for (const f of testTrustFiles()) writeFileSync(join(trustDir, f.name), f.bytes);
  const server = await startServer({ port: 0, dataDir, trustDir });
  t.teardown(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const get = (path: string) => fetch(new URL(path, server.url));

  const fleets = [fleet(1, 2, '2026-03-15'), fleet(2, 2, '2026-02-27'), fleet(3, 1, '2025-12-31')];
  let totalFindings = 0;
  for (const [f, cards] of fleets.entries()) {
    t.test(
      `fleet ${f + 1}: the same findings on the page, in GET /findings, findings.csv and the report PDF`,
      async (t) => {
        for (const { card, bytes } of cards) {
          const parsed = await fetch(new URL('/api/drivercard/parse', server.url), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ file_name: `${card}.ddd`, content_base64: Buffer.from(bytes).toString('base64') }),
          });
          t.equal(parsed.status, 200, `${card} imported`);
          t.equal((await parsed.json()).status, 'OK', `${card} signed by the test PKI: trusted`);
        }
        for (const { card } of cards) {
          const imports = await (await get(`/api/drivercard/imports?card_number=${card}`)).json();
          const last: string = imports.items[0].activity_range.to;
          const week = addWeeks(isoWeekOfDate(last), -1);
          const states: Partial<ViewState>[] = [
            { period: 'week' },
            { period: '4w' },
            { period: 'month' },
            { date_from: new Date(Date.parse(last) - 40 * 86_400_000).toISOString().slice(0, 10), date_to: last },
            { period: '4w', severity: ['MSI', 'VSI'] },
            { period: 'week', severity: ['SI', 'MI'] },
          ];
          for (const change of states) {
            const state: ViewState = { ...DEFAULT_STATE, card_number: card, week: formatIsoWeek(week), ...change };
            totalFindings += await compareSurfaces(t, card, week, state);
          }
          await weekAsThePrecheckDrawsIt(t, card, week);
        }
      },
    );
  }
  t.test('the generated fleets have findings to compare', async (t) => {
    t.ok(totalFindings > 20, `${totalFindings} findings compared`);
  });

  async function compareSurfaces(t: Test, card: string, week: IsoWeek, state: ViewState): Promise<number> {
    const params = new URLSearchParams(findingsParams({ card_number: card }, state, week));
    const label = `${card} ${params.get('date_from')}..${params.get('date_to')}${params.get('severity') ? ` severity ${params.get('severity')}` : ''}`;
    const res = await get(`/api/drivercard/findings?${params}&limit=5000`);
    t.equal(res.status, 200, label);
    const page = (await res.json()) as FindingsPage;
    const api = page.items.map((f) => key(f.source, f.rule, f.start, f.end, f.severity));
    t.equal(page.total, page.items.length);
    if (state.severity.length > 0)
      t.ok(
        page.items.every((f) => state.severity.includes(f.severity as never)),
        `${label}: only the severities asked`,
      );
    const ranks = page.items.map((f) => ['MSI', 'VSI', 'SI', 'MI'].indexOf(f.severity ?? '') >>> 0);
    t.same(
      ranks,
      [...ranks].sort((a, b) => a - b),
      `${label}: most serious first`,
    );

    const list = asFake(renderPeriodFindings(page, () => undefined)).find('li', 'finding');
    const shown = list.map((li) =>
      key(li.dataset.source!, li.dataset.rule!, li.dataset.start!, li.dataset.end!, li.dataset.severity || null),
    );
    t.same(shown, api, `${label}: the page lists them in the same order`);

    const csv = parseCsv(await (await get(`/export/findings.csv?${params}`)).text());
    const col = (name: string) => csv[0]!.indexOf(name);
    const fromCsv = csv
      .slice(1)
      .map((r) =>
        key(r[col('source')]!, r[col('rule')]!, r[col('start')]!, r[col('end')]!, r[col('severity')] || null),
      );
    t.same(fromCsv, api, `${label}: findings.csv, same rows in the same order`);

    const pdf = new Uint8Array(await (await get(`/report.pdf?${params}`)).arrayBuffer());
    const text = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' }).stdout;
    const fromPdf = pdfKeys(text);
    t.equal(fromPdf.count, page.total, `${label}: the report counts as many`);
    t.notMatch(text, /imp_/, `${label}: no internal import id where a person reads`);
    t.match(text, `${card}.ddd`, `${label}: the file name instead`);
    t.same(sorted(fromPdf.keys), sorted(api), `${label}: the report PDF lists the same findings`);
    // 56 days of data: a week near their end has its weeks before, so the two-week limits were evaluated
    if (state.period === 'week' && !state.date_from)
      t.notMatch(text, /less than two weeks/, `${label}: the report reads the weeks before`);
    return page.total;
  }

  /** The week's EU 561 findings equal the pre-check's over the week and the 3 weeks before, cut to the week. */
  async function weekAsThePrecheckDrawsIt(t: Test, card: string, week: IsoWeek): Promise<void> {
    const window = precheckWindow(week);
    const pre = await (
      await get(
        `/api/drivercard/eu561/violations?card_number=${card}&date_from=${window.dateFrom}&date_to=${window.dateTo}`,
      )
    ).json();
    const cut = precheckForWeek(pre, week).violations.map((v: any) => key('eu561', v.rule, v.start, v.end, v.severity));
    const params = new URLSearchParams(
      findingsParams({ card_number: card }, { ...DEFAULT_STATE, card_number: card }, week),
    );
    const page = (await (await get(`/api/drivercard/findings?${params}`)).json()) as FindingsPage;
    t.same(
      sorted(
        page.items.filter((f) => f.source === 'eu561').map((f) => key(f.source, f.rule, f.start, f.end, f.severity)),
      ),
      sorted(cut),
      `${card} ${formatIsoWeek(week)}: as the pre-check with the weeks before draws them`,
    );
  }
}
