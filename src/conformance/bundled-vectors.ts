/**
 * Every golden vector of the project, bundled as text by the bundler (Vite's import.meta.glob,
 * eager, as raw strings): the receipt, workflow, chain and anchor suites, whose files include
 * the spec's worked examples (§2.5 minimal receipt, §3.4 workflow, §4.7 timeline). Only the
 * #/conformance page (lazily) and the CLI's --self-test load this module, so the landing page
 * does not grow. Binary OpenTimestamps proofs (anchor/ots/vectors/*.ots) are not included; the
 * anchor suite's JSON cases carry their proofs as base64.
 */
import type { VectorFileText } from './self-test';

const FILES = import.meta.glob('../core/*/vectors/**/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export const BUNDLED_VECTOR_FILES: VectorFileText[] = Object.entries(FILES).map(([path, text]) => ({
  path: path.replace(/^\.\.\//, 'src/'),
  text,
}));
