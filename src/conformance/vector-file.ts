/**
 * The one format of every golden vector, and its one reader: the self-test (the CLI's
 * `--self-test`, the #/conformance page), the unit tests, the coverage test and the report
 * snapshot all read vectors here, from files given as text (or bytes) keyed by their path, so it
 * needs no file system. A vector is a JSON file in a `vectors` folder of src/core with an `expect`
 * member; any other file there is a document a vector names (`file`) or a fixture tests read.
 *
 * ```
 * {
 *   "description": "what the vector carries",       "spec": "§2.1 id" (optional),
 *   "now": "2026-11-29T00:00:00Z",                  the clock it is verified at
 *   "policy": {"maxFutureMs": …, "maxAgeMs": …},    a consumer clock policy (optional)
 *   "retrieved_as": "<id>",                         the id the receipt was fetched by (optional)
 *   "expect": { … },                                what the report must show (below)
 *   "name": "receipt.json",                         the document, as a supplied one is written:
 *   "text" | "base64" | "lines" | "file" | "document": …,
 *   "supplied": [{"name", "text" | "base64" | "lines" | "file" | "document", "role"?, "fromRelay"?}]
 * }
 * ```
 *
 * A document is `text`; its bytes as `base64`; JSON Lines as `lines` (joined with newlines, one
 * after the last); a `file` beside the vector (its bytes, or its text); or JSON embedded as
 * `document`, taken as its exact text in the vector file, so number lexemes, escapes and places
 * reach the verifier as written. Its name is `name`, else the named file's, else (the main
 * document) the vector file's.
 *
 * `expect`: `verdict`; `kind` (report.kind); `checks`, each of which some check of the report
 * (batch members' included) must match on every member it gives (status, rule, message,
 * messageStartsWith, path, subject, expected, found); `complete`, the statuses whose checks
 * `checks` lists in full (each such check of the report matches one listed, and there are no
 * more of them than listed); `outcomes`, rule id -> the exact set of statuses its checks have;
 * `dimensions`, `profiles` (id -> line status); `limits`, words some limit contains; `details`,
 * a part of report.details (objects by the members given, arrays item by item and whole).
 */
import { decodeBase64Strict, type InputDocument, type VerifyOptions } from '../core';

/** A file of a vectors folder: its path from the repository root, its text (a binary one: its bytes, text ''). */
export interface VectorFileText {
  path: string;
  text: string;
  bytes?: Uint8Array;
}

/** A check the report must have (`expect.checks`). */
export interface ExpectedCheck {
  status: string;
  rule?: string;
  message?: string;
  messageStartsWith?: string;
  path?: string;
  subject?: string;
  expected?: string;
  found?: string;
}

export interface Expectation {
  verdict: string;
  kind?: string;
  checks?: ExpectedCheck[];
  complete?: string[];
  outcomes?: Record<string, string[]>;
  dimensions?: Record<string, string>;
  profiles?: Record<string, string>;
  limits?: string[];
  details?: Record<string, unknown>;
}

export interface VectorCase {
  /** Its path under src/core without the `vectors` folder: `receipt/created_at-future.json`. */
  name: string;
  /** Its suite: the vectors folder it is in, by where that is in src/core (`receipt`, `anchor/ots`). */
  suite: string;
  /** Its path from the repository root. */
  path: string;
  description: string;
  spec?: string;
  document: InputDocument;
  supplied: InputDocument[];
  options: Pick<VerifyOptions, 'now' | 'maxFutureMs' | 'maxAgeMs' | 'expectedReceiptId'>;
  expect: Expectation;
  /** Why the file is not a vector that can be run as written; it is then never as expected. */
  problem?: string;
}

const VECTORS = /^src\/core\/.+\/vectors\//;

/** The vectors among the files, sorted by path. */
export function readVectors(files: readonly VectorFileText[]): VectorCase[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const cases: VectorCase[] = [];
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    if (!VECTORS.test(file.path) || !file.path.endsWith('.json') || file.bytes) continue;
    const vector = readVector(file, byPath);
    if (vector) cases.push(vector);
  }
  return cases;
}

type Plain = Record<string, unknown>;

function readVector(
  file: VectorFileText,
  byPath: ReadonlyMap<string, VectorFileText>,
): VectorCase | undefined {
  const inCore = file.path.slice('src/core/'.length);
  const name = inCore.replace(/(^|\/)vectors\//, '$1');
  const base: Omit<VectorCase, 'document' | 'expect' | 'options'> = {
    name,
    suite: inCore.slice(0, inCore.indexOf('/vectors/')),
    path: file.path,
    description: '',
    supplied: [],
  };
  const broken = (problem: string): VectorCase => ({
    ...base,
    document: { name: baseName(file.path), text: '' },
    options: {},
    expect: { verdict: 'not a vector' },
    problem,
  });
  let plain: Plain;
  try {
    plain = JSON.parse(file.text) as Plain;
  } catch (error) {
    return broken(`not JSON: ${String(error)}`);
  }
  // A document a vector names, or a fixture: no expectation.
  if (plain === null || typeof plain !== 'object' || plain.expect === undefined) return undefined;
  const expect = plain.expect as Expectation;
  const now = typeof plain.now === 'string' ? Date.parse(plain.now) : NaN;
  if (typeof expect !== 'object' || typeof expect.verdict !== 'string')
    return broken('expect has no verdict');
  if (Number.isNaN(now)) return broken('no "now" (an RFC 3339 time) to verify it at');
  const folder = file.path.slice(0, file.path.lastIndexOf('/') + 1);
  const spans = documentSpans(file.text);
  try {
    const document = inputOf(plain, spans.document, {
      text: file.text,
      folder,
      byPath,
      name: baseName(file.path),
    });
    const supplied = Array.isArray(plain.supplied)
      ? (plain.supplied as Plain[]).map((item, i) =>
          inputOf(item, spans.supplied[i], { text: file.text, folder, byPath, name: 'supplied' }),
        )
      : [];
    const policy = (plain.policy ?? {}) as Pick<VerifyOptions, 'maxFutureMs' | 'maxAgeMs'>;
    return {
      ...base,
      description: typeof plain.description === 'string' ? plain.description : '',
      ...(typeof plain.spec === 'string' ? { spec: plain.spec } : {}),
      document,
      supplied,
      options: {
        now,
        ...policy,
        ...(typeof plain.retrieved_as === 'string'
          ? { expectedReceiptId: plain.retrieved_as }
          : {}),
      },
      expect,
    };
  } catch (error) {
    return broken(error instanceof Error ? error.message : String(error));
  }
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

interface Where {
  /** The vector file's text, which embedded documents are sliced from. */
  text: string;
  /** The vector file's folder, with a slash: where `file` is looked for. */
  folder: string;
  byPath: ReadonlyMap<string, VectorFileText>;
  /** The document's name when it gives none. */
  name: string;
}

/** One document as the format writes it; `span` is where its `document` member is, if any. */
function inputOf(item: Plain, span: [number, number] | undefined, where: Where): InputDocument {
  const named = typeof item.name === 'string' ? item.name : undefined;
  let doc: InputDocument;
  if (typeof item.text === 'string') doc = { name: named ?? where.name, text: item.text };
  else if (typeof item.base64 === 'string') {
    const decoded = decodeBase64Strict(item.base64);
    if (!decoded.ok) throw new Error(`base64 of ${named ?? where.name} is not strict base64`);
    doc = { name: named ?? where.name, bytes: decoded.bytes };
  } else if (Array.isArray(item.lines)) {
    doc = { name: named ?? where.name, text: (item.lines as string[]).join('\n') + '\n' };
  } else if (typeof item.file === 'string') {
    const found = where.byPath.get(where.folder + item.file);
    if (!found) throw new Error(`no file ${item.file} beside the vector`);
    const name = named ?? baseName(item.file);
    doc = found.bytes ? { name, bytes: found.bytes } : { name, text: found.text };
  } else if (item.document !== undefined && span) {
    doc = { name: named ?? where.name, text: where.text.slice(span[0], span[1]) };
  } else throw new Error(`${named ?? where.name} has no text, base64, lines, file or document`);
  if (item.role === 'final-answer') doc.role = 'final-answer';
  const relay = item.fromRelay as { relay?: unknown; eventId?: unknown } | undefined;
  if (typeof relay?.relay === 'string' && typeof relay.eventId === 'string')
    doc.fromRelay = { relay: relay.relay, eventId: relay.eventId };
  return doc;
}

// ---- Where the embedded documents are -------------------------------------------------------

/**
 * Where the `document` member of the vector and of each supplied item is in its text. The file
 * is JSON (JSON.parse read it), so a scan that steps over strings and counts brackets finds them.
 */
function documentSpans(text: string): {
  document?: [number, number];
  supplied: ([number, number] | undefined)[];
} {
  const top = memberSpans(text, skipSpace(text, 0));
  const supplied = top.get('supplied');
  return {
    document: top.get('document'),
    supplied:
      supplied && text[supplied[0]] === '['
        ? itemSpans(text, supplied[0]).map(([start]) =>
            text[start] === '{' ? memberSpans(text, start).get('document') : undefined,
          )
        : [],
  };
}

function skipSpace(text: string, i: number): number {
  while (
    i < text.length &&
    (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')
  )
    i++;
  return i;
}

/** The end of the JSON value that starts at `i`. */
function valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') return j + 1;
    }
    return text.length;
  }
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = valueEnd(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if ((d === '}' || d === ']') && --depth === 0) return j + 1;
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !',]} \t\r\n'.includes(text[j]!)) j++;
  return j;
}

/** The members of the object that opens at `i`: name -> where its value is. */
function memberSpans(text: string, i: number): Map<string, [number, number]> {
  const spans = new Map<string, [number, number]>();
  if (text[i] !== '{') return spans;
  i = skipSpace(text, i + 1);
  while (i < text.length && text[i] === '"') {
    const nameEnd = valueEnd(text, i);
    const name = JSON.parse(text.slice(i, nameEnd)) as string;
    i = skipSpace(text, skipSpace(text, nameEnd) + 1);
    const end = valueEnd(text, i);
    // (The last of a repeated name, as JSON.parse takes.)
    spans.set(name, [i, end]);
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return spans;
}

/** Where each item of the array that opens at `i` is. */
function itemSpans(text: string, i: number): [number, number][] {
  const spans: [number, number][] = [];
  i = skipSpace(text, i + 1);
  while (i < text.length && text[i] !== ']') {
    const end = valueEnd(text, i);
    spans.push([i, end]);
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return spans;
}
