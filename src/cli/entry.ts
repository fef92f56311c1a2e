/**
 * The aer1-verify command's body, loaded by bin.ts (after it turned on V8's compile cache where
 * Node has one). Also the script of the --jsonl record workers.
 */
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { escapeControls } from '../core';
import { RECORD_WORKER, serveRecordChunks } from './json-lines';
import { configureShell, EXIT_OUTPUT_CLOSED, EXIT_OUTPUT_FAILED, run } from './main';

if (!isMainThread && parentPort && (workerData as { role?: string })?.role === RECORD_WORKER) {
  // A thread of the --jsonl --jobs pool: it only verifies the chunks it is sent.
  serveRecordChunks(parentPort);
} else main();

function main(): void {
  // A reader that stops early (`aer1-verify … | head`) is not an error of ours, but a run cut
  // short claims nothing: it ends as a process stopped by SIGPIPE does, unless it had finished.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OUTPUT_CLOSED);
    // Any other failure to write (ENOSPC on a full disk) leaves the output cut short: said in
    // one line, with a code of its own, never read as a verdict (1 is "failed").
    process.stderr.write(
      `aer1-verify: cannot write the output: ${escapeControls(error.message)}; it is incomplete\n`,
    );
    process.exit(EXIT_OUTPUT_FAILED);
  });

  configureShell({
    workerScript: fileURLToPath(import.meta.url),
    ...(process.stderr.isTTY
      ? { progress: (text: string) => process.stderr.write(`\r${text}`) }
      : {}),
    writeBytes: (bytes: Uint8Array, release: () => void) => process.stdout.write(bytes, release),
    drained: () =>
      process.stdout.writableNeedDrain
        ? new Promise((resolve) => process.stdout.once('drain', () => resolve()))
        : Promise.resolve(),
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
      process.stderr.write(`aer1-verify: internal error: ${escapeControls(String(error))}\n`);
      process.exitCode = 70;
    },
  );
}
