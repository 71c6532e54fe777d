/**
 * `drivercard check`: re-hashes every stored original (withdrawn imports too) against the SHA-256 recorded when it
 * was received and decodes it again (core/evidence/integrity.ts), without changing anything. Prints one line per
 * import that changed, is missing or no longer decodes (its import id and file name: no personal data) and a
 * summary. Exit 0 when every original is intact, 1 when any is not, 2 on wrong usage.
 */
import { checkStoredOriginals } from '../../core/evidence/integrity.js';
import type { ImportStore } from '../../core/ports/import-store.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { commandArguments } from './arguments.js';
import type { CommandIo } from './parse.js';

export const CHECK_USAGE = 'usage: drivercard check (re-hash and re-decode every stored original; changes nothing)';

export async function checkCommand(
  argv: string[],
  io: CommandIo,
  store: () => Promise<Pick<ImportStore, 'listImports' | 'originalContent'>>,
): Promise<number> {
  const args = commandArguments(argv, io, CHECK_USAGE, 0, []);
  if (typeof args === 'number') return args;
  const report = await checkStoredOriginals(await store(), new NodeCryptoHasher());
  for (const p of report.problems)
    io.stdout(`${p.import_id} ${p.file_name ?? '(no file name)'}: ${p.problem.toUpperCase()} (${p.detail})\n`);
  io.stdout(
    report.problems.length === 0
      ? `${report.checked} original(s) checked: all intact\n`
      : `${report.checked} original(s) checked: ${report.problems.length} not intact\n`,
  );
  return report.problems.length === 0 ? 0 : 1;
}
