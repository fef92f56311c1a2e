#!/usr/bin/env node
// Makes sure the end-to-end tests have a Chromium: Debian's /usr/bin/chromium where it can be
// installed (these machines cannot download Playwright's browsers), otherwise Playwright's own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const run = (command) => execSync(command, { stdio: 'inherit' });

if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) process.exit(0);
if (existsSync(DEBIAN_CHROMIUM)) process.exit(0);

const { chromium } = await import('@playwright/test');
if (existsSync(chromium.executablePath())) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (existsSync('/usr/bin/apt-get') && isRoot) {
  console.log('Installing Debian Chromium for the end-to-end tests…');
  run('apt-get update -qq');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  process.exit(existsSync(DEBIAN_CHROMIUM) ? 0 : 1);
}
console.log('Installing Playwright Chromium for the end-to-end tests…');
try {
  run('npx playwright install chromium');
} catch {
  console.error(
    'No Chromium for the end-to-end tests. Install one (Debian: apt-get install chromium; elsewhere: npx playwright install chromium) or set CHROMIUM_PATH.',
  );
  process.exit(1);
}
