/**
 * Every golden vector of the project, bundled by the bundler: the receipt, workflow, chain, anchor
 * and vector-set suites as raw text (Vite's import.meta.glob, eager), whose files include the spec's
 * worked examples (§2.5 minimal receipt, §3.4 workflow, §4.7 timeline); and the binary
 * OpenTimestamps proofs with the files they timestamp (src/core/anchor/ots/vectors) as their
 * exact bytes, from a generated base64 module (scripts/bundle-ots-vectors.ts) that Vite, Vitest
 * and the CLI build read alike, with their expectations in ots-proofs.json. Only the
 * #/conformance page (lazily) and the CLI's --self-test load this module, so the landing page
 * does not grow.
 */
import { decodeBase64Strict } from '../core';
import { OTS_VECTOR_DIR } from './ots-vector-module';
import { OTS_VECTOR_BASE64 } from './ots-vectors.generated';
import otsProofs from './ots-proofs.json?raw';
import { OTS_PROOFS_PATH, type VectorFileText } from './self-test';

const FILES = import.meta.glob('../core/*/vectors/**/*.json', {
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
  { path: OTS_PROOFS_PATH, text: otsProofs },
  ...Object.entries(OTS_VECTOR_BASE64).map(([name, base64]) => ({
    path: `${OTS_VECTOR_DIR}/${name}`,
    text: '',
    bytes: bytesOf(base64),
  })),
];
