/**
 * A JSON Lines record as a document of its own: how every reader names it and marks where it
 * stands, the streaming readers (json-lines.ts) and a batch verified whole (verify.ts) alike, so
 * that a record gets the same report whichever way its file came.
 */
import type { InputDocument } from './model/document';

/** Where a record stands in its file, and its content (text, or bytes that are not UTF-8). */
export interface RecordInFile {
  /** 1-based number of the record among the non-blank lines. */
  index: number;
  /** 1-based line number in the input. */
  line: number;
  /** Where the record starts in the input (0 for the file's start). */
  offset: number;
  text?: string;
  bytes?: Uint8Array;
}

/** "<fileName> line record N". */
export function recordName(fileName: string, index: number): string {
  return `${fileName} line record ${index}`;
}

/**
 * The record as a document for the core, named "<fileName> line record N". A record that does
 * not start the file is marked so: a byte order mark at its start is a syntax error there, as in
 * the whole file. (Not for an oversized record: streamedTooLongReport.)
 */
export function recordDocument(fileName: string, record: RecordInFile): InputDocument {
  const content = record.text !== undefined ? { text: record.text } : { bytes: record.bytes };
  return {
    name: recordName(fileName, record.index),
    ...content,
    ...(record.offset > 0 ? { midFile: true as const } : {}),
    ...(record.line > 1 ? { line: record.line } : {}),
  };
}
