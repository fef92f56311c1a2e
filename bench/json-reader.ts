/**
 * Evaluation of Microsoft's jsonc-parser as the base of our JSON reader (issue 11): is it
 * strict enough, and is it faster once it builds what the rules need? Run by hand:
 *
 *   npx tsx bench/json-reader.ts [steps=100000] [runs=9]
 *
 * Strictness: random documents and random damage to them (test/support/json-documents.ts, the
 * generator the reader's own property tests use), plus classic non-RFC 8259 inputs, read by
 * jsonc-parser's visitor with its strictest options (comments and trailing commas refused,
 * empty content refused, any onError a rejection) and by JSON.parse. Every input where the two
 * disagree on accept/reject is counted, and the first few are printed.
 *
 * Speed: the bench's 100,000-step workflow, wall time of one read per process (one untimed read
 * first, then a collection), each reader in processes of its own, interleaved, median of `runs`
 * (in one process the two visitors made jsonc-parser's internals polymorphic and doubled its
 * times): JSON.parse; our reader (src/core/json/parse.ts); jsonc-parser's visitor with empty
 * callbacks (its floor: it builds nothing); the visitor building the least tree the rules read
 * (objects with member names and values, arrays, scalars with offsets and number lexemes,
 * duplicates); and jsonc-parser's own parseTree.
 *
 * Measured 2026-12-02 (2-core machine, jsonc-parser 3.3.1; the figures are in parse.ts, where
 * the choice is made).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseTree, visit, type JSONVisitor, type ParseOptions } from 'jsonc-parser';
import { parseJson } from '../src/core';
import { jsonDocuments } from '../test/support/json-documents';
import { buildWorkflowText } from './workflow';
import { median } from './median';

const STRICT: ParseOptions = {
  disallowComments: true,
  allowTrailingComma: false,
  allowEmptyContent: false,
};

/** Whether jsonc-parser, as strict as it goes, accepts `text` as one JSON value. */
function jsoncAccepts(text: string): boolean {
  let ok = true;
  visit(text, { onError: () => (ok = false) }, STRICT);
  return ok;
}

function jsonParseAccepts(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Inputs RFC 8259 refuses that lenient readers are known to take, and a few it accepts. */
const CLASSIC_INPUTS = [
  '// c\n{}',
  '/* c */ {}',
  '[1,]',
  '{"a":1,}',
  "['a']",
  '{a:1}',
  '01',
  '[01]',
  '1.',
  '.5',
  '+1',
  '-',
  '0x10',
  'NaN',
  'Infinity',
  '"\u0001"',
  '"a\nb"',
  '"\\x41"',
  '"\\u12"',
  '"\\u12G4"',
  '\u00a0{}',
  '{} {}',
  '[1 2]',
  '{"a" 1}',
  '',
  '   ',
  'tru',
  'True',
  '1e',
  '1e+',
  '-01',
  '"\ud800"',
  '[1e5, -0, 0.5e-3]',
  '{"a":{"b":[true,false,null]}}',
];

function strictness(): void {
  const { document, mutate } = jsonDocuments(0x1a2b3c);
  const inputs: string[] = [...CLASSIC_INPUTS];
  for (let i = 0; i < 20_000; i++) {
    let text = document();
    if (i % 2 === 1) for (let k = 0; k < 1 + (i % 3); k++) text = mutate(text);
    inputs.push(text);
  }
  let jsoncOnly = 0;
  let nativeOnly = 0;
  let rejected = 0;
  const examples: string[] = [];
  for (const text of inputs) {
    const native = jsonParseAccepts(text);
    const jsonc = jsoncAccepts(text);
    if (!native) rejected++;
    if (native === jsonc) continue;
    if (jsonc) jsoncOnly++;
    else nativeOnly++;
    if (examples.length < 8)
      examples.push(`${jsonc ? 'jsonc only' : 'JSON.parse only'}: ${JSON.stringify(text)}`);
  }
  console.log(
    `strictness: ${inputs.length} inputs (${rejected} refused by JSON.parse): accepted by jsonc-parser but refused by JSON.parse ${jsoncOnly}, the reverse ${nativeOnly}`,
  );
  for (const example of examples) console.log(`  ${example}`);
}

interface ScalarNode {
  type: 'string' | 'number' | 'boolean' | 'null';
  start: number;
  end: number;
  parent: ContainerNode | undefined;
  key: string | number | undefined;
  value: unknown;
  raw?: string;
}
interface ContainerNode {
  type: 'object' | 'array';
  start: number;
  end: number;
  parent: ContainerNode | undefined;
  key: string | number | undefined;
  values: (ContainerNode | ScalarNode)[];
  names?: string[];
}

/** The visitor building the least tree our rules read (see the header). */
function jsoncTree(text: string): {
  root: ContainerNode | ScalarNode | undefined;
  duplicates: number;
} {
  let root: ContainerNode | ScalarNode | undefined;
  let current: ContainerNode | undefined;
  let pendingName: string | undefined;
  let duplicates = 0;
  const keyFor = (): string | number | undefined => {
    if (!current) return undefined;
    if (current.type === 'array') return current.values.length;
    const name = pendingName as string;
    if (current.names!.includes(name)) duplicates++;
    current.names!.push(name);
    return name;
  };
  const attach = (node: ContainerNode | ScalarNode): void => {
    if (current) current.values.push(node);
    else root = node;
  };
  const open = (type: 'object' | 'array', offset: number): void => {
    const node: ContainerNode = {
      type,
      start: offset,
      end: -1,
      parent: current,
      key: keyFor(),
      values: [],
    };
    if (type === 'object') node.names = [];
    attach(node);
    current = node;
  };
  const close = (offset: number, length: number): void => {
    current!.end = offset + length;
    current = current!.parent;
  };
  const visitor: JSONVisitor = {
    onObjectBegin: (offset) => open('object', offset),
    onObjectProperty: (name) => {
      pendingName = name;
    },
    onObjectEnd: close,
    onArrayBegin: (offset) => open('array', offset),
    onArrayEnd: close,
    onLiteralValue: (value: unknown, offset, length) => {
      const type =
        value === null
          ? 'null'
          : typeof value === 'string'
            ? 'string'
            : typeof value === 'number'
              ? 'number'
              : 'boolean';
      const node: ScalarNode = {
        type,
        start: offset,
        end: offset + length,
        parent: current,
        key: keyFor(),
        value,
      };
      if (type === 'number') node.raw = text.slice(offset, offset + length);
      attach(node);
    },
    onError: (error, offset) => {
      throw new SyntaxError(`jsonc-parser error ${error} at ${offset}`);
    },
  };
  visit(text, visitor, STRICT);
  return { root, duplicates };
}

const READERS: [string, (text: string) => unknown][] = [
  ['JSON.parse', (text) => JSON.parse(text)],
  ['our reader (parseJson)', (text) => parseJson(text)],
  ['jsonc-parser visit, empty callbacks', (text) => visit(text, {}, STRICT)],
  ['jsonc-parser visit, building the tree', (text) => jsoncTree(text)],
  ['jsonc-parser parseTree', (text) => parseTree(text, [], STRICT)],
];

/**
 * One timed read in its own process (after one untimed read and a collection): in one process
 * the two visitors make jsonc-parser's internals polymorphic and slow each other down.
 */
function timeOneRead(index: number, file: string): void {
  const text = readFileSync(file, 'utf8');
  const read = READERS[index]![1];
  read(text);
  (globalThis as { gc?: () => void }).gc?.();
  const start = performance.now();
  read(text);
  process.stdout.write(String(performance.now() - start));
}

function speed(steps: number, runs: number): void {
  const { text } = buildWorkflowText(steps);
  const file = join(mkdtempSync(join(tmpdir(), 'json-reader-')), 'workflow.json');
  writeFileSync(file, text);
  const times = READERS.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) {
    // Rotated so no reader always runs straight after the same one.
    for (let k = 0; k < READERS.length; k++) {
      const index = (k + run) % READERS.length;
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, '--expose-gc', process.argv[1]!, '--read', String(index), file],
        { encoding: 'utf8' },
      );
      if (child.status !== 0) throw new Error(`reader ${index} failed: ${child.stderr}`);
      times[index]!.push(Number(child.stdout));
    }
  }
  rmSync(dirname(file), { recursive: true });
  const base = median(times[0]!);
  console.log(
    `speed: ${steps}-step workflow, ${(text.length / 1e6).toFixed(1)} MB, wall time of one read per process (after one untimed read and a collection), median of ${runs} interleaved processes each (min–max)`,
  );
  READERS.forEach(([name], i) => {
    const t = times[i]!;
    console.log(
      `  ${name.padEnd(40)} ${median(t).toFixed(0).padStart(5)} ms (${Math.min(...t).toFixed(0)}–${Math.max(...t).toFixed(0)})  ${(median(t) / base).toFixed(2)}x JSON.parse`,
    );
  });
}

if (process.argv[2] === '--read') {
  timeOneRead(Number(process.argv[3]), process.argv[4]!);
} else {
  strictness();
  speed(Number(process.argv[2] ?? 100_000), Number(process.argv[3] ?? 9));
}
