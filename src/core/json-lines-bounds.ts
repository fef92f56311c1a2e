/**
 * What detection and the pipeline need of the JSON Lines rules (detect.ts, verify.ts): the
 * record bound's test and the minimum count, apart from the splitter (json-lines.ts, which
 * re-exports the count). A module the Worker's first chunk imports is bundled into it whole, and the splitter
 * is needed only by the streamed files, which load it with stream-batch.ts. With these here (and
 * the Worker's build told that the core is free of side effects, vite.config.ts) the splitter
 * stays out of the Worker's first chunk, in the streamed files' chunk.
 */

import { MAX_RECORD_BYTES } from './bounds';
import { utf8Length } from './encoding/utf8';

/**
 * Whether `text[start, end)` takes more than MAX_RECORD_BYTES in UTF-8, as the streaming
 * readers measure a line's bytes. Counted only for a slice long enough to be in doubt.
 */
export function recordTooLong(text: string, start: number, end: number): boolean {
  if (end - start > MAX_RECORD_BYTES) return true;
  if (3 * (end - start) <= MAX_RECORD_BYTES) return false;
  return utf8Length(text, start, end) > MAX_RECORD_BYTES;
}

/**
 * The core's rule for what is JSON Lines (detect.ts): at least this many non-blank lines, the
 * first of which is a JSON value alone (opensJsonLines). Fewer, and the text is one document.
 */
export const MIN_JSON_LINES_RECORDS = 2;
