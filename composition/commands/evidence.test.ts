/**
 * The evidence bundle end to end: written by `drivercard evidence` and by GET /api/drivercard/evidence, its
 * originals imported into an empty data folder give the very findings.json it holds, and a changed byte in a
 * bundled file is caught by `drivercard check-bundle` and by `drivercard verify`.
 */
import t, { type Test } from 'tap';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { copySigned, writeTestTrustDir } from '../../fixtures/pki/test-pki.js';
import { readZip } from '../../adapters/evidence/zip.js';
import { createHttpApp } from '../../adapters/http/app.js';
import { findingsRoute } from '../../adapters/http/findings/findings.route.js';
import type { HttpAppDependencies } from '../../adapters/http/ports.js';
import type { EvidenceManifest } from '../../core/evidence/manifest.js';
import { loadConfig } from '../config.js';
import { createServiceContainer } from '../container.js';
import { captureIo } from '../testing/capture-io.js';
import { checkBundleCommand, evidenceCommand, namedOptions } from './evidence.js';
import { importCommand } from './import.js';
import { verifyCommand } from './verify.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'ddd');
const CARD = 'DF00000123456001';
const PERIOD = ['--card', CARD, '--from', '2026-01-01', '--to', '2026-02-28'];
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function tempDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'drivercard-evidence-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A data folder holding the files of `source`, and the service's dependencies on it. */
async function serviceWith(t: Test, source: string, trustDir: string) {
  const services = createServiceContainer(loadConfig({}, { dataDir: join(tempDir(t), 'data'), trustDir }));
  t.teardown(() => services.dispose());
  const run = captureIo();
  t.equal(await importCommand([source], run.io, () => services.importUseCase(), 1 << 22), 0, 'the files import');
  const deps: HttpAppDependencies = { ...(await services.httpDependencies()), allowedHosts: () => new Set() };
  return deps;
}

async function findingsText(deps: HttpAppDependencies): Promise<string> {
  const url = new URL('http://127.0.0.1/api/drivercard/findings');
  const query = { card_number: CARD, date_from: '2026-01-01', date_to: '2026-02-28', limit: 5000 };
  return JSON.stringify((await findingsRoute.handle({ request: new Request(url), url, query, deps })).body);
}

t.test(
  'a bundle holds the originals, a manifest and the findings; re-imported, the findings are the same',
  async (t) => {
    const dir = tempDir(t);
    const source = join(dir, 'source');
    mkdirSync(source);
    copySigned(join(FIXTURES, 'gen1-full.ddd'), join(source, 'full.ddd'));
    copySigned(join(FIXTURES, 'gen1-basic.ddd'), join(source, 'later.ddd'));
    const trustDir = writeTestTrustDir(join(dir, 'trust'));
    const deps = await serviceWith(t, source, trustDir);

    const out = join(dir, 'bundle.zip');
    const run = captureIo();
    t.equal(await evidenceCommand([...PERIOD, '--out', out], run.io, async () => deps), 0, 'the bundle is written');
    t.match(run.out.join(''), /^bundle\.zip: 2 original file\(s\), 0 import\(s\) left out, \d+ document\(s\)\n$/);
    const entries = readZip(readFileSync(out));
    const manifest = JSON.parse(new TextDecoder().decode(entries.get('manifest.json'))) as EvidenceManifest;
    const original = readFileSync(join(source, 'full.ddd'));
    t.same(entries.get('originals/full.ddd'), original, 'the original, byte for byte');
    t.equal(manifest.files.length, 2, "the period's download and the later one the checks read");
    const full = manifest.files.find((f) => f.file_name === 'full.ddd')!;
    t.equal(full.sha256, sha256(original), 'its SHA-256');
    t.equal(full.authenticity.status, 'VERIFIED');
    t.ok(full.authenticity.parts.length > 0, 'a result per signed EF');
    t.ok(full.authenticity.parts.every((p) => /^EF [0-9A-F]{4}$/.test(p.part)));
    t.same(manifest.excluded, [], 'nothing left out: the later download ends the evaluated time');
    t.match(manifest.rule_version, /^EC561/);
    t.same(
      manifest.documents.map((d) => d.path),
      ['findings.json', 'annotations.json', 'reviews.json', 'report-2026-01-01-2026-02-28.pdf', 'HOW-TO-CHECK.txt'],
    );
    t.equal(new TextDecoder().decode(entries.get('report-2026-01-01-2026-02-28.pdf')!.subarray(0, 5)), '%PDF-');
    t.match(new TextDecoder().decode(entries.get('HOW-TO-CHECK.txt')), /drivercard check-bundle/);
    const findings = new TextDecoder().decode(entries.get('findings.json'));
    t.equal(findings, await findingsText(deps), 'findings.json is the /findings answer');
    t.ok((JSON.parse(findings) as { items: unknown[] }).items.length > 0, 'the period has findings');

    const again = join(dir, 'again');
    mkdirSync(again);
    writeFileSync(join(again, 'full.ddd'), entries.get('originals/full.ddd')!);
    writeFileSync(join(again, 'later.ddd'), entries.get('originals/later.ddd')!);
    const copy = await serviceWith(t, again, trustDir);
    t.equal(await findingsText(copy), findings, 'an empty data folder given the bundled files gives the same findings');

    const check = captureIo();
    t.equal(await checkBundleCommand([out], check.io), 0, 'the untouched bundle checks');
    t.match(check.out.join(''), /bundle\.zip: OK, 7 entries as the manifest lists them/);
    const again2 = captureIo();
    t.equal(await evidenceCommand([...PERIOD, '--out', out], again2.io, async () => deps), 1, 'never overwrites');
    t.match(again2.err.join(''), /exists already/);
  },
);

t.test('a changed byte in a bundled file is caught by check-bundle and by verify', async (t) => {
  const dir = tempDir(t);
  const source = join(dir, 'source');
  mkdirSync(source);
  copySigned(join(FIXTURES, 'gen1-full.ddd'), join(source, 'full.ddd'));
  const trustDir = writeTestTrustDir(join(dir, 'trust'));
  const deps = await serviceWith(t, source, trustDir);
  const out = join(dir, 'bundle.zip');
  t.equal(await evidenceCommand([...PERIOD, '--out', out], captureIo().io, async () => deps), 0);
  const entries = readZip(readFileSync(out));
  const changed = new Uint8Array(entries.get('originals/full.ddd')!);
  changed[200] ^= 0x01;
  entries.set('originals/full.ddd', changed);
  entries.set('extra.txt', new TextEncoder().encode('slipped in'));
  entries.delete('HOW-TO-CHECK.txt');
  const tampered = join(dir, 'tampered.zip');
  writeFileSync(tampered, zipSync(Object.fromEntries(entries)));
  const run = captureIo();
  t.equal(await checkBundleCommand([tampered], run.io), 1, 'the tampered bundle fails');
  const text = run.out.join('');
  t.match(text, /^originals\/full\.ddd: CHANGED \(SHA-256 [0-9a-f]{64}/m);
  t.match(text, /^HOW-TO-CHECK\.txt: MISSING/m);
  t.match(text, /^extra\.txt: NOT_LISTED/m);
  t.match(text, /tampered\.zip: 3 problem\(s\)/);

  const file = join(dir, 'full.ddd');
  writeFileSync(file, changed);
  process.env.DRIVERCARD_TRUST_DIR = trustDir;
  t.teardown(() => delete process.env.DRIVERCARD_TRUST_DIR);
  const verify = captureIo();
  t.equal(await verifyCommand([file], verify.io), 1, 'verify finds the file not VERIFIED');
  t.notMatch(verify.out.join(''), /: VERIFIED\n/);
});

t.test('the HTTP route answers the ZIP; wrong or missing parameters are JSON errors', async (t) => {
  const dir = tempDir(t);
  const source = join(dir, 'source');
  mkdirSync(source);
  copySigned(join(FIXTURES, 'gen1-full.ddd'), join(source, 'full.ddd'));
  const deps = await serviceWith(t, source, writeTestTrustDir(join(dir, 'trust')));
  const { app } = createHttpApp({ ...deps, allowedHosts: () => new Set(['127.0.0.1:5055']) });
  const get = (query: string) => app.fetch(new Request(`http://127.0.0.1:5055/api/drivercard/evidence?${query}`));
  const ok = await get(`card_number=${CARD}&date_from=2026-01-01&date_to=2026-02-28`);
  t.equal(ok.status, 200);
  t.equal(ok.headers.get('content-type'), 'application/zip');
  t.match(
    ok.headers.get('content-disposition'),
    /attachment; filename="evidence-DF00000123456001-2026-01-01-2026-02-28\.zip"/,
  );
  const entries = readZip(new Uint8Array(await ok.arrayBuffer()));
  t.same(entries.get('originals/full.ddd'), readFileSync(join(source, 'full.ddd')));
  const missing = await get(`card_number=${CARD}&date_from=2026-01-01`);
  t.equal(missing.status, 400);
  t.match(await missing.json(), { error: 'invalid_filter', parameter: 'date_to' });
  const long = await get(`card_number=${CARD}&date_from=2025-01-01&date_to=2026-02-28`);
  t.equal(long.status, 400);
  const unknown = await get('card_number=NOPE&date_from=2026-01-01&date_to=2026-02-28');
  t.equal(unknown.status, 404);
  t.match(await unknown.json(), { error: 'not_found' });
  const noOriginals = createHttpApp({ ...deps, originals: undefined, allowedHosts: () => new Set(['127.0.0.1:5055']) });
  const refused = await noOriginals.app.fetch(
    new Request(
      `http://127.0.0.1:5055/api/drivercard/evidence?card_number=${CARD}&date_from=2026-01-01&date_to=2026-01-31`,
    ),
  );
  t.equal(refused.status, 404);
});

t.test('usage: the four options exactly once; a file that is no bundle is refused', async (t) => {
  t.same(namedOptions([...PERIOD, '--out', 'x.zip']), {
    card_number: CARD,
    date_from: '2026-01-01',
    date_to: '2026-02-28',
    out: 'x.zip',
  });
  t.equal(namedOptions([...PERIOD]), null, 'no --out');
  t.equal(namedOptions([...PERIOD, '--out', 'a', '--out', 'b']), null, 'twice');
  t.equal(namedOptions([...PERIOD, '--out']), null, 'no value');
  t.equal(namedOptions([...PERIOD, '--bogus', 'x']), null, 'unknown');
  const never = async (): Promise<HttpAppDependencies> => t.fail('not opened') as never;
  const run = captureIo();
  t.equal(await evidenceCommand(['--card', CARD], run.io, never), 2);
  t.equal(await evidenceCommand(['--card', CARD, '--from', 'x', '--to', 'y', '--out', 'z'], captureIo().io, never), 2);
  const help = captureIo();
  t.equal(await evidenceCommand(['--help'], help.io, never), 0);
  t.match(help.out.join(''), /usage: drivercard evidence/);
  const dir = tempDir(t);
  writeFileSync(join(dir, 'no.zip'), 'not a zip');
  const notZip = captureIo();
  t.equal(await checkBundleCommand([join(dir, 'no.zip')], notZip.io), 1);
  t.match(notZip.err.join(''), /no\.zip: not an evidence bundle/);
  writeFileSync(join(dir, 'other.zip'), zipSync({ 'manifest.json': new TextEncoder().encode('{"format":"x"}') }));
  t.equal(await checkBundleCommand([join(dir, 'other.zip')], captureIo().io), 1);
  const absent = captureIo();
  t.equal(await checkBundleCommand([join(dir, 'absent.zip')], absent.io), 1);
  t.match(absent.err.join(''), /absent\.zip: no such file/);
});
