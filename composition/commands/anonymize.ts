/**
 * `drivercard anonymize IN.ddd OUT.ddd [--coarsen-positions]`: writes a copy of a driver-card download with
 * the people in it replaced (core/anonymize), for sharing a file that decodes wrongly. Prints what was done,
 * one line each (never the replaced values). A file that cannot be read or decoded: one line naming the path
 * as given, exit 1; usage errors exit 2.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { anonymizeDdd } from '../../core/anonymize/index.js';
import { DddDecodeError } from '../../core/decoder/api.js';
import { commandArguments } from './arguments.js';
import { type CommandIo, readFailure } from './parse.js';

export const ANONYMIZE_USAGE = 'usage: drivercard anonymize IN.ddd OUT.ddd [--coarsen-positions]';

export async function anonymizeCommand(argv: string[], io: CommandIo): Promise<number> {
  const args = commandArguments(argv, io, ANONYMIZE_USAGE, 2, ['--coarsen-positions']);
  if (typeof args === 'number') return args;
  const { positional, flags } = args;
  const [input, output] = positional as [string, string];
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(input));
  } catch (error) {
    io.stderr(`drivercard: cannot read ${input}: ${readFailure(error)}\n`);
    return 1;
  }
  let result: ReturnType<typeof anonymizeDdd>;
  try {
    result = anonymizeDdd(bytes, { coarsenPositions: flags.includes('--coarsen-positions') });
  } catch (error) {
    const why = error instanceof DddDecodeError ? error.reason : 'internal_error';
    io.stderr(`drivercard: cannot decode ${input}: ${why}\n`);
    return 1;
  }
  try {
    await writeFile(output, result.bytes);
  } catch (error) {
    io.stderr(`drivercard: cannot write ${output}: ${readFailure(error)}\n`);
    return 1;
  }
  io.stdout(`${result.notes.join('\n')}\nWrote ${output} (${result.bytes.length} bytes).\n`);
  return 0;
}
