/**
 * Which kind of document is this (spec §1)? Content is sniffed, never trusted by file name:
 * OpenTimestamps magic, a bare 80-byte block header in hex, JSON, or JSON Lines.
 */
import { decodeUtf8Strict } from './encoding/utf8';
import { member, type JsonArray, type JsonValue, type DuplicateMember } from './json/ast';
import { JsonSyntaxError, parseJson, parseJsonSlice, type ParsedJson } from './json/parse';
import { SourceText } from './json/position';
import { REQUIRED_MEMBERS } from './receipt/rules';
import type { DocumentKind, ParseFailure } from './report';

export const OTS_MAGIC = new Uint8Array([
  0x00, 0x4f, 0x70, 0x65, 0x6e, 0x54, 0x69, 0x6d, 0x65, 0x73, 0x74, 0x61, 0x6d, 0x70, 0x73, 0x00,
  0x00, 0x50, 0x72, 0x6f, 0x6f, 0x66, 0x00, 0xbf, 0x89, 0xe2, 0xe8, 0x84, 0xe8, 0x92, 0x94,
]);

export const ACCEPTED_KINDS_MESSAGE =
  'Accepted: a per-call receipt (canonical_bytes + output_hash), a wrapped receipt (envelope.receipt), ' +
  'a workflow receipt (type "verifiable-workflow-receipt" or steps + merkle_root), a job timeline ' +
  '(array of entries with prev_digest, or {timeline, commitment}), a timeline commitment, a batch ' +
  '(JSON array or JSON Lines of receipts), a Nostr event, an OpenTimestamps .ots proof, or an ' +
  '80-byte Bitcoin block header in hex.';

export interface InputDocument {
  /** File name or a label such as "pasted text". */
  name: string;
  text?: string;
  bytes?: Uint8Array;
  /** Set when the user said what the document is (e.g. "this is the final answer"). */
  role?: DocumentRole;
}

/** A role the user can give a supplied document; content sniffing cannot tell these apart. */
export type DocumentRole = 'final-answer';

export interface DetectedDocument {
  kind: DocumentKind;
  name: string;
  role?: DocumentRole;
  /** Why this kind was chosen, for people. */
  reason: string;
  source: SourceText;
  /** The parsed JSON (for JSON Lines: a synthetic array of the lines' values). */
  root?: JsonValue;
  duplicates: DuplicateMember[];
  /** Raw bytes (for .ots proofs, block headers and evidence files). */
  bytes: Uint8Array;
  jsonLines: boolean;
  parseError?: ParseFailure;
}

const encoder = new TextEncoder();

export function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

export function detectDocument(input: InputDocument): DetectedDocument {
  const bytes = input.bytes ?? encoder.encode(input.text ?? '');
  const base = {
    name: input.name,
    bytes,
    duplicates: [] as DuplicateMember[],
    jsonLines: false,
    ...(input.role !== undefined ? { role: input.role } : {}),
  };
  if (startsWith(bytes, OTS_MAGIC)) {
    return {
      ...base,
      kind: 'ots-proof',
      reason: 'starts with the OpenTimestamps proof magic',
      source: new SourceText(''),
    };
  }
  let text = input.text;
  if (text === undefined) {
    const decoded = decodeUtf8Strict(bytes);
    if (!decoded.ok) {
      return {
        ...base,
        kind: 'unknown',
        reason: `not UTF-8 text (invalid byte at offset ${decoded.offset}) and not an OpenTimestamps proof`,
        source: new SourceText(''),
      };
    }
    text = decoded.text;
  }
  const source = new SourceText(text);
  const trimmed = text.trim();
  if (/^(0x)?[0-9a-fA-F]{160}$/.test(trimmed)) {
    return {
      ...base,
      kind: 'block-header',
      reason: '160 hex digits: an 80-byte block header',
      source,
    };
  }
  if (trimmed.length === 0) {
    return {
      ...base,
      kind: 'unknown',
      reason: 'the input is empty',
      source,
      parseError: {
        message: 'Unexpected end of input: expected a JSON value',
        line: 1,
        column: 1,
        offset: 0,
      },
    };
  }

  let parsed: ParsedJson;
  try {
    parsed = parseJson(source);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const lines = tryJsonLines(source);
    if (lines && 'records' in lines) return classifyJsonLines(base, source, lines.records);
    // When the text looks like JSON Lines (its first line is a whole JSON value), the broken
    // line's own error points at the real place; otherwise the whole-text error does.
    const reported = lines?.error ?? error;
    return {
      ...base,
      kind: 'unknown',
      reason: lines ? 'not valid JSON Lines' : 'not valid JSON',
      source,
      parseError: {
        message: reported.message,
        line: reported.position.line,
        column: reported.position.column,
        offset: reported.offset,
      },
    };
  }
  const { kind, reason } = classifyValue(parsed.root);
  return { ...base, kind, reason, source, root: parsed.root, duplicates: parsed.duplicates };
}

/**
 * Parses text as JSON Lines when it has two or more non-blank lines that each parse alone.
 * When the first non-blank line parses alone but a later one does not, the text is taken as
 * broken JSON Lines and that line's error is returned.
 */
function tryJsonLines(
  source: SourceText,
): { records: ParsedJson[] } | { error: JsonSyntaxError } | undefined {
  const text = source.text;
  const results: ParsedJson[] = [];
  let firstError: JsonSyntaxError | undefined;
  let nonBlank = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (text.slice(start, end).trim().length > 0) {
      nonBlank++;
      try {
        results.push(parseJsonSlice(source, start, end));
      } catch (error) {
        if (!(error instanceof JsonSyntaxError)) throw error;
        if (nonBlank === 1) return undefined;
        firstError ??= error;
      }
    }
    start = end + 1;
  }
  if (nonBlank < 2) return undefined;
  return firstError ? { error: firstError } : { records: results };
}

function classifyJsonLines(
  base: { name: string; bytes: Uint8Array; duplicates: DuplicateMember[] },
  source: SourceText,
  lines: ParsedJson[],
): DetectedDocument {
  // The lines become the items of one synthetic array, so each record has a pointer /i.
  const array: JsonArray = {
    type: 'array',
    items: [],
    start: 0,
    end: source.text.length,
    parent: undefined,
    key: undefined,
  };
  const duplicates: DuplicateMember[] = [];
  lines.forEach((line, index) => {
    line.root.parent = array;
    line.root.key = index;
    array.items.push(line.root);
    duplicates.push(...line.duplicates);
  });
  const { kind, reason } = classifyValue(array);
  return {
    ...base,
    kind,
    reason: `JSON Lines (${lines.length} records): ${reason}`,
    source,
    root: array,
    duplicates,
    jsonLines: true,
  };
}

export function classifyValue(value: JsonValue): { kind: DocumentKind; reason: string } {
  if (value.type === 'object') {
    const envelope = member(value, 'envelope');
    // Any envelope.receipt counts, so a non-object there fails as "receipt is not a JSON object".
    if (envelope?.type === 'object' && envelope.byName.has('receipt')) {
      return { kind: 'wrapped-receipt', reason: 'object with envelope.receipt' };
    }
    const type = member(value, 'type');
    if (type?.type === 'string' && type.value === 'verifiable-workflow-receipt') {
      return { kind: 'workflow', reason: 'type is "verifiable-workflow-receipt"' };
    }
    if (value.byName.has('steps') && value.byName.has('merkle_root')) {
      return { kind: 'workflow', reason: 'object with steps and merkle_root' };
    }
    if (member(value, 'timeline')?.type === 'array') {
      return { kind: 'timeline', reason: 'object with a timeline array' };
    }
    if (value.byName.has('canonical_bytes') && value.byName.has('output_hash')) {
      return { kind: 'receipt', reason: 'object with canonical_bytes and output_hash' };
    }
    if (value.byName.has('final_entry_digest') && value.byName.has('entry_count')) {
      return { kind: 'commitment', reason: 'object with final_entry_digest and entry_count' };
    }
    if (
      ['id', 'pubkey', 'created_at', 'kind', 'tags', 'content', 'sig'].every((k) =>
        value.byName.has(k),
      )
    ) {
      return { kind: 'nostr-event', reason: 'object with the NIP-01 event members' };
    }
    if (value.byName.has('prev_digest') && value.byName.has('canonical_bytes')) {
      return { kind: 'timeline', reason: 'a single timeline entry (prev_digest)' };
    }
    // A receipt missing canonical_bytes or output_hash is still a receipt, so that it fails
    // with "missing required member: <name>" (spec §2.5) rather than as an unknown document.
    const core = REQUIRED_MEMBERS.filter((name) => value.byName.has(name));
    if (
      (value.byName.has('canonical_bytes') || value.byName.has('output_hash')) &&
      core.length >= REQUIRED_MEMBERS.length / 2
    ) {
      return {
        kind: 'receipt',
        reason: `object with ${core.length} of the ${REQUIRED_MEMBERS.length} core receipt members`,
      };
    }
    return { kind: 'unknown', reason: 'a JSON object of no AER-1 kind' };
  }
  if (value.type === 'array') {
    if (value.items.length === 0) return { kind: 'unknown', reason: 'an empty JSON array' };
    const objects = value.items.filter((item) => item.type === 'object');
    if (
      objects.length > 0 &&
      objects.every((item) => item.type === 'object' && item.byName.has('prev_digest'))
    ) {
      return { kind: 'timeline', reason: 'array of entries with prev_digest' };
    }
    return { kind: 'batch', reason: `array of ${value.items.length} documents` };
  }
  return { kind: 'unknown', reason: `a JSON ${value.type}, not an object or array` };
}
