/**
 * The documents of a verify request with their Files read, in the Worker (the page sent only
 * the handles), as the command line reads files.
 */
import { fileInput, sha256HexOfInput, type InputDocument } from '../core';
import { checkLimits } from './file-limits';
import type { InputDigest, WireDocument } from './protocol';

/** A document of the request, read, with the SHA-256 of the bytes verified. */
export interface ReadInput {
  input: InputDocument;
  digest: InputDigest;
}

/**
 * A File's content, read here (the page sent only its handle), as the CLI reads a file; with the
 * SHA-256 of the bytes verified (a text's are its UTF-8 bytes, as a file of it would hold).
 */
export async function materialise(doc: WireDocument): Promise<ReadInput> {
  const bytes =
    'file' in doc
      ? new Uint8Array(await doc.file.arrayBuffer())
      : (doc.bytes ?? new TextEncoder().encode(doc.text ?? ''));
  const digest = { name: doc.name, bytes: bytes.length, sha256: await sha256HexOfInput(bytes) };
  if (!('file' in doc)) return { input: doc, digest };
  const input = fileInput(doc.name, bytes);
  return { input: doc.role !== undefined ? { ...input, role: doc.role } : input, digest };
}

/** Files read at once: a browser refuses reads (NotReadableError) when thousands are open. */
const FILES_READ_AT_ONCE = 8;

/**
 * The request's documents with every File read, within the drop limits (file-limits.ts),
 * FILES_READ_AT_ONCE at a time, in order, saying how many files are read as it goes.
 */
export async function readInputs(
  inputs: WireDocument[],
  onProgress: (done: number, total: number, more: { phase: 'reading' }) => void,
): Promise<ReadInput[]> {
  const files = inputs.filter((doc) => 'file' in doc);
  if (files.length <= 1) return Promise.all(inputs.map(materialise));
  checkLimits(files.map((doc) => ({ name: doc.name, size: doc.file.size })));
  const read = new Array<ReadInput>(inputs.length);
  let next = 0;
  let done = 0;
  const reader = async (): Promise<void> => {
    for (let i = next++; i < inputs.length; i = next++) {
      const doc = inputs[i]!;
      read[i] = await materialise(doc);
      if ('file' in doc) onProgress(++done, files.length, { phase: 'reading' });
    }
  };
  await Promise.all(Array.from({ length: FILES_READ_AT_ONCE }, reader));
  return read;
}
