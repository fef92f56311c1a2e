/**
 * aer1-verify: the same core as the app, from the command line.
 *   npm run verify -- [--json] [--supply FILE]... [--] FILE...   ('-' reads standard input)
 * Exit codes: usage.ts lists them (0 all verified, 1 any failed, 2 none failed but some
 * incomplete, a --group file placed nowhere or a --jsonl input with no records, 64 and up: the
 * run could not be made or written).
 */
import { constants, createReadStream } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { JsonReportArray, type CheckForm } from './output';
import { terminal, type Terminal } from './terminal';
import { USAGE } from './usage';
import { defaultJobs, streamJsonLines, type VerdictCounts } from './json-lines';
import {
  exitCodeOf,
  fileInput,
  loadHashing,
  parseDuration,
  settingWords,
  verify,
  toTextLines,
  verdictUnderProfile,
  verifyAll,
  WHOLE_FILE_MAX_BYTES,
  type InputDocument,
  type ProfileId,
  type Report,
  type Verdict,
  type VerdictSetting,
} from '../core';

export const EXIT_USAGE = 64;
/** Standard output closed before the run finished (128 + SIGPIPE, as a shell reports it). */
export const EXIT_OUTPUT_CLOSED = 141;
/** Standard output could not be written (a full disk): EX_IOERR of sysexits.h. */
export const EXIT_OUTPUT_FAILED = 74;

interface Args {
  json: boolean;
  jsonl: boolean;
  jobs: number;
  /** --jobs was given: the workers start with the first records, whatever the size. */
  jobsGiven: boolean;
  group: boolean;
  /** --checks, when given (else compact for --jsonl, full for --json). */
  checks?: CheckForm;
  files: string[];
  supplied: string[];
  finalAnswers: string[];
  profile: ProfileId;
  maxFutureMs?: number;
  maxAgeMs?: number;
  selfTest: boolean;
}

const EXIT_PROFILES: readonly ProfileId[] = [
  'core',
  'strict',
  'reference-producer',
  'disinterested',
];

export function parseArgs(argv: string[]): Args | string {
  const args: Args = {
    json: false,
    jsonl: false,
    jobs: defaultJobs(),
    jobsGiven: false,
    group: false,
    files: [],
    supplied: [],
    finalAnswers: [],
    profile: 'core',
    selfTest: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    // After `--` every argument is a file, one named like an option included.
    if (arg === '--') {
      args.files.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '--json') args.json = true;
    else if (arg === '--group') args.group = true;
    else if (arg === '--jsonl') args.jsonl = true;
    else if (arg === '--checks') {
      const next = argv[++i];
      if (next !== 'full' && next !== 'compact') return '--checks needs full or compact';
      args.checks = next;
    } else if (arg === '--jobs') {
      const next = argv[++i];
      if (next === undefined || !/^[1-9][0-9]{0,2}$/.test(next))
        return '--jobs needs a whole number from 1 to 999';
      args.jobs = Number(next);
      args.jobsGiven = true;
    } else if (arg === '--supply') {
      const next = argv[++i];
      if (next === undefined) return '--supply needs a file';
      args.supplied.push(next);
    } else if (arg === '--final-answer') {
      const next = argv[++i];
      if (next === undefined) return '--final-answer needs a file';
      args.finalAnswers.push(next);
    } else if (arg === '--profile') {
      const next = argv[++i] as ProfileId | undefined;
      if (next === undefined || !EXIT_PROFILES.includes(next))
        return `--profile needs one of ${EXIT_PROFILES.join(', ')}`;
      args.profile = next;
    } else if (arg === '--max-future' || arg === '--max-age') {
      const next = argv[++i];
      const ms = next === undefined ? undefined : parseDuration(next);
      if (ms === undefined) return `${arg} needs a duration such as 5m, 12h, 90d or 1y`;
      if (arg === '--max-future') args.maxFutureMs = ms;
      else args.maxAgeMs = ms;
    } else if (arg === '--self-test') args.selfTest = true;
    else if (arg === '-h' || arg === '--help') return '';
    else if (arg.startsWith('-') && arg !== '-') return `unknown option ${arg}`;
    else args.files.push(arg);
  }
  if (args.selfTest) {
    // The self-test verifies the bundled vectors and prints its own summary, nothing else.
    if (argv.length > 1) return '--self-test takes no other option or file';
    return args;
  }
  if (args.files.length === 0) return 'no input file';
  if ([...args.files, ...args.supplied, ...args.finalAnswers].filter((f) => f === '-').length > 1)
    return "standard input ('-') can be read only once";
  if (args.finalAnswers.length > 1) return '--final-answer is given once (the workflow has one)';
  if (args.jobsGiven && !args.jsonl)
    return '--jobs goes with --jsonl (records verified on threads)';
  if (args.checks !== undefined && !args.json && !args.jsonl)
    return '--checks goes with --json or --jsonl (the text output shows only what did not pass)';
  if (
    args.jsonl &&
    (args.json || args.group || args.supplied.length + args.finalAnswers.length > 0)
  )
    return '--jsonl verifies independent records: it does not go with --json, --group, --supply or --final-answer';
  return args;
}

/** Refuses, naming it, a path that is missing, unreadable or not a file (a directory). */
async function readableFile(path: string, whole: boolean): Promise<void> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  if (info.isDirectory()) throw new Error(`${path}: a directory, not a file`);
  if (whole && info.size > WHOLE_FILE_MAX_BYTES) throw tooLarge(path);
  await access(path, constants.R_OK).catch(() => {
    throw new Error(`${path}: not readable (permission denied)`);
  });
}

function tooLarge(name: string): Error {
  return new Error(
    `${name}: larger than ${WHOLE_FILE_MAX_BYTES / 2 ** 20} MiB, the most read whole (JSON Lines of any size: --jsonl)`,
  );
}

async function readInput(path: string): Promise<InputDocument> {
  const name = path === '-' ? 'stdin' : path;
  // A regular file's size was looked at (readableFile); stdin, a pipe or a device (/dev/zero)
  // may not end, so it is counted as it comes and refused past the bound, before memory is.
  if (path !== '-' && (await stat(path)).isFile())
    return fileInput(path, asBytes(await readFile(path)));
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of path === '-' ? process.stdin : createReadStream(path)) {
    total += (chunk as Buffer).length;
    if (total > WHOLE_FILE_MAX_BYTES) throw tooLarge(name);
    chunks.push(chunk as Buffer);
  }
  return fileInput(name, asBytes(Buffer.concat(chunks, total)));
}

/** The buffer's bytes as a plain Uint8Array, without copying them (a 36 MB file was held twice). */
function asBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * Runs the command. `out` and `err` write one line each (the caller adds the newline); text
 * for people reaches them only through the terminal boundary (terminal.ts), JSON as it is.
 */
export async function run(
  argv: string[],
  out: (s: string) => void,
  err: (s: string) => void,
): Promise<number> {
  const text = terminal(out, err, shell.progress);
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    // Asked for, the usage is the output; after a usage error it explains the error.
    if (!args) {
      for (const line of USAGE.split('\n')) text.say(line);
      return 0;
    }
    text.warn(`aer1-verify: ${args}`);
    for (const line of USAGE.split('\n')) text.warn(line);
    return EXIT_USAGE;
  }
  if (args.selfTest) return runSelfTestCommand(text);
  // Every verification hashes: its WebAssembly compiles while the input is opened and read.
  void loadHashing();
  const cannotRead = (error: unknown): number => {
    text.warn(`aer1-verify: cannot read input: ${(error as Error).message}`);
    return EXIT_USAGE;
  };
  // Every input is looked at before anything is written: a file that cannot be read is refused
  // before the first report, never between two of them.
  try {
    await Promise.all(
      [...args.files, ...args.supplied, ...args.finalAnswers].map((file) =>
        file === '-' ? undefined : readableFile(file, !args.jsonl),
      ),
    );
  } catch (error) {
    return cannotRead(error);
  }
  if (args.jsonl) return runJsonLines(args, out, text);
  let supplied: InputDocument[];
  try {
    supplied = await Promise.all(args.supplied.map(readInput));
    for (const answer of await Promise.all(args.finalAnswers.map(readInput))) {
      supplied.push({ ...answer, role: 'final-answer' });
    }
  } catch (error) {
    return cannotRead(error);
  }
  // The same pipeline as the app: one report per FILE, or per record when grouped.
  // The command prints no step table: a workflow's report is made without one.
  const policy = {
    stepTable: false,
    ...(args.maxFutureMs !== undefined ? { maxFutureMs: args.maxFutureMs } : {}),
    ...(args.maxAgeMs !== undefined ? { maxAgeMs: args.maxAgeMs } : {}),
  };
  const array = args.json ? new JsonReportArray(out, args.checks ?? 'full') : undefined;
  let written = 0;
  const verdicts: Verdict[] = [];
  // Each report is written as soon as it is made, and let go.
  const write = (report: Report): void => {
    verdicts.push(verdictUnderProfile(report, args.profile));
    if (array) array.add(report);
    else {
      if (written > 0) text.say('');
      for (const line of toTextLines(report, report.source, '', verdictSettingOf(args)))
        text.say(line);
    }
    written++;
  };
  if (args.group) {
    let inputs: InputDocument[];
    try {
      inputs = [...(await Promise.all(args.files.map(readInput))), ...supplied];
    } catch (error) {
      return cannotRead(error);
    }
    const { results, unplaced } = await verifyAll(inputs, policy);
    for (const doc of unplaced) text.warn(`aer1-verify: not placed: ${doc.name}: ${doc.reason}`);
    for (const result of results) write(result.report);
    // A FILE (or supplied file) placed nowhere was not verified: the run cannot say all were.
    if (unplaced.length > 0) verdicts.push('incomplete');
  } else {
    // One file at a time: read, verify, write, let go — a later file's bytes are not held
    // while an earlier one is verified.
    // A supplied document no FILE could use is listed once, as a drop lists what it cannot place.
    let unusedEverywhere: Map<string, string> | undefined;
    for (const file of args.files) {
      let input: InputDocument;
      try {
        input = await readInput(file);
      } catch (error) {
        // (Gone since it was looked at.) What was written stays well-formed.
        array?.end();
        return cannotRead(error);
      }
      const { results, unplaced } = await verifyAll([input], {
        group: false,
        supplied,
        ...policy,
      });
      for (const result of results) write(result.report);
      const unused = new Map(unplaced.map((doc) => [doc.name, doc.reason]));
      if (unusedEverywhere)
        for (const name of unusedEverywhere.keys())
          if (!unused.has(name)) unusedEverywhere.delete(name);
      unusedEverywhere ??= unused;
    }
    for (const [name, reason] of unusedEverywhere ?? [])
      text.warn(`aer1-verify: not placed: ${name}: ${reason}`);
  }
  array?.end();
  return exitCode(verdicts);
}

/** The setting the exit code reads verdicts under: --profile, and the clock policy when set. */
function verdictSettingOf(args: Args): VerdictSetting {
  return {
    profile: args.profile,
    clockPolicy: args.maxFutureMs !== undefined || args.maxAgeMs !== undefined,
  };
}

/** 0 all verified, 1 any failed, 2 some incomplete (the core's exitCodeOf, which the app states). */
export function exitCode(verdicts: Iterable<Verdict>): 0 | 1 | 2 {
  return exitCodeOf(verdicts);
}

/** --self-test: every bundled vector against its expectation (src/conformance/self-test.ts). */
async function runSelfTestCommand(text: Terminal): Promise<number> {
  const [{ BUNDLED_VECTOR_FILES }, { runSelfTest, selfTestCases, selfTestText }] =
    await Promise.all([
      import('../conformance/bundled-vectors'),
      import('../conformance/self-test'),
    ]);
  const cases = selfTestCases(BUNDLED_VECTOR_FILES);
  const summary = await runSelfTest(cases, (c) => verify(c.document, c.supplied, c.options));
  for (const line of selfTestText(summary).split('\n')) text.say(line);
  return summary.asExpected === summary.total && summary.total > 0 ? 0 : 1;
}

/** Options the command-line shell passes in from its process. */
export interface JsonLinesShell {
  /** The script that runs record workers (the built aer1-verify.mjs), when there is one. */
  workerScript?: string;
  /**
   * Where the running count goes, when standard error is a terminal: each call replaces the
   * status line (the caller writes a carriage return first), so the text holds no line break.
   */
  progress?: (text: string) => void;
  /** Resolves when standard output can take more. */
  drained?: () => Promise<void>;
  /**
   * Writes bytes to standard output as they are (--jsonl report lines), calling `release` when
   * it is done with them.
   */
  writeBytes?: (bytes: Uint8Array, release: () => void) => void;
}

let shell: JsonLinesShell = {};

/** Called once by the executable (bin.ts) before run(). */
export function configureShell(options: JsonLinesShell): void {
  shell = options;
}

async function runJsonLines(args: Args, out: (s: string) => void, text: Terminal): Promise<number> {
  const total: VerdictCounts = { verified: 0, failed: 0, incomplete: 0 };
  /** Files with no record at all: nothing was verified in them, which is not "verified". */
  let empty = 0;
  // The running count stays on its line (no line break) until a message or the summary.
  let statusShown = false;
  const warn = (line: string) => {
    if (statusShown) text.warn('');
    statusShown = false;
    text.warn(line);
  };
  const now = Date.now();
  for (const file of args.files) {
    const stream = file === '-' ? process.stdin : createReadStream(file);
    const fileName = file === '-' ? 'stdin' : file;
    const size =
      file === '-'
        ? undefined
        : await stat(file).then(
            (info) => (info.isFile() ? info.size : undefined),
            () => undefined,
          );
    let counts: VerdictCounts;
    try {
      counts = await streamJsonLines(
        stream,
        {
          fileName,
          now,
          profile: args.profile,
          checks: args.checks ?? 'compact',
          ...(args.maxFutureMs !== undefined ? { maxFutureMs: args.maxFutureMs } : {}),
          ...(args.maxAgeMs !== undefined ? { maxAgeMs: args.maxAgeMs } : {}),
          jobs: args.jobs,
          ...(args.jobsGiven ? { poolAfterBytes: 0 } : {}),
          ...(size !== undefined ? { sizeHint: size } : {}),
          ...(shell.workerScript !== undefined ? { workerScript: shell.workerScript } : {}),
          ...(text.status
            ? {
                onCount: (n: number) => {
                  statusShown = true;
                  text.status?.(`${fileName}: ${n} records`);
                },
              }
            : {}),
          ...(shell.drained ? { drained: shell.drained } : {}),
          ...(shell.writeBytes ? { writeBytes: shell.writeBytes } : {}),
        },
        out,
      );
    } catch (error) {
      warn(`aer1-verify: cannot read ${fileName}: ${(error as Error).message}`);
      return EXIT_USAGE;
    }
    for (const verdict of ['verified', 'failed', 'incomplete'] as const)
      total[verdict] += counts[verdict];
    if (counts.verified + counts.failed + counts.incomplete === 0) {
      warn(`aer1-verify: ${fileName}: no records (the input is empty or blank)`);
      empty++;
    }
  }
  const records = total.verified + total.failed + total.incomplete;
  // The lines carry core's verdict and every profile; the counts are under the setting asked for.
  const under = settingWords(verdictSettingOf(args));
  warn(
    `aer1-verify: ${records} records: ${total.verified} verified, ${total.failed} failed, ${total.incomplete} incomplete${under ? ` under ${under}` : ''}`,
  );
  return total.failed > 0 ? 1 : total.incomplete > 0 || empty > 0 ? 2 : 0;
}
