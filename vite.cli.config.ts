import { defineConfig } from 'vite';

/**
 * Builds the command line (src/cli/bin.ts) into one self-contained ES module for Node, so
 * `npm run verify` and `npx aer1-verify` start without compiling TypeScript at run time.
 */
export default defineConfig({
  // The app's public folder is not the command line's.
  publicDir: false,
  build: {
    ssr: 'src/cli/bin.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      output: { entryFileNames: 'aer1-verify.mjs', format: 'es' },
    },
  },
  // Bundle the dependencies too: the built file needs nothing but Node.
  ssr: { noExternal: true },
});
