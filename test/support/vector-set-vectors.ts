/**
 * Reads the vector-set vectors (src/core/vector-set/vectors, written by
 * test/generators/vector-sets.py): each file is a vector set in a published form under
 * `document`, taken as its exact source text, with the result the set must get under `expect`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { member, toPlain, type JsonValue } from '../../src/core/json/ast';
import { parseJson } from '../../src/core/json/parse';
import type { VectorAgreement } from '../../src/core/vector-set/details';
import type { Verdict } from '../../src/core/model/report';
import type { VectorCase } from './vector-case';
import { vectorFolder } from './vector-folder';

export const VECTOR_SET_FOLDER = vectorFolder('vector-set');
/** The suite's clock, after every receipt the sets carry. */
export const VECTOR_SET_NOW = Date.parse('2026-11-29T00:00:00Z');

export interface VectorSetFile {
  name: string;
  description: string;
  /** The set exactly as written in the file. */
  text: string;
  expect: { verdict: Verdict; reading06: boolean; rows: Record<string, VectorAgreement> };
}

export function loadVectorSetFiles(): VectorSetFile[] {
  return readdirSync(VECTOR_SET_FOLDER)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const text = readFileSync(join(VECTOR_SET_FOLDER, f), 'utf8');
      const root = parseJson(text).root;
      const document = member(root as Extract<JsonValue, { type: 'object' }>, 'document');
      if (!document) throw new Error(`${f}: no document`);
      const plain = toPlain(root) as { description: string; expect: VectorSetFile['expect'] };
      return {
        name: f,
        description: plain.description,
        text: text.slice(document.start, document.end),
        expect: plain.expect,
      };
    });
}

export function vectorSetVectorCases(): VectorCase[] {
  return loadVectorSetFiles().map((file) => ({
    name: `vector-set/${file.name}`,
    document: { name: file.name, text: file.text },
    supplied: [],
    now: VECTOR_SET_NOW,
  }));
}
