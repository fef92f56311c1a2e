/**
 * Writes src/conformance/ots-vectors.generated.ts: the binary OpenTimestamps vectors
 * (src/core/anchor/ots/vectors/*.ots) and the files they timestamp, as base64, so the self-test
 * (#/conformance and `aer1-verify --self-test`) runs them with their exact bytes in the app, the
 * CLI build and Vitest alike, with no bundler setting for a binary file type. A unit test
 * (src/conformance/ots-vectors.test.ts) fails when the module no longer matches the files.
 *
 *   npx tsx scripts/bundle-ots-vectors.ts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { OTS_VECTOR_DIR, otsVectorModule } from '../src/conformance/ots-vector-module';

const names = readdirSync(OTS_VECTOR_DIR).filter((n) => n.endsWith('.ots') || n.endsWith('.txt'));
const files = Object.fromEntries(
  names.map((n) => [n, new Uint8Array(readFileSync(`${OTS_VECTOR_DIR}/${n}`))]),
);
writeFileSync('src/conformance/ots-vectors.generated.ts', otsVectorModule(files));
console.log(`wrote ${names.length} files to src/conformance/ots-vectors.generated.ts`);
