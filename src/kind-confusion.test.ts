/**
 * Adding the members of another kind never turns a failure into a pass (issue 30). Documents of
 * each object kind, each broken in one of several ways, get the members of every other kind
 * (valid ones, none replacing a member the document already has); the result must still fail.
 * Read as one kind alone, such an object would leave the other kind's commitments unchecked.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify, type Report } from './core';
import { MINIMAL_RECEIPT } from '../test/support/minimal-receipt';
import { prng } from '../test/support/prng';

const NOW = Date.parse('2026-11-01T00:00:00Z');
type Json = Record<string, unknown>;

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A valid job timeline of three entries and its commitment (spec §4.2, §4.5), ASCII only. */
function timelineWithCommitment(): { timeline: Json[]; commitment: Json } {
  const timeline: Json[] = [];
  let prev = '0'.repeat(64);
  for (let k = 0; k < 3; k++) {
    const bytes = `{"entry":${k}}`;
    const entry: Json = {
      id: `r-${k}`,
      job_id: 'job-k',
      seq: k + 1,
      tool: 'price_lookup',
      provenance_class: 'LOGGED BY AGENT',
      canonical_bytes: Buffer.from(bytes).toString('base64'),
      prev_digest: prev,
      ...(k === 2 ? { close: true } : {}),
    };
    // Keys sorted by code point, no whitespace: for ASCII this is the reference encoder's text.
    const input = {
      close: k === 2,
      id: entry.id,
      job_id: entry.job_id,
      output_hash: sha256(bytes),
      prev_digest: prev,
      provenance_class: entry.provenance_class,
      seq: entry.seq,
      tool: entry.tool,
    };
    prev = sha256(JSON.stringify(input));
    timeline.push(entry);
  }
  return {
    timeline,
    commitment: {
      job_id: 'job-k',
      final_entry_digest: prev,
      entry_count: 3,
      published_at: '2026-10-01T18:30:00Z',
    },
  };
}

/** A valid workflow receipt of two steps (receipt-id-v0 root, spec §3.3). */
function workflow(): Json {
  const ids = ['e80168eb-a6a1-4ec9-8478-ac108f9397ff', '514fe841-bbdd-4804-9ef4-6828842d8763'];
  const leaf = (id: string): Buffer => createHash('sha256').update(id, 'utf8').digest();
  const root = createHash('sha256')
    .update(Buffer.concat(ids.map(leaf)))
    .digest('hex');
  return {
    type: 'verifiable-workflow-receipt',
    version: '1',
    workflow_id: '42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
    receipt_id: '442243d2-9c32-53f7-817e-2def28fa5b07',
    session_id: 'kind-confusion',
    goal: 'get BTC price',
    status: 'ok',
    output_hash: '0'.repeat(64),
    verify_url: 'https://zambo.dev/workflow/42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
    steps: ids.map((receipt_id, i) => ({
      seq: i + 1,
      receipt_id,
      tool: 'zambo_universal',
      receipt_hash: '1'.repeat(64),
      started_at: `2026-09-29T10:57:4${i}.000Z`,
      ended_at: `2026-09-29T10:57:4${i}.500Z`,
      status: 'ok',
    })),
    merkle_root: root,
  };
}

const NOSTR_EVENT = JSON.parse(
  readFileSync(new URL('./core/anchor/vectors/nostr-anchor-event.json', import.meta.url), 'utf8'),
) as Json;

const flipLast = (text: string): string => text.replace(/.$/, (c) => (c === '0' ? '1' : '0'));

interface Kind {
  name: string;
  valid: () => Json;
  /** Ways to break a document of this kind; each must fail it alone. */
  breaks: ((doc: Json) => void)[];
}

const KINDS: Kind[] = [
  {
    name: 'receipt',
    valid: () => clone(MINIMAL_RECEIPT) as Json,
    breaks: [
      (r) => (r.output_hash = flipLast(String(r.output_hash))),
      (r) => (r.canonical_bytes = 'not base64!'),
      (r) => (r.id = String(r.id).toUpperCase()),
      (r) => (r.verification_status = 'pending'),
    ],
  },
  {
    name: 'wrapped receipt',
    valid: () => ({ envelope: { receipt: clone(MINIMAL_RECEIPT) } }),
    breaks: [
      (w) => {
        const receipt = (w.envelope as Json).receipt as Json;
        receipt.output_hash = flipLast(String(receipt.output_hash));
      },
      (w) => delete ((w.envelope as Json).receipt as Json).tool,
    ],
  },
  {
    name: 'workflow',
    valid: workflow,
    breaks: [
      (w) => (w.merkle_root = '0'.repeat(64)),
      (w) => (((w.steps as Json[])[1] as Json).seq = 3),
      (w) => (((w.steps as Json[])[0] as Json).receipt_id = 'a090bdad-f2cf-48c9-bc89-e9e17700fb15'),
    ],
  },
  {
    name: 'timeline',
    valid: () => timelineWithCommitment(),
    breaks: [
      (t) => (((t.timeline as Json[])[1] as Json).prev_digest = '1'.repeat(64)),
      (t) => (((t.timeline as Json[])[2] as Json).canonical_bytes = 'eyJlbnRyeSI6OX0='),
      (t) => ((t.commitment as Json).entry_count = 4),
    ],
  },
  {
    name: 'Nostr event',
    valid: () => clone(NOSTR_EVENT),
    breaks: [
      (e) => (e.content = `${String(e.content)} `),
      (e) => (e.sig = flipLast(String(e.sig))),
    ],
  },
];

/** `doc` with every member of `other` it does not already have. */
function withMembersOf(doc: Json, other: Json): Json {
  const out = clone(doc);
  for (const [name, value] of Object.entries(other)) if (!(name in out)) out[name] = value;
  return out;
}

async function verdictOf(doc: Json, seed: number): Promise<Report> {
  // Half the cases indented, so positions over several lines are exercised too.
  const text = JSON.stringify(doc, null, seed % 2 === 0 ? 2 : undefined);
  return verify({ name: 'document.json', text }, [], { now: NOW });
}

describe('the members of another kind never turn a failure into a pass', () => {
  it('each kind alone: valid verifies, every break fails (so the property is not vacuous)', async () => {
    for (const kind of KINDS) {
      const alone = await verdictOf(kind.valid(), 0);
      expect(alone.verdict, `${kind.name} valid`).toBe('verified');
      for (const [i, breakIt] of kind.breaks.entries()) {
        const doc = kind.valid();
        breakIt(doc);
        expect((await verdictOf(doc, 0)).verdict, `${kind.name} break ${i}`).toBe('failed');
      }
    }
  });

  it('for every broken kind and every other kind whose members are added (generated)', async () => {
    const random = prng(30);
    let cases = 0;
    for (const kind of KINDS) {
      for (const [i, breakIt] of kind.breaks.entries()) {
        const broken = kind.valid();
        breakIt(broken);
        for (const other of KINDS) {
          if (other === kind) continue;
          // Sometimes the other kind's document broken too, sometimes two other kinds at once.
          const added = other.valid();
          if (random() < 0.3) other.breaks[Math.floor(random() * other.breaks.length)]!(added);
          let doc = withMembersOf(broken, added);
          const third = KINDS[Math.floor(random() * KINDS.length)]!;
          if (third !== kind && third !== other && random() < 0.3)
            doc = withMembersOf(doc, third.valid());
          const report = await verdictOf(doc, cases++);
          const label = `${kind.name} (break ${i}) + members of ${other.name}`;
          expect(report.verdict, label).toBe('failed');
          expect(
            report.checks.some((c) => c.status === 'fail'),
            label,
          ).toBe(true);
        }
      }
    }
    expect(cases).toBeGreaterThan(40);
  });
});
