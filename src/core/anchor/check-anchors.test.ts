import { createVerifyContext } from '../verify';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { detectDocument } from '../detect';
import { type InputDocument } from '../model/document';
import { hexToBytes } from '../encoding/hex';
import { loadHashing, loadLegacyHashes, type Hashing } from '../hash/sha256';
import { loadSchnorrVerifier } from './nostr/event';
import { loadOtsVerifier } from './ots/verifier';
import { checkAnchorsFor, type AnchoredValue, type CheckAnchorsOptions } from './check-anchors';
import { ANCHORS } from './registry';
import { HEADER_358391, HELLO_WORLD_SHA256 } from '../../../test/support/ots-headers';
import { signEvent } from '../../../test/generators/make-nostr-fixture';

const helloProof = new Uint8Array(
  readFileSync(new URL('./ots/vectors/hello-world.txt.ots', import.meta.url)),
);
const HELLO: AnchoredValue = {
  label: 'workflow merkle_root',
  member: 'workflow.merkle_root',
  bytes: hexToBytes(HELLO_WORLD_SHA256) as Uint8Array,
};
const OTHER: AnchoredValue = {
  label: 'chain final entry digest',
  member: 'timeline.final_entry_digest',
  bytes: new Uint8Array(32).fill(5),
};

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
  // Signatures are checked synchronously once secp256k1 is loaded (verifyAll loads it itself).
  await loadSchnorrVerifier();
  // The Nostr anchor's checks load on demand as well (verifyAll loads them with secp256k1).
  await Promise.all((ANCHORS.nostr.code ?? []).map((code) => code.load()));
  // So are OTS proofs once their checks, SHA-1 and RIPEMD-160 are (verifyAll loads them too).
  await Promise.all([loadLegacyHashes(), loadOtsVerifier()]);
});

function run(
  values: AnchoredValue[],
  supplied: InputDocument[],
  options: CheckAnchorsOptions = {},
) {
  const ctx: VerifyContext = createVerifyContext(hashing, supplied.map(detectDocument), 0);
  const list = new CheckList(undefined);
  const details = checkAnchorsFor(values, ctx, list, options);
  return { details, checks: list.checks, ctx };
}

describe('checkAnchorsFor: supplied proofs and events against any anchored values', () => {
  it('nothing supplied: no checks, no anchors', () => {
    const { details, checks } = run([HELLO], []);
    expect(checks).toEqual([]);
    expect(details).toEqual({ type: 'anchors', anchors: [] });
  });

  it('a workflow root timestamped in Bitcoin, with the block header supplied', () => {
    const { details, checks } = run(
      [HELLO],
      [
        { name: 'root.ots', bytes: helloProof },
        { name: 'block-358391.txt', text: HEADER_358391 },
      ],
    );
    expect(checks.find((c) => c.rule === 'anchor.ots.bitcoin')).toMatchObject({
      status: 'pass',
      message:
        'the proof commits to the merkle root of header 000000000000000003e892881a8cdcdc117c06d444057c98b6f04a9ee75a2319, whose proof of work is about 2^67 hashes (≈ what mining one real block cost in 2014); block 358391 at 2015-05-28T15:41:18Z is claimed by the proof',
      subject: 'root.ots',
    });
    expect(details.anchors[0]).toMatchObject({
      kind: 'ots',
      binds: 'workflow merkle_root',
      bound: ['workflow.merkle_root'],
      bindsRecord: true,
    });
    expect(details.blockHeaders?.[0]).toMatchObject({
      source: 'block-358391.txt',
      hash: '000000000000000003e892881a8cdcdc117c06d444057c98b6f04a9ee75a2319',
    });
  });

  it('a header passed explicitly works the same way', () => {
    const { checks } = run([HELLO], [{ name: 'root.ots', bytes: helloProof }], {
      headers: [hexToBytes(HEADER_358391) as Uint8Array],
    });
    expect(checks.find((c) => c.rule === 'anchor.ots.bitcoin')?.status).toBe('pass');
  });

  it("a proof for another value fails by default, and only informs with unmatched: 'info'", () => {
    const failing = run([OTHER], [{ name: 'root.ots', bytes: helloProof }]);
    expect(failing.checks.find((c) => c.rule === 'anchor.ots.start_digest')?.status).toBe('fail');
    const informing = run([OTHER], [{ name: 'root.ots', bytes: helloProof }], {
      unmatched: 'info',
    });
    expect(informing.checks.some((c) => c.status === 'fail' || c.status === 'pass')).toBe(false);
  });

  it('a Nostr event carrying the value in a tag binds it; id and signature are checked', () => {
    const event = signEvent({
      created_at: 1790000000,
      kind: 1,
      tags: [['x', `sha256:${HELLO_WORLD_SHA256}`]],
      content: 'workflow closed',
    });
    const { details, checks } = run(
      [OTHER, HELLO],
      [{ name: 'event.json', text: JSON.stringify(event) }],
    );
    expect(checks.map((c) => [c.rule, c.status])).toEqual([
      ['anchor.nostr.event.binding', 'pass'],
      ['anchor.nostr.event.id', 'pass'],
      ['anchor.nostr.event.signature', 'pass'],
      ['anchor.nostr.event.created_at', 'info'],
    ]);
    expect(checks[0]?.message).toBe(
      'the event binds this record: its tag "x" carries the workflow merkle_root',
    );
    expect(details.anchors[0]).toMatchObject({
      kind: 'nostr',
      binds: 'workflow merkle_root',
      bound: ['workflow.merkle_root'],
      bindsRecord: true,
      eventId: event.id,
      witnessTime: '2026-09-21T14:13:20Z',
    });
  });

  it('a Nostr event binding nothing fails, and its id/signature only inform', () => {
    const event = signEvent({ created_at: 1, kind: 1, tags: [], content: 'unrelated' });
    const { checks } = run([HELLO], [{ name: 'event.json', text: JSON.stringify(event) }]);
    expect(checks.find((c) => c.rule === 'anchor.nostr.event.binding')).toMatchObject({
      status: 'fail',
      message: 'the event does not bind this record',
    });
    expect(checks.find((c) => c.rule === 'anchor.nostr.event.signature')?.status).toBe('info');
  });

  it('a tampered event that binds the value fails its signature', () => {
    const event = signEvent({ created_at: 1, kind: 1, tags: [], content: HELLO_WORLD_SHA256 });
    const tampered = {
      ...event,
      sig: event.sig.slice(0, -2) + (event.sig.endsWith('00') ? '01' : '00'),
    };
    const { checks } = run([HELLO], [{ name: 'event.json', text: JSON.stringify(tampered) }]);
    expect(checks.find((c) => c.rule === 'anchor.nostr.event.signature')?.status).toBe('fail');
  });

  it('excluded documents are left alone', () => {
    const { ctx } = run([], []);
    const proof = detectDocument({ name: 'root.ots', bytes: helloProof });
    const list = new CheckList(undefined);
    const details = checkAnchorsFor([HELLO], { ...ctx, supplied: [proof] }, list, {
      exclude: [proof],
    });
    expect(details.anchors).toEqual([]);
    expect(list.checks).toEqual([]);
  });
});
