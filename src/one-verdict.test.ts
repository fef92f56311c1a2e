/**
 * One verdict for the same bytes, whichever way they arrive (issue: one pipeline), and whatever
 * else they carry (issue 30).
 *
 * - Generated receipts — valid ones and ones tampered in one or two ways — are verified alone,
 *   as a batch member, as a workflow's supplied step receipt and through a decoded share link;
 *   every path must give the same verdict and the same failing rule ids.
 * - Adding the members of another kind never turns a failure into a pass: documents of each
 *   kind, and the objects inside them that are verified as a kind of their own (a wrapper's
 *   receipt, a timeline's entries as an array, JSON Lines or a {timeline} object, a workflow's
 *   supplied step receipt), each broken in one of several ways, get the members of every other
 *   kind (valid ones, none replacing a member already there); the result must still fail. Read
 *   as one kind alone, such an object would leave the other kind's commitments unchecked.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify, verifyAll, type InputDocument, type Report } from './core';
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

      // Supplied beside an untouched copy of the same receipt, in either order (issue 30): the
      // same outcome both ways, and a failure unless the two verify alike.
      const untouched = { name: 'a-copy.json', text: JSON.stringify({ ...MINIMAL_RECEIPT, id }) };
      const generated = { name: 'b-copy.json', text };
      const workflowInput = { name: 'workflow.json', text: workflowFor(id) };
      const orders = await Promise.all([
        verify(workflowInput, [untouched, generated], { now: NOW }),
        verify(workflowInput, [generated, untouched], { now: NOW }),
      ]);
      expect(outcome(orders[1]!), `${label}: copies in either order`).toEqual(outcome(orders[0]!));
      if (alone.verdict !== 'verified' || alone.failed.length > 0)
        expect(orders[0]!.verdict, `${label}: copies that verify differently`).toBe('failed');
    }
    // The generator reached every verdict, so the agreement above is not vacuous.
    expect([...seen].sort()).toEqual(['failed', 'incomplete', 'verified']);
  });
});

// ---- Adding the members of another kind never turns a failure into a pass (issue 30) ----------

type Json = Record<string, unknown>;

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const flipLast = (text: string): string => text.replace(/.$/, (c) => (c === '0' ? '1' : '0'));

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
      output_hash: sha256Hex(bytes),
      prev_digest: prev,
      provenance_class: entry.provenance_class,
      seq: entry.seq,
      tool: entry.tool,
    };
    prev = sha256Hex(JSON.stringify(input));
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
function twoStepWorkflow(): Json {
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

const receipt = (): Json => clone(MINIMAL_RECEIPT) as Json;
const cloudEvent = (): Json => ({
  specversion: '1.0',
  id: 'event-1',
  source: '/tools/live_price',
  type: 'dev.zambo.aer1.receipt.v1',
  data: receipt(),
});

/** Ways to break a receipt that keep it recognisable as one and keep its id (so it links). */
const RECEIPT_BREAKS: ((r: Json) => void)[] = [
  (r) => (r.output_hash = flipLast(String(r.output_hash))),
  (r) => (r.canonical_bytes = 'not base64!'),
  (r) => (r.verification_status = 'pending'),
];
const TIMELINE_ENTRY_BREAKS: ((t: Json[]) => void)[] = [
  (t) => (t[1]!.prev_digest = '1'.repeat(64)),
  (t) => (t[1]!.canonical_bytes = 'eyJlbnRyeSI6OX0='),
  (t) => (t[0]!.seq = 2),
];

/** The documents whose members are added, by what they are. */
interface Donor {
  kind: string;
  valid: () => Json;
  /** Ways to break it, so that a broken donor is tried too. */
  breaks: ((doc: Json) => void)[];
}

const DONORS: Donor[] = [
  { kind: 'receipt', valid: receipt, breaks: RECEIPT_BREAKS },
  {
    kind: 'wrapped receipt',
    valid: () => ({ envelope: { receipt: receipt() } }),
    breaks: [
      (w) => delete ((w.envelope as Json).receipt as Json).tool,
      (w) => RECEIPT_BREAKS[0]!((w.envelope as Json).receipt as Json),
    ],
  },
  {
    kind: 'workflow',
    valid: twoStepWorkflow,
    breaks: [(w) => (w.merkle_root = '0'.repeat(64)), (w) => ((w.steps as Json[])[1]!.seq = 3)],
  },
  {
    kind: 'timeline',
    valid: timelineWithCommitment,
    breaks: [
      (t) => ((t.timeline as Json[])[1]!.prev_digest = '1'.repeat(64)),
      (t) => ((t.commitment as Json).entry_count = 4),
    ],
  },
  {
    kind: 'commitment',
    valid: () => timelineWithCommitment().commitment,
    breaks: [(c) => (c.final_entry_digest = String(c.final_entry_digest).toUpperCase())],
  },
  {
    kind: 'Nostr event',
    valid: () => clone(NOSTR_EVENT),
    breaks: [(e) => (e.sig = flipLast(String(e.sig)))],
  },
];

/**
 * A document of one kind and the object in it whose members are added: the document itself, or
 * an object inside it that is verified as a kind (or part of one) of its own.
 */
interface Target<D> {
  name: string;
  /** What that object is verified as: a donor of the same kind adds nothing to try. */
  reads: string;
  valid: () => D;
  /** Ways to break the document; each must fail it alone. */
  breaks: ((doc: D) => void)[];
  /** The object the members are added to. */
  at: (doc: D, random: () => number) => Json;
  /** The reports that must fail (the document's, or the workflow's on every path). */
  reports: (doc: D, seed: number) => Promise<Report[]>;
}

const NOW_30 = Date.parse('2026-11-01T00:00:00Z');

/** The document verified alone; half the cases indented, so compact objects are exercised too. */
async function alone(doc: unknown, seed: number): Promise<Report[]> {
  const text = JSON.stringify(doc, null, seed % 2 === 0 ? 2 : undefined);
  return [await verify({ name: 'document.json', text }, [], { now: NOW_30 })];
}

/** A timeline given as JSON Lines, one entry a line. */
async function asJsonLines(entries: Json[]): Promise<Report[]> {
  const text = entries.map((entry) => JSON.stringify(entry)).join('\n') + '\n';
  return [await verify({ name: 'timeline.jsonl', text }, [], { now: NOW_30 })];
}

/**
 * The workflow whose step 1 is this receipt, with the receipt supplied (as --supply does) and
 * dropped together (as the app and --group do): the workflow's report on both paths.
 */
async function asStepReceipt(doc: Json, seed: number): Promise<Report[]> {
  const workflow = { name: 'workflow.json', text: workflowFor(MINIMAL_RECEIPT.id) };
  const step = {
    name: 'step.json',
    text: JSON.stringify(doc, null, seed % 2 === 0 ? 2 : undefined),
  };
  const supplied = await verify(workflow, [step], { now: NOW_30 });
  const { results } = await verifyAll([workflow, step], { now: NOW_30 });
  const dropped = results.find((r) => r.main.name === 'workflow.json')!.report;
  return [supplied, dropped];
}

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)]!;

/* eslint-disable @typescript-eslint/no-explicit-any -- each target is typed by its own document */
const TARGETS: Target<any>[] = [
  {
    name: 'receipt',
    reads: 'receipt',
    valid: receipt,
    breaks: [...RECEIPT_BREAKS, (r: Json) => (r.id = String(r.id).toUpperCase())],
    at: (doc: Json) => doc,
    reports: alone,
  } satisfies Target<Json>,
  {
    name: 'wrapped receipt',
    reads: 'wrapped receipt',
    valid: () => ({ envelope: { receipt: receipt() } }),
    breaks: [
      ...RECEIPT_BREAKS.map((b) => (w: Json) => b((w.envelope as Json).receipt as Json)),
      (w: Json) => delete ((w.envelope as Json).receipt as Json).tool,
    ],
    at: (doc: Json) => doc,
    reports: alone,
  } satisfies Target<Json>,
  {
    name: "wrapped receipt's receipt",
    reads: 'receipt',
    valid: () => ({ envelope: { receipt: receipt() } }),
    breaks: RECEIPT_BREAKS.map((b) => (w: Json) => b((w.envelope as Json).receipt as Json)),
    at: (doc: Json) => (doc.envelope as Json).receipt as Json,
    reports: alone,
  } satisfies Target<Json>,
  {
    name: "CloudEvent's data",
    reads: 'receipt',
    valid: cloudEvent,
    breaks: RECEIPT_BREAKS.map((b) => (e: Json) => b(e.data as Json)),
    at: (doc: Json) => doc.data as Json,
    reports: alone,
  } satisfies Target<Json>,
  {
    name: "EventBridge event's detail.data",
    reads: 'receipt',
    valid: () => ({ version: '0', id: 'eb-1', source: 'dev.zambo.aer1', detail: cloudEvent() }),
    breaks: RECEIPT_BREAKS.map((b) => (e: Json) => b((e.detail as Json).data as Json)),
    at: (doc: Json) => (doc.detail as Json).data as Json,
    reports: alone,
  } satisfies Target<Json>,
  {
    name: 'workflow',
    reads: 'workflow',
    valid: twoStepWorkflow,
    breaks: [
      (w: Json) => (w.merkle_root = '0'.repeat(64)),
      (w: Json) => ((w.steps as Json[])[1]!.seq = 3),
      (w: Json) => ((w.steps as Json[])[0]!.receipt_id = 'a090bdad-f2cf-48c9-bc89-e9e17700fb15'),
    ],
    at: (doc: Json) => doc,
    reports: alone,
  } satisfies Target<Json>,
  {
    name: 'timeline ({timeline, commitment})',
    reads: 'timeline',
    valid: timelineWithCommitment,
    breaks: [
      ...TIMELINE_ENTRY_BREAKS.map((b) => (t: Json) => b(t.timeline as Json[])),
      (t: Json) => ((t.commitment as Json).entry_count = 4),
    ],
    at: (doc: Json) => doc,
    reports: alone,
  } satisfies Target<Json>,
  {
    name: 'entry of a {timeline, commitment} object',
    reads: 'entry',
    valid: timelineWithCommitment,
    breaks: TIMELINE_ENTRY_BREAKS.map((b) => (t: Json) => b(t.timeline as Json[])),
    at: (doc: Json, random: () => number) => pick(doc.timeline as Json[], random),
    reports: alone,
  } satisfies Target<Json>,
  {
    name: 'embedded commitment',
    reads: 'commitment',
    valid: timelineWithCommitment,
    breaks: TIMELINE_ENTRY_BREAKS.map((b) => (t: Json) => b(t.timeline as Json[])),
    at: (doc: Json) => doc.commitment as Json,
    reports: alone,
  } satisfies Target<Json>,
  {
    name: 'entry of a timeline array',
    reads: 'entry',
    valid: () => timelineWithCommitment().timeline,
    breaks: TIMELINE_ENTRY_BREAKS,
    at: (doc: Json[], random: () => number) => pick(doc, random),
    reports: alone,
  } satisfies Target<Json[]>,
  {
    name: 'entry of a JSON Lines timeline',
    reads: 'entry',
    valid: () => timelineWithCommitment().timeline,
    breaks: TIMELINE_ENTRY_BREAKS,
    at: (doc: Json[], random: () => number) => pick(doc, random),
    reports: asJsonLines,
  } satisfies Target<Json[]>,
  {
    name: 'Nostr event',
    reads: 'Nostr event',
    valid: () => clone(NOSTR_EVENT),
    breaks: [
      (e: Json) => (e.content = `${String(e.content)} `),
      (e: Json) => (e.sig = flipLast(String(e.sig))),
    ],
    at: (doc: Json) => doc,
    reports: alone,
  } satisfies Target<Json>,
  {
    name: "workflow's supplied step receipt",
    reads: 'receipt',
    valid: receipt,
    breaks: RECEIPT_BREAKS,
    at: (doc: Json) => doc,
    reports: asStepReceipt,
  } satisfies Target<Json>,
];
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Adds to `object` every member of `donor` it does not already have. */
function addMembers(object: Json, donor: Json): void {
  for (const [name, value] of Object.entries(donor)) if (!(name in object)) object[name] = value;
}

describe('the members of another kind never turn a failure into a pass', () => {
  it('each target and each donor alone: valid verifies, every break fails (so the property is not vacuous)', async () => {
    for (const target of TARGETS) {
      for (const report of await target.reports(target.valid(), 0))
        expect(report.verdict, `${target.name} valid`).toBe('verified');
      for (const [i, breakIt] of target.breaks.entries()) {
        const doc = target.valid();
        breakIt(doc);
        for (const report of await target.reports(doc, 0))
          expect(report.verdict, `${target.name} break ${i}`).toBe('failed');
      }
    }
    for (const donor of DONORS) {
      // (A commitment alone is incomplete: it binds no timeline here.)
      expect((await alone(donor.valid(), 0))[0]!.verdict, `${donor.kind} valid`).not.toBe('failed');
      for (const [i, breakIt] of donor.breaks.entries()) {
        const doc = donor.valid();
        breakIt(doc);
        expect((await alone(doc, 0))[0]!.verdict, `${donor.kind} break ${i}`).toBe('failed');
      }
    }
  });

  it('for every target and every other kind, either of them broken (generated)', async () => {
    const random = prng(30);
    let cases = 0;
    for (const target of TARGETS) {
      for (const donor of DONORS) {
        if (donor.kind === target.reads) continue;
        // The target broken (the donor valid, or now and then broken too), then the target
        // valid and the donor broken: a broken document's members put where another kind is
        // verified (a workflow with a zero root inside a wrapper's receipt) must fail as well.
        const tamperings: { label: string; target?: number; donor?: number }[] = [
          ...target.breaks.map((_, i) => ({
            label: `${target.name} (break ${i}) + members of a ${donor.kind}`,
            target: i,
            ...(random() < 0.3 ? { donor: Math.floor(random() * donor.breaks.length) } : {}),
          })),
          ...donor.breaks.map((_, j) => ({
            label: `${target.name} + members of a ${donor.kind} (break ${j})`,
            donor: j,
          })),
        ];
        for (const tampering of tamperings) {
          const doc = target.valid();
          if (tampering.target !== undefined) target.breaks[tampering.target]!(doc);
          const members = donor.valid();
          if (tampering.donor !== undefined) donor.breaks[tampering.donor]!(members);
          const object = target.at(doc, random);
          addMembers(object, members);
          // Now and then a second kind's members as well.
          const second = pick(DONORS, random);
          if (second !== donor && second.kind !== target.reads && random() < 0.3)
            addMembers(object, second.valid());
          for (const report of await target.reports(doc, cases++)) {
            expect(report.verdict, tampering.label).toBe('failed');
            expect(
              report.checks.some((c) => c.status === 'fail'),
              tampering.label,
            ).toBe(true);
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(250);
  });
});
