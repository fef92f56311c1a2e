#!/usr/bin/env node
/**
 * The aer1-verify command: built to JavaScript (vite.cli.config.ts → dist-cli/aer1-verify.mjs)
 * so it starts without compiling TypeScript. `npm run verify` and `npx aer1-verify` run it.
 *
 * On Node ≥ 22.1, V8's compiled code of the bundle is cached between runs
 * (module.enableCompileCache) before the bundle is loaded; on older Node this does nothing.
 */
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./entry');
