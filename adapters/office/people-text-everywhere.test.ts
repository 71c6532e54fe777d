/**
 * Every message a person reads is written for that person: over every fixture the project ships and the real
 * samples, imported through the whole service, the page's import lines and findings area (rendered on a fake
 * document) and the printable report (HTML, and the PDF's text) hold no byte offset, no API path or parameter and
 * no internal id outside the "Technical detail" disclosures; every warning code and failure reason has words.
 */
import t, { type Test } from 'tap';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportMissingDependency } from '../../conformance/missing-dependency.js';
import { startServer } from '../../composition/server.js';
import { asFake, type FakeNode, FakeElement, installFakeDocument } from '../web/testing/fake-dom.js';
import { showImportResult } from '../web/client/import-result.js';
import { renderFindings } from '../web/client/findings.js';
import { renderImports } from '../web/client/authenticity.js';
import { errorBox } from '../web/client/errors.js';
import { ApiError } from '../web/client/api.js';
import { IMPORT_WARNING_TEXT, DECODE_FAILURE_TEXT } from '../vocabulary/people-text.js';
import type { ImportInfo, ParseResult, PrecheckResult } from '../web/client/types.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/ddd/', import.meta.url));
const SAMPLES =
  process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
const TECHNICAL = [
  /DRIVERCARD_/,
  /\bbyte \d/,
  /GET \//,
  /\/api\//,
  /\bimp_/,
  /\bann_/,
  /unknown_as/,
  /\bf_[0-9a-f]{20}\b/,
  /data_gaps/,
];
const hasPdfToText = spawnSync('pdftotext', ['-v']).error === undefined;

/** The text a person sees without opening a disclosure. */
function visibleText(node: FakeNode | string): string {
  if (typeof node === 'string') return node;
  if (node instanceof FakeElement && node.tagName === 'details') return ' ';
  return node.childNodes.map((c) => visibleText(c)).join(' ');
}

function clean(t: Test, text: string, what: string): void {
  const found = TECHNICAL.filter((p) => p.test(text)).map(String);
  t.same(found, [], `${what}: no technical words`);
}

const files = [
  ...readdirSync(FIXTURES).map((f) => join(FIXTURES, f)),
  ...(existsSync(SAMPLES) ? readdirSync(SAMPLES).filter((f) => f.endsWith('.ddd')) : []).map((f) => join(SAMPLES, f)),
].filter((f) => f.endsWith('.ddd'));

t.test('the page and the report speak to people, for every fixture and real sample', async (t) => {
  if (!existsSync(SAMPLES)) reportMissingDependency(t, 'real samples NOT RUN: ../shared/samples missing', '');
  const uninstall = installFakeDocument();
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-people-'));
  const server = await startServer({ port: 0, dataDir }, { env: {} });
  const pdfDir = mkdtempSync(join(tmpdir(), 'drivercard-people-pdf-'));
  t.teardown(async () => {
    uninstall();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pdfDir, { recursive: true, force: true });
  });
  const get = (path: string) => fetch(`${server.url}${path}`);
  const seen = new Set<string>();
  let pdfs = 0;
  for (const file of files) {
    const name = file.split('/').pop()!;
    const res = await fetch(`${server.url}/api/drivercard/parse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_name: name, content_base64: readFileSync(file).toString('base64') }),
    });
    const body = await res.json();
    if (!res.ok) {
      t.ok(body.reason === undefined || Object.hasOwn(DECODE_FAILURE_TEXT, body.reason), `${name}: ${body.reason}`);
      const box = errorBox(
        'Could not import',
        new ApiError(res.status, body.error, body.message, null, [], body.reason ?? null),
        () => undefined,
      );
      clean(t, visibleText(asFake(box)), `${name}: the import failure`);
      continue;
    }
    const result = body as ParseResult;
    for (const w of result.warnings ?? []) {
      seen.add(w.code);
      t.ok(Object.hasOwn(IMPORT_WARNING_TEXT, w.code), `${name}: words for ${w.code}`);
    }
    const li = document.createElement('li');
    const span = document.createElement('span');
    li.append(span);
    showImportResult(li, span, result);
    clean(t, visibleText(asFake(li)), `${name}: the import line`);
    clean(t, visibleText(asFake(renderImports([result as ImportInfo]))), `${name}: the imports list`);
    const { from, to } = result.activity_range;
    if (result.reused || !from || !to || !result.card?.card_number) continue;
    const start = new Date(Math.max(Date.parse(from), Date.parse(to) - 27 * 86_400_000)).toISOString().slice(0, 10);
    const query = `card_number=${encodeURIComponent(result.card.card_number)}&date_from=${start}&date_to=${to}&include_quarantined=true`;
    const precheck = await get(`/api/drivercard/eu561/violations?${query}`);
    if (precheck.ok) {
      const fragment = renderFindings((await precheck.json()) as PrecheckResult, () => undefined);
      clean(t, visibleText(asFake(fragment)), `${name}: the findings area`);
    }
    const html = await get(`/report?${query}`);
    if (!html.ok) continue;
    const page = (await html.text()).replace(/<details[\s\S]*?<\/details>/g, ' ').replace(/<[^>]+>/g, ' ');
    clean(t, page, `${name}: the report`);
    if (!file.startsWith(SAMPLES) || !hasPdfToText) continue;
    writeFileSync(join(pdfDir, 'r.pdf'), new Uint8Array(await (await get(`/report.pdf?${query}`)).arrayBuffer()));
    execFileSync('pdftotext', ['-enc', 'UTF-8', join(pdfDir, 'r.pdf'), join(pdfDir, 'r.txt')]);
    clean(t, readFileSync(join(pdfDir, 'r.txt'), 'utf8').replace(/\s+/g, ' '), `${name}: the PDF report`);
    pdfs++;
  }
  if (existsSync(SAMPLES) && hasPdfToText) t.equal(pdfs, 2, 'the PDF report of both real driver cards');
  t.ok(seen.size >= 5, `the fixtures raise several warning codes (${[...seen].join(', ')})`);
});
