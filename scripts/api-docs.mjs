#!/usr/bin/env node
// Writes docs/api.md from the package's types and doc comments (src/package/) with TypeDoc and
// typedoc-plugin-markdown, formatted as the repository formats Markdown. With --check it writes
// nothing and fails when docs/api.md is not what the types say (the packed-package test runs it).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { Application, ReflectionKind } from 'typedoc';

const TARGET = 'docs/api.md';
const check = process.argv.includes('--check');
const out = mkdtempSync(join(tmpdir(), 'aer1-api-docs-'));
try {
  const app = await Application.bootstrapWithPlugins({
    entryPoints: ['src/package/index.ts'],
    tsconfig: 'tsconfig.package.json',
    plugin: ['typedoc-plugin-markdown'],
    out,
    readme: 'none',
    name: 'aer1-verifier',
    outputFileStrategy: 'modules',
    // No "Defined in" lines: they name source lines, which move with every edit.
    disableSources: true,
    sort: ['source-order'],
    hidePageHeader: true,
    hideBreadcrumbs: true,
    useCodeBlocks: true,
    parametersFormat: 'table',
    interfacePropertiesFormat: 'table',
    typeDeclarationFormat: 'table',
    treatWarningsAsErrors: true,
    logLevel: 'Warn',
  });
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc could not read src/package/index.ts');
  // A constant's initializer names the core's internals (`= CORE_REPORT_VERSION`): its doc
  // comment says what it holds.
  for (const variable of project.getReflectionsByKind(ReflectionKind.Variable))
    delete variable.defaultValue;
  await app.generateOutputs(project);
  const generated = readFileSync(join(out, 'README.md'), 'utf8');
  const header =
    '<!-- Written by `node scripts/api-docs.mjs` from src/package/: edit the doc comments. -->\n\n';
  const options = (await prettier.resolveConfig(TARGET)) ?? {};
  const text = await prettier.format(header + generated, { ...options, filepath: TARGET });
  if (!check) writeFileSync(TARGET, text);
  else if (readFileSync(TARGET, 'utf8') !== text) {
    console.error(`${TARGET} is not what the package's types say: run node scripts/api-docs.mjs`);
    process.exitCode = 1;
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
