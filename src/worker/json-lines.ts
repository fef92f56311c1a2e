/**
 * JSON Lines records read from a byte stream (`File.stream()` in the Worker), one at a time, so a
 * file of any size is verified in bounded memory. Each record keeps where it stands in the file
 * (byte offset and length, line number), so its details can be produced again on demand by
 * reading just that slice. The same splitting rules as the command line's `--jsonl`
 * (src/cli/json-lines.ts): blank lines are skipped, a record that is not UTF-8 comes through as
 * bytes (the core says so in its report), one longer than MAX_RECORD_BYTES as `oversized`.
 */
import { concatBytes, MAX_RECORD_BYTES } from '../core';

export interface StreamedRecord {
  /** 1-based number among the non-blank lines ("line record 3"). */
  index: number;
  /** 1-based line number in the file. */
  line: number;
  /** Where the record's bytes stand in the file (without the line break). */
  offset: number;
  length: number;
  text?: string;
  bytes?: Uint8Array;
  oversized?: true;
}

/** A record longer than this (the core's, as the CLI's) is reported without being read further. */
export { MAX_RECORD_BYTES };

/** Keeps a byte order mark: one past the file's first byte is the core's to report. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export async function* streamedRecords(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<StreamedRecord> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let oversized = false;
  let line = 0;
  let index = 0;
  /** Offset in the file of the first byte of the line being read. */
  let lineStart = 0;
  const finish = (tail: Uint8Array, length: number): StreamedRecord | undefined => {
    line++;
    const offset = lineStart;
    lineStart += length + 1;
    // Measured here too: a line may arrive whole in one chunk, never pending.
    if (oversized || length > MAX_RECORD_BYTES) {
      oversized = false;
      pending = [];
      pendingBytes = 0;
      index++;
      return { index, line, offset, length, oversized: true };
    }
    const bytes = pendingBytes > 0 ? concatBytes([...pending, tail], length) : tail;
    pending = [];
    pendingBytes = 0;
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      index++;
      return { index, line, offset, length, bytes: bytes.slice() };
    }
    if (text.trim() === '') return undefined;
    index++;
    return { index, line, offset, length, text };
  };
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      let start = 0;
      for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
        const tail = chunk.subarray(start, nl);
        const record = finish(tail, pendingBytes + tail.length);
        if (record) yield record;
        start = nl + 1;
      }
      if (start < chunk.length) {
        const rest = chunk.subarray(start);
        if (oversized || pendingBytes + rest.length > MAX_RECORD_BYTES) {
          // Counted, not kept: the record is reported as too long.
          oversized = true;
          pending = [];
          pendingBytes += rest.length;
        } else {
          // Copied: a stream may reuse its chunk buffers.
          pending.push(rest.slice());
          pendingBytes += rest.length;
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (pendingBytes > 0 || oversized) {
    const record = finish(new Uint8Array(), pendingBytes);
    if (record) yield record;
  }
}
