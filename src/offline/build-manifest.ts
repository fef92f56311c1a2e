/**
 * Build time only (Node): writes sw.js for a built folder (vite.config.ts, after the build is on
 * disk; the service-worker e2e, after changing a built folder as a new deploy would).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { manifestText, serviceWorkerSource } from './service-worker.js';

/** Files a host reads itself or that only developers need: never cached. */
const NOT_CACHED = (path: string) =>
  path.endsWith('.map') || path === 'sw.js' || path === '_headers';

/**
 * Every file of the folder with the SHA-256 of its bytes, the files the app's page refers to,
 * and a version that is a digest of them all: any change to any file makes a new worker with a
 * cache of its own. Returns the version.
 */
export function writeServiceWorker(outDir: string): string {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(outDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (NOT_CACHED(path)) continue;
    files[`./${path}`] = createHash('sha256')
      .update(readFileSync(join(outDir, path)))
      .digest('hex');
  }
  const page = files['./index.html'];
  if (page === undefined) throw new Error(`sw.js: no index.html in ${outDir}`);
  files['./'] = page;
  // The build's files its page names (its scripts and styles, whose names carry their hash).
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const refs = Object.keys(files).filter(
    (path) => path !== './' && path !== './index.html' && html.includes(path),
  );
  const version = createHash('sha256').update(manifestText(files)).digest('hex').slice(0, 12);
  writeFileSync(
    join(outDir, 'sw.js'),
    serviceWorkerSource(version, files, { './': refs, './index.html': refs }),
  );
  return version;
}
