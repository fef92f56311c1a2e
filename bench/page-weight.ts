/**
 * Page weight from the built folder, without a browser: the gzipped JavaScript a visitor loads on
 * landing (index.html's module script, its modulepreloads, the app's chunks it names for its entry
 * to preload, and every chunk they import statically)
 * and by the first verdict (that, plus the Worker's script and the results views' chunk with what
 * it imports). Goals: ≤ 130 kB on landing, ≤ 200 kB by the first verdict. bench/browser.ts
 * measures the same in Chromium from the network; this is the figure when no browser is here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface StaticPageWeight {
  landingGzipBytes: number;
  firstVerdictGzipBytes: number;
  landingFiles: string[];
  firstVerdictFiles: string[];
  /** Source maps found in the built folder (there should be none). */
  sourceMaps: string[];
}

/** Chunks a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g))
    if (match[1]) found.add(match[1]);
  return [...found];
}

function closure(dir: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name) || !existsSync(join(dir, name))) return;
    seen.add(name);
    for (const next of staticImports(readFileSync(join(dir, name), 'utf8'))) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

function gzipBytes(dir: string, names: Iterable<string>): number {
  let total = 0;
  for (const name of names) total += gzipSync(readFileSync(join(dir, name))).length;
  return total;
}

export function measureStaticPageWeight(dist = 'dist'): StaticPageWeight {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const assets = join(dist, 'assets');
  // Its module script, its modulepreloads and the app's chunks its entry preloads (a meta tag).
  const fromHtml = [...html.matchAll(/\.\/assets\/([\w.-]+\.js)\b/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
  const files = readdirSync(assets);
  const landing = closure(assets, fromHtml);
  const worker = files.filter((f) => /^verify\.worker-.*\.js$/.test(f));
  const results = files.filter((f) => /^ResultsPanel-.*\.js$/.test(f));
  const firstVerdict = new Set([...landing, ...closure(assets, [...worker, ...results])]);
  const extra = existsSync(join(dist, 'theme-init.js')) ? ['theme-init.js'] : [];
  return {
    landingGzipBytes: gzipBytes(assets, landing) + gzipBytes(dist, extra),
    firstVerdictGzipBytes: gzipBytes(assets, firstVerdict) + gzipBytes(dist, extra),
    landingFiles: [...landing, ...extra].sort(),
    firstVerdictFiles: [...firstVerdict, ...extra].sort(),
    sourceMaps: [...files, ...readdirSync(dist)].filter((f) => f.endsWith('.map')),
  };
}

export function pageWeightLine(weight: StaticPageWeight): string {
  const kb = (n: number): string => `${(n / 1000).toFixed(1)} kB`;
  return (
    `page weight (dist/, gzipped JavaScript): landing ${kb(weight.landingGzipBytes)} (goal ≤ 130 kB), ` +
    `by the first verdict ${kb(weight.firstVerdictGzipBytes)} (goal ≤ 200 kB), ` +
    `source maps in dist/: ${weight.sourceMaps.length}`
  );
}

if (process.argv[1] && /page-weight\.ts$/.test(process.argv[1])) {
  const weight = measureStaticPageWeight();
  console.log(pageWeightLine(weight));
  console.log(`  landing: ${weight.landingFiles.join(', ')}`);
  console.log(`  first verdict: ${weight.firstVerdictFiles.join(', ')}`);
}
