import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_BYTES, streamedTooLongReport, verifyAll } from '../core';
import { cliReportJson } from './output';
import { MINIMAL_RECEIPT } from '../../test/support/minimal-receipt';
import { HEADER_358391 } from '../../test/support/ots-headers';
import { streamJsonLines } from './json-lines';
import { run } from './main';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const encoder = new TextEncoder();

async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? encoder.encode(part) : part;
}

const good = JSON.stringify(MINIMAL_RECEIPT);
const tampered = JSON.stringify({ ...MINIMAL_RECEIPT, output_hash: `sha256:${'0'.repeat(64)}` });
const dup = good.replace(
  '"verification_status"',
  '"verification_status":"x","verification_status"',
);
/** Records of every outcome, with blank lines and CRLF between them. */
const MIXED = [good, '', tampered, '1', '{"id": ', dup, '[1, 2]', '{}'].join('\n') + '\r\n';

describe('streamJsonLines', () => {
  it('gives every record the verdict and failed rules it gets as a member of the whole file', async () => {
    const lines: string[] = [];
    const counts = await streamJsonLines(
      chunks(MIXED.slice(0, 100), MIXED.slice(100)),
      { fileName: 'mixed.jsonl', now: NOW, jobs: 1 },
      (text) => lines.push(...text.split('\n')),
    );
    const streamed = lines.map(
      (line) => JSON.parse(line) as { verdict: string; checks: { rule: string; status: string }[] },
    );
    // The whole file, verified as one document, fails to parse at the broken line: verify the
    // file without it as a batch, and compare the other records one by one.
    const valid = MIXED.split('\n').filter((l) => l !== '{"id": ');
    const broken = 3;
    const { results } = await verifyAll([{ name: 'mixed.jsonl', text: valid.join('\n') }], {
      now: NOW,
    });
    const members = results[0]!.report.children!;
    const failedRules = (checks: { rule: string; status: string }[]) =>
      checks.filter((c) => c.status === 'fail').map((c) => c.rule);
    const streamedWithoutBroken = streamed.filter((_, i) => i !== broken);
    expect(streamedWithoutBroken.map((r) => r.verdict)).toEqual(members.map((m) => m.verdict));
    expect(streamedWithoutBroken.map((r) => failedRules(r.checks))).toEqual(
      members.map((m) => failedRules(m.checks)),
    );
    expect(streamed[broken]?.checks[0]?.rule).toBe('json.syntax');
    expect(counts).toEqual({ verified: 1, failed: 6, incomplete: 0 });
  });

  it('reads a line that is a block header in hex as a broken record, as the whole file does: the run fails', async () => {
    const lines: string[] = [];
    const counts = await streamJsonLines(
      chunks(`${good}\n${HEADER_358391}\n${good}\n`),
      { fileName: 'headers.jsonl', now: NOW, jobs: 1 },
      (text) => lines.push(...text.split('\n').filter((l) => l !== '')),
    );
    expect(counts).toEqual({ verified: 2, failed: 1, incomplete: 0 });
    const record = JSON.parse(lines[1]!) as { kind: string; checks: { rule: string }[] };
    expect(record.kind).toBe('unknown');
    expect(record.checks[0]?.rule).toBe('json.syntax');
  });

  it("says the broken record's line of the file, in its message as in its place", async () => {
    const lines: string[] = [];
    await streamJsonLines(chunks(MIXED), { fileName: 'mixed.jsonl', now: NOW, jobs: 1 }, (text) =>
      lines.push(...text.split('\n').filter((l) => l !== '')),
    );
    // '{"id": ' is on line 5 of MIXED (a blank line 2 is not a record); the whole file's
    // record 4 fails its parse at the same line and column.
    const syntax = (JSON.parse(lines[3]!) as { checks: { message: string; line?: number }[] })
      .checks[0]!;
    const { results } = await verifyAll([{ name: 'mixed.jsonl', text: MIXED }], { now: NOW });
    const whole = results[0]!.report.children![3]!.parseError!;
    expect(whole.line).toBe(5);
    expect(syntax.line).toBe(5);
    expect(syntax.message).toContain(`at line 5, column ${whole.column}`);
  });

  it('reports a record past MAX_RECORD_BYTES as the app does (one core report), and goes on', async () => {
    const lines: string[] = [];
    const filler = new Uint8Array(MAX_RECORD_BYTES + 1).fill(0x20);
    const counts = await streamJsonLines(
      chunks(good + '\n', filler, '\n' + good + '\n'),
      { fileName: 'long.jsonl', now: NOW, jobs: 1, checks: 'full' },
      (text) => lines.push(...text.split('\n').filter((l) => l !== '')),
    );
    expect(counts).toEqual({ verified: 2, failed: 1, incomplete: 0 });
    const tooLong = JSON.parse(lines[1]!) as { file: string; checks: unknown[] };
    expect(tooLong.checks).toEqual(
      cliReportJson(streamedTooLongReport('long.jsonl', { index: 2, line: 2 }), 'full').checks,
    );
    // It says where it is (the line the file says too when verified whole), as read records do.
    expect(tooLong.checks).toMatchObject([
      { rule: 'document.record_too_long', status: 'fail', line: 2, column: 1 },
    ]);
  });

  it('reports records past MAX_RECORD_BYTES in their place when they arrive whole among others', async () => {
    // One chunk holding every line: the long ones are cut out of a block with the others.
    const enc = new TextEncoder();
    const goodBytes = enc.encode(good + '\n');
    const long = new Uint8Array(MAX_RECORD_BYTES + 2).fill(0x20);
    long[long.length - 1] = 0x0a;
    const parts = [goodBytes, long, long, goodBytes, long, goodBytes];
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
    const lines: string[] = [];
    const counts = await streamJsonLines(
      chunks(all),
      { fileName: 'long.jsonl', now: NOW, jobs: 1 },
      (text) => lines.push(...text.split('\n').filter((l) => l !== '')),
    );
    expect(counts).toEqual({ verified: 3, failed: 3, incomplete: 0 });
    const verdicts = lines.map((l) => JSON.parse(l) as { file: string; verdict: string });
    expect(verdicts.map((v) => v.verdict)).toEqual([
      'verified',
      'failed',
      'failed',
      'verified',
      'failed',
      'verified',
    ]);
    expect(verdicts.map((v) => v.file)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `long.jsonl line record ${n}`),
    );
  });

  it('reports a record past MAX_RECORD_BYTES the same streamed and in the whole file, first or later', async () => {
    // Later: not even JSON (never read on either path); first: valid JSON, read only to
    // decide that the text is JSON Lines. A blank line that long is a record too, streamed.
    const later = '{' + ' '.repeat(MAX_RECORD_BYTES);
    const first = `{"pad":"${'x'.repeat(MAX_RECORD_BYTES)}"}`;
    for (const text of [
      [good, later, tampered, good].join('\n') + '\n',
      [first, good, tampered].join('\n') + '\n',
      [good, ' '.repeat(MAX_RECORD_BYTES + 1), good].join('\n') + '\n',
    ]) {
      const streamed: string[] = [];
      await streamJsonLines(chunks(text), { fileName: 'long.jsonl', now: NOW, jobs: 1 }, (out) =>
        streamed.push(...out.split('\n').filter((l) => l !== '')),
      );
      const { results } = await verifyAll([{ name: 'long.jsonl', text }], { now: NOW });
      const whole = results[0]!.report;
      expect(whole.kind).toBe('batch');
      // Each record's file name, verdict and checks (rule, outcome and line in the file);
      // pointers differ by design: a member of the whole file is /i of it, a streamed record a
      // document alone.
      const outcomes = (report: { file: string; verdict: string; checks: Outcome[] }) => ({
        file: report.file,
        verdict: report.verdict,
        checks: report.checks.map(({ rule, status, line }) => ({ rule, status, line })),
      });
      type Outcome = { rule: string; status: string; line?: number };
      const members = (whole.children ?? []).map((child) =>
        outcomes(cliReportJson(child, 'compact')),
      );
      expect(members).toEqual(
        streamed.map((line) => outcomes(JSON.parse(line) as Parameters<typeof outcomes>[0])),
      );
      const tooLong = members.filter((m) =>
        m.checks.some((c) => c.rule === 'document.record_too_long' && c.status === 'fail'),
      );
      expect(tooLong).toHaveLength(1);
      expect(tooLong[0]!.verdict).toBe('failed');
      expect(tooLong[0]!.checks[0]!.line).toBeGreaterThan(0);
    }
  });

  it('writes as bytes exactly the lines it writes as text, names and values not ASCII included', async () => {
    const text =
      [
        good,
        tampered,
        good.replace('"verification_status"', '"v\u00e9rified\u2028😀":1,"x"'),
        '"\ud800"',
        '1',
      ].join('\n') + '\n';
    const settings = { fileName: 'ñame\u2028😀.jsonl', now: NOW, jobs: 1 };
    const asText: string[] = [];
    await streamJsonLines(chunks(text), settings, (out) => asText.push(out + '\n'));
    const asBytes: Uint8Array[] = [];
    await streamJsonLines(
      chunks(text),
      { ...settings, writeBytes: (bytes) => asBytes.push(bytes.slice()) },
      () => {
        throw new Error('a line went out as text');
      },
    );
    expect(Buffer.concat(asBytes).toString('hex')).toBe(
      Buffer.from(asText.join('')).toString('hex'),
    );
    expect(asText.join('').split('\n')).toHaveLength(6);
  });

  it('writes the same bytes when it fills released buffers again, and never a buffer not yet released', async () => {
    // Several blocks of lines of different lengths, so a reused buffer holds an older, longer line.
    const lines: string[] = [];
    for (let i = 0; i < 3500; i++)
      lines.push([good, tampered, '1', dup][i % 4 === 1 ? 1 : i % 9 === 0 ? 2 + (i % 2) : 0]!);
    const text = lines.join('\n') + '\n';
    const settings = { fileName: 'many.jsonl', now: NOW, jobs: 1 };
    const asText: string[] = [];
    await streamJsonLines(chunks(text), settings, (out) => asText.push(out + '\n'));
    const expected = Buffer.from(asText.join('')).toString('hex');

    // Copied, and released at once: the next blocks are written into the same buffers.
    const copied: Uint8Array[] = [];
    const buffers = new Set<ArrayBufferLike>();
    await streamJsonLines(
      chunks(text),
      {
        ...settings,
        writeBytes: (bytes, release) => {
          copied.push(bytes.slice());
          buffers.add(bytes.buffer);
          release();
        },
      },
      () => {
        throw new Error('a line went out as text');
      },
    );
    expect(copied.length).toBeGreaterThan(2);
    expect(buffers.size).toBeLessThan(copied.length);
    expect(Buffer.concat(copied).toString('hex')).toBe(expected);

    // Held, never released: no buffer may be filled again while its writer holds it.
    const held: Uint8Array[] = [];
    await streamJsonLines(
      chunks(text),
      { ...settings, writeBytes: (bytes) => held.push(bytes) },
      () => {
        throw new Error('a line went out as text');
      },
    );
    expect(Buffer.concat(held).toString('hex')).toBe(expected);
  });

  it('reports a too-long line that arrives whole in one chunk the same way', async () => {
    const lines: string[] = [];
    const whole = new Uint8Array(MAX_RECORD_BYTES + 2).fill(0x20);
    whole[0] = 0x7b; // '{': a record, not a blank line
    whole[MAX_RECORD_BYTES + 1] = 0x0a;
    const counts = await streamJsonLines(
      chunks(whole, good + '\n'),
      { fileName: 'long.jsonl', now: NOW, jobs: 1 },
      (text) => lines.push(...text.split('\n').filter((l) => l !== '')),
    );
    expect(counts).toEqual({ verified: 1, failed: 1, incomplete: 0 });
    expect(JSON.parse(lines[0]!)).toMatchObject({
      checks: [{ rule: 'document.record_too_long' }],
    });
  });

  it('tolerates a byte order mark at the start of the file only, as the whole-file parse does', async () => {
    const text = `\ufeff${good}\n\ufeff${good}\n${good}\n`;
    // The core, on the whole file: record 2 fails its parse at the second line's mark.
    const { results } = await verifyAll([{ name: 'bom.jsonl', text }], { now: NOW });
    const whole = results[0]!.report.children![1]!.checks.find((c) => c.status === 'fail');
    expect(whole).toMatchObject({ rule: 'json.syntax', range: { line: 2, column: 1 } });
    for (const jobs of [1, 2]) {
      const lines: string[] = [];
      const counts = await streamJsonLines(
        chunks(text),
        { fileName: 'bom.jsonl', now: NOW, jobs },
        (out) => lines.push(...out.split('\n')),
      );
      expect(counts).toEqual({ verified: 2, failed: 1, incomplete: 0 });
      const second = JSON.parse(lines[1]!) as {
        verdict: string;
        checks: Record<string, unknown>[];
      };
      expect(second.verdict).toBe('failed');
      expect(second.checks[0]).toMatchObject({ rule: 'json.syntax', line: 2, column: 1 });
      expect(second.checks[0]!.message).toMatch(/^Unexpected character '\ufeff'/);
    }
  });

  it('goes on verifying here while a worker is behind, and still writes in input order', async () => {
    // A worker that answers each block a second late, with a line that names the block.
    const script = join(mkdtempSync(join(tmpdir(), 'aer1-slow-')), 'slow-worker.mjs');
    writeFileSync(
      script,
      `import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, block }) => setTimeout(() => parentPort.postMessage({
  id,
  result: { output: 'worker line ' + block.firstLine, counts: { verified: 1, failed: 0, incomplete: 0 } },
}), 1000));`,
    );
    let pulled = 0;
    let pulledAtFirstWrite = 0;
    async function* input(): AsyncGenerator<Uint8Array> {
      // One record per chunk, so one block per chunk.
      for (let i = 1; i <= 40; i++) {
        pulled++;
        yield encoder.encode(`${i}\n`);
      }
    }
    const lines: string[] = [];
    const counts = await streamJsonLines(
      input(),
      { fileName: 'n.jsonl', now: NOW, jobs: 2, poolAfterBytes: 0, workerScript: script },
      (text) => {
        pulledAtFirstWrite ||= pulled;
        lines.push(...text.split('\n'));
      },
    );
    expect(lines).toHaveLength(40);
    lines.forEach((line, i) => {
      if (line.startsWith('worker')) expect(line).toBe(`worker line ${i + 1}`);
      else expect((JSON.parse(line) as { file: string }).file).toBe(`n.jsonl line record ${i + 1}`);
    });
    expect(counts.verified + counts.failed).toBe(40);
    // While the worker held its first blocks, this thread verified the ones after them (it
    // once stopped at four blocks in flight and waited, idle).
    expect(pulledAtFirstWrite).toBeGreaterThanOrEqual(16);
  }, 20_000);

  it('puts each failure on the line of the input it stands on', async () => {
    const lines: string[] = [];
    await streamJsonLines(
      chunks(`${good}\n\n${tampered}\n`),
      { fileName: 't.jsonl', now: NOW, jobs: 1 },
      (text) => lines.push(...text.split('\n')),
    );
    const report = JSON.parse(lines[1]!) as {
      file: string;
      checks: { rule: string; status: string; line?: number }[];
    };
    expect(report.file).toBe('t.jsonl line record 2');
    expect(report.checks.find((c) => c.rule === 'receipt.output_hash.match')).toMatchObject({
      status: 'fail',
      line: 3,
    });
  });
});

describe('aer1-verify --jsonl', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aer1-jsonl-'));
  const file = join(dir, 'mixed.jsonl');
  writeFileSync(file, MIXED);

  it('prints one report per record, the summary on standard error, and exits 1 on a failure', async () => {
    let stdout = '';
    let stderr = '';
    const code = await run(
      ['--jsonl', '--jobs', '1', file],
      (s) => (stdout += s + '\n'),
      (s) => (stderr += s + '\n'),
    );
    expect(code).toBe(1);
    expect(stdout.trim().split('\n')).toHaveLength(7);
    expect(stderr).toContain('7 records: 1 verified, 6 failed, 0 incomplete');
  });

  async function jsonl(...argv: string[]) {
    let stdout = '';
    const code = await run(
      ['--jsonl', '--jobs', '1', ...argv, file],
      (s) => (stdout += s + '\n'),
      () => {},
    );
    return {
      code,
      reports: stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Line),
    };
  }
  interface Check {
    rule: string;
    status: string;
    path: string;
    line?: number;
  }
  type Line = Record<string, unknown> & { checks: Check[]; passed?: Record<string, string[]> };

  it('writes passing checks compactly by default, every other check in full', async () => {
    const [compact, full] = [await jsonl(), await jsonl('--checks', 'full')];
    expect(compact.code).toBe(1);
    expect(full.code).toBe(1);
    expect(compact.reports).toHaveLength(full.reports.length);
    let passes = 0;
    full.reports.forEach((whole, i) => {
      const small = compact.reports[i]!;
      expect(whole.passed).toBeUndefined();
      // The checks that did not pass, exactly as in the full form, in the same order.
      expect(small.checks).toEqual(whole.checks.filter((c) => c.status !== 'pass'));
      // The ones that passed: rule id → pointers, in the order they were made.
      const passed: Record<string, string[]> = {};
      for (const c of whole.checks.filter((c) => c.status === 'pass'))
        (passed[c.rule] ??= []).push(c.path);
      // (A record of no known kind where nothing passed keeps its short entry, without it.)
      if (whole.kind === 'unknown' && Object.keys(passed).length === 0)
        expect(small.passed).toBeUndefined();
      else expect(small.passed).toEqual(passed);
      passes += Object.keys(passed).length;
      // Nothing else differs.
      const rest = (line: Line) =>
        Object.fromEntries(Object.entries(line).filter(([k]) => k !== 'checks' && k !== 'passed'));
      expect(rest(small)).toEqual(rest(whole));
    });
    expect(passes).toBeGreaterThan(10);
    // The tampered record: its failure keeps rule, pointer and line; its passes are listed.
    const tamperedReport = compact.reports[1]!;
    expect(tamperedReport.checks.find((c) => c.rule === 'receipt.output_hash.match')).toEqual({
      rule: 'receipt.output_hash.match',
      dimension: 'byte_integrity',
      status: 'fail',
      message: 'output_hash does not match sha256(canonical_bytes)',
      path: '/output_hash',
      line: 3,
      column: expect.any(Number) as number,
      expected: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as string,
      found: `sha256:${'0'.repeat(64)}`,
    });
    expect(tamperedReport.passed?.['receipt.id.format']).toEqual(['/id']);
    expect(tamperedReport.passed?.['receipt.output_hash.match']).toBeUndefined();
  });

  it('refuses --checks with a value it does not know, or without --json or --jsonl', async () => {
    for (const argv of [
      ['--jsonl', '--checks', 'some', file],
      ['--checks', 'compact', file],
    ]) {
      let stderr = '';
      const code = await run(
        argv,
        () => {},
        (s) => (stderr += s),
      );
      expect(code).toBe(64);
      expect(stderr).toMatch(/--checks (needs full or compact|goes with --json or --jsonl)/);
    }
  });

  it('refuses options that need whole documents', async () => {
    let stderr = '';
    const code = await run(
      ['--jsonl', '--group', file],
      () => {},
      (s) => (stderr += s),
    );
    expect(code).toBe(64);
    expect(stderr).toContain('--jsonl verifies independent records');
  });
});

describe('the built aer1-verify with worker threads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aer1-jobs-'));
  const file = join(dir, 'many.jsonl');
  const bin = join(dir, 'aer1-verify.mjs');

  beforeAll(() => {
    execFileSync(
      'npx',
      ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'warn', '--outDir', dir],
      { stdio: 'inherit' },
    );
    // Enough records for the pool to start (it does not for small inputs), some failing.
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) lines.push(i % 7 === 3 ? tampered : good);
    writeFileSync(file, lines.join('\n') + '\n');
  }, 60_000);

  it('claims nothing when its reader stops early: a failing run cut short never exits 0', () => {
    // 3,000 records give megabytes of lines: far more than a pipe holds when head has gone.
    for (const form of [
      ['--jsonl', file],
      ['--jsonl', '--jobs', '1', file],
    ]) {
      const cut = spawnSync(
        'bash',
        ['-o', 'pipefail', '-c', `node "${bin}" ${form.map((a) => `"${a}"`).join(' ')} | head -1`],
        { encoding: 'utf8' },
      );
      expect(cut.stdout).toContain('"verdict":"verified"');
      expect(cut.status, form.join(' ')).toBe(141);
    }
  });

  it('says, with a code of its own, that its output could not be written (a full disk)', () => {
    if (!existsSync('/dev/full')) return;
    for (const form of [[file], ['--jsonl', '--jobs', '1', file], ['--json', file]]) {
      const full = spawnSync(
        'bash',
        ['-c', `node "${bin}" ${form.map((a) => `"${a}"`).join(' ')} > /dev/full`],
        {
          encoding: 'utf8',
        },
      );
      expect(full.status, form.join(' ')).toBe(74);
      expect(full.stderr).toMatch(
        /^aer1-verify: cannot write the output: ENOSPC[^\n]*; it is incomplete\n$/,
      );
    }
  });

  it('prints the usage for --help alone on standard output and exits 0', () => {
    for (const flag of ['--help', '-h']) {
      const help = spawnSync('node', [bin, flag], { encoding: 'utf8' });
      expect(help.status).toBe(0);
      expect(help.stderr).toBe('');
      expect(help.stdout).toMatch(/^usage: aer1-verify .*\n[^]*--checks F[^]*exit: 0 all verified/);
    }
  });

  it("writes a crafted receipt's controls to the terminal as escapes, not raw (issue 30 item 4)", () => {
    const crafted = join(dir, 'crafted\u001b[2J.json');
    writeFileSync(
      crafted,
      JSON.stringify({ ...MINIMAL_RECEIPT, id: '\u001b[2J\u001b[H\u009b31mVERIFIED\u202e\r' }),
    );
    const result = spawnSync('node', [bin, crafted], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    const written = result.stdout + result.stderr;
    // eslint-disable-next-line no-control-regex
    expect(written).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(result.stdout).toContain('crafted\\u001b[2J.json: FAILED');
    expect(result.stdout).toContain('\\u001b[2J\\u001b[H\\u009b31mVERIFIED\\u202e\\r');
  });

  it('writes the same reports in the same order with --jobs 2 as with --jobs 1', () => {
    const one = spawnSync('node', [bin, '--jsonl', '--jobs', '1', file], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    const two = spawnSync('node', [bin, '--jsonl', '--jobs', '2', file], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    expect(one.status).toBe(1);
    expect(two.status).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toContain('3000 records: 2571 verified, 429 failed, 0 incomplete');
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
  });
});
