/**
 * What the benchmarks that compare two versions of the core share: a commit's sources extracted
 * beside the working tree's, and a driver program bundled with either into one file for Node
 * (as the command line is built), so each version runs in a process of its own.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';

/** This checkout. */
export const ROOT = resolve(import.meta.dirname, '..');

/**
 * Extracts `rev`'s src/ into `work`/`name`/src, its packages resolved from this checkout's
 * node_modules (linked as `work`/node_modules). Returns that folder.
 */
export function extractSources(rev: string, work: string, name: string): string {
  const tree = join(work, name);
  mkdirSync(tree, { recursive: true });
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  } catch {
    // (Linked already, for another revision.)
  }
  execSync(`git archive ${JSON.stringify(rev)} src | tar -x -C ${JSON.stringify(tree)}`, {
    cwd: ROOT,
  });
  return tree;
}

/** Bundles a driver's source into one file with vite; returns its path. */
export async function bundle(source: string, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'driver.ts');
  writeFileSync(entry, source);
  await build({
    configFile: false,
    logLevel: 'error',
    publicDir: false,
    build: {
      ssr: entry,
      outDir: dir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      // One file: no chunk is read from disk in the middle of a run.
      rollupOptions: {
        output: { entryFileNames: 'driver.mjs', format: 'es', codeSplitting: false },
      },
    },
    ssr: { noExternal: true },
  });
  return join(dir, 'driver.mjs');
}
