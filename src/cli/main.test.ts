import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './main';
import { REPORT_VERSION, WHOLE_FILE_MAX_BYTES } from '../core';

const dir = mkdtempSync(join(tmpdir(), 'aer1-cli-'));
const valid = readFileSync('src/ui/samples/valid-receipt.json', 'utf8');
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const validPath = write('valid.json', valid);
const tamperedPath = write(
  'tampered.json',
  readFileSync('src/ui/samples/tampered-receipt.json', 'utf8'),
);
const garbagePath = write('garbage.json', '{\n  "id": ,\n}');
const incompletePath = write(
  'incomplete.json',
  JSON.stringify({ ...JSON.parse(valid), metadata_hash: 'sha256:' + '0'.repeat(64) }),
);

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(
    argv,
    (s) => (stdout += s + '\n'),
    (s) => (stderr += s + '\n'),
  );
  return { code, stdout, stderr };
}

describe('aer1-verify CLI', () => {
  it('exits 0 and prints VERIFIED for a valid receipt', async () => {
    const { code, stdout } = await cli(validPath);
    expect(code).toBe(0);
    expect(stdout).toContain('VERIFIED — per-call receipt');
    expect(stdout).toContain('Limit: A matching hash proves only');
  });

  it('exits 1 naming the failed rule, expected and found', async () => {
    const { code, stdout } = await cli(tamperedPath);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'FAIL [receipt.output_hash.match] output_hash does not match sha256(canonical_bytes) at /output_hash (line 12, col 18)',
    );
    expect(stdout).toContain(
      'found:    sha256:c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7',
    );
  });

  it('puts report_version on every JSON report: full, compact, short, batch members', async () => {
    expect(REPORT_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    const batch = write('mixed-batch.json', `[${valid}, 1, ${valid}]`);
    const versions = (report: { report_version?: unknown; children?: unknown[] }): unknown[] => [
      report.report_version,
      ...(report.children ?? []).flatMap((c) => versions(c as typeof report)),
    ];
    const full = await cli('--json', validPath, batch, garbagePath);
    const compact = await cli('--json', '--checks', 'compact', batch);
    const lines = await cli(
      '--jsonl',
      '--jobs',
      '1',
      write('mixed.jsonl', `${valid.replace(/\n/g, '')}\n1\n`),
    );
    const reports = [
      ...(JSON.parse(full.stdout) as object[]),
      ...(JSON.parse(compact.stdout) as object[]),
      ...lines.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as object),
    ];
    const found = reports.flatMap(versions);
    // Full: a receipt, a batch and its three members, a parse failure; compact: the batch and
    // its members again; JSON Lines: a receipt and a bare number.
    expect(found).toHaveLength(12);
    expect(new Set(found)).toEqual(new Set([REPORT_VERSION]));
  });

  it('gives a failed report with the parse position for a file that is not JSON', async () => {
    const { code, stdout } = await cli('--json', garbagePath);
    expect(code).toBe(1);
    const [report] = JSON.parse(stdout) as {
      verdict: string;
      checks: { rule: string; line: number; column: number }[];
    }[];
    expect(report?.verdict).toBe('failed');
    expect(report?.checks[0]).toMatchObject({ rule: 'json.syntax', line: 2, column: 9 });
  });

  it('writes every check in full with --json, and passing ones compactly with --checks compact', async () => {
    type Json = { checks: { rule: string; status: string; path: string }[]; passed?: object }[];
    const full = JSON.parse((await cli('--json', tamperedPath)).stdout) as Json;
    const { code, stdout } = await cli('--json', '--checks', 'compact', tamperedPath);
    expect(code).toBe(1);
    const compact = JSON.parse(stdout) as Json;
    expect(full[0]!.passed).toBeUndefined();
    expect(full[0]!.checks.some((c) => c.status === 'pass')).toBe(true);
    expect(compact[0]!.checks).toEqual(full[0]!.checks.filter((c) => c.status !== 'pass'));
    expect(compact[0]!.checks.map((c) => c.rule)).toContain('receipt.output_hash.match');
    expect(compact[0]!.passed).toMatchObject({ 'receipt.id.format': ['/id'] });
  });

  it('exits 2 when nothing failed but something could not be checked', async () => {
    const { code, stdout } = await cli(incompletePath);
    expect(code).toBe(2);
    expect(stdout).toContain('INCOMPLETE');
  });

  it('prints one JSON report per file, in order, with the documented members', async () => {
    const { code, stdout } = await cli('--json', validPath, tamperedPath);
    expect(code).toBe(1);
    const reports = JSON.parse(stdout) as Record<string, unknown>[];
    expect(reports.map((r) => [r.file, r.verdict])).toEqual([
      [validPath, 'verified'],
      [tamperedPath, 'failed'],
    ]);
    for (const report of reports) {
      expect(Object.keys(report)).toEqual(
        expect.arrayContaining(['file', 'kind', 'verdict', 'dimensions', 'checks']),
      );
      const check = (report.checks as Record<string, unknown>[])[0];
      expect(Object.keys(check ?? {})).toEqual(
        expect.arrayContaining(['rule', 'dimension', 'status', 'message', 'path']),
      );
    }
  });

  it('exits 64 on usage errors and unreadable input', async () => {
    expect((await cli()).code).toBe(64);
    expect((await cli('--bogus', validPath)).code).toBe(64);
    const missing = await cli(join(dir, 'does-not-exist.json'));
    expect(missing.code).toBe(64);
    expect(missing.stderr).toContain('cannot read input');
  });

  it('refuses, naming it, an input that cannot be read before it writes any report', async () => {
    for (const argv of [
      ['--json', validPath, dir],
      [validPath, '--supply', dir],
      ['--group', validPath, dir],
      ['--jsonl', validPath, dir],
    ]) {
      const { code, stdout, stderr } = await cli(...argv);
      expect(code, argv.join(' ')).toBe(64);
      // Nothing half-written: no report at all, so no JSON left unclosed.
      expect(stdout, argv.join(' ')).toBe('');
      expect(stderr).toContain(`cannot read input: ${dir}: a directory, not a file`);
    }
    const missing = join(dir, 'no-such-evidence.json');
    const { code, stderr } = await cli(validPath, '--supply', missing);
    expect(code).toBe(64);
    expect(stderr).toContain(`cannot read input: ${missing}: no such file`);
  });

  it('refuses an input larger than it reads whole, a file by its size and an endless device as it comes', async () => {
    // A sparse file: its size is past the bound without the bytes being written.
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, WHOLE_FILE_MAX_BYTES + 1);
    const limit = `larger than ${WHOLE_FILE_MAX_BYTES / 2 ** 20} MiB, the most read whole`;
    for (const argv of [[big], [validPath, '--supply', big]]) {
      const { code, stdout, stderr } = await cli(...argv);
      expect(code, argv.join(' ')).toBe(64);
      expect(stdout).toBe('');
      expect(stderr).toContain(`cannot read input: ${big}: ${limit}`);
    }
    // Streamed record by record, JSON Lines of any size is read: here one line too long to
    // read, reported as such.
    const streamed = await cli('--jsonl', big);
    expect(streamed.stderr).not.toContain(limit);
    expect(streamed.stdout).toContain('document.record_too_long');
    // /dev/zero never ends: it is refused at the bound, not read until memory runs out.
    if (existsSync('/dev/zero')) {
      const { code, stderr } = await cli('/dev/zero');
      expect(code).toBe(64);
      expect(stderr).toContain(`cannot read input: /dev/zero: ${limit}`);
    }
  });

  it('refuses options that would be ignored or that contradict each other', async () => {
    for (const [argv, message] of [
      [['--supply', '-', '-'], "standard input ('-') can be read only once"],
      [['--self-test', '--json'], '--self-test takes no other option or file'],
      [['--self-test', validPath], '--self-test takes no other option or file'],
      [['--jobs', '2', validPath], '--jobs goes with --jsonl'],
      [
        ['--final-answer', validPath, '--final-answer', validPath, validPath],
        '--final-answer is given once',
      ],
    ] as const) {
      const { code, stdout, stderr } = await cli(...argv);
      expect(code, argv.join(' ')).toBe(64);
      expect(stdout).toBe('');
      expect(stderr).toContain(`aer1-verify: ${message}`);
    }
  });

  it('prints the usage asked for on standard output, and exits 0', async () => {
    const { code, stdout, stderr } = await cli('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: aer1-verify /);
    expect(stderr).toBe('');
  });

  it('uses supplied files as evidence', async () => {
    const evidence = write('evidence.txt', 'the evidence');
    const { createHash } = await import('node:crypto');
    const digest = createHash('sha256').update('the evidence').digest('hex');
    const receipt = write(
      'with-evidence.json',
      JSON.stringify({ ...JSON.parse(valid), evidence_sha256: `sha256:${digest}` }),
    );
    const { code, stdout } = await cli('--json', receipt, '--supply', evidence);
    expect(code).toBe(0);
    const [report] = JSON.parse(stdout) as { dimensions: Record<string, { status: string }> }[];
    expect(report?.dimensions.evidence_linkage?.status).toBe('pass');
  });

  // A file of valid UTF-8 reaches the core as its text (readInput), and its bytes are encoded
  // again where they are hashed: they must be the file's bytes exactly, BOM and CRLF included.
  it.each([
    [
      'UTF-8 with a BOM, CRLF and non-ASCII',
      Buffer.from('\ufeffcaf\u00e9\r\n\u{1f600} line two\r\n', 'utf8'),
    ],
    ['bytes that are not UTF-8', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0xff, 0x00, 0x0a])],
    ['UTF-8 that spells a lone surrogate (not valid UTF-8)', Buffer.from([0xed, 0xa0, 0x80])],
  ])('hashes supplied evidence as its exact bytes: %s', async (_, bytes) => {
    const path = join(dir, `evidence-${bytes.length}-${bytes[0]}.bin`);
    writeFileSync(path, bytes);
    const { createHash } = await import('node:crypto');
    const digest = createHash('sha256').update(bytes).digest('hex');
    const receipt = write(
      `with-evidence-${bytes.length}.json`,
      JSON.stringify({ ...JSON.parse(valid), evidence_sha256: `sha256:${digest}` }),
    );
    const { code, stdout } = await cli('--json', receipt, '--supply', path);
    expect(code).toBe(0);
    const [report] = JSON.parse(stdout) as { dimensions: Record<string, { status: string }> }[];
    expect(report?.dimensions.evidence_linkage?.status).toBe('pass');
  });
});

describe('aer1-verify --final-answer', () => {
  it('fails a workflow whose output_hash is not the SHA-256 of the file given as its final answer', async () => {
    const answer = write('answer.txt', 'not the answer');
    const { code, stdout } = await cli(
      '--json',
      'src/ui/samples/workflow.json',
      '--final-answer',
      answer,
    );
    expect(code).toBe(1);
    const [report] = JSON.parse(stdout) as { checks: { rule: string; status: string }[] }[];
    expect(report?.checks).toContainEqual(
      expect.objectContaining({ rule: 'workflow.evidence.final-answer', status: 'fail' }),
    );
  });
  it('fails a named final answer that does not match even when another supplied file matches', async () => {
    const workflow = JSON.parse(readFileSync('src/ui/samples/workflow.json', 'utf8')) as Record<
      string,
      unknown
    >;
    const answerText = 'BTC/USD is 97412.55 USD';
    workflow.output_hash = createHash('sha256').update(answerText).digest('hex');
    const workflowPath = write('workflow-with-answer.json', JSON.stringify(workflow));
    const right = write('right-answer.txt', answerText);
    const wrong = write('wrong-answer.txt', `${answerText}!`);
    expect((await cli(workflowPath, '--supply', right)).code).toBe(0);
    const { code, stdout } = await cli(
      '--json',
      workflowPath,
      '--supply',
      right,
      '--final-answer',
      wrong,
    );
    expect(code).toBe(1);
    const [report] = JSON.parse(stdout) as { checks: { rule: string; status: string }[] }[];
    expect(report?.checks).toContainEqual(
      expect.objectContaining({ rule: 'workflow.evidence.final-answer', status: 'fail' }),
    );
  });
  it('says a final answer given with no workflow was not used', async () => {
    const answer = write('answer-for-nothing.txt', 'an answer');
    const alone = await cli(validPath, '--final-answer', answer);
    expect(alone.code).toBe(0);
    expect(alone.stderr).toContain(
      `not placed: ${answer}: given as the final answer, but no document it was supplied with is a workflow receipt`,
    );
    const withWorkflow = await cli('src/ui/samples/workflow.json', '--final-answer', answer);
    expect(withWorkflow.stderr).not.toContain('not placed');
  });

  it('only warns when the same file is merely supplied', async () => {
    const answer = write('notes.txt', 'not the answer');
    const { code } = await cli('src/ui/samples/workflow.json', '--supply', answer);
    expect(code).toBe(0);
  });
});

describe('aer1-verify with two receipts supplied for one workflow step', () => {
  const [first] = JSON.parse(
    readFileSync('src/ui/samples/workflow-step-receipts.json', 'utf8'),
  ) as {
    output_hash: string;
  }[];
  const good = write('step-1-good.json', JSON.stringify(first));
  const tampered = write(
    'step-1-tampered.json',
    JSON.stringify({ ...first, output_hash: `sha256:${'1'.repeat(64)}` }),
  );
  it.each([
    ['good first', [good, tampered]],
    ['tampered first', [tampered, good]],
  ])('fails the workflow naming both, %s', async (_order, files) => {
    const supply = files.flatMap((file) => ['--supply', file]);
    const { code, stdout } = await cli('--json', 'src/ui/samples/workflow.json', ...supply);
    expect(code).toBe(1);
    const [report] = JSON.parse(stdout) as { checks: { rule: string; message: string }[] }[];
    const conflict = report?.checks.find(
      (c) => c.rule === 'workflow.evidence.step-receipt-conflict',
    );
    expect(conflict?.message).toContain(`${good}, ${tampered}`);
  });
});

describe('aer1-verify with two copies of one step receipt that verify differently', () => {
  const [first] = JSON.parse(
    readFileSync('src/ui/samples/workflow-step-receipts.json', 'utf8'),
  ) as Record<string, unknown>[];
  const good = write('copy-good.json', JSON.stringify(first));
  // The same receipt, wrapped in an answer whose outer output_hash says otherwise.
  const wrapped = write(
    'copy-wrapped.json',
    JSON.stringify({ envelope: { receipt: first }, output_hash: `sha256:${'1'.repeat(64)}` }),
  );
  // The same receipt with verification_status written twice (JSON.parse keeps the last).
  const duplicate = write(
    'copy-duplicate.json',
    JSON.stringify(first).replace(
      '"verification_status":',
      '"verification_status":"pending","verification_status":',
    ),
  );
  it.each([
    ['wrapped', 'good first', [good, wrapped]],
    ['wrapped', 'wrapped first', [wrapped, good]],
    ['duplicate member', 'good first', [good, duplicate]],
    ['duplicate member', 'duplicate first', [duplicate, good]],
  ])(
    'fails the workflow naming both (%s, %s), supplied or grouped',
    async (_copy, _order, files) => {
      const other = files.find((file) => file !== good)!;
      const supplied = await cli(
        '--json',
        'src/ui/samples/workflow.json',
        ...files.flatMap((file) => ['--supply', file]),
      );
      const grouped = await cli('--json', '--group', 'src/ui/samples/workflow.json', ...files);
      for (const { code, stdout } of [supplied, grouped]) {
        expect(code).toBe(1);
        const [report] = JSON.parse(stdout) as { checks: { rule: string; message: string }[] }[];
        const conflict = report?.checks.find(
          (c) => c.rule === 'workflow.evidence.step-receipt-conflict',
        );
        expect(conflict?.message).toContain('copies of its receipt that verify differently');
        expect(conflict?.message).toContain(good);
        expect(conflict?.message).toContain(other);
      }
    },
  );
});

describe('aer1-verify --supply with a document no FILE can use', () => {
  it('lists it as not placed, with the reason, as a drop lists what it cannot place', async () => {
    const timeline = 'src/core/chain/vectors/worked-example-with-commitment.json';
    const document = write(
      'unused-timeline.json',
      JSON.stringify(
        (JSON.parse(readFileSync(timeline, 'utf8')) as { document: unknown }).document,
      ),
    );
    const { code, stderr } = await cli('src/ui/samples/workflow.json', '--supply', document);
    expect(code).toBe(0);
    expect(stderr).toContain(
      `aer1-verify: not placed: ${document}: a job timeline (hash chain) that is part of none of the documents it was supplied with`,
    );
  });

  it('says nothing of a supplied document some FILE used', async () => {
    const steps = JSON.parse(
      readFileSync('src/ui/samples/workflow-step-receipts.json', 'utf8'),
    ) as unknown[];
    const step = write('used-step.json', JSON.stringify(steps[0]));
    const { stderr } = await cli(validPath, 'src/ui/samples/workflow.json', '--supply', step);
    expect(stderr).not.toContain('not placed');
  });
});

describe('aer1-verify --group', () => {
  const steps = JSON.parse(readFileSync('src/ui/samples/workflow-step-receipts.json', 'utf8')) as {
    id: string;
  }[];
  const stepPaths = steps.map((receipt, i) => write(`step-${i + 1}.json`, JSON.stringify(receipt)));

  it('without --group, gives one report per FILE in argument order', async () => {
    const { stdout } = await cli('--json', 'src/ui/samples/workflow.json', ...stepPaths);
    const reports = JSON.parse(stdout) as { file: string; kind: string }[];
    expect(reports.map((r) => r.file)).toEqual(['src/ui/samples/workflow.json', ...stepPaths]);
    expect(reports.map((r) => r.kind)).toEqual(['workflow', ...stepPaths.map(() => 'receipt')]);
  });

  it('with --group, links the step receipts to their workflow as a drop in the app does', async () => {
    const { code, stdout } = await cli(
      '--json',
      '--group',
      ...stepPaths,
      'src/ui/samples/workflow.json',
    );
    expect(code).toBe(0);
    const reports = JSON.parse(stdout) as {
      kind: string;
      dimensions: Record<string, { status: string }>;
      checks: { rule: string; status: string }[];
    }[];
    expect(reports).toHaveLength(1);
    expect(reports[0]?.kind).toBe('workflow');
    expect(reports[0]?.dimensions.evidence_linkage?.status).toBe('pass');
    expect(
      reports[0]?.checks.filter((c) => c.rule === 'workflow.evidence.step-receipt'),
    ).toHaveLength(steps.length);
  });

  it('with --group, says what it could not place', async () => {
    const stray = write(
      'stray-event.json',
      JSON.stringify({
        id: 'e'.repeat(64),
        pubkey: 'p',
        created_at: 1,
        kind: 1,
        tags: [],
        content: '',
        sig: 's',
      }),
    );
    const { stderr } = await cli('--group', validPath, tamperedPath, stray);
    expect(stderr).toContain(`not placed: ${stray}`);
    // Beside records that all verify, a FILE placed nowhere was not verified: exit 2, not 0.
    const other = write(
      'other-valid.json',
      JSON.stringify({ ...JSON.parse(valid), id: 'c6c63ac5-f324-4fa7-ad58-c4bf83faa86a' }),
    );
    const allVerified = await cli('--group', validPath, other);
    expect(allVerified.code).toBe(0);
    const withStray = await cli('--group', validPath, other, stray);
    expect(withStray.stderr).toContain(`not placed: ${stray}`);
    expect(withStray.code).toBe(2);
  });
});

describe('aer1-verify profiles, consumer policy and self-test', () => {
  const v3Path = write(
    'uuid-v3.json',
    JSON.stringify({ ...JSON.parse(valid), id: 'b6c63ac5-f324-3fa7-ad58-c4bf83faa86a' }),
  );
  const futurePath = write(
    'future.json',
    JSON.stringify({ ...JSON.parse(valid), created_at: '2999-01-01T00:00:00Z' }),
  );

  it('reports every applicable profile; only --profile strict turns a v3 id into exit 1', async () => {
    const core = await cli(v3Path);
    expect(core.code).toBe(0);
    expect(core.stdout).toContain('VERIFIED');
    expect(core.stdout).toMatch(/profile core +pass/);
    expect(core.stdout).toMatch(/profile strict +fail — id is not a lowercase UUID v4/);
    const strict = await cli('--profile', 'strict', v3Path);
    expect(strict.code).toBe(1);
    expect((await cli('--profile', 'strict', validPath)).code).toBe(0);
  });

  it('says the verdict its exit code reads, under the setting asked for, with core’s beside it', async () => {
    const core = await cli(v3Path);
    expect(core.stdout).toContain(`${v3Path}: VERIFIED — per-call receipt`);
    const strict = await cli('--profile', 'strict', v3Path);
    expect(strict.stdout).toContain(
      `${v3Path}: FAILED under strict · core: verified — per-call receipt`,
    );
    expect(strict.stdout).toContain(
      'Core gives “verified”; strict, which this verdict follows, fails the record: id is not a lowercase UUID v4',
    );
    expect(strict.stdout).not.toMatch(/: VERIFIED/);
    const valid = await cli('--profile', 'strict', validPath);
    expect(valid.stdout).toContain(`${validPath}: VERIFIED under strict — per-call receipt`);
    // The disinterested tier needs a log anchor, which the valid sample does not have.
    const tier = await cli('--profile', 'disinterested', validPath);
    expect(tier.code).toBe(2);
    expect(tier.stdout).toContain(
      `${validPath}: INCOMPLETE under disinterested tier · core: verified`,
    );
    const policy = await cli('--max-age', '1d', validPath);
    expect(policy.code).toBe(1);
    expect(policy.stdout).toContain(
      `${validPath}: FAILED under your clock policy · core: verified`,
    );
  });

  it('a future created_at is a warning with its distance; --max-future makes it exit 1', async () => {
    const plain = await cli(futurePath);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(
      /WARNING \[receipt.created_at.future\] created_at is \d+ years after this device's clock/,
    );
    const policy = await cli('--max-future', '5m', '--json', futurePath);
    expect(policy.code).toBe(1);
    const [report] = JSON.parse(policy.stdout) as {
      verdict: string;
      profiles: { id: string; status: string }[];
    }[];
    expect(report?.verdict).toBe('verified');
    expect(report?.profiles.find((p) => p.id === 'consumer-policy')?.status).toBe('fail');
    expect((await cli('--max-age', '1d', validPath)).code).toBe(1);
  });

  it('rejects unknown profiles and durations', async () => {
    expect((await cli('--profile', 'lenient', validPath)).code).toBe(64);
    expect((await cli('--max-age', 'soon', validPath)).code).toBe(64);
  });

  it('--self-test runs every bundled vector and exits 0 when all are as expected', async () => {
    const { code, stdout } = await cli('--self-test');
    expect(stdout).toMatch(/^(\d+) of \1 as expected/);
    expect(code).toBe(0);
  });
});

describe('aer1-verify --jsonl with a profile and the consumer policy', () => {
  const v3 = JSON.stringify({ ...JSON.parse(valid), id: 'b6c63ac5-f324-3fa7-ad58-c4bf83faa86a' });
  const future = JSON.stringify({ ...JSON.parse(valid), created_at: '2999-01-01T00:00:00Z' });
  const v3Lines = write('v3.jsonl', `${JSON.stringify(JSON.parse(valid))}\n${v3}\n`);
  const futureLines = write('future.jsonl', `${future}\n`);

  it('--profile strict counts a v3 id as failed; core does not', async () => {
    const core = await cli('--jsonl', '--jobs', '1', v3Lines);
    expect(core.code).toBe(0);
    expect(core.stderr).toContain('2 records: 2 verified, 0 failed, 0 incomplete');
    const strict = await cli('--jsonl', '--jobs', '1', '--profile', 'strict', v3Lines);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('2 records: 1 verified, 1 failed, 0 incomplete under strict');
    // The report itself is the same: only what is counted changes.
    expect(strict.stdout).toBe(core.stdout);
  });

  it('--max-future and --max-age apply to every record', async () => {
    expect((await cli('--jsonl', '--jobs', '1', futureLines)).code).toBe(0);
    const policy = await cli('--jsonl', '--jobs', '1', '--max-future', '5m', futureLines);
    expect(policy.code).toBe(1);
    const report = JSON.parse(policy.stdout) as { profiles: { id: string; status: string }[] };
    expect(report.profiles.find((p) => p.id === 'consumer-policy')?.status).toBe('fail');
    expect((await cli('--jsonl', '--jobs', '1', '--max-age', '1d', v3Lines)).code).toBe(1);
  });

  it('rejects a bad profile or duration with --jsonl too', async () => {
    expect((await cli('--jsonl', '--profile', 'lenient', v3Lines)).code).toBe(64);
    expect((await cli('--jsonl', '--max-future', 'soon', v3Lines)).code).toBe(64);
  });
});

describe('aer1-verify output stays bounded per record (issue 13 items 1 and 6)', () => {
  const ones = (n: number) => write(`ones-${n}.json`, `[${Array(n).fill('1').join(',')}]`);

  it('--json of a batch of bare numbers is the same size at 2,000 and 8,000 members', async () => {
    const small = await cli('--json', ones(2000));
    const large = await cli('--json', ones(8000));
    expect(small.code).toBe(1);
    expect(large.code).toBe(1);
    // Only the counts in the messages differ in length.
    expect(Math.abs(large.stdout.length - small.stdout.length)).toBeLessThan(100);
    const [report] = JSON.parse(large.stdout) as {
      children: { kind: string; checks: unknown[] }[];
      checks: { message: string }[];
    }[];
    expect(report?.children).toHaveLength(100);
    expect(report?.checks.map((c) => c.message)).toContain(
      '7900 more members break rule document.kind (8000 in all)',
    );
  });

  it('--jsonl gives a bare number one short failed entry', async () => {
    const file = write('ones.jsonl', '1\n'.repeat(50));
    const { code, stdout, stderr } = await cli('--jsonl', '--jobs', '1', file);
    expect(code).toBe(1);
    expect(stderr).toContain('50 records: 0 verified, 50 failed, 0 incomplete');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(50);
    // Short: the record's name, its verdict and why, not six dimensions and five profile lines.
    for (const line of lines) expect(line.length).toBeLessThan(330);
    expect(JSON.parse(lines[49]!)).toEqual({
      report_version: REPORT_VERSION,
      file: `${file} line record 50`,
      kind: 'unknown',
      verdict: 'failed',
      checks: [
        {
          rule: 'document.kind',
          dimension: 'schema_validity',
          status: 'fail',
          message: 'unrecognised document: a JSON number, not an object or array',
          path: '',
          line: 50,
          column: 1,
        },
      ],
    });
  });

  it('a receipt with 100,000 duplicate names gives a report of about the same size as one with 1,000', async () => {
    const receipt = (n: number) =>
      write(`dups-${n}.json`, valid.replace('{', `{${Array(n).fill('"x":1').join(',')},`));
    const small = await cli('--json', receipt(1000));
    const large = await cli('--json', receipt(100_000));
    expect(large.code).toBe(1);
    expect(Math.abs(large.stdout.length - small.stdout.length)).toBeLessThan(100);
  });
});

/**
 * Every character a terminal acts on or hides that the CLI does not write itself: C0 controls
 * other than the line break ending each line, DEL, C1, bidi controls and invisible format
 * characters.
 */
const RAW_CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

/** Runs the CLI, keeping each line it writes apart (the caller of run() adds the newline). */
async function cliLines(...argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await run(
    argv,
    (s) => stdout.push(s),
    (s) => stderr.push(s),
  );
  return { code, stdout, stderr };
}

describe('aer1-verify text output on a terminal (issue 30 item 4)', () => {
  // A receipt that clears the screen, homes the cursor and paints a report of its own.
  const fake = '\u001b[2J\u001b[Hreceipt.json: VERIFIED — per-call receipt\n  byte_integrity pass';
  const crafted = {
    ...JSON.parse(valid),
    id: fake,
    tool: { name: 'live\u009b2J\u007f', version: '\u202eevil\u2066', scope: 'x\u200b\u00ady' },
    created_at: 'soon\r\u001b]0;owned\u0007',
  };
  const craftedPath = write(
    'crafted \u001b[31mred\u001b[0m\nVERIFIED.json',
    JSON.stringify(crafted),
  );

  it('writes no control, bidi or invisible character of a receipt raw, and shows each as an escape', async () => {
    const { code, stdout, stderr } = await cliLines(craftedPath);
    expect(code).toBe(1);
    for (const line of [...stdout, ...stderr]) {
      expect(line).not.toMatch(RAW_CONTROL);
      // One call, one line: a line break inside a value is not the CLI's.
      expect(line).not.toContain('\n');
    }
    const text = stdout.join('\n');
    // The file name, the found values and the messages, each readable as escapes.
    expect(stdout[0]).toBe(
      `${join(dir, 'crafted \\u001b[31mred\\u001b[0m\\nVERIFIED.json')}: FAILED — per-call receipt`,
    );
    expect(text).toContain('found:    string "\\u001b[2J\\u001b[Hreceipt.json: VERIFIED');
    expect(text).toContain('soon\\r\\u001b]0;owned\\u0007');
    // The real failures are still there, each on a line of its own.
    expect(stdout.some((l) => l.startsWith('  FAIL [receipt.id.format]'))).toBe(true);
    expect(stdout.filter((l) => /VERIFIED/.test(l) && !/\\u001b/.test(l))).toEqual([]);
  });

  it('escapes what goes to standard error too: an unreadable file, a record it could not place', async () => {
    const missing = await cliLines(join(dir, 'gone\u001b[2J\u202e.json'));
    expect(missing.code).toBe(64);
    expect(missing.stderr.join('\n')).not.toMatch(RAW_CONTROL);
    expect(missing.stderr[0]).toContain('gone\\u001b[2J\\u202e.json');

    const stray = write(
      'stray\u001b[1A\u001b[2K.json',
      JSON.stringify({
        id: 'e'.repeat(64),
        pubkey: 'p',
        created_at: 1,
        kind: 1,
        tags: [],
        content: '',
        sig: 's',
      }),
    );
    const grouped = await cliLines('--group', validPath, tamperedPath, stray);
    expect(grouped.stderr.join('\n')).not.toMatch(RAW_CONTROL);
    expect(grouped.stderr.join('\n')).toContain(
      'not placed: ' + join(dir, 'stray\\u001b[1A\\u001b[2K.json'),
    );
  });

  it('keeps --json exact: values round-trip, and no C0 control is written raw', async () => {
    const { stdout } = await cli('--json', craftedPath);
    // eslint-disable-next-line no-control-regex
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    const [report] = JSON.parse(stdout) as { file: string; checks: { found?: string }[] }[];
    expect(report?.file).toBe(craftedPath);
  });
});

describe('aer1-verify arguments', () => {
  it('takes every argument after -- as a file, one named like an option included', async () => {
    const named = write('--json', valid);
    const before = process.cwd();
    process.chdir(dir);
    try {
      const { code, stdout } = await cli('--', '--json');
      expect(code).toBe(0);
      expect(stdout).toContain('--json: VERIFIED — per-call receipt');
      // Before --, the same word is the option (and no file is left).
      expect((await cli('--json')).code).toBe(64);
      const both = await cli('--json', '--', '--json', named);
      expect(both.code).toBe(0);
      expect((JSON.parse(both.stdout) as { file: string }[]).map((r) => r.file)).toEqual([
        '--json',
        named,
      ]);
    } finally {
      process.chdir(before);
    }
  });

  it('--jsonl on an empty or blank input says "no records" and exits 2', async () => {
    for (const text of ['', '\n', '  \n\n\t\n']) {
      const file = write(`empty-${text.length}.jsonl`, text);
      const { code, stdout, stderr } = await cli('--jsonl', file);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(`${file}: no records`);
      expect(stderr).toContain('0 records: 0 verified, 0 failed, 0 incomplete');
    }
    // With records elsewhere, an empty file still keeps the exit from 0.
    const one = write('one.jsonl', JSON.stringify(JSON.parse(valid)) + '\n');
    expect((await cli('--jsonl', one)).code).toBe(0);
    expect((await cli('--jsonl', one, write('none.jsonl', ''))).code).toBe(2);
  });
});

describe('aer1-verify on hostile input (issue 25 item 1)', () => {
  it('gives a workflow whose verify_url is a megabyte of near-miss URL its verdict at once', async () => {
    // "https://" + "a" × 1,000,000 + " ": with two overlapping quantifiers the URL pattern tried
    // every split of the a's before failing, and this never got a verdict.
    const workflow = JSON.parse(readFileSync('src/ui/samples/workflow.json', 'utf8')) as object;
    const path = write(
      'long-verify-url.json',
      JSON.stringify({ ...workflow, verify_url: `https://${'a'.repeat(1_000_000)} ` }),
    );
    const started = performance.now();
    const { code, stdout } = await cli('--json', path);
    const elapsedMs = performance.now() - started;
    expect(code).toBe(1);
    const [report] = JSON.parse(stdout) as {
      kind: string;
      verdict: string;
      checks: { rule: string; status: string }[];
    }[];
    expect(report?.kind).toBe('workflow');
    expect(report?.verdict).toBe('failed');
    expect(report?.checks.find((c) => c.rule === 'workflow.verify_url')?.status).toBe('fail');
    // Generous for a loaded 2-core machine; the backtracking pattern took minutes.
    expect(elapsedMs).toBeLessThan(10_000);
  }, 60_000);
});

describe('aer1-verify on vector-set files (issue 26 item 6)', () => {
  // Each published form, as the set file itself (sliced out of its vector file, bytes as written).
  const setFile = (name: string): string => {
    const text = readFileSync(`src/core/vector-set/vectors/${name}`, 'utf8');
    const start = text.indexOf('"document": ') + '"document": '.length;
    return write(name, text.slice(start, text.lastIndexOf('}')).trimEnd() + '\n');
  };

  it('reports every vector with --json, and exits 1 on any disagreement', async () => {
    const { code, stdout } = await cli('--json', setFile('fixture-cases.json'));
    expect(code).toBe(1);
    const [report] = JSON.parse(stdout) as {
      kind: string;
      verdict: string;
      checks: {
        rule: string;
        status: string;
        subject?: string;
        expected?: string;
        found?: string;
        message: string;
      }[];
    }[];
    expect(report?.kind).toBe('vector-set');
    expect(report?.verdict).toBe('failed');
    const rows = report?.checks.filter((c) => c.rule === 'vector-set.vector') ?? [];
    expect(rows.map((c) => [c.subject, c.status])).toEqual([
      ['minimal-valid', 'pass'],
      ['raw-json-canonical-bytes', 'fail'],
      ['tampered-output-hash', 'pass'],
      ['uppercase-id', 'pass'],
    ]);
    expect(rows[1]).toMatchObject({
      expected: 'valid',
      found: 'failed: canonical_bytes is not valid base64',
      message:
        'raw-json-canonical-bytes: the set expects valid; this verifier finds: canonical_bytes is not valid base64',
    });
  });

  it('exits 0 when every vector agrees, 2 when some cannot be decided', async () => {
    for (const name of [
      'perl-extra-vectors.json',
      'kit-chain-vectors-06.json',
      'kit-chain-vectors-v07.json',
      'kit-merkle-vectors.json',
    ])
      expect((await cli(setFile(name))).code, name).toBe(0);
    // The legacy-construction vector is decided by its root over the preimages, never accepted.
    const merkle = await cli('--json', setFile('kit-merkle-vectors.json'));
    const [report] = JSON.parse(merkle.stdout) as {
      verdict: string;
      checks: { subject?: string; status: string; message: string }[];
    }[];
    expect(report?.verdict).toBe('verified');
    expect(report?.checks.find((c) => c.subject === 'legacy-seq-receipt-hash')).toMatchObject({
      status: 'pass',
      message:
        'legacy-seq-receipt-hash: agrees with the set (legacy root a4b2fcb4684cec481e4ece889ed15c7d9e47e58d9ba4fb02ea354c0cb2ca44c4; not 7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37)',
    });
    // A workflow whose merkle_version this verifier does not know cannot be called valid.
    const undecided = await cli(setFile('undecided-construction.json'));
    expect(undecided.code).toBe(2);
    expect(undecided.stdout).toContain('INCOMPLETE — vector set');
    expect(undecided.stdout).toContain(
      'UNAVAILABLE [vector-set.vector] unknown-construction: not decided',
    );
  });
});
