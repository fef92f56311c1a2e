/**
 * aer1-verify: the same core as the app, from the command line.
 *   npm run verify -- [--json] [--supply FILE]... FILE...   ('-' reads standard input)
 * Exit codes: 0 all verified, 1 any failed, 2 none failed but some incomplete, 64 usage or
 * unreadable input.
 */
import { readFile } from 'node:fs/promises';
import {
  toCliJson,
  toText,
  verdictExitCode,
  verifyAll,
  type InputDocument,
  type Report,
} from '../core';

const USAGE = `usage: aer1-verify [--json] [--group] [--supply FILE]... [--final-answer FILE] FILE...
  FILE         a receipt, workflow, timeline, batch, .ots proof, Nostr event… ('-' = stdin)
  --json       print a JSON array of reports, one per FILE in order (with --group: per record)
  --group      group all FILEs and supplied files as a drop in the app does: a workflow with
               its step receipts, a receipt with its evidence, …; one report per record
  --supply F   supply F with every FILE (step receipts, evidence, commitment, Nostr event,
               .ots proof, block header); repeatable
  --final-answer F
               supply F as a workflow's final answer: output_hash must be its SHA-256
exit: 0 all verified, 1 any failed, 2 some incomplete, 64 usage or unreadable input`;

export const EXIT_USAGE = 64;

interface Args {
  json: boolean;
  group: boolean;
  files: string[];
  supplied: string[];
  finalAnswers: string[];
}

export function parseArgs(argv: string[]): Args | string {
  const args: Args = { json: false, group: false, files: [], supplied: [], finalAnswers: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--json') args.json = true;
    else if (arg === '--group') args.group = true;
    else if (arg === '--supply') {
      const next = argv[++i];
      if (next === undefined) return '--supply needs a file';
      args.supplied.push(next);
    } else if (arg === '--final-answer') {
      const next = argv[++i];
      if (next === undefined) return '--final-answer needs a file';
      args.finalAnswers.push(next);
    } else if (arg === '-h' || arg === '--help') return '';
    else if (arg.startsWith('-') && arg !== '-') return `unknown option ${arg}`;
    else args.files.push(arg);
  }
  if (args.files.length === 0) return 'no input file';
  return args;
}

async function readInput(path: string): Promise<InputDocument> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return { name: 'stdin', bytes: new Uint8Array(Buffer.concat(chunks)) };
  }
  return { name: path, bytes: new Uint8Array(await readFile(path)) };
}

export async function run(
  argv: string[],
  out: (s: string) => void,
  err: (s: string) => void,
): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    if (args) err(`aer1-verify: ${args}`);
    err(USAGE);
    return args ? EXIT_USAGE : 0;
  }
  let inputs: InputDocument[];
  let supplied: InputDocument[];
  try {
    inputs = await Promise.all(args.files.map(readInput));
    supplied = await Promise.all(args.supplied.map(readInput));
    for (const answer of await Promise.all(args.finalAnswers.map(readInput))) {
      supplied.push({ ...answer, role: 'final-answer' });
    }
  } catch (error) {
    err(`aer1-verify: cannot read input: ${(error as Error).message}`);
    return EXIT_USAGE;
  }
  // The same pipeline as the app: one report per FILE, or per record when grouped.
  const { results, unplaced } = args.group
    ? await verifyAll([...inputs, ...supplied])
    : await verifyAll(inputs, { group: false, supplied });
  const reports: Report[] = results.map((r) => r.report);
  for (const doc of unplaced) err(`aer1-verify: not placed: ${doc.name}: ${doc.reason}`);
  if (args.json)
    out(
      JSON.stringify(
        reports.map((r) => toCliJson(r)),
        null,
        2,
      ),
    );
  else out(reports.map((r) => toText(r)).join('\n\n'));
  return verdictExitCode(reports);
}
