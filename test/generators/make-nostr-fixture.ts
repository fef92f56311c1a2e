/**
 * Generates the Nostr anchor fixture: a valid AER-1 receipt (the reference kit's minimal valid
 * receipt plus an `anchor` member) whose envelope binds it, the NIP-01 event that publishes the
 * envelope, and the evidence file the envelope names. Deterministic: fixed test key, fixed BIP-340
 * auxiliary randomness, fixed times. Never use this key for anything else.
 *
 * Writes into src/core/anchor/vectors/ (or the folder after `--out`):
 *   npx tsx test/generators/make-nostr-fixture.ts [--out <folder>]
 * (make-nostr-fixture.test.ts fails when the committed files differ from the output).
 */
import { schnorr } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { isDeepStrictEqual } from 'node:util';
import { MINIMAL_RECEIPT } from '../support/minimal-receipt';

/** SHA-256 of "aer1-verifier nostr test key": a public, test-only secret key. */
export const TEST_SECRET_KEY = hexToBytes(
  'c1405bad73095f87008c2e54fa8bf9394d49c2e0df99dd5b5a7571afb358d332',
) as Uint8Array;
/** Fixed auxiliary randomness, so signatures are reproducible byte for byte. */
export const TEST_AUX_RAND = new Uint8Array(32).fill(0x42);

export interface NostrEventTemplate {
  created_at: number;
  kind: number;
  tags: string[][];
  content: string;
}

export interface SignedNostrEvent extends NostrEventTemplate {
  id: string;
  pubkey: string;
  sig: string;
}

const encoder = new TextEncoder();

/** NIP-01 signing with the test key (independent of the verifier's hash-wasm path). */
export function signEvent(
  template: NostrEventTemplate,
  secretKey: Uint8Array = TEST_SECRET_KEY,
  auxRand: Uint8Array = TEST_AUX_RAND,
): SignedNostrEvent {
  const pubkey = bytesToHex(schnorr.getPublicKey(secretKey));
  const serial = JSON.stringify([
    0,
    pubkey,
    template.created_at,
    template.kind,
    template.tags,
    template.content,
  ]);
  const idBytes = sha256(encoder.encode(serial));
  return {
    id: bytesToHex(idBytes),
    pubkey,
    created_at: template.created_at,
    kind: template.kind,
    tags: template.tags,
    content: template.content,
    sig: bytesToHex(schnorr.sign(idBytes, secretKey, auxRand)),
  };
}

export { MINIMAL_RECEIPT };

export const EVIDENCE_TEXT =
  'AER-1 test evidence for receipt b6c63ac5-f324-4fa7-ad58-c4bf83faa86a: live_price BTC/USD 97412.55\n';

export const ANCHORED_AT = '2026-09-27T09:00:05Z';
export const PUBLISHED_AT = '2026-09-27T09:00:06Z';
export const RELAYS = ['wss://relay.example.org', 'wss://relay.example.com'];

export interface NostrFixture {
  receipt: Record<string, unknown>;
  event: SignedNostrEvent;
  envelopeBytes: string;
  evidence: string;
  /** File contents as written. */
  files: Record<string, string>;
}

/** The envelope of a receipt, as the reference producer writes it. */
export function envelopeFor(receipt: { id: string; output_hash: string }, evidence: string) {
  const evidenceBytes = encoder.encode(evidence);
  return {
    anchored_at: ANCHORED_AT,
    evidence_url: `https://zambo.dev/evidence/${receipt.id}`,
    receipt_uuid: receipt.id,
    output_sha256: receipt.output_hash.slice('sha256:'.length),
    schema_version: 'zambo-receipt-anchor/1',
    evidence_sha256: bytesToHex(sha256(evidenceBytes)),
    evidence_byte_length: evidenceBytes.length,
  };
}

/**
 * The envelope's key-sorted compact JSON (spec §5.1), as printed by nostr-envelope.py (Python's
 * json.dumps), not by the verifier's own sorted-JSON writer: the fixture must not be made by
 * the code it tests. Regenerate with `python3 test/generators/nostr-envelope.py`.
 */
export const ENVELOPE_BYTES =
  '{"anchored_at":"2026-09-27T09:00:05Z","evidence_byte_length":98,"evidence_sha256":"5eae6095f44650e6f1afdc8ce70e906774adda535d9c8621b4fb80b96f98b7bb","evidence_url":"https://zambo.dev/evidence/b6c63ac5-f324-4fa7-ad58-c4bf83faa86a","output_sha256":"c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7","receipt_uuid":"b6c63ac5-f324-4fa7-ad58-c4bf83faa86a","schema_version":"zambo-receipt-anchor/1"}';

export function makeNostrFixture(): NostrFixture {
  const envelope = envelopeFor(MINIMAL_RECEIPT, EVIDENCE_TEXT);
  // The literal must still describe this envelope (member order aside) after any edit above.
  if (!isDeepStrictEqual(JSON.parse(ENVELOPE_BYTES), envelope)) {
    throw new Error('ENVELOPE_BYTES is stale: run python3 test/generators/nostr-envelope.py');
  }
  const envelopeBytes = ENVELOPE_BYTES;
  const event = signEvent({
    created_at: Date.parse(ANCHORED_AT) / 1000,
    kind: 1,
    tags: [
      ['t', 'aer1-anchor'],
      ['d', MINIMAL_RECEIPT.id],
      ['x', bytesToHex(sha256(encoder.encode(envelopeBytes)))],
    ],
    content: envelopeBytes,
  });
  const receipt = {
    ...MINIMAL_RECEIPT,
    anchor: {
      event_id: event.id,
      pubkey: event.pubkey,
      relays: RELAYS,
      status: 'published',
      published_at: PUBLISHED_AT,
      schema_version: 'zambo-receipt-anchor/1',
      envelope,
      envelope_bytes: envelopeBytes,
    },
  };
  return {
    receipt,
    event,
    envelopeBytes,
    evidence: EVIDENCE_TEXT,
    files: {
      'nostr-anchored-receipt.json': JSON.stringify(receipt, null, 2) + '\n',
      'nostr-anchor-event.json': JSON.stringify(event, null, 2) + '\n',
      'nostr-anchored-evidence.txt': EVIDENCE_TEXT,
    },
  };
}

/** Where the fixture files are committed, next to the other anchor vectors. */
export const FIXTURE_FOLDER = new URL('../../src/core/anchor/vectors/', import.meta.url);

async function main(): Promise<void> {
  const { writeFileSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  const outIndex = process.argv.indexOf('--out');
  const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  const folder = out === undefined ? FIXTURE_FOLDER : pathToFileURL(`${out}/`);
  for (const [name, text] of Object.entries(makeNostrFixture().files)) {
    writeFileSync(new URL(name, folder), text);
    console.log(`wrote ${name}`);
  }
}

// Run as a script (tsx), not when imported by tests.
if (typeof process !== 'undefined' && process.argv[1]?.endsWith('make-nostr-fixture.ts')) {
  void main();
}
