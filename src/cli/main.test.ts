import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './main';

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
    expect(strict.stderr).toContain('2 records: 1 verified, 1 failed, 0 incomplete');
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
    for (const line of lines) expect(line.length).toBeLessThan(300);
    expect(JSON.parse(lines[49]!)).toEqual({
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
        'raw-json-canonical-bytes: the set expects valid; the format says: canonical_bytes is not valid base64',
    });
  });

  it('exits 0 when every vector agrees, 2 when some cannot be decided', async () => {
    for (const name of [
      'perl-extra-vectors.json',
      'kit-chain-vectors-06.json',
      'kit-chain-vectors-v07.json',
    ])
      expect((await cli(setFile(name))).code, name).toBe(0);
    const merkle = await cli(setFile('kit-merkle-vectors.json'));
    expect(merkle.code).toBe(2);
    expect(merkle.stdout).toContain('INCOMPLETE — vector set');
    expect(merkle.stdout).toContain(
      'UNAVAILABLE [vector-set.vector] legacy-seq-receipt-hash: not decided',
    );
  });
});
