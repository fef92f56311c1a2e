/**
 * Every golden vector of the project, bundled by the bundler: the JSON files of every `vectors`
 * folder of src/core as raw text (Vite's import.meta.glob, eager), the spec's worked examples
 * among them (§2.5 minimal receipt, §3.4 workflow, §4.7 timeline); and the binary
 * OpenTimestamps proofs with the files they timestamp (src/core/anchor/ots/vectors) as their
 * exact bytes, from a generated base64 module (scripts/bundle-ots-vectors.ts) that Vite, Vitest
 * and the CLI build read alike. Only the #/conformance page (lazily) and the CLI's --self-test
 * load this module, so the landing page does not grow.
 */
import { decodeBase64Strict } from '../core';
import { OTS_VECTOR_DIR } from './ots-vector-module';
import { OTS_VECTOR_BASE64 } from './ots-vectors.generated';
import type { VectorFileText } from './vector-file';

const FILES = import.meta.glob('../core/**/vectors/**/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function bytesOf(base64: string): Uint8Array {
  const decoded = decodeBase64Strict(base64);
  if (!decoded.ok) throw new Error('ots-vectors.generated.ts holds invalid base64');
  return decoded.bytes;
}

export const BUNDLED_VECTOR_FILES: VectorFileText[] = [
  ...Object.entries(FILES).map(([path, text]) => ({ path: path.replace(/^\.\.\//, 'src/'), text })),
  ...Object.entries(OTS_VECTOR_BASE64).map(([name, base64]) => ({
    path: `${OTS_VECTOR_DIR}/${name}`,
    text: '',
    bytes: bytesOf(base64),
  })),
];
