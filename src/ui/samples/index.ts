/**
 * Samples offered in the menu and by `?sample=<id>`. Bundled into the app (no fetch), so they
 * work offline and on any static host. Regenerate with `npx tsx scripts/make-samples.ts`.
 */
import helloWorldText from './hello-world.txt?raw';
import helloWorldProof from './hello-world.txt.ots.b64?raw';
import nostrEvent from './nostr-anchor-event.json?raw';
import nostrReceipt from './nostr-anchored-receipt.json?raw';
import tamperedReceipt from './tampered-receipt.json?raw';
import timelineRelabelled from './timeline-relabelled.json?raw';
import timeline from './timeline.json?raw';
import validReceipt from './valid-receipt.json?raw';
import stepReceipts from './workflow-step-receipts.json?raw';
import workflowTampered from './workflow-tampered.json?raw';
import workflow from './workflow.json?raw';

export interface Sample {
  id: string;
  label: string;
  description: string;
  text: string;
  /** Documents supplied with it (step receipts, evidence, events, proofs). */
  supplied?: { name: string; text?: string; base64?: string }[];
}

/** Header of Bitcoin block 358391, which the hello-world proof attests (fixtures README). */
const BLOCK_358391_HEADER =
  '02000000b96394585a281b7e5f438fd1c9ed492645a1fd61cb3802040000000000000000007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a1e376755f58616186272def6';

const stepReceiptDocs = (JSON.parse(stepReceipts) as { id: string }[]).map((receipt, i) => ({
  name: `step-${i + 1}-receipt.json`,
  text: JSON.stringify(receipt, null, 2),
}));

export const SAMPLES: Sample[] = [
  {
    id: 'valid-receipt',
    label: 'Valid receipt',
    description: 'The reference kit’s minimal receipt (spec §2.5): verifies.',
    text: validReceipt,
  },
  {
    id: 'tampered-receipt',
    label: 'Tampered receipt',
    description:
      'The same receipt with the price inside canonical_bytes changed: the digest no longer matches.',
    text: tamperedReceipt,
  },
  {
    id: 'workflow',
    label: 'Workflow receipt',
    description: 'The draft’s five-step workflow (spec §3.4): the Merkle root matches.',
    text: workflow,
  },
  {
    id: 'workflow-with-steps',
    label: 'Workflow with step receipts',
    description:
      'The same workflow with a per-call receipt for each step: each step shows its receipt’s verdict.',
    text: workflow,
    supplied: stepReceiptDocs,
  },
  {
    id: 'workflow-tampered',
    label: 'Tampered workflow',
    description: 'Step 3’s receipt_id changed: the recomputed root no longer equals merkle_root.',
    text: workflowTampered,
  },
  {
    id: 'timeline',
    label: 'Job timeline with commitment',
    description: 'The five-entry hash chain of spec §4.7 with its external commitment.',
    text: timeline,
  },
  {
    id: 'timeline-relabelled',
    label: 'Relabelled timeline',
    description:
      'Entry 3’s (seq 3) provenance changed to EXECUTED BY: the link into entry 4 breaks.',
    text: timelineRelabelled,
  },
  {
    id: 'nostr-anchor',
    label: 'Receipt with a Nostr anchor',
    description: 'A receipt anchored by a signed Nostr event (test key), with the event supplied.',
    text: nostrReceipt,
    supplied: [{ name: 'nostr-event.json', text: nostrEvent }],
  },
  {
    id: 'ots-hello-world',
    label: 'OpenTimestamps proof (Bitcoin)',
    description:
      'The OpenTimestamps hello-world proof with its file and the header of block 358391.',
    text: '',
    supplied: [
      { name: 'hello-world.txt', text: helloWorldText },
      { name: 'block-358391-header.txt', text: BLOCK_358391_HEADER },
    ],
  },
];

/** Binary samples travel as base64 text in the bundle. */
export const SAMPLE_MAIN_BYTES: Record<string, { name: string; base64: string }> = {
  'ots-hello-world': { name: 'hello-world.txt.ots', base64: helloWorldProof.trim() },
};

export function findSample(id: string | undefined): Sample | undefined {
  return SAMPLES.find((s) => s.id === id);
}
