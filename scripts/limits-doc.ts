/**
 * Writes docs/limits.md from the table of bounds in src/core/bounds.ts, the same values the code
 * applies, formatted as the repository formats Markdown. With --check it writes nothing and
 * fails when docs/limits.md is not what the table says (test/docs/limits.test.ts checks the same).
 *
 *   npx tsx scripts/limits-doc.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { BOUND_RULES, BOUNDS, type Bound } from '../src/core';

export const LIMITS_DOC = 'docs/limits.md';

const KiB = 1024;
const MiB = 1024 * KiB;

/** 20000 as "20,000". */
function grouped(n: number): string {
  return n.toLocaleString('en-US');
}

/** A bound's value in its unit, as a reader says it: "256 MiB", "20 s", "about 2^60 hashes". */
export function formatBound(bound: Pick<Bound, 'value' | 'unit'>): string {
  const { value, unit } = bound;
  switch (unit) {
    case 'bytes':
      if (value >= MiB && value % MiB === 0) return `${grouped(value / MiB)} MiB`;
      if (value >= 64 * KiB && value % KiB === 0) return `${grouped(value / KiB)} KiB`;
      return `${grouped(value)} bytes`;
    case 'milliseconds':
      if (value % 60_000 === 0) return `${grouped(value / 60_000)} min`;
      if (value % 1000 === 0) return `${grouped(value / 1000)} s`;
      return `${grouped(value)} ms`;
    case 'log2 hashes':
      return `about 2^${value} hashes`;
    default:
      return `${grouped(value)} ${unit}`;
  }
}

/** Text for a table cell: a pipe would end the cell. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** The page, before formatting. */
function limitsMarkdown(): string {
  const lines = [
    '<!-- Written by `npx tsx scripts/limits-doc.ts` from src/core/bounds.ts: edit the table there. -->',
    '',
    '# Limits',
    '',
    'Every limit is fixed, and reaching one gives a message, never a frozen tab or a silent cut.',
    'The code that applies a limit imports its value from `src/core/bounds.ts`, and this page is',
    'written from the table there, so the two cannot disagree.',
    '',
    '"Where" says which part applies a limit: **everywhere** is the core, so the library, the',
    'command line and the app alike; **app** and **command line** are that shell only.',
    '',
  ];
  for (const group of BOUNDS) {
    lines.push(`## ${group.title}`, '');
    lines.push('| what | limit | where | what happens at it | constant |');
    lines.push('| --- | --- | --- | --- | --- |');
    for (const bound of group.bounds)
      lines.push(
        `| ${cell(bound.what)} | ${formatBound(bound)} | ${bound.scope} | ${cell(bound.meaning)} | \`${bound.name}\` |`,
      );
    lines.push('');
  }
  lines.push('## Rules that bound work', '');
  lines.push('| what | rule | how it is held |');
  lines.push('| --- | --- | --- |');
  for (const rule of BOUND_RULES)
    lines.push(`| ${cell(rule.what)} | ${cell(rule.rule)} | ${cell(rule.enforcement)} |`);
  lines.push('');
  return lines.join('\n');
}

/** docs/limits.md as this script writes it. */
export async function renderLimitsDoc(): Promise<string> {
  const options = (await prettier.resolveConfig(LIMITS_DOC)) ?? {};
  return prettier.format(limitsMarkdown(), { ...options, filepath: LIMITS_DOC });
}

async function main(): Promise<void> {
  const text = await renderLimitsDoc();
  if (!process.argv.includes('--check')) writeFileSync(LIMITS_DOC, text);
  else if (readFileSync(LIMITS_DOC, 'utf8') !== text) {
    console.error(
      `${LIMITS_DOC} is not what src/core/bounds.ts says: run npx tsx scripts/limits-doc.ts`,
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
