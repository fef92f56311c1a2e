#!/usr/bin/env node
/**
 * The aer1-verify command: built to JavaScript (vite.cli.config.ts → dist-cli/aer1-verify.mjs)
 * so it starts without compiling TypeScript. `npm run verify` and `npx aer1-verify` run it.
 *
 * On Node ≥ 22.1, V8's compiled code of the bundle is cached between runs
 * (module.enableCompileCache) before the bundle is loaded; on older Node this does nothing.
 * `--help` alone prints the usage without loading the bundle's core.
 */
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
  // Help alone needs no core: loading it would add to the start-up of a command that prints
  // one page of text.
  const { USAGE } = await import('./usage');
  process.stdout.write(USAGE + '\n');
} else await import('./entry');
