/**
 * The binary OpenTimestamps vectors are in the self-test with their exact bytes: the generated
 * module matches the committed files (regenerate with `npx tsx scripts/bundle-ots-vectors.ts`),
 * every proof has a case, and the cases run with the proofs' bytes, not text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify } from '../core';
import { BUNDLED_VECTOR_FILES } from './bundled-vectors';
import { OTS_VECTOR_DIR, otsVectorModule } from './ots-vector-module';
import { compareWithExpectation, runSelfTest, selfTestCases } from './self-test';

const onDisk = readdirSync(OTS_VECTOR_DIR).filter((n) => n.endsWith('.ots') || n.endsWith('.txt'));
const cases = selfTestCases(BUNDLED_VECTOR_FILES);
const otsCases = cases.filter((c) => c.name.startsWith('anchor/ots/'));

describe('binary .ots vectors in the self-test', () => {
  it('the generated module is the committed files, byte for byte', () => {
    const files = Object.fromEntries(
      onDisk.map((n) => [n, new Uint8Array(readFileSync(`${OTS_VECTOR_DIR}/${n}`))]),
    );
    expect(readFileSync('src/conformance/ots-vectors.generated.ts', 'utf8')).toBe(
      otsVectorModule(files),
    );
    for (const name of onDisk) {
      const bundled = BUNDLED_VECTOR_FILES.find((f) => f.path === `${OTS_VECTOR_DIR}/${name}`);
      expect(bundled?.bytes, name).toEqual(files[name]);
    }
  });

  it('every proof on disk has at least one case, run with its bytes', () => {
    const proofs = onDisk.filter((n) => n.endsWith('.ots'));
    expect(proofs.length).toBe(7);
    for (const proof of proofs)
      expect(
        otsCases.some((c) => c.document.name === proof),
        proof,
      ).toBe(true);
    for (const c of otsCases) {
      expect(c.document.text).toBeUndefined();
      expect(c.document.bytes?.length ?? 0).toBeGreaterThan(0);
    }
    expect(otsCases.map((c) => c.name)).toContain(
      'anchor/ots/bad-stamp.txt.ots + bad-stamp.txt + header.json',
    );
  });

  it('every .ots case is as expected, the failing bad stamp included', async () => {
    const summary = await runSelfTest(otsCases, (c) => verify(c.document, c.supplied, c.options));
    expect(summary.results.filter((r) => !r.asExpected)).toEqual([]);
    const bad = summary.results.find(
      (r) => r.name.startsWith('anchor/ots/bad-stamp.txt.ots +') && r.name.endsWith('header.json'),
    );
    expect(bad?.actualVerdict).toBe('failed');
    expect(bad?.actualReason).toBe('digest does not match merkle root');
  });

  it('a proof whose bytes are damaged is not as expected (the bytes are what is verified)', async () => {
    const hello = otsCases.find(
      (c) => c.name === 'anchor/ots/hello-world.txt.ots + hello-world.txt + header.json',
    );
    expect(hello).toBeDefined();
    if (!hello?.document.bytes) return;
    const damaged = hello.document.bytes.slice();
    damaged[damaged.length - 20] = (damaged[damaged.length - 20] ?? 0) ^ 0xff;
    const broken = { ...hello, document: { ...hello.document, bytes: damaged } };
    const result = compareWithExpectation(
      broken,
      await verify(broken.document, broken.supplied, broken.options),
    );
    expect(result.asExpected).toBe(false);
    expect(result.actualVerdict).not.toBe('verified');
  });
});
