/**
 * What the verifier gives for a fixed, wide set of inputs, one named output per case: the full
 * report of every golden vector, of the bench inputs, of the fuzz corpus and of generated
 * documents; what the JSON reader reads of each (its tree, duplicates and plain-text flag, or
 * its syntax error's message and offset); and what the command line writes (standard output,
 * standard error, exit code) for the text, --json and --jsonl forms. A change meant to keep
 * behaviour (a new reader, a faster report) keeps every output byte for byte: the unit suite
 * compares them with the digests frozen in test/differential/expected.json, and
 * scripts/report-snapshot.ts writes and compares whole outputs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify, verifyAll } from '../../src/core/verify';
import { isPlainText, JsonSyntaxError, parseJson } from '../../src/core/json/parse';
import { pointerOf, type JsonValue } from '../../src/core/json/ast';
import { run as runCli } from '../../src/cli/main';
import { buildBatchText } from '../../bench/batch';
import { buildWorkflowText } from '../../bench/workflow';
import { SPEC_MINIMAL_RECEIPT_TEXT } from '../generators/make-receipt-vectors';
import { jsonDocuments } from './json-documents';
import { changeCommittedCharacter, fuzzText, mutateText } from './mutate';
import { nearMisses } from './near-miss';
import { prng } from './prng';
import { vectorCases as vectorFileCases } from './vector-files';

const ROOT = new URL('../..', import.meta.url).pathname;
const OTS_DIR = 'src/core/anchor/ots/vectors';
const BENCH_NOW = Date.parse('2026-11-01T00:00:00Z');
const FUZZ_NOW = Date.parse('2026-11-29');

export interface ReportCase {
  name: string;
  output: string;
}

/** JSON of a report with its bytes as hex, so the line is text whatever the details hold. */
export function reportLine(name: string, report: unknown): string {
  return JSON.stringify({ case: name, report }, (_key, value: unknown) =>
    value instanceof Uint8Array ? `hex:${Buffer.from(value).toString('hex')}` : value,
  );
}

/** What the reader reads of a text: every value with its place, or the error it gives. */
export function readerOutput(text: string): string {
  let parsed;
  try {
    parsed = parseJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return JSON.stringify(['error', error.name, error.message, error.offset, error.position]);
  }
  const out: unknown[] = ['plain', isPlainText(parsed.root)];
  const stack: JsonValue[] = [parsed.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const place: unknown[] = [
      pointerOf(node),
      node.type,
      node.start,
      node.end,
      node.nameStart,
      node.key,
    ];
    if (node.type === 'object') {
      out.push(place.concat(node.members.length));
      for (let i = node.memberValues.length - 1; i >= 0; i--) stack.push(node.memberValues[i]!);
    } else if (node.type === 'array') {
      out.push(place.concat(node.items.length));
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!);
    } else if (node.type === 'number') out.push(place.concat(node.raw, node.value));
    else if (node.type === 'null') out.push(place);
    else out.push(place.concat(node.value));
  }
  for (const duplicate of parsed.duplicates)
    out.push(['duplicate', pointerOf(duplicate.object), duplicate.name, duplicate.nameStart]);
  return JSON.stringify(out);
}

async function reportOf(name: string, text: string, now = FUZZ_NOW): Promise<string> {
  return reportLine(name, await verify({ name, text }, [], { now }));
}

/* ------------------------------------------------------------------------------------------ */

async function* vectorCases(): AsyncGenerator<ReportCase> {
  for (const testCase of vectorFileCases()) {
    const report = await verify(testCase.document, testCase.supplied, testCase.options);
    yield { name: `vector ${testCase.name}`, output: reportLine(testCase.name, report) };
    if (testCase.document.text)
      yield { name: `reader ${testCase.name}`, output: readerOutput(testCase.document.text) };
  }
}

async function* benchCases(): AsyncGenerator<ReportCase> {
  const inputs = [
    { name: 'bench-workflow.json', text: buildWorkflowText(2_000).text },
    { name: 'bench-batch.jsonl', text: buildBatchText(2_000) },
  ];
  for (const input of inputs) {
    const { results } = await verifyAll([input], { now: BENCH_NOW });
    for (const [i, result] of results.entries())
      yield { name: `bench ${input.name} ${i}`, output: reportLine(input.name, result.report) };
  }
}

/** The fuzz corpus of test/fuzz/fuzz.test.ts, with its seeds. */
async function* fuzzCases(): AsyncGenerator<ReportCase> {
  let random = prng(1);
  for (let i = 0; i < 200; i++) {
    const text = fuzzText(random, SPEC_MINIMAL_RECEIPT_TEXT, i);
    yield { name: `fuzz reader ${i}`, output: readerOutput(text) };
    yield { name: `fuzz text ${i}`, output: await reportOf(`t${i}.json`, text) };
  }
  yield { name: 'fuzz deep nesting', output: readerOutput('['.repeat(100_000)) };
  random = prng(3);
  for (let i = 0; i < 200; i++) {
    const anywhere = mutateText(random, SPEC_MINIMAL_RECEIPT_TEXT, 1 + (i % 6));
    yield { name: `fuzz receipt ${i}`, output: await reportOf(`m${i}.json`, anywhere) };
    const committed = changeCommittedCharacter(random, SPEC_MINIMAL_RECEIPT_TEXT).text;
    yield { name: `fuzz committed ${i}`, output: await reportOf(`c${i}.json`, committed) };
  }
  random = prng(11);
  for (let i = 0; i < 6; i++) {
    const members = Array.from({ length: 1200 + i * 50 }, (_, k) => {
      const pick = random();
      if (pick < 0.3) return String(Math.floor(random() * 10));
      if (pick < 0.5) return '{"a":1,"a":2}';
      return mutateText(random, SPEC_MINIMAL_RECEIPT_TEXT, 1 + (k % 3)).replaceAll('\n', ' ');
    });
    const text = i % 2 === 0 ? members.join('\n') : `[${members.join(',')}]`;
    const children: string[] = [];
    const { results } = await verifyAll([{ name: `batch${i}`, text }], {
      now: FUZZ_NOW,
      onMember: (report, index) => {
        if (index % 7 === 0) children.push(reportLine(`member ${index}`, report));
      },
    });
    yield {
      name: `fuzz batch ${i}`,
      output: [reportLine(`batch${i}`, results[0]!.report), ...children].join('\n'),
    };
  }
}

/** Near misses of every string of a few valid documents (test/fuzz/near-miss.test.ts, shorter). */
async function* nearMissCases(): AsyncGenerator<ReportCase> {
  const documents = [
    JSON.parse(SPEC_MINIMAL_RECEIPT_TEXT) as Json,
    vectorDocument('src/core/workflow/vectors/worked-example.json'),
  ];
  for (const [d, document] of documents.entries()) {
    const strings: { holder: { [key: string]: Json } | Json[]; key: string }[] = [];
    const walk = (value: Json): void => {
      if (value === null || typeof value !== 'object') return;
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'string') strings.push({ holder: value, key });
        else walk(item);
      }
    };
    walk(document);
    for (const [s, { holder, key }] of strings.entries()) {
      if (s % 2 !== 0) continue;
      const valid = (holder as { [key: string]: Json })[key] as string;
      for (const miss of nearMisses(valid, 300, { seed: 100 * d + s, positions: 2 })) {
        (holder as { [key: string]: Json })[key] = miss.value;
        const text = JSON.stringify(document);
        (holder as { [key: string]: Json })[key] = valid;
        yield {
          name: `near miss ${d} ${s} ${miss.label}`,
          output: await reportOf('near-miss.json', text, BENCH_NOW),
        };
      }
    }
  }
}

/* ------------------------------------------------------------------------------------------ */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Writes a JSON value as text the way producers might, varied by a seeded PRNG: indentation or
 * none, names and strings with \u escapes, numbers as 1.0 or 1e0, a member written twice, a
 * value replaced by a random one.
 */
function writer(seed: number, damage: number) {
  const random = prng(seed);
  const chance = (p: number) => random() < p * damage;
  const docs = jsonDocuments(seed);
  const escape = (s: string): string => {
    let out = JSON.stringify(s);
    if (chance(0.05))
      out = out.replace(/[a-z]/, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (chance(0.02)) out = out.slice(0, -1) + '\u202e' + '"';
    if (chance(0.02)) out = out.slice(0, -1) + 'é"';
    return out;
  };
  const write = (value: Json, pad: string, indent: string): string => {
    if (chance(0.01)) return docs.document().trim();
    const nl = indent ? '\n' : '';
    const inner = pad + indent;
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      return `[${nl}${value.map((v) => inner + write(v, inner, indent)).join(',' + nl)}${nl}${pad}]`;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.length === 0) return '{}';
      const members: string[] = [];
      for (const [name, v] of entries) {
        const written = `${inner}${escape(name)}:${indent ? ' ' : ''}${write(v, inner, indent)}`;
        members.push(written);
        if (chance(0.01)) members.push(`${inner}${escape(name)}:${write(v, inner, indent)}`);
      }
      return `{${nl}${members.join(',' + nl)}${nl}${pad}}`;
    }
    if (typeof value === 'number') {
      if (Number.isInteger(value) && chance(0.03))
        return random() < 0.5 ? `${value}.0` : `${value}e0`;
      return JSON.stringify(value);
    }
    if (typeof value === 'string') return escape(value);
    return JSON.stringify(value);
  };
  return (value: Json): string => write(value, '', random() < 0.5 ? '' : '  ');
}

function vectorDocument(path: string): Json {
  const plain = JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as { document?: Json };
  return (plain.document ?? plain) as Json;
}

/** Random JSON (json-documents.ts) and valid documents written in varied ways, some damaged. */
async function* generatedCases(): AsyncGenerator<ReportCase> {
  for (let seed = 1; seed <= 150; seed++) {
    const { document, mutate } = jsonDocuments(seed);
    const text = document();
    yield { name: `generated json ${seed}`, output: readerOutput(text) };
    yield { name: `generated json report ${seed}`, output: await reportOf(`g${seed}.json`, text) };
    const damaged = mutate(text);
    yield { name: `generated damaged ${seed}`, output: readerOutput(damaged) };
    yield { name: `generated damaged report ${seed}`, output: await reportOf('d.json', damaged) };
  }
  const receipt = JSON.parse(SPEC_MINIMAL_RECEIPT_TEXT) as Json;
  const workflow = vectorDocument('src/core/workflow/vectors/spec-3.4-worked-example.json');
  const timeline = vectorDocument('src/core/chain/vectors/worked-example-with-commitment.json');
  const bases: [string, Json][] = [
    ['receipt', receipt],
    ['workflow', workflow],
    ['timeline', timeline],
    ['batch', [receipt, receipt, { ...(receipt as object), id: 'x' }, 1, 'a', null]],
  ];
  for (const [label, base] of bases) {
    for (let seed = 1; seed <= 40; seed++) {
      const text = writer(seed, seed % 4)(base);
      yield { name: `generated ${label} ${seed} reader`, output: readerOutput(text) };
      yield {
        name: `generated ${label} ${seed}`,
        output: await reportOf(`${label}.json`, text, BENCH_NOW),
      };
    }
  }
  yield* workflowShapes(workflow as { [key: string]: Json });
}

/**
 * Workflows of many steps of every shape a reader may keep apart: objects, scalars, arrays,
 * empty objects, many members, escaped names, duplicates; more steps than any short-array or
 * small-object threshold.
 */
async function* workflowShapes(workflow: { [key: string]: Json }): AsyncGenerator<ReportCase> {
  const steps = workflow.steps as { [key: string]: Json }[];
  const step = (i: number): { [key: string]: Json } => ({
    ...steps[i % steps.length]!,
    seq: i + 1,
  });
  const wide: { [key: string]: Json } = {};
  for (let k = 0; k < 20; k++) wide[`m${k}`] = k;
  const shapes: [string, (i: number) => string][] = [
    ['objects', (i) => JSON.stringify(step(i))],
    ['numbers', () => '0'],
    ['mixed', (i) => [JSON.stringify(step(i)), '1', '"x"', '[]', '{}', 'null', 'true'][i % 7]!],
    ['wide', (i) => JSON.stringify({ ...step(i), ...wide })],
    ['escaped', (i) => JSON.stringify(step(i)).replace('"seq"', '"s\\u0065q"')],
    ['duplicates', (i) => JSON.stringify(step(i)).replace('{', '{"tool":"a",')],
    ['arrays', (i) => `[${i},[${i}],{"a":${i}}]`],
  ];
  for (const [label, make] of shapes) {
    for (const count of [3, 70, 300]) {
      const items = Array.from({ length: count }, (_, i) => make(i));
      const root = { ...workflow, steps: [] as Json[] };
      for (const asClaim of [false, true]) {
        const head = asClaim ? '{"merkle_root":"00","steps":' : JSON.stringify(root).slice(0, -1);
        const text = asClaim
          ? `${head}[${items.join(',')}]}`
          : head.replace('"steps":[]', `"steps":[${items.join(',\n')}]`) + '}';
        yield {
          name: `shape ${label} ${count} ${asClaim}`,
          output: await reportOf('w.json', text),
        };
        yield { name: `shape ${label} ${count} ${asClaim} reader`, output: readerOutput(text) };
      }
    }
  }
  const wideObject = `{${Array.from({ length: 40 }, (_, k) => `"k${k % 30}":${k}`).join(',')}}`;
  yield { name: 'wide object reader', output: readerOutput(wideObject) };
  yield { name: 'wide object', output: await reportOf('o.json', wideObject) };
  const numbers = `[${Array.from({ length: 100 }, (_, k) => ['1', '-0', '1.5e3', '1E+2', '0.25', '12345678901234567890', '1.0'][k % 7]).join(',')}]`;
  yield { name: 'numbers reader', output: readerOutput(numbers) };
  const nest = (depth: number, open: string, close: string) =>
    open.repeat(depth) + close.repeat(depth);
  for (const depth of [255, 256, 257])
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const)
      yield { name: `depth ${depth} ${open}`, output: readerOutput(nest(depth, open, close)) };
}

/* ------------------------------------------------------------------------------------------ */

/** What the command line writes for a few files in each output form. */
async function* cliCases(): AsyncGenerator<ReportCase> {
  const dir = mkdtempSync(join(tmpdir(), 'aer1-report-cases-'));
  const savedNow = Date.now;
  Date.now = () => FUZZ_NOW;
  try {
    const vector = (path: string) => JSON.stringify(vectorDocument(path));
    const files: [string, string | Uint8Array][] = [
      ['receipt.json', SPEC_MINIMAL_RECEIPT_TEXT],
      [
        'workflow.json',
        readFileSync(join(ROOT, 'src/core/workflow/vectors/spec-3.4-worked-example.json'), 'utf8'),
      ],
      ['timeline.json', vector('src/core/chain/vectors/worked-example-with-commitment.json')],
      ['batch.jsonl', buildBatchText(60)],
      ['batch-array.json', `[${buildBatchText(30).trim().split('\n').join(',')}]`],
      [
        'mixed.jsonl',
        [
          SPEC_MINIMAL_RECEIPT_TEXT.replaceAll('\n', ''),
          '',
          '1',
          '{"a":1,"a":2}',
          '{"canonical_bytes":"e30=","output_hash":"sha256:00"}',
          '[1,2]',
          '{broken',
          'null',
          '"\u202e\u0007"',
          SPEC_MINIMAL_RECEIPT_TEXT.replaceAll('\n', '').replace('verified', 'v\u00e9rified'),
        ].join('\n'),
      ],
      ['syntax.json', '{"id": 1,, }'],
      ['steps.json', `{"merkle_root":"00","steps":[${Array(150).fill('0').join(',')}]}`],
      ['unknown.json', '{"steps":[0,0,0]}'],
      ['proof.ots', new Uint8Array(readFileSync(join(ROOT, OTS_DIR, 'hello-world.txt.ots')))],
    ];
    for (const [name, content] of files) writeFileSync(join(dir, name), content);
    const forms = [
      [],
      ['--json'],
      ['--json', '--checks', 'compact'],
      ['--jsonl', '--jobs', '1'],
      ['--jsonl', '--checks', 'full', '--jobs', '1'],
    ];
    for (const [name] of files)
      for (const form of forms) {
        const out: string[] = [];
        const err: string[] = [];
        const code = await runCli(
          [...form, join(dir, name)],
          (s) => out.push(s),
          (s) => err.push(s),
        );
        const output = JSON.stringify({ code, out, err }).replaceAll(dir, '<dir>');
        yield { name: `cli ${form.join(' ')} ${name}`, output };
      }
  } finally {
    Date.now = savedNow;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every case, in a fixed order. */
export async function* reportCases(): AsyncGenerator<ReportCase> {
  yield* vectorCases();
  yield* benchCases();
  yield* fuzzCases();
  yield* nearMissCases();
  yield* generatedCases();
  yield* cliCases();
}

/** The digest frozen for an output: enough to tell two outputs apart, short enough to commit. */
export function outputDigest(output: string): string {
  return createHash('sha256').update(output).digest('hex').slice(0, 16);
}
