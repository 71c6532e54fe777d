/**
 * What a test does when a system dependency (Chromium, PostgreSQL, the shared real samples) is absent: it says so
 * loudly on stderr and skips — except under CI=true, where nothing may skip, so it fails instead.
 */
import type { Test } from 'tap';

export function reportMissingDependency(t: Test, message: string, ciHint: string): void {
  const bar = '!'.repeat(Math.min(120, message.length + 6));
  process.stderr.write(`\n${bar}\n!! ${message}\n${bar}\n\n`);
  if (process.env.CI === 'true') t.fail(`${message} CI=true: nothing may skip (${ciHint}).`);
  else t.test(message, { skip: message }, async () => {});
}
