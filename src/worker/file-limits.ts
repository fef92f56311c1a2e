/**
 * The limits on files dropped or picked together, checked where the files are read: on the
 * page for a few files, in the Worker for many (read-files.ts). A File's size is looked up on
 * the disk when it is first asked for, synchronously: for 10,000 files that was seconds of the
 * page's main thread, so a large drop is measured in the Worker, never on the page.
 */
import { DROP_MAX_BYTES, DROP_MAX_FILES, FILE_MAX_BYTES } from '../core';

export const LIMITS = {
  maxFiles: DROP_MAX_FILES,
  maxFileBytes: FILE_MAX_BYTES,
  maxTotalBytes: DROP_MAX_BYTES,
} as const;

export class InputLimitError extends Error {}

/**
 * JSON Lines files are streamed record by record in the Worker (stream-batch.ts): the per-file
 * and total limits do not apply to them, and above the per-file limit the page does not read
 * them at all (only the Worker does).
 */
export function isJsonLinesName(name: string): boolean {
  return /\.(jsonl|ndjson)$/i.test(name);
}

/** The count, per-file and total limits; throws InputLimitError naming the one exceeded. */
export function checkLimits(files: readonly { name: string; size: number }[]): void {
  if (files.length > LIMITS.maxFiles) {
    throw new InputLimitError(
      `${files.length} files is more than the ${LIMITS.maxFiles} this page verifies at once. Verify them in parts, or use the command line.`,
    );
  }
  const whole = files.filter((f) => !isJsonLinesName(f.name));
  const big = whole.find((f) => f.size > LIMITS.maxFileBytes);
  if (big) {
    throw new InputLimitError(
      `${big.name} is ${(big.size / 1024 / 1024).toFixed(0)} MiB; the limit is ${LIMITS.maxFileBytes / 1024 / 1024} MiB per file. Use the command line for larger files.`,
    );
  }
  const total = whole.reduce((sum, f) => sum + f.size, 0);
  if (total > LIMITS.maxTotalBytes) {
    throw new InputLimitError(
      `These files add up to ${(total / 1024 / 1024).toFixed(0)} MiB; the limit is ${LIMITS.maxTotalBytes / 1024 / 1024} MiB at once.`,
    );
  }
}
