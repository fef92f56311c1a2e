#!/usr/bin/env node
/**
 * The aer1-verify command: built to JavaScript (vite.cli.config.ts → dist-cli/aer1-verify.mjs)
 * so it starts without compiling TypeScript. `npm run verify` and `npx aer1-verify` run it.
 */
import { run } from './main';

// A reader that stops early (`aer1-verify … | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

run(
  process.argv.slice(2),
  (s) => process.stdout.write(s + '\n'),
  (s) => process.stderr.write(s + '\n'),
).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`aer1-verify: internal error: ${String(error)}\n`);
    process.exitCode = 70;
  },
);
