/**
 * Reads the workflow vectors: cases/*.json hold `description`, `expect`, optional `supplied`
 * files and the `document`. The document (and every supplied JSON document) is taken as its
 * exact source text, sliced out of the vector file, so lexemes such as `1.0` reach the
 * verifier as written. worked-example.json is the bare §3.4 document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InputDocument } from '../../src/core/model/document';
import { member, toPlain, type JsonValue } from '../../src/core/json/ast';
import { parseJson } from '../../src/core/json/parse';
import type { Verdict } from '../../src/core/model/report';
import type { VectorCase } from './vector-case';
import { vectorFolder } from './vector-folder';

/** The workflow vectors folder, src/core/workflow/vectors. */
const HERE = vectorFolder('workflow');
export const WORKFLOW_CASES = join(HERE, 'cases');
export const WORKFLOW_WORKED_EXAMPLE = join(HERE, 'worked-example.json');
/** Fixed clock, so the step receipts' timestamps stay in the past. */
export const VECTOR_NOW = Date.parse('2026-11-01T00:00:00Z');

export interface ExpectedCheck {
  rule: string;
  message: string;
  path?: string;
}
export interface Expectation {
  verdict: Verdict;
  failures?: ExpectedCheck[];
  warnings?: ExpectedCheck[];
  unavailable?: string[];
  passes?: string[];
}

export function loadVector(file: string): {
  description: string;
  expect: Expectation;
  document: InputDocument;
  supplied: InputDocument[];
} {
  const text = readFileSync(file, 'utf8');
  const root = parseJson(text).root;
  if (root.type !== 'object') throw new Error(`${file}: not an object`);
  const slice = (node: JsonValue): string => text.slice(node.start, node.end);
  const documentNode = member(root, 'document');
  if (!documentNode) throw new Error(`${file}: no document`);
  const supplied: InputDocument[] = [];
  const suppliedNode = member(root, 'supplied');
  if (suppliedNode?.type === 'array') {
    for (const item of suppliedNode.items) {
      if (item.type !== 'object') continue;
      const name = member(item, 'name');
      const textNode = member(item, 'text');
      const doc = member(item, 'document');
      const role = member(item, 'role');
      supplied.push({
        name: name?.type === 'string' ? name.value : 'supplied',
        text: textNode?.type === 'string' ? textNode.value : doc ? slice(doc) : '',
        ...(role?.type === 'string' && role.value === 'final-answer' ? { role: role.value } : {}),
      });
    }
  }
  const description = member(root, 'description');
  return {
    description: description?.type === 'string' ? description.value : '',
    expect: toPlain(member(root, 'expect') as JsonValue) as Expectation,
    document: { name: file.split('/').pop() ?? file, text: slice(documentNode) },
    supplied,
  };
}

/** The case file names, sorted. */
export function workflowCaseFiles(): string[] {
  return readdirSync(WORKFLOW_CASES)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

/** The worked example and every case, ready for verify(). */
export function workflowVectorCases(): VectorCase[] {
  const worked = readFileSync(WORKFLOW_WORKED_EXAMPLE, 'utf8');
  return [
    {
      name: 'workflow/worked-example.json',
      document: { name: 'worked-example.json', text: worked },
      supplied: [],
      now: VECTOR_NOW,
    },
    ...workflowCaseFiles().map((file) => {
      const vector = loadVector(join(WORKFLOW_CASES, file));
      return {
        name: `workflow/cases/${file}`,
        document: vector.document,
        supplied: vector.supplied,
        now: VECTOR_NOW,
      };
    }),
  ];
}
