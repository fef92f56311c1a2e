/**
 * Samples offered in the menu and by `?sample=<id>`. Bundled into the app (no fetch), so they
 * work offline and on any static host; each sample's documents are a chunk of their own, loaded
 * when it is chosen, so the page carries only the names until then. Regenerate with
 * `npx tsx scripts/make-samples.ts`.
 */

/** A sample's documents, as bundled. */
export interface SampleContent {
  text: string;
  /** The main document when it is binary: its bytes travel as base64 text in the bundle. */
  main?: { name: string; base64: string };
  /** Documents supplied with it (step receipts, evidence, events, proofs). */
  supplied?: { name: string; text?: string; base64?: string }[];
}

export interface Sample {
  id: string;
  label: string;
  description: string;
  load: () => Promise<SampleContent>;
}

type RawModule = Promise<{ default: string }>;

async function raw(module: RawModule): Promise<string> {
  return (await module).default;
}

/** Header of Bitcoin block 358391, which the hello-world proof attests (fixtures README). */
const BLOCK_358391_HEADER =
  '02000000b96394585a281b7e5f438fd1c9ed492645a1fd61cb3802040000000000000000007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a1e376755f58616186272def6';

const workflow = () => raw(import('./workflow.json?raw'));

async function workflowWithSteps(): Promise<SampleContent> {
  const [text, steps] = await Promise.all([
    workflow(),
    raw(import('./workflow-step-receipts.json?raw')),
  ]);
  const supplied = (JSON.parse(steps) as { id: string }[]).map((receipt, i) => ({
    name: `step-${i + 1}-receipt.json`,
    text: JSON.stringify(receipt, null, 2),
  }));
  return { text, supplied };
}

async function nostrAnchor(): Promise<SampleContent> {
  const [text, event] = await Promise.all([
    raw(import('./nostr-anchored-receipt.json?raw')),
    raw(import('./nostr-anchor-event.json?raw')),
  ]);
  return { text, supplied: [{ name: 'nostr-event.json', text: event }] };
}

async function otsHelloWorld(): Promise<SampleContent> {
  const [proof, file] = await Promise.all([
    raw(import('./hello-world.txt.ots.b64?raw')),
    raw(import('./hello-world.txt?raw')),
  ]);
  return {
    text: '',
    main: { name: 'hello-world.txt.ots', base64: proof.trim() },
    supplied: [
      { name: 'hello-world.txt', text: file },
      { name: 'block-358391-header.txt', text: BLOCK_358391_HEADER },
    ],
  };
}

const textOnly = (text: () => Promise<string>) => async (): Promise<SampleContent> => ({
  text: await text(),
});

export const SAMPLES: Sample[] = [
  {
    id: 'valid-receipt',
    label: 'Valid receipt',
    description: 'The reference kit’s minimal receipt (spec §2.5): verifies.',
    load: textOnly(() => raw(import('./valid-receipt.json?raw'))),
  },
  {
    id: 'tampered-receipt',
    label: 'Tampered receipt',
    description:
      'The same receipt with the price inside canonical_bytes changed: the digest no longer matches.',
    load: textOnly(() => raw(import('./tampered-receipt.json?raw'))),
  },
  {
    id: 'workflow',
    label: 'Workflow receipt',
    description: 'The draft’s five-step workflow (spec §3.4): the Merkle root matches.',
    load: textOnly(workflow),
  },
  {
    id: 'workflow-with-steps',
    label: 'Workflow with step receipts',
    description:
      'The same workflow with a per-call receipt for each step: each step shows its receipt’s verdict.',
    load: workflowWithSteps,
  },
  {
    id: 'workflow-tampered',
    label: 'Tampered workflow',
    description: 'Step 3’s receipt_id changed: the recomputed root no longer equals merkle_root.',
    load: textOnly(() => raw(import('./workflow-tampered.json?raw'))),
  },
  {
    id: 'timeline',
    label: 'Job timeline with commitment',
    description: 'The five-entry hash chain of spec §4.7 with its external commitment.',
    load: textOnly(() => raw(import('./timeline.json?raw'))),
  },
  {
    id: 'timeline-relabelled',
    label: 'Relabelled timeline',
    description:
      'Entry 3’s (seq 3) provenance changed to EXECUTED BY: the link into entry 4 breaks.',
    load: textOnly(() => raw(import('./timeline-relabelled.json?raw'))),
  },
  {
    id: 'nostr-anchor',
    label: 'Receipt with a Nostr anchor',
    description: 'A receipt anchored by a signed Nostr event (test key), with the event supplied.',
    load: nostrAnchor,
  },
  {
    id: 'ots-hello-world',
    label: 'OpenTimestamps proof (Bitcoin)',
    description:
      'The OpenTimestamps hello-world proof with its file and the header of block 358391.',
    load: otsHelloWorld,
  },
];

export function findSample(id: string | undefined): Sample | undefined {
  return SAMPLES.find((s) => s.id === id);
}
