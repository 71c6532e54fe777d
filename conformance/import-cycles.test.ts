/**
 * No module imports itself through others, type-only imports included: ESLint's import-x/no-cycle refuses value
 * cycles only, and a cycle of types still ties the modules into one unit a reader must take in at once. Every
 * TypeScript file of the repository's folders, its relative imports and re-exports as TypeScript itself reads them
 * (`preProcessFile`), searched for strongly connected components (Tarjan).
 */
import t from 'tap';
import ts from 'typescript';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['core', 'adapters', 'composition', 'conformance', 'fixtures'];

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each file's relative imports (static, dynamic, type-only, re-exports) that name a file of the repository. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name).replace(/\.js$/, '.ts'))
      .filter((target) => existsSync(target));
    graph.set(file, targets);
  }
  return graph;
}

/** The groups of files that import each other (Tarjan's strongly connected components of more than one file). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

t.test('the search finds a cycle of type imports, and one of a file importing itself', async (t) => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
    ['e', ['e']],
  ]);
  t.same(
    cyclesOf(graph).map((c) => c.sort()),
    [['a', 'b', 'c'], ['e']],
  );
  t.same(cyclesOf(new Map([['a', ['b']]])), []);
});

t.test('no import cycle in the repository, type-only imports included', async (t) => {
  const files = FOLDERS.flatMap((folder) => typeScriptFiles(join(ROOT, folder)));
  t.ok(files.length > 100, `${files.length} files read`);
  const cycles = cyclesOf(importGraph(files)).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' → '));
  t.same(cycles, [], 'no module imports itself through others');
});
