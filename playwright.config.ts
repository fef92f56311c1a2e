import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium where it is installed (CI and these machines cannot download browsers);
// elsewhere Playwright's own browser, so the same config works on a laptop.
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4391);

/**
 * Specs that hold the page's main thread to a time budget (PerformanceObserver long tasks). On a
 * 2-core machine a test running beside them takes their cores and stretches every task they
 * measure (a 244 ms task alone measured 1,337 ms beside another test), so they run after the
 * rest, one at a time: the budget is then the app's, not the neighbour's.
 */
const MAIN_THREAD_BUDGET_SPECS = ['**/hostile-inputs.spec.ts', '**/large-batch.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  projects: [
    { name: 'app', testIgnore: MAIN_THREAD_BUDGET_SPECS },
    {
      name: 'main-thread-budgets',
      testMatch: MAIN_THREAD_BUDGET_SPECS,
      workers: 1,
      // After every other test has finished (`--no-deps` runs these alone).
      dependencies: ['app'],
      use: {
        // A trace snapshots the page on its own main thread, inside the tasks these specs time.
        trace: 'off',
        // A first visit as a user makes it: the offline cache installs beside the page.
        serviceWorkers: 'allow',
      },
    },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}/`,
    locale: 'en-US',
    // Every test's new context would install the offline cache (the whole build, fetched and
    // hashed beside the test), which a browser does once; the specs of the offline cache itself
    // allow it (offline.spec.ts, service-worker-update.spec.ts).
    serviceWorkers: 'block',
    timezoneId: 'UTC',
    // A trace recorded for every test takes the same cores as the tests; a test that fails is
    // run again (CI retries once) and that run is traced. `--trace on` records always.
    trace: 'on-first-retry',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium 156 builds its omnibox popups (web pages of its own) for every new window,
        // each test's context: a hundred requests and about a second of CPU beside the page
        // under test, whose own requests then waited.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
      ],
    },
  },
  // The built app, served statically (at / and under a sub-folder) the way a CDN would.
  webServer: {
    command: `npx tsx e2e/support/serve-dist.ts ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
