import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

/** The package's runtime dependencies: imported from the user's node_modules, not bundled. */
const { dependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies?: Record<string, string>;
};
const RUNTIME = Object.keys(dependencies);

/**
 * Builds the library entry (src/package/index.ts) into dist-lib/: ES modules for Node, Deno
 * and bundlers, the core's lazily loaded verifiers as chunks of their own. Its declarations are
 * written by scripts/package-types.mjs.
 */
export default defineConfig({
  publicDir: false,
  build: {
    lib: { entry: 'src/package/index.ts', formats: ['es'], fileName: 'index' },
    outDir: 'dist-lib',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      external: (id) => RUNTIME.some((name) => id === name || id.startsWith(name + '/')),
      // The same declaration as the app's (vite.config.ts): nothing in the core runs on import.
      treeshake: { moduleSideEffects: [{ test: /\/src\/core\//, sideEffects: false }] },
    },
  },
});
