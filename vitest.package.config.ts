import { defineConfig } from 'vitest/config';

/**
 * The packed-package test (npm run test:package): packs the tarball, installs it into an empty
 * folder and uses it there as a user would. Kept apart from the unit tests, which it outlasts:
 * it builds the command line and the library and runs npm, tsc, Deno, Vite and Chromium.
 */
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
