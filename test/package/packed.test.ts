/**
 * The package as its users get it: `npm pack`, then `npm install` of the tarball into an empty
 * folder outside the repository (its dependencies from the npm cache or registry), and there the
 * command line, an ES module, a TypeScript file, Deno and a Vite page in Chromium use it. Only
 * tools are taken from the repository (tsc, vite, deno, Chromium); the package is the installed one.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = process.cwd();
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const VITE = join(REPO, 'node_modules/vite/bin/vite.js');
const DENO = join(REPO, 'node_modules/.bin/deno');
const valid = readFileSync('src/ui/samples/valid-receipt.json', 'utf8');
const tampered = readFileSync('src/ui/samples/tampered-receipt.json', 'utf8');

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A user's shell: none of the variables of the `npm test` and Vitest that run this file. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of Object.keys(env))
    if (/^(npm_|VITEST|INIT_CWD$|NODE_ENV$|TEST$)/.test(key)) delete env[key];
  return env;
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: userEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every module specifier a built file imports that is not a relative path (comments skipped). */
function bareImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((f) => f.fileName).filter((specifier) => !specifier.startsWith('.'));
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

let root: string;
let user: string;
let installed: string;
let packed: { filename: string; files: { path: string }[] };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'aer1-packed-'));
  // `npm pack` runs prepare and prepack: the command line and the library are built from here.
  const pack = await run('npm', ['pack', '--pack-destination', root, '--json'], REPO);
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  packed = (JSON.parse(pack.stdout) as (typeof packed)[])[0]!;
  user = join(root, 'user');
  mkdirSync(user);
  writeFileSync(
    join(user, 'package.json'),
    '{ "name": "user", "private": true, "type": "module" }',
  );
  const install = await run(
    'npm',
    ['install', join(root, packed.filename), '--prefer-offline', '--no-audit', '--no-fund'],
    user,
  );
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
  installed = join(user, 'node_modules/aer1-verifier');
  writeFileSync(join(user, 'valid.json'), valid);
  writeFileSync(join(user, 'tampered.json'), tampered);
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the library, the command line, types, licence, README and the docs pages, and nothing else', () => {
    const files = packed.files.map((f) => f.path).sort();
    const unexpected = files.filter(
      (path) =>
        !/^(dist-lib\/[\w-]+\.(js|d\.ts)|dist-cli\/aer1-verify\.mjs|dist-cli\/assets\/[\w-]+\.js|LICENSE|README\.md|docs\/[\w-]+\.md|package\.json)$/.test(
          path,
        ),
    );
    expect(unexpected).toEqual([]);
    for (const path of [
      'dist-lib/index.js',
      'dist-lib/index.d.ts',
      'dist-lib/types.d.ts',
      'dist-cli/aer1-verify.mjs',
      'LICENSE',
      'README.md',
      'docs/api.md',
    ])
      expect(files).toContain(path);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({ name: 'aer1-verifier', type: 'module' });
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest).not.toHaveProperty('private');
  });

  it('depends on what the library imports at run time only; the command line needs nothing', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const lib = join(installed, 'dist-lib');
    const libImports = readdirSync(lib)
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => bareImports(join(lib, f)));
    expect(new Set(libImports.map(packageName))).toEqual(
      new Set(Object.keys(manifest.dependencies)),
    );
    const cli = [
      join(installed, 'dist-cli/aer1-verify.mjs'),
      ...readdirSync(join(installed, 'dist-cli/assets')).map((f) =>
        join(installed, 'dist-cli/assets', f),
      ),
    ];
    expect(cli.flatMap(bareImports).filter((s) => !s.startsWith('node:'))).toEqual([]);
    // What `npm install` brought: the package and its dependencies (and theirs), no app library.
    const top = readdirSync(join(user, 'node_modules'))
      .filter((name) => !name.startsWith('.'))
      .flatMap((name) =>
        name.startsWith('@')
          ? readdirSync(join(user, 'node_modules', name)).map((n) => `${name}/${n}`)
          : [name],
      );
    expect(top.sort()).toEqual(['@noble/curves', '@noble/hashes', 'aer1-verifier', 'hash-wasm']);
  });

  it('links from its README only to pages it holds (images aside: no screenshots are packed)', () => {
    const readme = readFileSync(join(installed, 'README.md'), 'utf8');
    const targets = [...readme.matchAll(/(?<!!)\[[^[\]]*\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1] as string)
      .filter((target) => !/^[a-z]+:/i.test(target));
    expect(targets.length).toBeGreaterThan(3);
    for (const target of targets) expect(existsSync(join(installed, target)), target).toBe(true);
  });

  it('starts its README with the install and a three-line example that works', async () => {
    const readme = readFileSync(join(installed, 'README.md'), 'utf8');
    const firstScreen = readme.split('\n').slice(0, 30).join('\n');
    expect(firstScreen).toContain('npm i aer1-verifier');
    expect(firstScreen).toContain('npx aer1-verify receipt.json');
    const example = /```js\n([\s\S]*?)```/.exec(firstScreen)?.[1];
    expect(example?.trim().split('\n')).toHaveLength(3);
    writeFileSync(
      join(user, 'readme-example.mjs'),
      `const receiptJson = ${JSON.stringify(valid)};\n${example}`,
    );
    const ran = await run('node', ['readme-example.mjs'], user);
    expect(ran.stderr).toBe('');
    expect(ran.stdout.trim()).toBe('verified');
  });

  it('runs `npx aer1-verify`: exit 0 on a valid receipt, 1 on a tampered one', async () => {
    const ok = await run('npx', ['aer1-verify', 'valid.json'], user);
    expect(ok.stdout).toContain('valid.json: VERIFIED — per-call receipt');
    expect(ok.code).toBe(0);
    const bad = await run('npx', ['aer1-verify', '--json', 'tampered.json'], user);
    expect(bad.code).toBe(1);
    const [report] = JSON.parse(bad.stdout) as { report_version: string; verdict: string }[];
    expect(report).toMatchObject({ report_version: '1.0.0', verdict: 'failed' });
  });

  // With --jobs given, the pool starts with the first records and a worker thread verifies
  // them: a worker that cannot start from the installed files fails the run (exit 64).
  it('verifies JSON Lines on worker threads (--jobs 2) and runs its self-test', async () => {
    const line = JSON.stringify(JSON.parse(valid));
    writeFileSync(join(user, 'many.jsonl'), `${line}\n`.repeat(30));
    const ran = await run('npx', ['aer1-verify', '--jsonl', '--jobs', '2', 'many.jsonl'], user);
    expect(ran.stderr).toContain('30 records: 30 verified, 0 failed, 0 incomplete');
    expect(ran.code).toBe(0);
    const verdicts = ran.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { verdict: string }).verdict);
    expect(verdicts).toEqual(Array(30).fill('verified'));
    const selfTest = await run('npx', ['aer1-verify', '--self-test'], user);
    const summary = selfTest.stdout.trim().split('\n').at(-1) ?? '';
    const [passed, of, total] = summary.split(' ');
    expect(of).toBe('of');
    expect(passed).toBe(total);
    expect(selfTest.stdout).toContain('as expected');
    expect(selfTest.code).toBe(0);
  });

  it('is imported from an .mjs file and verifies a receipt', async () => {
    writeFileSync(
      join(user, 'use.mjs'),
      `import { readFileSync } from 'node:fs';
import { REPORT_VERSION, verify, verifyAll } from 'aer1-verifier';
const report = await verify(readFileSync('valid.json'));
const { reports } = await verifyAll([readFileSync('tampered.json', 'utf8'), readFileSync('valid.json')], { group: false });
console.log(JSON.stringify({ REPORT_VERSION, verdict: report.verdict, version: report.report_version, all: reports.map((r) => r.verdict) }));
`,
    );
    const ran = await run('node', ['use.mjs'], user);
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toEqual({
      REPORT_VERSION: '1.0.0',
      verdict: 'verified',
      version: '1.0.0',
      all: ['failed', 'verified'],
    });
  });

  it('type-checks a .ts file that uses the exported types (tsc, nodenext, strict)', async () => {
    writeFileSync(
      join(user, 'use.ts'),
      `import {
  REPORT_VERSION,
  verdictUnderProfile,
  verify,
  verifyAll,
  type Check,
  type DocumentKind,
  type InputDocument,
  type Report,
  type Verdict,
  type Verification,
} from 'aer1-verifier';

const doc: InputDocument = { name: 'r.json', bytes: new Uint8Array([123, 125]) };
const report: Report = await verify(doc, { supplied: ['{}'], now: 0, maxAgeMs: 1 });
const verdict: Verdict = verdictUnderProfile(report, 'strict');
const failed: Check[] = report.checks.filter((c) => c.status === 'fail');
const all: Verification = await verifyAll(['{}', new Uint8Array(0)], { group: false });
const kind: DocumentKind = report.kind;
export const seen = [REPORT_VERSION, report.report_version, verdict, failed, all.unplaced, kind];
export const status: 'pass' | 'fail' | 'not_checked' | 'unavailable' =
  report.dimensions.anchor_verification.status;

// What the types refuse (an unused expectation fails too, so these prove they are not \`any\`):
// @ts-expect-error a verdict is one of three words
export const wrongVerdict: Verdict = 'passed';
// @ts-expect-error there is no such dimension
export const noDimension = report.dimensions.signature;
// @ts-expect-error verify takes a document, not a number
await verify(42);
`,
    );
    writeFileSync(
      join(user, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022'],
          types: [],
          noEmit: true,
          skipLibCheck: false,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
        },
        files: ['use.ts'],
      }),
    );
    const ran = await run('node', [TSC, '-p', 'tsconfig.json'], user);
    expect(ran.stdout + ran.stderr).toBe('');
    expect(ran.code).toBe(0);
  });

  it('runs and type-checks in Deno', async () => {
    writeFileSync(
      join(user, 'deno.ts'),
      `import { verify, type Report } from 'aer1-verifier';
const valid: Report = await verify(await Deno.readFile('valid.json'));
const tampered: Report = await verify({ name: 'tampered.json', text: await Deno.readTextFile('tampered.json') });
console.log(JSON.stringify([valid.verdict, tampered.verdict, tampered.file]));
`,
    );
    // No network: everything comes from the folder's node_modules.
    const deno = { DENO_DIR: join(root, 'deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
    const ran = await run(DENO, ['run', '--no-remote', '--allow-read', 'deno.ts'], user, deno);
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toEqual(['verified', 'failed', 'tampered.json']);
    const check = await run(DENO, ['check', '--no-remote', 'deno.ts'], user, deno);
    expect(check.code).toBe(0);
  });

  it('builds into a browser page with Vite and verifies there (Chromium)', async () => {
    const page = join(user, 'page');
    mkdirSync(page);
    writeFileSync(
      join(page, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>page</title></head><body><script type="module" src="./main.js"></script></body></html>',
    );
    writeFileSync(
      join(page, 'main.js'),
      `import { verify } from 'aer1-verifier';
const reports = await Promise.all([
  verify(${JSON.stringify(valid)}),
  verify(new TextEncoder().encode(${JSON.stringify(tampered)})),
]);
document.body.dataset.verdicts = reports.map((r) => r.verdict).join(' ');
`,
    );
    const built = await run('node', [VITE, 'build', 'page', '--outDir', '../page-dist'], user);
    expect(built.code, built.stderr).toBe(0);
    const server = await serve(join(user, 'page-dist'));
    const executablePath =
      process.env.CHROMIUM_PATH ??
      (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
    const browser = await chromium.launch({
      ...(executablePath ? { executablePath } : {}),
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(String(error)));
      const address = server.address() as { port: number };
      await tab.goto(`http://127.0.0.1:${address.port}/index.html`);
      await tab.waitForSelector('body[data-verdicts]', { state: 'attached', timeout: 30_000 });
      expect(await tab.getAttribute('body', 'data-verdicts')).toBe('verified failed');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      server.close();
    }
  });

  it('passes `npm publish --dry-run`', async () => {
    // The tarball was built by `npm pack` above; its scripts need not run again.
    const ran = await run('npm', ['publish', '--dry-run', '--ignore-scripts'], REPO);
    expect(ran.stderr).toContain('aer1-verifier');
    expect(ran.code).toBe(0);
  });
});

describe('docs/api.md', () => {
  it('is what TypeDoc writes from the package types', async () => {
    const ran = await run('node', ['scripts/api-docs.mjs', '--check'], REPO);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
  });
});

/** The built page, from 127.0.0.1 on a port the system picks. */
function serve(folder: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.wasm': 'application/wasm',
  };
  const server = createServer((request, response) => {
    const path = normalize(join(folder, new URL(request.url ?? '/', 'http://x').pathname));
    if (!path.startsWith(folder) || !existsSync(path)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    response.end(readFileSync(path));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
