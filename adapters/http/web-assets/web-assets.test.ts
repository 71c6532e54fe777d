import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { checkClientAssets } from './check-client-assets.js';
import { findRepoRoot, serveWebAsset, WEB_CONTENT_SECURITY_POLICY } from './web-assets.js';

const text = (body: string | Uint8Array) => (typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));

t.test('the page, the stylesheet and the icon', async (t) => {
  for (const path of ['/', '/index.html']) {
    const page = serveWebAsset(path)!;
    t.equal(page.contentType, 'text/html; charset=utf-8');
    const html = text(page.body);
    t.match(html, '<script type="module" src="assets/app.js"></script>');
    t.notMatch(html, /<script>|<script type="module">|<style|\sstyle=|\son\w+="/, 'no inline script, style or handler');
    t.notMatch(html, /https?:\/\//, 'no external URL');
    for (const id of [
      'driver',
      'week',
      'prev-week',
      'this-week',
      'next-week',
      'import-file',
      'chart',
      'totals',
      'findings',
      'tooltip',
      'status',
      'fleet',
      'fleet-summary',
      'fleet-table',
      'fleet-q',
      'fleet-filter',
      'drop-zone',
      'import-list',
      'timeline',
      'tab-list',
      'tab-panel',
      'unknown-as',
      'basis-import',
      'basis-from',
      'basis-to',
      'report-link',
      'driver-status',
      'imports-of-card',
    ]) {
      t.match(html, `id="${id}"`, `#${id} exists`);
    }
    t.match(html, 'accept=".ddd" multiple', 'many files at once');
    t.match(html, 'a gap to explain (default)', 'the three readings of card-out time, the default named');
  }
  const css = serveWebAsset('/assets/app.css')!;
  t.equal(css.contentType, 'text/css; charset=utf-8');
  t.match(text(css.body), '.seg-driving');
  t.notMatch(text(css.body), /@import|url\(/, 'no external resource in the stylesheet');
  t.equal(serveWebAsset('/assets/icon.svg')!.contentType, 'image/svg+xml');
  t.match(WEB_CONTENT_SECURITY_POLICY, /^default-src 'self';/);
  t.notMatch(WEB_CONTENT_SECURITY_POLICY, /unsafe/);
});

t.test('client modules come from the compiled folder, nothing else', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'web-assets-'));
  writeFileSync(join(dir, 'app.js'), "import { x } from './api.js';\n");
  writeFileSync(join(dir, 'api.js'), 'export const x = 1;\n');
  const app = serveWebAsset('/assets/app.js', dir)!;
  t.equal(app.contentType, 'text/javascript; charset=utf-8');
  t.equal(text(app.body), "import { x } from './api.js';\n");
  writeFileSync(join(dir, 'app.js'), 'changed');
  t.equal(
    text(serveWebAsset('/assets/app.js', dir)!.body),
    "import { x } from './api.js';\n",
    'served from memory once read',
  );
  t.equal(serveWebAsset('/assets/missing.js', dir), null);
  for (const path of [
    '/assets/../index.js',
    '/assets/app.test.js',
    '/assets/App.js',
    '/assets/x/app.js',
    '/assets/app.ts',
    '/api/drivercard/imports',
    '/favicon.ico',
    '',
  ]) {
    t.equal(serveWebAsset(path, dir), null, `${path || '(empty)'} is not an asset`);
  }
});

t.test('the default folder is the build output under the repository root', async (t) => {
  const root = findRepoRoot(process.cwd());
  t.equal(findRepoRoot(join(root, 'adapters', 'web')), root);
  t.throws(() => findRepoRoot('/'), /no package.json/);
  const app = serveWebAsset('/assets/app.js');
  t.ok(app, 'the compiled client exists (npm run build runs before the tests)');
  t.match(text(app!.body), "from './api.js'");
  t.same(checkClientAssets(join(root, 'dist', 'adapters', 'web', 'client')), [], 'the compiled client is complete');
});

t.test('the build check finds missing and broken client modules', async (t) => {
  const empty = mkdtempSync(join(tmpdir(), 'web-assets-'));
  t.match(checkClientAssets(empty), [/app\.js is missing/]);
  const dir = mkdtempSync(join(tmpdir(), 'web-assets-'));
  writeFileSync(
    join(dir, 'app.js'),
    "import { a } from './a';\nimport { b } from './b.js';\nimport x from 'h3';\nconst c = await import('./c.js');\n",
  );
  writeFileSync(join(dir, 'b.js'), "export { z } from './z.js';\n");
  t.same(checkClientAssets(dir), [
    "app.js: import './a' is not a compiled client module",
    "app.js: import 'h3' does not stay within the client folder",
    "app.js: import './c.js' is not a compiled client module",
    "b.js: import './z.js' is not a compiled client module",
  ]);
});

t.test('the vocabulary is served beside the client modules, and checked with them', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'web-assets-'));
  const client = join(root, 'web', 'client');
  const vocabulary = join(root, 'vocabulary');
  mkdirSync(client, { recursive: true });
  mkdirSync(vocabulary);
  writeFileSync(join(client, 'app.js'), "import { words } from '../../vocabulary/people-text.js';\n");
  writeFileSync(join(vocabulary, 'people-text.js'), "import { localParts } from './local-time.js';\n");
  writeFileSync(join(vocabulary, 'local-time.js'), 'export const localParts = 1;\n');
  t.equal(
    text(serveWebAsset('/vocabulary/people-text.js', client)!.body),
    "import { localParts } from './local-time.js';\n",
    'a client import of ../../vocabulary/x.js resolves to /vocabulary/x.js',
  );
  t.equal(serveWebAsset('/vocabulary/../app.js', client), null);
  t.equal(serveWebAsset('/vocabulary/missing.js', client), null);
  t.same(checkClientAssets(client), [], 'client and vocabulary complete');
  writeFileSync(
    join(client, 'app.js'),
    "import { x } from '../../vocabulary/gone.js';\nimport { y } from '../other/y.js';\n",
  );
  writeFileSync(join(vocabulary, 'local-time.js'), "import { z } from '../web/client/app.js';\n");
  t.same(checkClientAssets(client), [
    "app.js: import '../../vocabulary/gone.js' is not a compiled client module",
    "app.js: import '../other/y.js' does not stay within the client folder",
    "local-time.js: import '../web/client/app.js' does not stay within the vocabulary folder",
  ]);
});
