/**
 * The two numbers of the JSON Lines rules that detection and the pipeline need (detect.ts,
 * verify.ts), apart from the splitter (json-lines.ts, which re-exports them): a module the
 * Worker's first chunk imports is bundled into it whole, and the splitter is needed only by the
 * streamed files, which load it with stream-batch.ts. With these here (and the Worker's build
 * told that the core is free of side effects, vite.config.ts) the splitter left the Worker's
 * first chunk for the streamed files' chunk: 2026-12-01, `npx vite build` + bench/page-weight.ts,
 * Worker's first chunk 63.6 -> 62.7 kB gzipped, first verdict 199.6 -> 198.7 kB.
 */

/**
 * A JSON Lines record longer than this is not read: the app's streamed files and the command
 * line's `--jsonl` report it with recordTooLongReport and go on to the next record.
 */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/**
 * The core's rule for what is JSON Lines (detect.ts): at least this many non-blank lines, the
 * first of which is a JSON value alone (opensJsonLines). Fewer, and the text is one document.
 */
export const MIN_JSON_LINES_RECORDS = 2;
