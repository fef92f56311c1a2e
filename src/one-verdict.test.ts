/**
 * One verdict for the same bytes, whichever way they arrive (issue: one pipeline). Generated
 * receipts — valid ones and ones tampered in one or two ways — are verified alone, as a batch
 * member, as a workflow's supplied step receipt and through a decoded share link; every path
 * must give the same verdict and the same failing rule ids.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyAll, type InputDocument, type Report } from './core';
import { MINIMAL_RECEIPT } from '../test/support/minimal-receipt';
import { prng } from '../test/support/prng';
import { decodeSharePayload, encodeSharePayload } from './share/share-link';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const CASES = 120;

type Receipt = Record<string, unknown>;

/** Tamperings a receipt can carry; each breaks (or leaves unchecked) one thing. */
const MUTATIONS: { name: string; apply: (r: Receipt, random: () => number) => void }[] = [
  {
    name: 'output_hash digit changed',
    apply: (r) => {
      r.output_hash = String(r.output_hash).replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    },
  },
  { name: 'evidence_sha256 malformed', apply: (r) => (r.evidence_sha256 = 'SHA256:XYZ') },
  {
    name: 'evidence_sha256 well-formed',
    apply: (r) => (r.evidence_sha256 = `sha256:${'ab'.repeat(32)}`),
  },
  {
    name: 'nostr anchor ids not hex',
    apply: (r) =>
      (r.anchor = { event_id: 'not-hex', pubkey: 'not-hex', relays: [], status: 'published' }),
  },
  {
    name: 'nostr anchor without its event',
    apply: (r) =>
      (r.anchor = {
        event_id: 'e'.repeat(64),
        pubkey: 'f'.repeat(64),
        relays: ['wss://relay.example.org'],
        status: 'published',
      }),
  },
  {
    name: 'log anchor with a wrong leaf',
    apply: (r) =>
      (r.anchor = {
        log: 'calendar',
        leaf_hash: `sha256:${'0'.repeat(64)}`,
        anchored_at: '2026-09-27T09:00:01Z',
        proof: {},
      }),
  },
  { name: 'id uppercase', apply: (r) => (r.id = String(r.id).toUpperCase()) },
  { name: 'created_at impossible', apply: (r) => (r.created_at = '2026-02-30T12:00:00Z') },
  { name: 'tool as a string', apply: (r) => (r.tool = 'live_price') },
  { name: 'provenance lowercase', apply: (r) => (r.provenance_class = 'executed by zambo') },
  { name: 'status pending', apply: (r) => (r.verification_status = 'pending') },
  {
    name: 'base64 padding stripped',
    apply: (r) => (r.canonical_bytes = String(r.canonical_bytes).replace(/={1,2}$/, '')),
  },
  { name: 'byte length wrong', apply: (r) => (r.canonical_byte_length = 90) },
  { name: 'metadata_hash present', apply: (r) => (r.metadata_hash = `sha256:${'1'.repeat(64)}`) },
  {
    name: 'a core member dropped',
    apply: (r, random) => {
      const names = ['receipt_schema_version', 'created_at', 'tool', 'verification_status'];
      delete r[names[Math.floor(random() * names.length)]!];
    },
  },
];

interface Generated {
  description: string;
  /** The receipt's JSON text, as it travels on every path. */
  text: string;
  id: string;
}

function generate(seed: number): Generated {
  const random = prng(seed);
  const receipt: Receipt = { ...MINIMAL_RECEIPT, tool: { ...MINIMAL_RECEIPT.tool } };
  // A fresh id per case (a lowercase UUID v4 shape), so step receipts link by id.
  const hex = createHash('sha256').update(`case-${seed}`).digest('hex');
  receipt.id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const id = receipt.id as string;
  const applied: string[] = [];
  const count = Math.floor(random() * 3); // 0, 1 or 2 tamperings
  for (let k = 0; k < count; k++) {
    const mutation = MUTATIONS[Math.floor(random() * MUTATIONS.length)]!;
    mutation.apply(receipt, random);
    applied.push(mutation.name);
  }
  let text = JSON.stringify(receipt, null, random() < 0.5 ? 2 : undefined);
  // Sometimes a duplicate member, which only the text can carry.
  if (random() < 0.15) {
    text = text.replace(
      '"verification_status"',
      '"verification_status":"verified","verification_status"',
    );
    applied.push('duplicate member');
  }
  return { description: applied.join(' + ') || 'untouched', text, id };
}

/** What must agree across paths: the verdict and the failed rule ids. */
function outcome(report: Report): { verdict: string; failed: string[] } {
  return {
    verdict: report.verdict,
    failed: report.checks
      .filter((c) => c.status === 'fail')
      .map((c) => c.rule)
      .sort(),
  };
}

async function only(inputs: InputDocument[]): Promise<Report> {
  const { results } = await verifyAll(inputs, { now: NOW });
  expect(results).toHaveLength(1);
  return results[0]!.report;
}

/** A one-step workflow whose step is this receipt; its root is SHA-256 of the id (spec §3.3). */
function workflowFor(id: string): string {
  const root = createHash('sha256').update(id, 'utf8').digest('hex');
  return JSON.stringify({
    type: 'verifiable-workflow-receipt',
    version: '1',
    workflow_id: '42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
    receipt_id: '442243d2-9c32-53f7-817e-2def28fa5b07',
    session_id: 'one-verdict',
    goal: 'check one receipt',
    status: 'ok',
    output_hash: '0'.repeat(64),
    verify_url: 'https://zambo.dev/workflow/42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
    steps: [
      {
        seq: 1,
        receipt_id: id,
        tool: 'live_price',
        receipt_hash: '1'.repeat(64),
        started_at: '2026-09-27T09:00:00.000Z',
        ended_at: '2026-09-27T09:00:00.100Z',
        status: 'ok',
      },
    ],
    merkle_root: root,
  });
}

describe('the same bytes get the same verdict on every path', () => {
  it(`alone, as a batch member, as a supplied step receipt and from a share link (${CASES} generated receipts)`, async () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= CASES; seed++) {
      const { description, text, id } = generate(seed);
      const label = `case ${seed} (${description})`;
      const alone = outcome(await only([{ name: 'receipt.json', text }]));
      seen.add(alone.verdict);

      const batch = await only([
        { name: 'batch.json', text: `[${JSON.stringify(MINIMAL_RECEIPT)},${text}]` },
      ]);
      expect(outcome(batch.children![1]!), `${label}: batch member`).toEqual(alone);

      const link = decodeSharePayload(
        encodeSharePayload({ main: { name: 'receipt.json', text }, supplied: [] }),
      );
      if (!link.ok) throw new Error(`share link did not decode: ${link.problem.kind}`);
      const shared = await only([link.input.main, ...link.input.supplied]);
      expect(outcome(shared), `${label}: share link`).toEqual(alone);

      // As a step receipt, dropped together with its workflow (when its id links it).
      if (!/^[0-9a-f-]{36}$/.test(id) || !text.includes(`"${id}"`)) continue;
      const workflow = await only([
        { name: 'workflow.json', text: workflowFor(id) },
        { name: 'receipt.json', text },
      ]);
      const details = workflow.details;
      if (details?.type !== 'workflow') throw new Error(`${label}: not a workflow report`);
      const link1 = details.steps[0]?.receipt;
      expect(link1, `${label}: step receipt linked`).toBeDefined();
      expect(
        { verdict: link1!.verdict, failed: [...link1!.failedRules].sort() },
        `${label}: step receipt`,
      ).toEqual(alone);
      // The step receipt's failure is the workflow's: evidence_linkage fails with it.
      expect(workflow.dimensions.evidence_linkage.status === 'fail', label).toBe(
        alone.verdict === 'failed',
      );
    }
    // The generator reached every verdict, so the agreement above is not vacuous.
    expect([...seen].sort()).toEqual(['failed', 'incomplete', 'verified']);
  });
});
