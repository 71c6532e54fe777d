/**
 * Build step after `tsc` (package.json "build"): checks that the web client compiled into
 * dist/adapters/web/client and that every relative import of a client module resolves to a file
 * there (a missing `.js` extension would only show up in the browser). Exits 1 with the problems.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_DIST_PATH, findRepoRoot } from './web-assets.js';

/** Problems found in a compiled client folder (empty when it is complete). */
export function checkClientAssets(dir: string): string[] {
  if (!existsSync(join(dir, 'app.js'))) return [`${join(dir, 'app.js')} is missing: the web client did not compile`];
  const problems: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(
      /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    )) {
      const spec = (m[1] ?? m[2])!;
      if (!spec.startsWith('./')) {
        problems.push(`${file}: import '${spec}' does not stay within the client folder`);
      } else if (!/^\.\/[a-z0-9][a-z0-9-]*\.js$/.test(spec) || !existsSync(resolve(dir, spec))) {
        problems.push(`${file}: import '${spec}' is not a compiled client module`);
      }
    }
  }
  return problems;
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
