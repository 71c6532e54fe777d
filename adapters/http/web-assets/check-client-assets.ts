/**
 * Build step after `tsc` (package.json "build"): checks that the web client compiled into
 * dist/adapters/web/client and that every relative import of a client module resolves to a file
 * there or in the vocabulary (../../vocabulary/, served under /vocabulary/), and every import of a vocabulary
 * module to a file of its own folder (a missing `.js` extension would only show up in the browser). Exits 1 with
 * the problems.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_DIST_PATH, findRepoRoot } from './web-assets.js';

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
const OWN_MODULE = /^\.\/[a-z0-9][a-z0-9-]*\.js$/;
const VOCABULARY_MODULE = /^\.\.\/\.\.\/vocabulary\/[a-z0-9][a-z0-9-]*\.js$/;

/** The problems of one folder's modules: imports that leave it (other than `shared`, when given) or name no file. */
function checkFolder(dir: string, what: string, shared: RegExp | null): string[] {
  const problems: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      const known = OWN_MODULE.test(spec) || (shared !== null && shared.test(spec));
      if (!spec.startsWith('./') && !known) {
        problems.push(`${file}: import '${spec}' does not stay within the ${what} folder`);
      } else if (!known || !existsSync(resolve(dir, spec))) {
        problems.push(`${file}: import '${spec}' is not a compiled ${what} module`);
      }
    }
  }
  return problems;
}

/** Problems found in a compiled client folder and the vocabulary beside it (empty when they are complete). */
export function checkClientAssets(dir: string): string[] {
  if (!existsSync(join(dir, 'app.js'))) return [`${join(dir, 'app.js')} is missing: the web client did not compile`];
  const vocabulary = resolve(dir, '..', '..', 'vocabulary');
  return [
    ...checkFolder(dir, 'client', VOCABULARY_MODULE),
    ...(existsSync(vocabulary) ? checkFolder(vocabulary, 'vocabulary', null) : []),
  ];
}

/* c8 ignore start: the command-line entry, run by `npm run build` */
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = join(findRepoRoot(process.cwd()), CLIENT_DIST_PATH);
  const problems = checkClientAssets(dir);
  if (problems.length) {
    console.error(`web client assets are incomplete:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`web client assets ok (${dir})`);
}
/* c8 ignore stop */
