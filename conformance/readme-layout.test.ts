/**
 * The README's layout table matches the folders: every path it names exists, and every folder of the repository
 * and every folder directly under core/, adapters/, composition/, conformance/, fixtures/ and docs/ is named in it
 * (in its own row, or in the row of the folder it lies in). Folders git ignores (.gitignore) are not part of the
 * layout. The README stays a five-minute read: at most README_MAX_LINES lines; the rest belongs in docs/.
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const IGNORED = new Set(
  readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/\/$/, ''))
    .filter((line) => line.length > 0 && !line.includes('*')),
);
const PARENTS = ['core', 'adapters', 'composition', 'conformance', 'fixtures', 'docs'];
const README_MAX_LINES = 300;

interface Row {
  folders: string[];
  named: string[];
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The rows of the table under "## Layout": the folders of the first cell, the paths named in the second. */
function layoutRows(): Row[] {
  const section = README.slice(README.indexOf('## Layout'));
  const table = section.slice(section.indexOf('| folder |'), section.indexOf('\n\n', section.indexOf('| folder |')));
  return table
    .split('\n')
    .slice(2)
    .map((line) => {
      const [first = '', second = ''] = line.split('|').slice(1, -1);
      return { folders: backticked(first).map((f) => f.replace(/\/$/, '')), named: backticked(second) };
    });
}

function isDir(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

function foldersOf(dir: string): string[] {
  return readdirSync(join(ROOT, dir))
    .filter((name) => !name.startsWith('.') && !IGNORED.has(name) && isDir(join(ROOT, dir, name)))
    .sort();
}

/** A path named in a row exists under one of its folders, one level below them, or at the repository's root. */
function resolves(row: Row, path: string): boolean {
  const bases = ['.', ...row.folders, ...row.folders.flatMap((f) => foldersOf(f).map((sub) => join(f, sub)))];
  return bases.some((base) => existsSync(join(ROOT, base, path)));
}

const rows = layoutRows();

t.test('the layout table is found and has a row per top-level area', async (t) => {
  t.ok(rows.length >= 6, `${rows.length} rows`);
});

t.test('every path the layout table names exists', async (t) => {
  for (const row of rows) {
    for (const path of [...row.folders, ...row.named]) {
      // placeholders (<resource>), file-name endings (.schema.ts), commands and globs are not paths
      if (/[<>* ]/.test(path) || path.startsWith('.') || !/[/.]/.test(path)) continue;
      t.ok(resolves(row, path), `${path} (row ${row.folders.join(', ')})`);
    }
  }
});

/** A folder has a row of its own (or a row of a folder inside it), or is named in the row of a folder it lies in. */
function isNamed(folder: string): boolean {
  return rows.some(
    (row) =>
      row.folders.some((f) => f === folder || f.startsWith(`${folder}/`)) ||
      row.folders.some((f) => {
        if (!folder.startsWith(`${f}/`)) return false;
        const inside = folder.slice(f.length + 1);
        return row.named.some((p) => p === `${inside}/` || p.startsWith(`${inside}/`));
      }),
  );
}

t.test('every folder is named in the layout table', async (t) => {
  for (const top of foldersOf('.')) t.ok(isNamed(top), `${top}/`);
  for (const parent of PARENTS)
    for (const sub of foldersOf(parent)) t.ok(isNamed(`${parent}/${sub}`), `${parent}/${sub}/`);
});

t.test('the README is short enough to read in five minutes', async (t) => {
  const lines = README.split('\n').length - (README.endsWith('\n') ? 1 : 0);
  t.ok(lines <= README_MAX_LINES, `${lines} lines (at most ${README_MAX_LINES})`);
});
