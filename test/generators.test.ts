/**
 * Every generator of committed test data, run into a temporary folder, must reproduce the
 * committed files byte for byte: a vector edited by hand (or a generator edited without
 * re-running it) fails here. The Python generators are independent of the TypeScript under
 * test; they need python3 and are skipped, with a message, where it is missing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVectors } from './generators/make-receipt-vectors';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

const HAS_PYTHON = spawnSync('python3', ['--version']).status === 0;
if (!HAS_PYTHON) {
  console.warn('test/generators.test.ts: python3 not found on PATH; Python generators skipped');
}

const temporaryFolders: string[] = [];
afterAll(() => {
  for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
});

function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'aer1-generators-'));
  temporaryFolders.push(folder);
  return folder;
}

/** Runs a generator from the repository root; fails the test with its output when it fails. */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8' });
  expect(result.error, `${command} ${args.join(' ')}`).toBeUndefined();
  expect(result.status, `${args.join(' ')}\n${result.stdout}${result.stderr}`).toBe(0);
}

/** Paths of every file under a folder, relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * How many JSON files are committed in a folder, leaving out vectors whose document is another
 * file there (`file`, src/conformance/vector-file.ts): a generator must write every other one.
 */
function committedJson(folder: string): number {
  return filesUnder(join(ROOT, folder)).filter(
    (name) =>
      name.endsWith('.json') &&
      (JSON.parse(readFileSync(join(ROOT, folder, name), 'utf8')) as { file?: unknown }).file ===
        undefined,
  ).length;
}

/** Each file the generator wrote equals the committed file of the same name, byte for byte. */
function expectCommitted(written: string, committed: string, expectedCount: number): void {
  const names = filesUnder(written);
  expect(names.length, 'files written').toBe(expectedCount);
  for (const name of names) {
    const generated = readFileSync(join(written, name));
    const onDisk = readFileSync(join(ROOT, committed, name));
    // Text first, for a readable diff; then the bytes themselves.
    expect(generated.toString('utf8'), name).toBe(onDisk.toString('utf8'));
    expect(generated.equals(onDisk), `${name} differs byte for byte`).toBe(true);
  }
}

describe.skipIf(!HAS_PYTHON)(
  `Python generators${HAS_PYTHON ? '' : ' (skipped: python3 not found on PATH)'}`,
  () => {
    it('chain-vectors.py reproduces src/core/chain/vectors/', () => {
      const out = temporaryFolder();
      run('python3', ['test/generators/chain-vectors.py', '--out', out]);
      expectCommitted(out, 'src/core/chain/vectors', committedJson('src/core/chain/vectors'));
    });

    it('workflow-roots.py reproduces every merkle_root in src/core/workflow/vectors/', () => {
      const out = temporaryFolder();
      run('python3', ['test/generators/workflow-roots.py', '--out', out]);
      // It rewrites the root of every committed workflow vector, so it writes one file each.
      expectCommitted(out, 'src/core/workflow/vectors', committedJson('src/core/workflow/vectors'));
    });

    it('vector-sets.py reproduces src/core/vector-set/vectors/', () => {
      const out = temporaryFolder();
      run('python3', ['test/generators/vector-sets.py', '--out', out]);
      expectCommitted(
        out,
        'src/core/vector-set/vectors',
        committedJson('src/core/vector-set/vectors'),
      );
    });

    it('nostr-envelope.py agrees with the committed Nostr fixture and the literal in make-nostr-fixture.ts', () => {
      run('python3', ['test/generators/nostr-envelope.py', '--check']);
      const printed = spawnSync('python3', ['test/generators/nostr-envelope.py'], {
        cwd: ROOT,
        encoding: 'utf8',
      }).stdout;
      const source = readFileSync(join(ROOT, 'test/generators/make-nostr-fixture.ts'), 'utf8');
      expect(printed.endsWith('\n')).toBe(true);
      expect(source).toContain(`'${printed.slice(0, -1)}'`);
    });
  },
);

describe('TypeScript generators', () => {
  it('make-receipt-vectors.ts reproduces the files it writes in src/core/receipt/vectors/', () => {
    const out = temporaryFolder();
    run(TSX, ['test/generators/make-receipt-vectors.ts', '--out', out]);
    expectCommitted(out, 'src/core/receipt/vectors', buildVectors().size);
  });

  it('make-nostr-fixture.ts reproduces src/core/anchor/vectors/', () => {
    const out = temporaryFolder();
    run(TSX, ['test/generators/make-nostr-fixture.ts', '--out', out]);
    expectCommitted(out, 'src/core/anchor/vectors', 3);
  });

  it('scripts/make-samples.ts reproduces the samples it writes in src/ui/samples/', () => {
    // valid-receipt.json and tampered-receipt.json there are written by hand.
    const out = temporaryFolder();
    run(TSX, ['scripts/make-samples.ts', '--out', out]);
    expectCommitted(out, 'src/ui/samples', 9);
  });
});
