/**
 * Launching Debian's Chromium for the web view's browser tests (never a downloaded browser).
 * Used only by *.e2e.test.ts files.
 */

import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null when Chromium is installed. */
export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM_PATH) ? null : `${CHROMIUM_PATH} is not installed (apt-get install chromium)`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** artifacts/screenshots/ under the repository root (git-ignored), created on demand. */
export function screenshotDir(repoRoot: string): string {
  const dir = join(repoRoot, 'artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Collects the page's console errors and uncaught script errors (those matching `expected` aside) into a list. */
export function watchProblems(page: Page, expected: RegExp | null = null): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !(expected?.test(m.text()) ?? false)) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}
