/**
 * Reads the job-timeline vectors of this folder: one file per case, named after the tampering
 * it carries. Documents are taken from the vector file as their exact source text (not
 * re-serialised), so lexemes such as `5.0` and `1.0` and escapes such as `\ud800` reach the
 * verifier as written; `documentLines` holds a JSON Lines document line by line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InputDocument } from '../../src/core/model/document';
import { member, type JsonValue } from '../../src/core/json/ast';
import { parseJson } from '../../src/core/json/parse';
import type { CheckStatus, Report } from '../../src/core/model/report';
import type { VectorCase } from './vector-case';
import { vectorFolder } from './vector-folder';

/** The chain vectors folder, src/core/chain/vectors. */
const HERE = vectorFolder('chain');

export interface ExpectedCheck {
  rule: string;
  status: CheckStatus;
  path?: string;
  expected?: string;
  found?: string;
  subject?: string;
  messageStartsWith?: string;
}

export interface VectorExpectation {
  verdict: Report['verdict'];
  kind?: Report['kind'];
  message?: string;
  failures: string[];
  digests?: string[];
  finalEntryDigest?: string;
  firstBrokenLink?: number;
  limitsContain?: string[];
  checks?: ExpectedCheck[];
  dimensions?: Record<string, string>;
  historical06?: Record<string, unknown>;
}

export interface Vector {
  name: string;
  description: string;
  document: InputDocument;
  supplied: InputDocument[];
  expect: VectorExpectation;
}

/** Fixed clock of the chain suite. */
export const CHAIN_VECTOR_NOW = Date.parse('2026-10-02T00:00:00Z');

/** The exact text of a value inside the vector file. */
function slice(text: string, node: JsonValue | undefined, what: string): string {
  if (!node) throw new Error(`vector has no ${what}`);
  return text.slice(node.start, node.end);
}

export function loadVector(path: string, text: string): Vector {
  const name = path.replace(/^.*\//, '').replace(/\.json$/, '');
  const root = parseJson(text).root;
  if (root.type !== 'object') throw new Error(`${name}: not an object`);
  const plain = JSON.parse(text) as { description: string; expect: VectorExpectation };
  const lines = member(root, 'documentLines');
  const documentText =
    lines?.type === 'array'
      ? lines.items.map((line) => (line.type === 'string' ? line.value : '')).join('\n') + '\n'
      : slice(text, member(root, 'document'), 'document');
  const supplied: InputDocument[] = [];
  const suppliedNode = member(root, 'supplied');
  if (suppliedNode?.type === 'array') {
    for (const item of suppliedNode.items) {
      if (item.type !== 'object') continue;
      const itemName = member(item, 'name');
      supplied.push({
        name: itemName?.type === 'string' ? itemName.value : 'supplied',
        text: slice(text, member(item, 'document'), 'supplied document'),
      });
    }
  }
  return {
    name,
    description: plain.description,
    document: { name: `${name}.json`, text: documentText },
    supplied,
    expect: plain.expect,
  };
}

/** Every vector of the folder, sorted by name. */
export function loadChainVectors(): Vector[] {
  return readdirSync(HERE)
    .filter((f) => f.endsWith('.json'))
    .map((f) => loadVector(f, readFileSync(join(HERE, f), 'utf8')))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function chainVectorCases(): VectorCase[] {
  return loadChainVectors().map((v) => ({
    name: `chain/${v.name}.json`,
    document: v.document,
    supplied: v.supplied,
    now: CHAIN_VECTOR_NOW,
  }));
}
