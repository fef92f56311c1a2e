/** What checked a report: this verifier, its version and the build's id (vite.config.ts). */
export const VERIFIER = {
  name: 'AER-1 Verifier',
  version: __AER1_VERSION__,
  build: __AER1_BUILD__,
} as const;
