/**
 * Long near misses for every string-valued member that a pattern judges (ids, digests,
 * timestamps, URLs, provenance classes, base64, hex): each is put in a valid document and the
 * whole pipeline verifies it. A backtracking regular expression turns such a string into a hang
 * (issue 25: `verify_url` of "https://" + "a" × n + " " tried every split of the run), so each
 * case has a time limit, far above what a linear pattern needs and far below what a
 * super-linear one takes. The lint rules regexp/no-super-linear-* keep new
 * patterns from backtracking (test/lint/regexp-lint.test.ts); this checks the patterns as used.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VerifiedReport } from '../../src/core/report-details';
import { verify } from '../../src/core/verify';
import { decodeSharePayload } from '../../src/share/share-link';
import { SPEC_MINIMAL_RECEIPT_TEXT } from '../generators/make-receipt-vectors';
import { nearMisses } from '../support/near-miss';

/** Per case: a linear pattern over these lengths takes milliseconds. */
const CASE_LIMIT_MS = 2000;
/** Characters each near miss is pumped to. */
const PUMP = 100_000;
/** Sampled positions of each valid value that are pumped (its first and last always are). */
const POSITIONS = 4;
const NOW = Date.parse('2026-11-29T00:00:00Z');
const ROOT = join(__dirname, '..', '..');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const readJson = (path: string): Json => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Json;
/** A vector's document given as text, parsed. */
const caseDocument = (path: string): Json =>
  JSON.parse((readJson(path) as { text: string }).text) as Json;

const receipt = JSON.parse(SPEC_MINIMAL_RECEIPT_TEXT) as { [key: string]: Json };
const withEvidence: Json = {
  ...receipt,
  evidence_sha256: 'sha256:' + 'ab'.repeat(32),
  evidence_url: 'https://zambo.dev/evidence/b6c63ac5-f324-4fa7-ad58-c4bf83faa86a',
  evidence_references: [
    {
      type: 'file',
      url: 'https://example.org/e.txt',
      canonical_sha256: 'sha256-' + 'cd'.repeat(32),
    },
  ],
};
const workflow = readJson('src/core/workflow/vectors/spec-3.4-worked-example.json') as {
  [key: string]: Json;
};

/** Each document and the members in it that a pattern judges, by JSON pointer. */
const DOCUMENTS: { name: string; document: Json; members: string[] }[] = [
  {
    name: 'receipt',
    document: withEvidence,
    members: [
      '/id',
      '/receipt_schema_version',
      '/created_at',
      '/tool/name',
      '/provenance_class',
      '/canonical_bytes',
      '/output_hash',
      '/verification_status',
      '/evidence_sha256',
      '/evidence_url',
      '/evidence_references/0/canonical_sha256',
    ],
  },
  {
    name: 'receipt with a Nostr anchor',
    document: readJson('src/core/anchor/vectors/nostr-anchored-receipt.json'),
    members: [
      '/anchor/event_id',
      '/anchor/pubkey',
      '/anchor/relays/0',
      '/anchor/status',
      '/anchor/published_at',
      '/anchor/schema_version',
      '/anchor/envelope/anchored_at',
      '/anchor/envelope/evidence_url',
      '/anchor/envelope/receipt_uuid',
      '/anchor/envelope/output_sha256',
      '/anchor/envelope/evidence_sha256',
      '/anchor/envelope_bytes',
    ],
  },
  {
    name: 'receipt with a log anchor',
    document: caseDocument('src/core/anchor/vectors/cases/log-anchor-well-formed.json'),
    members: ['/anchor/log', '/anchor/leaf_hash', '/anchor/anchored_at'],
  },
  {
    name: 'Nostr event',
    document: readJson('src/core/anchor/vectors/nostr-anchor-event.json'),
    members: ['/id', '/pubkey', '/sig', '/content', '/tags/0/1', '/tags/2/1'],
  },
  {
    name: 'workflow',
    document: { ...workflow, merkle_version: 'receipt-id-v0' },
    members: [
      '/type',
      '/version',
      '/workflow_id',
      '/receipt_id',
      '/session_id',
      '/output_hash',
      '/verify_url',
      '/merkle_root',
      '/merkle_version',
      '/steps/0/receipt_id',
      '/steps/0/receipt_hash',
      '/steps/0/started_at',
      '/steps/1/ended_at',
      '/steps/2/tool',
    ],
  },
  {
    name: 'timeline with a commitment',
    document: (
      readJson('src/core/chain/vectors/worked-example-with-commitment.json') as {
        document: Json;
      }
    ).document,
    members: [
      '/timeline/0/id',
      '/timeline/0/job_id',
      '/timeline/0/prev_digest',
      '/timeline/1/prev_digest',
      '/timeline/1/canonical_bytes',
      '/timeline/2/provenance_class',
      '/commitment/job_id',
      '/commitment/final_entry_digest',
      '/commitment/published_at',
    ],
  },
];

function at(
  document: Json,
  pointer: string,
): { parent: Json[] | { [key: string]: Json }; key: string } {
  const tokens = pointer.split('/').slice(1);
  let node = document;
  for (const token of tokens.slice(0, -1)) node = (node as { [key: string]: Json })[token] as Json;
  return { parent: node as { [key: string]: Json }, key: tokens[tokens.length - 1] as string };
}

function withValue(document: Json, pointer: string, value: string): string {
  const copy = structuredClone(document);
  const { parent, key } = at(copy, pointer);
  (parent as { [key: string]: Json })[key] = value;
  return JSON.stringify(copy);
}

async function verifiesInTime(what: string, text: string): Promise<VerifiedReport> {
  const started = performance.now();
  const report = await verify({ name: 'near-miss.json', text }, [], { now: NOW });
  const elapsed = performance.now() - started;
  expect(report.verdict, what).toMatch(/^(verified|failed|incomplete)$/);
  expect(elapsed, `${what} took ${Math.round(elapsed)} ms`).toBeLessThan(CASE_LIMIT_MS);
  return report;
}

describe('long near misses of every member a pattern judges', () => {
  for (const [d, { name, document, members }] of DOCUMENTS.entries()) {
    it.each(members)(`${name}: %s`, async (pointer) => {
      const { parent, key } = at(document, pointer);
      const valid = (parent as { [key: string]: Json })[key];
      expect(typeof valid, `${pointer} holds a string in the valid ${name}`).toBe('string');
      const seed = 1000 * d + members.indexOf(pointer);
      for (const miss of nearMisses(valid as string, PUMP, { seed, positions: POSITIONS }))
        await verifiesInTime(`${pointer}: ${miss.label}`, withValue(document, pointer, miss.value));
    });
  }

  it('a block header of 160 hex digits, pumped', async () => {
    const text = (
      readJson('src/core/anchor/vectors/cases/block-header-358391-alone.json') as {
        text: string;
      }
    ).text;
    for (const miss of nearMisses(text, PUMP, { seed: 77, positions: POSITIONS }))
      await verifiesInTime(`block header: ${miss.label}`, miss.value);
  });

  it('share-link values: base64url near misses are answered in time', () => {
    const valid = '1.' + 'q1YqSs1JTS4pLUpVslIqzs8tyElVqgUA';
    for (const miss of nearMisses(valid, PUMP * 10, { seed: 78, positions: POSITIONS })) {
      const started = performance.now();
      const decoded = decodeSharePayload(miss.value);
      expect(typeof decoded.ok).toBe('boolean');
      expect(performance.now() - started, miss.label).toBeLessThan(CASE_LIMIT_MS);
    }
  });

  it('a 1,000,000-character verify_url near miss (the issue-25 case) gets its verdict in time', async () => {
    const url = 'https://' + 'a'.repeat(1_000_000) + ' ';
    await verifiesInTime(
      'verify_url of a million characters',
      withValue(workflow, '/verify_url', url),
    );
  });
});
