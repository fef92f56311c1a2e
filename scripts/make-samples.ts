/**
 * Writes the sample documents offered in the app's Samples menu (src/ui/samples/), from the
 * spec's worked examples (shared/spec/aer1.md §3.4, §4.7) and fixtures. Deterministic: run
 * `npx tsx scripts/make-samples.ts` and commit the result (`--out <folder>` writes elsewhere;
 * test/generators.test.ts uses it to check the committed samples).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';

const outIndex = process.argv.indexOf('--out');
// Always ends in '/': file names are appended to it.
const out = `${outIndex > 0 ? (process.argv[outIndex + 1] ?? '.') : 'src/ui/samples'}/`;
const write = (name: string, value: unknown) =>
  writeFileSync(out + name, JSON.stringify(value, null, 2) + '\n');
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

// §3.4 worked example.
const workflowSteps = [
  [
    'e80168eb-a6a1-4ec9-8478-ac108f9397ff',
    '11c3a071051a42cbf5cf4da60a7577b1dffeb0419e6dd8a258b19c4c0d0d108e',
    '2026-09-29T10:57:40.911Z',
    '2026-09-29T10:57:41.147Z',
  ],
  [
    '514fe841-bbdd-4804-9ef4-6828842d8763',
    '68e3bcad3f46218672fd7ef7bf32f4a7089937dda2b8ade3cfe1050cec856285',
    '2026-09-29T10:57:42.920Z',
    '2026-09-29T10:57:43.069Z',
  ],
  [
    'a090bdad-f2cf-48c9-bc89-e9e17700fb15',
    '3da48b2d392fb79ed78f7ed0cc8e6c122fc1089947ff6d7f829748d7745840dd',
    '2026-09-29T10:57:45.415Z',
    '2026-09-29T10:57:45.564Z',
  ],
  [
    'bf88a036-416b-456a-8e82-8c0991811d68',
    '0f024f209392b918909df5478aadd3a9189520d74cfdf78e2ccf51b9f075f926',
    '2026-09-29T10:57:48.459Z',
    '2026-09-29T10:57:48.605Z',
  ],
  [
    'ae795bf0-27f8-4cf2-8aef-3f8142b77217',
    'f52d9c03605047ad0ac347e5e9cbc0e2e197a009d8ee5c7d775f86f360eca963',
    '2026-09-29T10:57:55.227Z',
    '2026-09-29T10:57:55.434Z',
  ],
] as const;
const workflow = {
  type: 'verifiable-workflow-receipt',
  version: '1',
  workflow_id: '42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
  receipt_id: '442243d2-9c32-53f7-817e-2def28fa5b07',
  session_id: 'receipt-test-001',
  goal: 'get BTC price',
  status: 'ok',
  output_hash: '16566e46433dd9a00e4437873102531be71fbae3872db8888b7ddc9282d90f54',
  verify_url: 'https://zambo.dev/workflow/42a3c2cf-2cdd-5b8a-aced-016e5a2fb634',
  steps: workflowSteps.map(([receipt_id, receipt_hash, started_at, ended_at], i) => ({
    seq: i + 1,
    receipt_id,
    tool: 'zambo_universal',
    receipt_hash,
    started_at,
    ended_at,
    status: 'ok',
  })),
  merkle_root: '7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37',
};
write('workflow.json', workflow);
const tamperedWorkflow = structuredClone(workflow);
tamperedWorkflow.steps[2]!.receipt_id = 'a090bdad-f2cf-48c9-bc89-e9e17700fb16';
write('workflow-tampered.json', tamperedWorkflow);

// Per-call receipts for the workflow's steps (illustrative payloads, real digests).
const stepReceipts = workflowSteps.map(([id, , started], i) => {
  const payload = Buffer.from(
    JSON.stringify({ inputs: { step: i + 1 }, outputs: { ok: true }, tool: 'zambo_universal' }),
  );
  return {
    id,
    receipt_schema_version: '0.3',
    created_at: started,
    tool: { name: 'zambo_universal', version: '1.0.0', scope: 'public' },
    provenance_class: 'EXECUTED BY ZAMBO',
    canonical_bytes: payload.toString('base64'),
    output_hash: 'sha256:' + sha256(payload),
    verification_status: 'verified',
  };
});
write('workflow-step-receipts.json', stepReceipts);

// §4.7 worked example.
const entries = [0, 1, 2, 3, 4].map((k) => ({
  id: `r-job-7a1f-${k}`,
  job_id: 'job-7a1f',
  seq: k + 1,
  tool: 'price_lookup',
  provenance_class: 'LOGGED BY AGENT',
  canonical_bytes: Buffer.from(`{"job":"job-7a1f","entry":${k},"tag":"r"}`).toString('base64'),
  prev_digest: '',
  ...(k === 4 ? { close: true } : {}),
}));
const digests = [
  '380d45c6575bdb648e5723adee5a049ff212574d4c6d5dd8ad4cabcc54b6aa56',
  'c225aa2256e7984575f5a664b690f2b06c86abddc528def6164fb1bbb0aa4cba',
  '4c56c96378cea5939ad61d082fff24d075649ca888b0c61308307d14034a204a',
  '5dd618b1b3b904a92261bb747f8c4511b0882e1454fc41f20a59fa5bd0ded778',
];
entries.forEach((e, k) => (e.prev_digest = k === 0 ? '0'.repeat(64) : (digests[k - 1] as string)));
const commitment = {
  job_id: 'job-7a1f',
  final_entry_digest: '79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0',
  entry_count: 5,
  published_at: '2026-10-01T18:30:00Z',
};
write('timeline.json', { timeline: entries, commitment });
const relabelled = structuredClone(entries);
relabelled[2]!.provenance_class = 'EXECUTED BY ZAMBO';
write('timeline-relabelled.json', relabelled);

// Anchors: the Nostr fixture and the OpenTimestamps hello-world proof with its block header.
copyFileSync(
  'src/core/anchor/vectors/nostr-anchored-receipt.json',
  out + 'nostr-anchored-receipt.json',
);
copyFileSync('src/core/anchor/vectors/nostr-anchor-event.json', out + 'nostr-anchor-event.json');
writeFileSync(
  out + 'hello-world.txt.ots.b64',
  readFileSync('src/core/anchor/ots/vectors/hello-world.txt.ots').toString('base64') + '\n',
);
writeFileSync(out + 'hello-world.txt', readFileSync('src/core/anchor/ots/vectors/hello-world.txt'));
console.log('samples written to', out);
