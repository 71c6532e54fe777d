/**
 * The house rules a reader relies on, checked from the sources (no build needed): no production function longer
 * than a screen (80 lines), no test support in what the build compiles into dist/, every browser file compiled by
 * the browser's tsconfig (DOM, no Node types) and by it alone, and no words of how the work was organised in the
 * README, the docs or the code.
 */
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_FUNCTION_LINES = 80;

/** The repository-relative files a tsconfig compiles. */
function compiledBy(config: string): string[] {
  const path = join(ROOT, config);
  const read = ts.readConfigFile(path, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, join(path, '..'));
  return parsed.fileNames.map((f) => relative(ROOT, f)).sort();
}

const build = compiledBy('tsconfig.build.json');
const browser = compiledBy('adapters/web/tsconfig.json');

/** Every function-like node of a file longer than `max` lines, as `file:line name (n lines)`. */
export function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - start + 1;
      if (lines > max) {
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        found.push(`${file}:${start + 1} ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The service's own code: what the build and the browser's tsconfig compile, less fixtures/ (our DDD encoder and
 * its scenarios, compiled for the demo fleet: each scenario is one card's data written out as one function).
 */
const production = [...build, ...browser.filter((f) => !build.includes(f))].filter((f) => !f.startsWith('fixtures/'));

t.test('no production function is longer than 80 lines', async (t) => {
  const files = production;
  t.ok(files.length > 200, `${files.length} production files read`);
  const long = files.flatMap((f) => longFunctions(f, readFileSync(join(ROOT, f), 'utf8')));
  t.same(long, [], 'functions over 80 lines');
});

t.test('the length check counts a function from its first to its last line', async (t) => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
  t.same(longFunctions('a.ts', `function fits() {\n${body(78)}\n}\n`), [], '80 lines fit');
  t.same(longFunctions('a.ts', `function over() {\n${body(79)}\n}\n`), ['a.ts:1 over (81 lines)']);
  t.same(longFunctions('a.ts', `class C {\n  m() {\n${body(80)}\n  }\n}\n`), ['a.ts:2 m (82 lines)'], 'methods too');
  t.same(longFunctions('a.ts', `const f = () => {\n${body(90)}\n};\n`), ['a.ts:1 (anonymous) (92 lines)']);
});

/** Test support: tests, suites, scenarios, harnesses, end-to-end runs, conformance. */
const TEST_SUPPORT = /(^|\/)(testing|e2e|conformance)\/|\.(test|suite|scenario|e2e)\.ts$/;

t.test('nothing of the tests is compiled into dist/', async (t) => {
  t.ok(build.includes('composition/cli.ts'), 'the build compiles the service');
  t.same(
    build.filter((f) => TEST_SUPPORT.test(f)),
    [],
  );
  t.same(
    browser.filter((f) => TEST_SUPPORT.test(f)),
    [],
  );
  t.ok(TEST_SUPPORT.test('adapters/http/testing/office-service.ts') && TEST_SUPPORT.test('core/a.test.ts'));
});

t.test("every browser file is compiled by the browser's tsconfig, and not with Node types", async (t) => {
  const tracked = execFileSync('git', ['ls-files', 'adapters/web'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  const browserFiles = tracked.filter((f) => f.endsWith('.ts') && !TEST_SUPPORT.test(f) && !f.includes('/testing/'));
  t.ok(browserFiles.includes('adapters/web/client/app.ts'), `${browserFiles.length} browser files`);
  t.same(
    browserFiles.filter((f) => !browser.includes(f)),
    [],
    "outside the browser's tsconfig",
  );
  t.same(
    browserFiles.filter((f) => build.includes(f)),
    [],
    "compiled by the service's build (Node types)",
  );
});

/**
 * Words of work organisation: numbered work sessions or periods, issue numbers, sprints. "session" and "work
 * period" are also words of the domain: a PostgreSQL session (its locks, its commits), a card or download session
 * (Annex IC), a driver's daily work period (Reg. 561/2006); a match near one of ALLOWED is that reading.
 */
const ORGANISATION = /\b(sessions?|work periods?|sprints?|issue\s*#?\d+)\b/gi;
const ALLOWED = [
  'lock',
  'PostgreSQL',
  'commit',
  'daily work period',
  'this work period',
  'download session',
  'card session',
  'Transfer Data',
];
const NEAR = 160;

/** The matches of ORGANISATION in `text` no ALLOWED word stands near (comment line breaks read as spaces). */
export function organisationWords(text: string): string[] {
  const flat = text.replace(/\s*\n\s*(\*|\/\/|#)?\s*/g, ' ');
  const found: string[] = [];
  for (const match of flat.matchAll(ORGANISATION)) {
    const near = flat.slice(Math.max(0, match.index - NEAR), match.index + match[0].length + NEAR).toLowerCase();
    if (!ALLOWED.some((word) => near.includes(word.toLowerCase()))) {
      found.push(flat.slice(Math.max(0, match.index - 40), match.index + match[0].length + 20));
    }
  }
  return found;
}

t.test('no words of how the work was organised in the README, the docs or the code', async (t) => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  const read = tracked.filter(
    (f) => /\.(ts|js|md|json|html|css)$/.test(f) && f !== 'conformance/structure.test.ts' && !f.endsWith('-lock.json'),
  );
  t.ok(read.includes('README.md') && read.some((f) => f.startsWith('docs/')), `${read.length} files read`);
  const found = read.flatMap((f) => organisationWords(readFileSync(join(ROOT, f), 'utf8')).map((w) => `${f}: ${w}`));
  t.same(found, []);
});

t.test('the word check finds the organisation and passes the domain', async (t) => {
  // the sample sentence is put together here, so that the repository itself never spells it
  const sample = ['measured in the eleventh', 'sess' + 'ion, see is' + 'sue 34'].join(' ');
  t.equal(organisationWords(sample).length, 2);
  t.equal(organisationWords('/**\n * as work period 3 found\n */').length, 1);
  t.equal(organisationWords('planned for the next sprint').length, 1);
  t.same(organisationWords('a lock another session holds is tried again'), []);
  t.same(organisationWords(' * the end of a daily\n * work period may be entered'), []);
  t.same(organisationWords('the EFs of each download\n * session'), []);
});
