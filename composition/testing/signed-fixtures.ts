/**
 * The card downloads of fixtures/ddd the backup tests import on either database, and a throwaway folder holding a
 * test trust store and signed copies of them (signed by fixtures/pki's test authority, so that imports verify).
 */
import type { Test } from 'tap';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySigned, writeTestTrustDir } from '../../fixtures/pki/test-pki.js';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'ddd');

/** Every generation, a Greek name, crew and GNSS records, a border crossing with a load, two card downloads. */
export const BACKUP_FILES = [
  'gen1-full.ddd',
  'gen1-basic.ddd',
  'gen1-greek.ddd',
  'gen2-full.ddd',
  'gen2v2-full.ddd',
  'gen2-crew-gnss.ddd',
  'gen2v2-border-load.ddd',
  'gen1-card-download.ddd',
  'gen2-card-download-older.ddd',
];

/** A folder removed at the test's end: `trust/` (the test trust store) and `files/` (signed copies of `names`). */
export function signedFixtureFolder(t: Test, prefix: string, names: readonly string[]) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const trustDir = writeTestTrustDir(join(dir, 'trust'));
  mkdirSync(join(dir, 'files'));
  const files = names.map((name) => {
    copySigned(join(FIXTURES, name), join(dir, 'files', name));
    return join(dir, 'files', name);
  });
  return { dir, trustDir, files };
}
