/**
 * Fixed-seed fuzzing within a time budget: random and mutated inputs to the JSON reader, base64,
 * the share-link decoder, the OTS parser and the whole pipeline. No exception may escape, no case
 * may take longer than CASE_LIMIT_MS, and a receipt whose committed bytes were mutated is never
 * reported as verified.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJson } from '../../src/core/json/parse';
import { decodeBase64Strict } from '../../src/core/encoding/base64';
import { parseOts } from '../../src/core/anchor/ots/parse';
import { BATCH_LISTED_MEMBERS, BATCH_MEMBER_FAILURE_CAP } from '../../src/core/bounds';
import { verify } from '../../src/core/verify';
import { decodeSharePayload, encodeSharePayload } from '../../src/share/share-link';
import { changeCommittedCharacter, fuzzText, mutateText } from '../support/mutate';
import { prng, randomBytes } from '../support/prng';
import { SPEC_MINIMAL_RECEIPT_TEXT } from '../generators/make-receipt-vectors';

const CASES = 200;
const CASE_LIMIT_MS = 2000;
const ROOT = join(__dirname, '..', '..');
const HELLO_OTS = new Uint8Array(
  readFileSync(join(ROOT, 'src/core/anchor/ots/vectors/hello-world.txt.ots')),
);

function timed<T>(what: string, run: () => T): T {
  const started = performance.now();
  const out = run();
  const elapsed = performance.now() - started;
  expect(elapsed, `${what} took ${Math.round(elapsed)} ms`).toBeLessThan(CASE_LIMIT_MS);
  return out;
}

/** parseJson's only way to refuse is a JsonSyntaxError; anything else escaping is a bug. */
function parseOrSyntaxError(text: string): void {
  try {
    parseJson(text);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError);
  }
}

function mutateBytes(random: () => number, bytes: Uint8Array, edits: number): Uint8Array {
  const out = bytes.slice();
  for (let i = 0; i < edits && out.length > 0; i++)
    out[Math.floor(random() * out.length)] = Math.floor(random() * 256);
  return out;
}

describe('fuzz (fixed seeds)', () => {
  it('JSON reader: random and mutated text never throws past its result', () => {
    const random = prng(1);
    for (let i = 0; i < CASES; i++) {
      const text = fuzzText(random, SPEC_MINIMAL_RECEIPT_TEXT, i);
      timed(`parseJson #${i}`, () => parseOrSyntaxError(text));
    }
    // Deep nesting stays bounded.
    timed('deep nesting', () => parseOrSyntaxError('['.repeat(100_000)));
  });

  it('base64, the share-link decoder and the OTS parser answer every input', () => {
    const random = prng(2);
    const link = encodeSharePayload({
      main: { name: 'r.json', text: SPEC_MINIMAL_RECEIPT_TEXT },
      supplied: [],
    });
    for (let i = 0; i < CASES; i++) {
      const junk = mutateText(random, 'eyJ0b29sIjoibGl2ZV9wcmljZSJ9', 1 + (i % 5));
      timed(`base64 #${i}`, () => decodeBase64Strict(junk));
      const mutatedLink = mutateText(random, link, 1 + (i % 4));
      const decoded = timed(`share #${i}`, () => decodeSharePayload(mutatedLink));
      expect(typeof decoded.ok).toBe('boolean');
      const proof =
        i % 2 === 0
          ? mutateBytes(random, HELLO_OTS, 1 + (i % 6))
          : randomBytes(random, Math.floor(random() * 300));
      timed(`ots #${i}`, () => parseOts(proof));
    }
  });

  it('the pipeline: mutated receipts never throw, and a mutation of the committed bytes never verifies', async () => {
    const random = prng(3);
    for (let i = 0; i < CASES; i++) {
      const anywhere = mutateText(random, SPEC_MINIMAL_RECEIPT_TEXT, 1 + (i % 6));
      const started = performance.now();
      await verify({ name: `m${i}.json`, text: anywhere }, [], { now: Date.parse('2026-11-29') });
      expect(performance.now() - started).toBeLessThan(CASE_LIMIT_MS);
      const committed = changeCommittedCharacter(random, SPEC_MINIMAL_RECEIPT_TEXT);
      const report = await verify({ name: `c${i}.json`, text: committed.text }, [], {
        now: Date.parse('2026-11-29'),
      });
      expect(
        report.verdict,
        `canonical_bytes[${committed.offset}] ${committed.from}->${committed.to}`,
      ).not.toBe('verified');
    }
  });

  it('batches of mutated members: bounded reports whatever the members, never an escaped exception', async () => {
    const random = prng(11);
    const now = Date.parse('2026-11-29');
    for (let i = 0; i < 6; i++) {
      // Past BATCH_LISTED_MEMBERS, as JSON Lines and as an array; mutants, scalars, duplicates.
      const members = Array.from({ length: BATCH_LISTED_MEMBERS + 200 + i * 50 }, (_, k) => {
        const pick = random();
        if (pick < 0.3) return String(Math.floor(random() * 10));
        if (pick < 0.5) return '{"a":1,"a":2}';
        return mutateText(random, SPEC_MINIMAL_RECEIPT_TEXT, 1 + (k % 3)).replaceAll('\n', ' ');
      });
      const text = i % 2 === 0 ? members.join('\n') : `[${members.join(',')}]`;
      const started = performance.now();
      const report = await verify({ name: `batch${i}`, text }, [], { now });
      expect(performance.now() - started).toBeLessThan(CASE_LIMIT_MS * 5);
      if (report.kind !== 'batch') continue; // a mutation broke the array or a line: one report
      // About 30 % are bare numbers, all breaking one rule: far more than the cap are counted.
      expect(report.children?.length ?? 0).toBeLessThan(members.length - BATCH_MEMBER_FAILURE_CAP);
      // Each listed member is there because a rule it breaks is under the cap.
      const rules = new Set(
        (report.children ?? []).flatMap((c) =>
          c.checks
            .filter((k) => k.status === 'fail' || k.status === 'unavailable')
            .map((k) => k.rule),
        ),
      );
      expect(report.children?.length ?? 0).toBeLessThanOrEqual(
        Math.max(1, rules.size) * BATCH_MEMBER_FAILURE_CAP + BATCH_MEMBER_FAILURE_CAP,
      );
    }
  });
});
