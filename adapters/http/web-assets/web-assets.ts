/**
 * The bundled web week view's assets, for the HTTP adapter to mount:
 *   GET /  (and /index.html)        → the page
 *   GET /assets/app.css              → the stylesheet; /assets/icon.svg → the icon
 *   GET /assets/<module>.js          → the compiled client modules (app.js is the entry)
 *   GET /vocabulary/<module>.js      → the people's vocabulary (adapters/vocabulary), which client modules import as
 *                                      ../../vocabulary/<module>.js (a URL that resolves to /vocabulary/)
 * The client TypeScript (adapters/web/client/*.ts) is compiled by `npm run build` to
 * dist/adapters/web/client/*.js; those files are read from the repository root found from this
 * module's location, so it works both from dist/ (npm start) and from the TS sources (tests via tsx).
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_HTML } from '../../web/page.js';
import { STYLES_CSS } from '../../web/styles.js';

export interface WebAsset {
  body: string | Uint8Array;
  contentType: string;
}

/**
 * Suggested Content-Security-Policy for every web response: the page loads only its own scripts,
 * stylesheet and JSON endpoints (no inline script or style element, no CDN).
 */
export const WEB_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Where the compiled client modules live, relative to the repository root. */
export const CLIENT_DIST_PATH = join('dist', 'adapters', 'web', 'client');
/** Where the compiled vocabulary modules live, relative to the repository root. */
export const VOCABULARY_DIST_PATH = join('dist', 'adapters', 'vocabulary');

/** The nearest folder at or above `start` holding package.json (the repository root). */
export function findRepoRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
}

const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
const clientDir = join(repoRoot, CLIENT_DIST_PATH);
const cache = new Map<string, Uint8Array>();

const HTML = 'text/html; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const SVG = 'image/svg+xml';

/** A small tachograph-like icon (three activity bars), so browsers do not ask for /favicon.ico. */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">' +
  '<rect x="1" y="2" width="6" height="12" fill="#c92a2a"/><rect x="7" y="6" width="4" height="8" fill="#1864ab"/>' +
  '<rect x="11" y="10" width="4" height="4" fill="#2b8a3e"/></svg>';

/** Module names are plain words: no dots or slashes, so nothing outside the client folder is reachable. */
const MODULE_PATH = /^\/assets\/([a-z0-9][a-z0-9-]*)\.js$/;
const VOCABULARY_PATH = /^\/vocabulary\/([a-z0-9][a-z0-9-]*)\.js$/;

function readClientModule(name: string, dir: string): Uint8Array | null {
  const key = join(dir, `${name}.js`);
  const hit = cache.get(key);
  if (hit) return hit;
  if (!existsSync(key)) return null;
  const body = new Uint8Array(readFileSync(key));
  cache.set(key, body);
  return body;
}

/**
 * The asset for a request path (without query), or null when the path is not a web asset (the
 * caller answers 404). `dir` overrides the compiled client folder (tests).
 */
export function serveWebAsset(pathname: string, dir: string = clientDir): WebAsset | null {
  if (pathname === '/' || pathname === '/index.html') return { body: PAGE_HTML, contentType: HTML };
  if (pathname === '/assets/app.css') return { body: STYLES_CSS, contentType: CSS };
  if (pathname === '/assets/icon.svg') return { body: ICON_SVG, contentType: SVG };
  const vocabulary = VOCABULARY_PATH.exec(pathname);
  const m = vocabulary ?? MODULE_PATH.exec(pathname);
  if (!m) return null;
  // the vocabulary's folder sits two levels above the client folder, as in the repository
  const body = readClientModule(m[1]!, vocabulary ? join(dir, '..', '..', 'vocabulary') : dir);
  return body ? { body, contentType: JS } : null;
}
