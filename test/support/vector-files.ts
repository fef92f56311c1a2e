/**
 * Every file of every `vectors` folder under src/core, read from disk as the bundler hands them
 * to the self-test (src/conformance/bundled-vectors.ts): JSON as text, anything else as its
 * bytes; and the golden vectors among them, read by the one reader (vector-file.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANCHOR_LIST } from '../../src/core/anchor/registry';
import { KIND_LIST } from '../../src/core/kinds/registry';
import {
  readVectors,
  type VectorCase,
  type VectorFileText,
} from '../../src/conformance/vector-file';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The vectors folders (under src/core) the kind and anchor registries name: the suites. */
export const VECTOR_SUITES: readonly string[] = [
  ...new Set([
    ...KIND_LIST.flatMap((descriptor) => (descriptor.vectors ? [descriptor.vectors] : [])),
    ...ANCHOR_LIST.map((anchor) => anchor.vectors),
  ]),
].sort();

/** The `vectors` folders under src/core, as paths from the repository root. */
export function vectorFolders(folder = 'src/core'): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = `${folder}/${entry.name}`;
    if (entry.name === 'vectors') out.push(path);
    else out.push(...vectorFolders(path));
  }
  return out.sort();
}

export function vectorFilesOnDisk(): VectorFileText[] {
  const files: VectorFileText[] = [];
  for (const folder of vectorFolders()) {
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const full = join(entry.parentPath, entry.name);
      const path = relative(ROOT, full);
      if (entry.name.endsWith('.json')) files.push({ path, text: readFileSync(full, 'utf8') });
      else files.push({ path, text: '', bytes: new Uint8Array(readFileSync(full)) });
    }
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** Every golden vector on disk, sorted by path. */
export function vectorCases(): VectorCase[] {
  return readVectors(vectorFilesOnDisk());
}
