import { defineConfig } from 'vite';

/**
 * The modules a run may need, in one chunk: left to the bundler, what a run of one receipt
 * loads came in some twenty small chunks (shared between the on-demand verifiers), and Node's
 * module loader spent more on resolving, reading and linking them than V8 on compiling them.
 * Left out, each in chunks of its own: the entry points (bin.ts, entry.ts, which the --jobs
 * workers load too), the usage text `--help` loads alone, and the conformance vectors and
 * self-test with the vector files (a megabyte that only `--self-test` reads).
 */
function inVerifierChunk(id: string): boolean {
  return (
    /\/src\//.test(id) &&
    !/\/src\/cli\/(?:bin|entry|usage)\.ts$|\/src\/conformance\/|\/vectors\/|\.json$/.test(id)
  );
}

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
      output: {
        entryFileNames: 'aer1-verify.mjs',
        format: 'es',
        codeSplitting: {
          groups: [
            { name: 'usage', test: /\/src\/cli\/usage\.ts$/, priority: 2 },
            { name: 'verifier', test: inVerifierChunk, priority: 1 },
          ],
        },
      },
    },
  },
  // Bundle the dependencies too: the built file needs nothing but Node.
  ssr: { noExternal: true },
});
