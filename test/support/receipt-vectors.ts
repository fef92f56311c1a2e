/**
 * Reads the per-call receipt vectors of this folder (the format make-vectors.ts writes and
 * hand-written cases share): `input` is the document text, `supplied` files as text or base64.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InputDocument } from '../../src/core/model/document';
import type { VectorCase } from './vector-case';
import { VECTOR_NOW, type VectorFile } from '../generators/make-receipt-vectors';
import { vectorFolder } from './vector-folder';

export const RECEIPT_VECTOR_FOLDER = vectorFolder('receipt');
export const RECEIPT_VECTOR_NOW = Date.parse(VECTOR_NOW);

/** Every vector file of the folder, sorted by name. */
export function loadReceiptVectorFiles(): { name: string; vector: VectorFile }[] {
  return readdirSync(RECEIPT_VECTOR_FOLDER)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({
      name,
      vector: JSON.parse(readFileSync(join(RECEIPT_VECTOR_FOLDER, name), 'utf8')) as VectorFile,
    }));
}

/** The documents a vector supplies alongside its input. */
export function suppliedOf(vector: VectorFile): InputDocument[] {
  return (vector.supplied ?? []).map((s) =>
    s.base64 !== undefined
      ? { name: s.name, bytes: new Uint8Array(Buffer.from(s.base64, 'base64')) }
      : { name: s.name, text: s.text ?? '' },
  );
}

export function receiptVectorCases(): VectorCase[] {
  return loadReceiptVectorFiles().map(({ name, vector }) => ({
    name: `receipt/${name}`,
    document: { name, text: vector.input },
    supplied: suppliedOf(vector),
    now: RECEIPT_VECTOR_NOW,
    ...(vector.policy || vector.retrieved_as !== undefined
      ? {
          options: {
            ...vector.policy,
            ...(vector.retrieved_as !== undefined
              ? { expectedReceiptId: vector.retrieved_as }
              : {}),
          },
        }
      : {}),
  }));
}
