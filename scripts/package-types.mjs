#!/usr/bin/env node
// Writes the package's declarations (dist-lib/index.d.ts, dist-lib/types.d.ts) from
// src/package/ with TypeScript's own declaration emit, and fails when they would reach into
// the core: what the package promises is what src/package/types.ts declares, nothing behind it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import ts from 'typescript';

const OUT = 'dist-lib';
const ENTRY_FILES = ['src/package/index.ts', 'src/package/types.ts'];
/** The only module the declarations may import: the types file beside them. */
const ALLOWED_IMPORTS = new Set(['./types.js']);

const config = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.package.json',
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => fail([d]),
  },
);
if (!config) process.exit(1);
const program = ts.createProgram(config.fileNames, config.options);
const problems = [...program.getOptionsDiagnostics()];
const written = [];
mkdirSync(OUT, { recursive: true });
for (const file of ENTRY_FILES) {
  const source = program.getSourceFile(file);
  if (!source) fail(`${file} is not in tsconfig.package.json's program`);
  problems.push(
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  );
  const result = program.emit(
    source,
    (path, text) => {
      const name = basename(path);
      for (const [, specifier] of text.matchAll(/(?:from|import\()\s*['"]([^'"]+)['"]/g))
        if (!ALLOWED_IMPORTS.has(specifier))
          fail(
            `${name} imports ${specifier}: the package's types must come from src/package/types.ts`,
          );
      writeFileSync(join(OUT, name), text);
      written.push(name);
    },
    undefined,
    true,
  );
  problems.push(...result.diagnostics);
}
if (problems.length > 0) fail(problems);
if (written.length !== ENTRY_FILES.length) fail(`wrote ${written.join(', ')} only`);

function fail(problem) {
  const text =
    typeof problem === 'string'
      ? problem
      : ts.formatDiagnosticsWithColorAndContext(problem, {
          getCanonicalFileName: (f) => f,
          getCurrentDirectory: ts.sys.getCurrentDirectory,
          getNewLine: () => '\n',
        });
  console.error(`package-types: ${text}`);
  process.exit(1);
}
