/**
 * Every relative link in README.md and docs/*.md resolves in a clone: the file or folder it names
 * exists, and a `#fragment` into a Markdown page names one of its headings (as GitHub makes their
 * anchors) or an explicit `<a id>`. Links to other sites are not fetched.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The page's lines outside fenced code blocks (they hold no headings or links). */
function linesOutsideFences(text: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const start = line.trimStart().slice(0, 3);
    if (start === '```' || start === '~~~') {
      if (fence === undefined) fence = start;
      else if (fence === start) fence = undefined;
      continue;
    }
    if (fence === undefined) lines.push(line);
  }
  return lines;
}

/** The page's text outside code: fenced blocks left out, inline code blanked. */
function prose(text: string): string {
  return linesOutsideFences(text)
    .join('\n')
    .replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

/** A heading line's text ("## Profiles ##" -> "Profiles"), or undefined for another line. */
function headingText(line: string): string | undefined {
  const level = line.length - line.replace(/^#+/, '').length;
  if (level < 1 || level > 6 || !/^[ \t]/.test(line.slice(level))) return undefined;
  let text = line.slice(level).trim();
  while (text.endsWith('#')) text = text.slice(0, -1);
  return text.trim();
}

/** Link targets: inline links and images `[text](target)`, and reference definitions. */
function linkTargets(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map(
    (m) => m[1]!,
  );
  return [...inline, ...references];
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces made hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown page offers: its headings' slugs (repeats numbered) and `<a id>`s. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of linesOutsideFences(text)) {
    const heading = headingText(line);
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

/** What is wrong with one link of `page`, or undefined when it resolves. */
function brokenLink(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const hash = target.indexOf('#');
  const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const fragment = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  if (path.startsWith('/')) return 'an absolute path does not resolve in a clone';
  const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), path);
  const named = relative(ROOT, file);
  if (!existsSync(file)) return `${named} does not exist`;
  if (fragment === undefined) return undefined;
  if (statSync(file).isDirectory() || !file.endsWith('.md'))
    return `#${fragment} points into ${named}, which is not a Markdown page`;
  return anchorsOf(readFileSync(file, 'utf8')).has(fragment)
    ? undefined
    : `${named} has no heading or anchor #${fragment}`;
}

describe('links in README.md and docs/', () => {
  it.each(PAGES)('%s: every relative link resolves in a clone', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const broken = linkTargets(text).flatMap((target) => {
      const problem = brokenLink(page, target);
      return problem ? [`${target}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('finds links, anchors and broken ones as it should', () => {
    const page = '# A title\n\n## Profiles, side by side\n\n### `REPORT\\_VERSION`\n\n## A title\n';
    expect([...anchorsOf(page)]).toEqual([
      'a-title',
      'profiles-side-by-side',
      'report_version',
      'a-title-1',
    ]);
    expect(linkTargets('[a](x.md#y) `[b](not-a-link)` ![c](img.png "t")\n\n[d]: ref.md\n')).toEqual(
      ['x.md#y', 'img.png', 'ref.md'],
    );
    expect(brokenLink('README.md', 'docs/nothing-here.md')).toBe(
      'docs/nothing-here.md does not exist',
    );
    expect(brokenLink('README.md', 'docs/format.md#no-such-heading')).toBe(
      'docs/format.md has no heading or anchor #no-such-heading',
    );
    expect(brokenLink('docs/cli.md', 'conformance.md#the-self-test')).toBeUndefined();
    expect(brokenLink('README.md', 'https://example.org/anything')).toBeUndefined();
  });
});
