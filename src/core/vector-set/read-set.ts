/**
 * Reads a vector set's vectors: for each, the document it describes (as exact text, sliced out
 * of the set so lexemes such as 5.0 reach the verifier as written) and the expectation it
 * states. The kit's Merkle vectors describe a document by its values (receipt_ids and
 * expected_root): it is built as the kit's own check builds it, a bare root claim. Their
 * legacy-construction vector gives leaf preimages instead of a document: those are kept for
 * their root to be recomputed.
 */
import type { InputDocument } from '../model/document';
import { isUtf8Encodable } from '../encoding/utf8';
import { member, pointerOf, type JsonObject, type JsonValue } from '../json/ast';

/** What a vector expects, each with the member it was read from. */
export interface VectorExpectation {
  /** expected_verdict, valid or expected_workflow_verdict. */
  valid?: { value: boolean; from: string };
  /** expected_root, for a vector of receipt_ids. */
  root?: string;
  /** must_not_equal: a root the recomputed one must differ from. */
  notRoot?: string;
  /** rejected_by, expected_failure or expected_error: a part of a failure message. */
  failure?: { text: string; from: string };
}

export interface SetVector {
  name: string;
  node: JsonValue;
  /** The document the vector describes. */
  input?: InputDocument;
  /**
   * The leaf preimages of a vector of the legacy construction (leaves SHA-256 of
   * "<seq>:<receipt_hash>"): no document, a tree whose root the set states.
   */
  legacyPreimages?: string[];
  /** Why there is no document this verifier can read. */
  unreadable?: string;
  expect: VectorExpectation;
  /** What is wrong with the stated expectation (never a silent pass). */
  malformed?: string;
}

/** Members naming the vector's document itself, most specific first. */
const DOCUMENT_MEMBERS = ['receipt', 'workflow', 'document', 'input', 'event'] as const;
const FAILURE_MEMBERS = ['rejected_by', 'expected_failure', 'expected_error'] as const;
const NAME_MEMBERS = ['name', 'id', 'case', 'title'] as const;

export function readVectors(
  items: readonly JsonValue[],
  text: string,
  setName: string,
): SetVector[] {
  return items.map((item, index) => readVector(item, index, text, setName));
}

function readVector(item: JsonValue, index: number, text: string, setName: string): SetVector {
  const fallbackName = `vector ${index + 1}`;
  if (item.type !== 'object')
    return {
      name: fallbackName,
      node: item,
      expect: {},
      unreadable: `the vector is ${item.type === 'array' ? 'an array' : `a ${item.type}`}, not an object`,
    };
  const name = nameOf(item) ?? fallbackName;
  const vector: SetVector = { name, node: item, expect: {} };
  readExpectation(item, vector);
  const slice = (node: JsonValue): string => text.slice(node.start, node.end);
  const input = (documentText: string): InputDocument => ({
    name: `${setName} vector ${name}`,
    text: documentText,
  });

  const ids = member(item, 'receipt_ids');
  if (ids) {
    const root = member(item, 'expected_root');
    if (ids.type !== 'array' || ids.items.some((id) => id.type !== 'string'))
      vector.unreadable = 'receipt_ids is not a list of strings';
    else if (root?.type !== 'string')
      vector.unreadable = 'receipt_ids without an expected_root string to claim';
    else {
      // The kit's Merkle gate builds exactly this: steps of seq and receipt_id, and the root.
      const steps = ids.items.map((id, i) => `{"seq":${i + 1},"receipt_id":${slice(id)}}`);
      vector.input = input(`{"steps":[${steps.join(',')}],"merkle_root":${slice(root)}}`);
    }
    return vector;
  }
  const leaves = member(item, 'leaves');
  if (leaves) {
    const preimages = legacyPreimages(leaves);
    if (typeof preimages === 'string') vector.unreadable = preimages;
    else if (member(item, 'expected_root')?.type !== 'string')
      vector.unreadable = 'leaves without an expected_root string to compare';
    else vector.legacyPreimages = preimages;
    return vector;
  }
  const timeline = member(item, 'timeline') ?? member(item, 'entries');
  const commitment = member(item, 'commitment');
  if (timeline && commitment) {
    vector.input = input(`{"timeline":${slice(timeline)},"commitment":${slice(commitment)}}`);
    return vector;
  }
  if (timeline ?? commitment) {
    vector.input = input(slice((timeline ?? commitment)!));
    return vector;
  }
  for (const documentMember of DOCUMENT_MEMBERS) {
    const node = member(item, documentMember);
    if (!node) continue;
    // A document given as a string is its text (a JSON Lines file, a block header).
    vector.input = input(node.type === 'string' ? node.value : slice(node));
    return vector;
  }
  vector.unreadable = `the vector names no document (${['receipt_ids', 'timeline', 'commitment', ...DOCUMENT_MEMBERS].join(', ')})`;
  return vector;
}

/** The preimages of a legacy vector's leaves, or why they cannot be read. */
function legacyPreimages(leaves: JsonValue): string[] | string {
  if (leaves.type !== 'array') return 'leaves is not a list';
  const preimages: string[] = [];
  for (const [i, leaf] of leaves.items.entries()) {
    const preimage = leaf.type === 'object' ? member(leaf, 'preimage') : undefined;
    if (preimage?.type !== 'string') return `leaf ${i + 1} has no preimage string`;
    // Hashed as UTF-8: a lone surrogate has no encoding, and hashing U+FFFD would be other bytes.
    if (!isUtf8Encodable(preimage.value))
      return `leaf ${i + 1} preimage contains an unpaired surrogate and has no UTF-8 encoding`;
    preimages.push(preimage.value);
  }
  return preimages;
}

function nameOf(item: JsonObject): string | undefined {
  for (const name of NAME_MEMBERS) {
    const value = member(item, name);
    if (value?.type === 'string' && value.value.length > 0) return value.value;
    if (value?.type === 'number') return value.raw;
  }
  return undefined;
}

function readExpectation(item: JsonObject, vector: SetVector): void {
  const expect = vector.expect;
  for (const from of ['expected_verdict', 'expected_workflow_verdict'] as const) {
    const value = member(item, from);
    if (!value) continue;
    if (value.type === 'string' && (value.value === 'valid' || value.value === 'invalid'))
      expect.valid = { value: value.value === 'valid', from };
    else vector.malformed = `${from} is ${describe(value)}, neither "valid" nor "invalid"`;
  }
  const valid = member(item, 'valid');
  if (valid) {
    if (valid.type === 'boolean') expect.valid = { value: valid.value, from: 'valid' };
    else vector.malformed = `valid is ${describe(valid)}, not true or false`;
  }
  const root = member(item, 'expected_root');
  if (root?.type === 'string') expect.root = root.value;
  const notRoot = member(item, 'must_not_equal');
  if (notRoot?.type === 'string') expect.notRoot = notRoot.value;
  for (const from of FAILURE_MEMBERS) {
    const value = member(item, from);
    if (value?.type === 'string' && value.value.length > 0) {
      expect.failure = { text: value.value, from };
      break;
    }
  }
  if (
    !vector.malformed &&
    expect.valid === undefined &&
    expect.root === undefined &&
    expect.failure === undefined
  )
    vector.malformed = 'the vector states no expectation';
}

function describe(value: JsonValue): string {
  return value.type === 'string' ? JSON.stringify(value.value) : `a ${value.type}`;
}

/** The vector's JSON pointer in the set. */
export function vectorPointer(vector: SetVector): string {
  return pointerOf(vector.node);
}
