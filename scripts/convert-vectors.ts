/**
 * Converts golden vectors written in the suites' old formats into the one vector format
 * (src/conformance/vector-file.ts says what it holds):
 *
 *   npx tsx scripts/convert-vectors.ts            convert in place, under src/core
 *   npx tsx scripts/convert-vectors.ts --check    only say what would change (exit 1 if any)
 *
 * Old formats, by the folder a file is in: receipt (`input`, `expect.failures` of message and
 * path), workflow (`document`, `expect.failures`/`unavailable`/`passes` of rule ids), chain
 * (`document` or `documentLines`, failure messages and `checks`), anchor (`document: {name,
 * text | base64}`, `expect.checks`), vector-set (`expect.rows`); the OpenTimestamps manifest
 * (src/conformance/ots-proofs.json) becomes one file per case beside the proofs; the workflow's
 * bare §3.4 worked example moves to spec-3.4-worked-example.json and a vector names it. A file
 * already in the one format (it has `now`) is left alone, so the script can be run again on
 * vectors added in the old formats since.
 *
 * Documents embedded as JSON keep their exact text (sliced from the old file, never
 * re-serialised): number lexemes, escapes and places stay as they were, so every report stays
 * byte for byte. The rest is written as the file's writer wrote it: its indent, and ASCII only
 * when the old file was.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const CORE = join(ROOT, 'src/core');
const CHECK_ONLY = process.argv.includes('--check');

/** Each suite's clock: the "now" its old runner used. */
const SUITE_NOW: Record<string, string> = {
  receipt: '2026-11-29T00:00:00Z',
  workflow: '2026-11-01T00:00:00Z',
  chain: '2026-10-02T00:00:00Z',
  anchor: '2026-10-02T00:00:00Z',
  'vector-set': '2026-11-29T00:00:00Z',
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

/** A document's exact text, spliced into the written file where its placeholder stands. */
class Raw {
  constructor(readonly text: string) {}
}
type Out = Json | Raw | Out[] | { [key: string]: Out | undefined };

// ---- Finding the exact text of a value in a JSON file ---------------------------------------

function skipSpace(text: string, i: number): number {
  while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  return i;
}

/** The end of the value that starts at `i` (JSON the file is known to be). */
function valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') return j + 1;
    }
    throw new Error('unterminated string');
  }
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = valueEnd(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') if (--depth === 0) return j + 1;
    }
    throw new Error('unterminated value');
  }
  let j = i;
  while (j < text.length && !',]} \t\r\n'.includes(text[j]!)) j++;
  return j;
}

/** The members of the object at `i`: name -> [start, end) of its value. */
function memberSpans(text: string, i: number): Map<string, [number, number]> {
  const spans = new Map<string, [number, number]>();
  i = skipSpace(text, i + 1);
  while (text[i] !== '}') {
    const nameEnd = valueEnd(text, i);
    const name = JSON.parse(text.slice(i, nameEnd)) as string;
    i = skipSpace(text, skipSpace(text, nameEnd) + 1);
    const end = valueEnd(text, i);
    spans.set(name, [i, end]);
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return spans;
}

/** The items of the array at `i`: [start, end) of each. */
function itemSpans(text: string, i: number): [number, number][] {
  const spans: [number, number][] = [];
  i = skipSpace(text, i + 1);
  while (text[i] !== ']') {
    const end = valueEnd(text, i);
    spans.push([i, end]);
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return spans;
}

// ---- Writing in the old file's style --------------------------------------------------------

function styleOf(text: string): { indent: number; ascii: boolean } {
  const indent = /\n( +)"/.exec(text)?.[1]?.length ?? 2;
  // eslint-disable-next-line no-control-regex
  return { indent, ascii: /^[\x00-\x7f]*$/.test(text) };
}

function write(value: Out, style: { indent: number; ascii: boolean }): string {
  const raws: string[] = [];
  const plain = (v: Out): Json => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `\u0000raw:${raws.length - 1}`;
    }
    if (Array.isArray(v)) return v.map(plain);
    if (v !== null && typeof v === 'object') {
      const out: Obj = {};
      for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = plain(x);
      return out;
    }
    return v;
  };
  let text = JSON.stringify(plain(value), null, style.indent);
  if (style.ascii)
    text = text.replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  return text.replace(/"\\u0000raw:(\d+)"/g, (_m, i: string) => raws[Number(i)]!) + '\n';
}

// ---- The one format -------------------------------------------------------------------------

/** A check in the one format: its status first, then what identifies it. */
function check(status: string, fields: Obj): Obj {
  const out: Obj = { status };
  for (const key of [
    'rule',
    'message',
    'messageStartsWith',
    'path',
    'subject',
    'expected',
    'found',
  ])
    if (fields[key] !== undefined) out[key] = fields[key]!;
  for (const key of Object.keys(fields))
    if (!(key in out) && key !== 'status') throw new Error(`unknown check member ${key}`);
  return out;
}

/** The expectation in the one format, its members in their order. */
function expectation(e: {
  verdict: Json;
  kind?: Json;
  checks?: Obj[];
  complete?: string[];
  outcomes?: Obj;
  dimensions?: Json;
  profiles?: Json;
  limits?: Json;
  details?: Obj;
}): Obj {
  const out: Obj = { verdict: e.verdict };
  if (e.kind !== undefined) out.kind = e.kind;
  if (e.checks && e.checks.length > 0) out.checks = e.checks;
  if (e.complete) out.complete = e.complete;
  if (e.outcomes) out.outcomes = e.outcomes;
  if (e.dimensions !== undefined) out.dimensions = e.dimensions;
  if (e.profiles !== undefined) out.profiles = e.profiles;
  if (e.limits !== undefined) out.limits = e.limits;
  if (e.details && Object.keys(e.details).length > 0) out.details = e.details;
  return out;
}

/** A document in the one format: `{name?, text | base64 | lines | file | document, role?, fromRelay?}`. */
function input(item: Obj, raw: (name: string) => Raw | undefined): { [key: string]: Out } {
  const out: { [key: string]: Out } = {};
  if (item.name !== undefined) out.name = item.name;
  if (item.text !== undefined) out.text = item.text;
  else if (item.base64 !== undefined) out.base64 = item.base64;
  else if (item.document !== undefined) out.document = raw('document') ?? item.document;
  if (item.role !== undefined) out.role = item.role;
  if (item.fromRelay !== undefined) out.fromRelay = item.fromRelay;
  return out;
}

/** A vector file in the one format, its members in their order. */
function vectorFile(v: {
  description: Json;
  spec?: Json;
  now: string;
  policy?: Json;
  retrieved_as?: Json;
  expect: Obj;
  document: { [key: string]: Out };
  supplied?: { [key: string]: Out }[];
}): { [key: string]: Out } {
  const out: { [key: string]: Out } = { description: v.description };
  if (v.spec !== undefined) out.spec = v.spec;
  out.now = v.now;
  if (v.policy !== undefined) out.policy = v.policy;
  if (v.retrieved_as !== undefined) out.retrieved_as = v.retrieved_as;
  out.expect = v.expect;
  Object.assign(out, v.document);
  if (v.supplied && v.supplied.length > 0) out.supplied = v.supplied;
  return out;
}

// ---- The old formats ------------------------------------------------------------------------

function convert(suite: string, text: string): { [key: string]: Out } {
  const old = JSON.parse(text) as Obj;
  const spans = memberSpans(text, skipSpace(text, 0));
  const topRaw = (name: string): Raw | undefined => {
    const span = spans.get(name);
    return span ? new Raw(text.slice(...span)) : undefined;
  };
  const suppliedSpans = spans.get('supplied')
    ? itemSpans(text, spans.get('supplied')![0]).map(([start]) => memberSpans(text, start))
    : [];
  const supplied = ((old.supplied as Obj[] | undefined) ?? []).map((item, i) =>
    input(item, (name) => {
      const span = suppliedSpans[i]?.get(name);
      return span ? new Raw(text.slice(...span)) : undefined;
    }),
  );
  const e = old.expect as Obj;
  const now = SUITE_NOW[suite]!;
  const common = { description: old.description ?? '', spec: old.spec, now };

  if (suite === 'receipt') {
    const pick = (status: string, list: Json | undefined): Obj[] =>
      ((list as Obj[] | undefined) ?? []).map((f) => check(status, f));
    const details: Obj = {};
    if (e.canonical_text !== undefined) details.canonicalText = e.canonical_text;
    if (e.canonical_length !== undefined) details.canonicalBytes = { length: e.canonical_length };
    const statuses = e.statuses as Obj | undefined;
    return vectorFile({
      ...common,
      policy: old.policy,
      retrieved_as: old.retrieved_as,
      expect: expectation({
        verdict: e.verdict!,
        kind: e.kind,
        checks: [
          ...pick('fail', e.failures),
          ...pick('warning', e.warnings),
          ...pick('info', e.infos),
        ],
        complete: e.verdict === 'failed' ? undefined : ['fail'],
        outcomes: statuses
          ? Object.fromEntries(
              Object.entries(statuses).map(([rule, s]) => [rule, Array.isArray(s) ? s : [s]]),
            )
          : undefined,
        dimensions: e.dimensions,
        profiles: e.profiles,
        details,
      }),
      document: { text: old.input! },
      supplied,
    });
  }

  if (suite === 'workflow') {
    const rules = (status: string, list: Json | undefined): Obj[] =>
      ((list as Json[] | undefined) ?? []).map((r) =>
        check(status, typeof r === 'string' ? { rule: r } : (r as Obj)),
      );
    return vectorFile({
      ...common,
      expect: expectation({
        verdict: e.verdict!,
        kind: 'workflow',
        checks: [
          ...rules('fail', e.failures),
          ...rules('warning', e.warnings),
          ...rules('unavailable', e.unavailable),
          ...rules('pass', e.passes),
        ],
        complete: ['fail', 'warning', 'unavailable'],
      }),
      document: { document: topRaw('document')! },
      supplied,
    });
  }

  if (suite === 'chain') {
    const failures = (e.failures as string[]).map((message) => check('fail', { message }));
    if (e.message !== undefined && !(e.failures as string[]).includes(e.message as string))
      failures.push(check('fail', { message: e.message }));
    const details: Obj = {};
    if (e.digests) details.entries = (e.digests as string[]).map((d) => ({ recomputedDigest: d }));
    if (e.finalEntryDigest !== undefined) details.finalEntryDigest = e.finalEntryDigest;
    if (e.firstBrokenLink !== undefined) details.firstBrokenLink = e.firstBrokenLink;
    if (e.historical06 !== undefined) details.historical06 = e.historical06;
    return vectorFile({
      ...common,
      expect: expectation({
        verdict: e.verdict!,
        kind: e.kind ?? 'timeline',
        checks: [
          ...failures,
          ...((e.checks as Obj[] | undefined) ?? []).map((c) => check(c.status as string, c)),
        ],
        complete: ['fail'],
        dimensions: e.dimensions,
        limits: e.limitsContain,
        details,
      }),
      document: old.documentLines
        ? { lines: old.documentLines }
        : { document: topRaw('document')! },
      supplied,
    });
  }

  if (suite === 'anchor') {
    return vectorFile({
      ...common,
      expect: expectation({
        verdict: e.verdict!,
        checks: (e.checks as Obj[]).map((c) => check(c.status as string, c)),
      }),
      document: input(old.document as Obj, () => undefined),
      supplied,
    });
  }

  if (suite === 'vector-set') {
    return vectorFile({
      ...common,
      expect: expectation({
        verdict: e.verdict!,
        kind: 'vector-set',
        checks: ((e.checks as Obj[] | undefined) ?? []).map((c) => check(c.status as string, c)),
        details: {
          reading06: e.reading06!,
          rows: Object.entries(e.rows as Obj).map(([name, agreement]) => ({ name, agreement })),
        },
      }),
      document: { document: topRaw('document')! },
    });
  }
  throw new Error(`no old format known for the ${suite} suite`);
}

// ---- The files ------------------------------------------------------------------------------

const changes: string[] = [];

function save(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  changes.push(`write ${relative(ROOT, path)}`);
  if (!CHECK_ONLY) writeFileSync(path, text);
}

function jsonFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** src/core/<suite>/…/vectors folders. */
function vectorFolders(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(folder, entry.name);
    if (entry.name === 'vectors') out.push(path);
    else out.push(...vectorFolders(path));
  }
  return out;
}

// The workflow's bare §3.4 worked example: a document a vector names.
const WORKFLOW = join(CORE, 'workflow/vectors');
const bareExample = join(WORKFLOW, 'worked-example.json');
const example = join(WORKFLOW, 'spec-3.4-worked-example.json');
if (
  existsSync(bareExample) &&
  !('expect' in (JSON.parse(readFileSync(bareExample, 'utf8')) as Obj))
) {
  changes.push(`move ${relative(ROOT, bareExample)} to ${relative(ROOT, example)}`);
  if (!CHECK_ONLY) renameSync(bareExample, example);
  save(
    bareExample,
    write(
      vectorFile({
        description: "the spec's §3.4 worked example",
        now: SUITE_NOW.workflow!,
        expect: expectation({ verdict: 'verified', kind: 'workflow' }),
        document: { name: 'worked-example.json', file: basename(example) },
      }),
      { indent: 2, ascii: false },
    ),
  );
}

for (const folder of vectorFolders(CORE)) {
  const suite = relative(CORE, folder).split('/')[0]!;
  for (const path of jsonFilesUnder(folder)) {
    const text = readFileSync(path, 'utf8');
    const old = JSON.parse(text) as Obj;
    // Documents a vector names or tests read (no expectation), and files already converted.
    if (old.expect === undefined || old.now !== undefined) continue;
    save(path, write(convert(suite, text), styleOf(text)));
  }
}

// The OpenTimestamps manifest: one vector per case, beside the proofs.
const MANIFEST = join(ROOT, 'src/conformance/ots-proofs.json');
if (existsSync(MANIFEST)) {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as {
    header_358391: string;
    proofs: {
      proof: string;
      description?: string;
      supplied?: string[];
      header?: boolean;
      expect: Obj;
    }[];
  };
  const folder = join(CORE, 'anchor/ots/vectors');
  const seen = new Map<string, number>();
  for (const entry of manifest.proofs) {
    const variant = [...(entry.supplied ?? []), ...(entry.header ? ['header'] : [])];
    let name = `${entry.proof}${variant.length > 0 ? ` + ${variant.join(' + ')}` : ' alone'}`;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count > 1) name += ` (${count})`;
    const supplied: { [key: string]: Out }[] = (entry.supplied ?? []).map((file) => ({ file }));
    if (entry.header)
      supplied.push({ name: 'block-358391-header.txt', text: manifest.header_358391 });
    save(
      join(folder, `${name}.json`),
      write(
        vectorFile({
          description: entry.description ?? '',
          now: SUITE_NOW.anchor!,
          expect: expectation({
            verdict: entry.expect.verdict!,
            checks: ((entry.expect.checks as Obj[] | undefined) ?? []).map((c) =>
              check(c.status as string, c),
            ),
          }),
          document: { file: entry.proof },
          supplied,
        }),
        { indent: 2, ascii: false },
      ),
    );
  }
  changes.push(`remove ${relative(ROOT, MANIFEST)}`);
  if (!CHECK_ONLY) rmSync(MANIFEST);
}

console.log(changes.length === 0 ? 'every vector is in the one format' : changes.join('\n'));
if (CHECK_ONLY && changes.length > 0) process.exitCode = 1;
