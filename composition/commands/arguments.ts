/** A command's arguments split into files and flags, with `--help` and usage errors answered the same everywhere. */

export interface UsageIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

/**
 * The positional arguments and flags of a command taking exactly `count` files and only the `allowed` flags;
 * `--help` prints the usage and gives exit code 0, anything else prints it on stderr and gives 2.
 */
export function commandArguments(
  argv: readonly string[],
  io: UsageIo,
  usage: string,
  count: number,
  allowed: readonly string[],
): { positional: string[]; flags: string[] } | number {
  const positional = argv.filter((a) => !a.startsWith('--'));
  const flags = argv.filter((a) => a.startsWith('--'));
  if (flags.includes('--help')) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  if (positional.length !== count || flags.some((f) => !allowed.includes(f))) {
    io.stderr(`${usage}\n`);
    return 2;
  }
  return { positional, flags };
}
