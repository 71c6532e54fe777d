/**
 * `drivercard serve` does not load what only the other commands use: the modules the bin imports before it runs
 * a command (its static imports, followed through every file, type-only imports left out) hold no demo, card
 * encoder or test PKI, and no other command's module; those are imported when their command runs.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The project files `entry` loads through static value imports and re-exports (packages and node: left out). */
function staticImportClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [resolve(entry)];
  const statement = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(statement))
      pending.push(resolve(dirname(file), spec!.replace(/\.js$/, '.ts')));
  }
  return seen;
}

const relative = (files: Set<string>) => [...files].map((file) => file.slice(ROOT.length + 1));

t.test('the closure follows value imports and leaves type-only imports out', async (t) => {
  const closure = relative(staticImportClosure(resolve(ROOT, 'composition/cli.ts')));
  t.ok(closure.includes('composition/commands/serve.ts'), 'serve is imported statically');
  t.ok(closure.includes('composition/server.ts'), 'and the server behind it');
  t.notOk(closure.includes('composition/commands/parse.ts'), 'parse.ts gives the bin only a type');
});

t.test('the bin loads no other command, no demo, no encoder or test PKI before it runs serve', async (t) => {
  const closure = relative(staticImportClosure(resolve(ROOT, 'composition/cli.ts')));
  for (const command of ['demo', 'anonymize', 'verify', 'import', 'purge', 'parse'])
    t.notOk(closure.includes(`composition/commands/${command}.ts`), `${command} is imported when it runs`);
  t.same(
    closure.filter((file) => file.startsWith('fixtures/') || file.startsWith('composition/demo/')),
    [],
  );
});

t.test('the demo command itself reaches the encoder (the check above would see it)', async (t) => {
  const closure = relative(staticImportClosure(resolve(ROOT, 'composition/commands/demo.ts')));
  t.ok(closure.some((file) => file.startsWith('fixtures/encoder/')));
});
