/**
 * `npm run lint` holds the layers (issue 27): the committed dependency-cruiser and knip
 * configurations, run on a small project in a temporary folder, refuse an import circle (made
 * of type-only imports), a Worker importing UI code, the core importing a shell, and an export
 * nothing uses; the same project without them passes.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A project with the repository's lint configurations and these source files. */
function project(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'aer1-layers-'));
  folders.push(folder);
  for (const name of ['.dependency-cruiser.cjs', 'knip.json'])
    copyFileSync(join(ROOT, name), join(folder, name));
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler' },
    }),
  );
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'layers-fixture', private: true, type: 'module' }),
  );
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  return folder;
}

function run(folder: string, command: string, args: string[]): { code: number; output: string } {
  const result = spawnSync(join(BIN, command), args, { cwd: folder, encoding: 'utf8' });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

const depcruise = (folder: string) =>
  run(folder, 'depcruise', ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);

/** A core, a Worker and a page that respect the layers; each case adds one breach. */
const SOUND: Record<string, string> = {
  'src/cli/bin.ts': "import { verdict } from '../core/verify';\nconsole.log(verdict('x'));\n",
  'src/core/model/report.ts': 'export type Verdict = string;\n',
  'src/core/verify.ts':
    "import type { Verdict } from './model/report';\nexport const verdict = (v: string): Verdict => v;\n",
  'src/worker/verify.worker.ts':
    "import { verdict } from '../core/verify';\nconsole.log(verdict('w'));\n",
};

describe('npm run lint holds the layers', () => {
  it('passes a project that keeps them', () => {
    const folder = project(SOUND);
    const cruise = depcruise(folder);
    expect(cruise.code, cruise.output).toBe(0);
    const knip = run(folder, 'knip', ['--no-progress']);
    expect(knip.code, knip.output).toBe(0);
  });

  it('fails on an import circle made only of type imports', () => {
    const folder = project({
      ...SOUND,
      'src/core/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'src/core/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
      'src/core/verify.ts':
        "import type { A } from './a';\nexport const verdict = (v: string): string => v;\nexport type Uses = A;\n",
    });
    const { code, output } = depcruise(folder);
    expect(code).not.toBe(0);
    expect(output).toContain('no-circular');
  });

  it('fails on a Worker importing UI code, and on the core importing a shell', () => {
    const folder = project({
      ...SOUND,
      'src/ui/rows.ts': 'export const row = (v: string) => v;\n',
      'src/worker/verify.worker.ts':
        "import { row } from '../ui/rows';\nimport { verdict } from '../core/verify';\nconsole.log(row(verdict('w')));\n",
      'src/core/verify.ts':
        "import { row } from '../ui/rows';\nexport const verdict = (v: string): string => row(v);\n",
    });
    const { code, output } = depcruise(folder);
    expect(code).not.toBe(0);
    expect(output).toContain('worker-imports-no-ui');
    expect(output).toContain('core-imports-no-shell');
  });

  it('fails on an export nothing imports', () => {
    const folder = project({
      ...SOUND,
      'src/core/verify.ts':
        "import type { Verdict } from './model/report';\nexport const verdict = (v: string): Verdict => v;\nexport const unused = 1;\n",
    });
    const { code, output } = run(folder, 'knip', ['--no-progress']);
    expect(code).not.toBe(0);
    expect(output).toMatch(/Unused exports \(1\)\s+unused\s+src\/core\/verify\.ts/);
  });
});
