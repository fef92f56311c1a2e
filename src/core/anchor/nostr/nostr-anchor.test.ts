import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../encoding/hex';
import type { Check, Report } from '../../model/report';
import type { ReceiptDetails } from '../../receipt/details';
import { verify, type InputDocument } from '../../verify';
import {
  envelopeFor,
  EVIDENCE_TEXT,
  makeNostrFixture,
  signEvent,
  type SignedNostrEvent,
} from '../../../../test/generators/make-nostr-fixture';
import { EVENT_NOT_SUPPLIED } from './nostr-anchor';

const NOW = Date.parse('2026-10-01T00:00:00Z');
const fixture = makeNostrFixture();

type Json = Record<string, unknown>;
const clone = <T>(value: T): T => structuredClone(value);

function receiptWith(change: (receipt: Json, anchor: Json, envelope: Json) => void): Json {
  const receipt = clone(fixture.receipt);
  const anchor = receipt.anchor as Json;
  change(receipt, anchor, anchor.envelope as Json);
  return receipt;
}

/**
 * Key-sorted compact JSON of a flat, all-ASCII envelope, written without the verifier's own
 * sorted-JSON writer: JSON.stringify with the sorted member names as its replacer list. For
 * such an envelope this is byte for byte Python's
 * json.dumps(sort_keys=True, separators=(",", ":")).
 */
function sortedEnvelopeBytes(envelope: Json): string {
  const text = JSON.stringify(envelope, Object.keys(envelope).sort());
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error('not an ASCII envelope: write its bytes out');
  return text;
}

/** Re-derives envelope_bytes after an envelope change (so only the intended rule fails). */
function resealEnvelope(anchor: Json): void {
  anchor.envelope_bytes = sortedEnvelopeBytes(anchor.envelope as Json);
}

async function run(
  receipt: Json,
  supplied: (InputDocument | SignedNostrEvent)[] = [],
): Promise<{ report: Report; rule: (id: string) => Check[] }> {
  const docs = supplied.map((s, i) =>
    'sig' in s ? { name: `event-${i}.json`, text: JSON.stringify(s) } : s,
  );
  const report = await verify({ name: 'receipt.json', text: JSON.stringify(receipt) }, docs, {
    now: NOW,
  });
  return { report, rule: (id) => report.checks.filter((c) => c.rule === id) };
}

const statusOf = async (receipt: Json, supplied: (InputDocument | SignedNostrEvent)[] = []) =>
  (await run(receipt, supplied)).report.dimensions.anchor_verification.status;

describe('Nostr anchor: envelope (offline)', () => {
  it('the fixture passes every offline check; without the event the anchor is unavailable', async () => {
    const { report, rule } = await run(fixture.receipt);
    for (const id of [
      'anchor.nostr.envelope_bytes',
      'anchor.nostr.envelope.receipt_uuid',
      'anchor.nostr.envelope.output_sha256',
    ])
      expect(rule(id)[0]?.status).toBe('pass');
    expect(report.dimensions.anchor_verification).toEqual({
      status: 'unavailable',
      summary: EVENT_NOT_SUPPLIED,
    });
  });

  it('envelope_bytes that differ from the envelope fail', async () => {
    const receipt = receiptWith((_r, anchor) => {
      anchor.envelope_bytes = (anchor.envelope_bytes as string).replace('98', '99');
    });
    const { rule } = await run(receipt);
    expect(rule('anchor.nostr.envelope_bytes')[0]).toMatchObject({
      status: 'fail',
      message:
        'anchor.envelope_bytes does not equal the key-sorted compact JSON of anchor.envelope',
    });
  });

  it('non-ASCII envelopes: both the ensure_ascii=True and the literal UTF-8 forms are accepted, and named', async () => {
    // The fixture's bytes (Python-made) with evidence_url swapped in place, as Python's
    // json.dumps(sort_keys=True, separators=(",", ":")) writes it with ensure_ascii=True
    // (\u00e9) and ensure_ascii=False (a literal é); the member order does not change.
    const url = `"evidence_url":"https://zambo.dev/evidence/${fixture.receipt.id as string}"`;
    expect(fixture.envelopeBytes).toContain(url);
    const bytes = {
      ascii: fixture.envelopeBytes.replace(
        url,
        '"evidence_url":"https://zambo.dev/\\u00e9vidence"',
      ),
      utf8: fixture.envelopeBytes.replace(url, '"evidence_url":"https://zambo.dev/évidence"'),
    };
    const withUrl = (mode: 'ascii' | 'utf8') =>
      receiptWith((_r, anchor, envelope) => {
        envelope.evidence_url = 'https://zambo.dev/évidence';
        anchor.envelope_bytes = bytes[mode];
      });
    const ascii = (await run(withUrl('ascii'))).rule('anchor.nostr.envelope_bytes')[0];
    expect(ascii).toMatchObject({ status: 'pass' });
    expect(ascii?.detail).toMatch(/ensure_ascii=True/);
    const utf8 = (await run(withUrl('utf8'))).rule('anchor.nostr.envelope_bytes')[0];
    expect(utf8).toMatchObject({ status: 'pass' });
    expect(utf8?.detail).toMatch(/literal UTF-8 form/);
  });

  it('envelope_bytes carried as base64 of the same text pass, and say so', async () => {
    const receipt = receiptWith((_r, anchor) => {
      anchor.envelope_bytes = Buffer.from(anchor.envelope_bytes as string).toString('base64');
    });
    const check = (await run(receipt)).rule('anchor.nostr.envelope_bytes')[0];
    expect(check?.status).toBe('pass');
    expect(check?.detail).toMatch(/base64-decoding/);
  });

  it('an envelope with duplicate names has no single sorted form', async () => {
    const text = JSON.stringify(fixture.receipt).replace(
      '"anchored_at":"2026-09-27T09:00:05Z"',
      '"anchored_at":"2026-09-27T09:00:05Z","anchored_at":"2026-09-27T09:00:05Z"',
    );
    const report = await verify({ name: 'r.json', text }, [], { now: NOW });
    expect(report.checks.find((c) => c.rule === 'anchor.nostr.envelope_bytes')).toMatchObject({
      status: 'fail',
      message: 'anchor.envelope has duplicate member names, so it has no single key-sorted form',
    });
  });

  it('envelope.receipt_uuid of another receipt fails', async () => {
    const receipt = receiptWith((_r, anchor, envelope) => {
      envelope.receipt_uuid = '00000000-0000-4000-8000-000000000000';
      resealEnvelope(anchor);
    });
    const { rule } = await run(receipt);
    expect(rule('anchor.nostr.envelope_bytes')[0]?.status).toBe('pass');
    expect(rule('anchor.nostr.envelope.receipt_uuid')[0]).toMatchObject({
      status: 'fail',
      message: 'envelope.receipt_uuid does not match the receipt id',
    });
  });

  it('envelope.output_sha256: bare or sha256:-prefixed lowercase hex; anything else fails', async () => {
    const withOutput = (value: string) =>
      receiptWith((_r, anchor, envelope) => {
        envelope.output_sha256 = value;
        resealEnvelope(anchor);
      });
    const hex = fixture.receipt.output_hash as string;
    expect(
      (await run(withOutput(hex))).rule('anchor.nostr.envelope.output_sha256')[0]?.status,
    ).toBe('pass');
    for (const bad of [hex.toUpperCase().replace('SHA256', 'sha256'), '0'.repeat(64)]) {
      expect(
        (await run(withOutput(bad))).rule('anchor.nostr.envelope.output_sha256')[0],
      ).toMatchObject({
        status: 'fail',
        message: 'envelope.output_sha256 does not match output_hash',
      });
    }
  });

  it('evidence named by the envelope: pass with the file, unavailable without, fail on length', async () => {
    const evidence = { name: 'evidence.txt', text: EVIDENCE_TEXT };
    const withFile = await run(fixture.receipt, [evidence]);
    expect(withFile.rule('anchor.nostr.envelope.evidence')[0]).toMatchObject({
      status: 'pass',
      dimension: 'evidence_linkage',
    });
    expect(withFile.rule('anchor.nostr.envelope.evidence_byte_length')[0]?.status).toBe('pass');
    const without = await run(fixture.receipt);
    expect(without.rule('anchor.nostr.envelope.evidence')[0]?.status).toBe('unavailable');
    const wrongLength = receiptWith((_r, anchor, envelope) => {
      envelope.evidence_byte_length = 97;
      resealEnvelope(anchor);
    });
    expect(
      (await run(wrongLength, [evidence])).rule('anchor.nostr.envelope.evidence_byte_length')[0],
    ).toMatchObject({
      status: 'fail',
      message: 'envelope.evidence_byte_length does not match the supplied evidence',
    });
  });

  it('a receipt evidence_sha256 must agree with the envelope', async () => {
    const digest = envelopeFor(fixture.receipt as never, EVIDENCE_TEXT).evidence_sha256;
    const agree = receiptWith((r) => (r.evidence_sha256 = `sha256:${digest}`));
    expect((await run(agree)).rule('anchor.nostr.envelope.evidence_sha256')[0]?.status).toBe(
      'pass',
    );
    const disagree = receiptWith((r) => (r.evidence_sha256 = `sha256:${'1'.repeat(64)}`));
    expect((await run(disagree)).rule('anchor.nostr.envelope.evidence_sha256')[0]).toMatchObject({
      status: 'fail',
      message: 'envelope.evidence_sha256 does not match the receipt evidence_sha256',
    });
  });

  it.each([
    [
      'event_id',
      (a: Json) => (a.event_id = 'XYZ'),
      'anchor.event_id is not 64 lowercase hex characters',
    ],
    ['pubkey', (a: Json) => delete a.pubkey, 'anchor.pubkey is not 64 lowercase hex characters'],
    [
      'published_at',
      (a: Json) => (a.published_at = '2026-02-30T00:00:00Z'),
      'anchor.published_at is not RFC 3339',
    ],
    ['envelope', (a: Json) => (a.envelope = 'x'), 'anchor.envelope is not an object'],
    [
      'envelope_bytes',
      (a: Json) => delete a.envelope_bytes,
      'anchor.envelope_bytes is not a string',
    ],
    [
      'envelope.anchored_at',
      (a: Json) => {
        (a.envelope as Json).anchored_at = 'yesterday';
        resealEnvelope(a);
      },
      'envelope.anchored_at is not RFC 3339',
    ],
  ])('malformed %s fails', async (_name, change, message) => {
    const { report } = await run(receiptWith((_r, anchor) => change(anchor)));
    expect(report.checks).toContainEqual(expect.objectContaining({ status: 'fail', message }));
  });

  it('a malformed envelope.evidence_sha256 fails', async () => {
    const receipt = receiptWith((_r, anchor, envelope) => {
      envelope.evidence_sha256 = 'md5:abc';
      resealEnvelope(anchor);
    });
    expect((await run(receipt)).rule('anchor.nostr.envelope.evidence_sha256')[0]).toMatchObject({
      status: 'fail',
      message: 'envelope.evidence_sha256 is not a lowercase hex SHA-256 digest',
    });
  });

  it('an anchor with only event_id and pubkey: the event alone must bind the receipt', async () => {
    const event = signEvent({
      created_at: 1790499605,
      kind: 1,
      tags: [],
      content: fixture.receipt.output_hash as string,
    });
    const bare = {
      ...clone(fixture.receipt),
      anchor: { event_id: event.id, pubkey: event.pubkey },
    };
    const without = await run(bare);
    expect(without.rule('anchor.nostr.envelope')[0]).toMatchObject({
      status: 'info',
      message: 'the anchor carries no envelope',
    });
    expect(without.report.dimensions.anchor_verification.summary).toBe(EVENT_NOT_SUPPLIED);
    const withEvent = await run(bare, [event]);
    expect(withEvent.report.dimensions.anchor_verification.status).toBe('pass');
    expect(withEvent.rule('anchor.nostr.event.binding')[0]?.message).toBe(
      'the event binds this record: its content carries the receipt output_hash',
    );
  });

  it.each([
    [
      'relays',
      (a: Json) => (a.relays = ['https://not-a-relay']),
      'anchor.relays is not a list of ws:// or wss:// URLs',
    ],
    [
      'schema_version',
      (a: Json) => (a.schema_version = 'other/2'),
      'anchor.schema_version is not zambo-receipt-anchor/1',
    ],
  ])('odd %s is a warning', async (_name, change, message) => {
    const { report } = await run(receiptWith((_r, anchor) => change(anchor)));
    expect(report.checks).toContainEqual(expect.objectContaining({ status: 'warning', message }));
  });
});

describe('Nostr anchor: the event', () => {
  it('the fixture event supplied: every anchor check passes and the details describe it', async () => {
    const { report, rule } = await run(fixture.receipt, [fixture.event]);
    expect(report.dimensions.anchor_verification.status).toBe('pass');
    expect(rule('anchor.nostr.event.binding')[0]?.message).toBe(
      "the event binds this record: its content carries the anchor's envelope_bytes",
    );
    expect(rule('anchor.nostr.event.signature')[0]?.detail).toMatch(
      /not about who issued the receipt/,
    );
    const anchors = (report.details as ReceiptDetails).anchors;
    expect(anchors?.anchors).toHaveLength(1);
    expect(anchors?.anchors[0]).toMatchObject({
      kind: 'nostr',
      bindsRecord: true,
      eventId: fixture.event.id,
      pubkey: fixture.event.pubkey,
      relays: ['wss://relay.example.org', 'wss://relay.example.com'],
      witnessTime: '2026-09-27T09:00:05Z',
    });
  });

  it('the event carried inside the anchor (anchor.event) is verified the same way', async () => {
    const receipt = receiptWith((_r, anchor) => (anchor.event = clone(fixture.event)));
    expect(await statusOf(receipt)).toBe('pass');
  });

  it('content changed: the event id fails', async () => {
    const { rule } = await run(fixture.receipt, [{ ...fixture.event, content: 'changed' }]);
    expect(rule('anchor.nostr.event.id')[0]).toMatchObject({
      status: 'fail',
      message: 'event id does not match the NIP-01 hash of its content',
    });
  });

  it('signature changed: the signature fails', async () => {
    const sig = (fixture.event.sig[0] === 'a' ? 'b' : 'a') + fixture.event.sig.slice(1);
    const { rule } = await run(fixture.receipt, [{ ...fixture.event, sig }]);
    expect(rule('anchor.nostr.event.signature')[0]).toMatchObject({
      status: 'fail',
      message: 'event signature does not verify',
    });
  });

  it('id changed: still recognised as this anchor (recomputed id), and the id checks fail', async () => {
    const id = '0'.repeat(64);
    const { rule } = await run(fixture.receipt, [{ ...fixture.event, id }]);
    expect(rule('anchor.nostr.event.id')[0]?.status).toBe('fail');
    expect(rule('anchor.nostr.event.matches_anchor')[0]).toMatchObject({
      status: 'fail',
      message: 'event id does not match anchor.event_id',
    });
  });

  it('pubkey changed: id, signature and pubkey fail', async () => {
    const pubkey = signEvent(fixture.event, new Uint8Array(32).fill(3)).pubkey;
    const { rule } = await run(fixture.receipt, [{ ...fixture.event, pubkey }]);
    expect(rule('anchor.nostr.event.id')[0]?.status).toBe('fail');
    expect(rule('anchor.nostr.event.signature')[0]?.status).toBe('fail');
    expect(rule('anchor.nostr.event.pubkey')[0]).toMatchObject({
      status: 'fail',
      message: 'event pubkey does not match anchor.pubkey',
    });
  });

  it('a valid event that binds another receipt fails the binding', async () => {
    const other = {
      id: '11111111-2222-4333-8444-555555555555',
      output_hash: `sha256:${'ab'.repeat(32)}`,
    };
    const otherEnvelope = sortedEnvelopeBytes(envelopeFor(other, 'other evidence'));
    const event = signEvent({ created_at: 1790499605, kind: 1, tags: [], content: otherEnvelope });
    const receipt = receiptWith((_r, anchor) => {
      anchor.event_id = event.id;
      anchor.pubkey = event.pubkey;
    });
    const { rule } = await run(receipt, [event]);
    expect(rule('anchor.nostr.event.signature')[0]?.status).toBe('pass');
    expect(rule('anchor.nostr.event.binding')[0]).toMatchObject({
      status: 'fail',
      message: 'the event does not bind this record',
    });
  });

  it('an event naming only the receipt id binds it, with a warning that an id commits to nothing', async () => {
    const event = signEvent({
      created_at: 1790499605,
      kind: 1,
      tags: [['d', fixture.receipt.id as string]],
      content: '',
    });
    const receipt = receiptWith((_r, anchor) => {
      anchor.event_id = event.id;
      anchor.pubkey = event.pubkey;
    });
    const { rule } = await run(receipt, [event]);
    expect(rule('anchor.nostr.event.binding')[0]?.message).toBe(
      'the event binds this record: its tag "d" carries the receipt id',
    );
    expect(rule('anchor.nostr.event.binding_strength')[0]?.status).toBe('warning');
  });

  it('an event naming the output hash or the envelope digest binds it', async () => {
    const digest = bytesToHex(createHash('sha256').update(fixture.envelopeBytes).digest());
    for (const [content, label] of [
      [(fixture.receipt.output_hash as string).slice(7), 'the receipt output_hash'],
      [`sha256:${digest}`, 'the SHA-256 of envelope_bytes'],
    ] as const) {
      const event = signEvent({ created_at: 1790499605, kind: 1, tags: [], content });
      const receipt = receiptWith((_r, anchor) => {
        anchor.event_id = event.id;
        anchor.pubkey = event.pubkey;
      });
      const { rule } = await run(receipt, [event]);
      expect(rule('anchor.nostr.event.binding')[0]?.message).toBe(
        `the event binds this record: its content carries ${label}`,
      );
    }
  });

  it('a supplied event with another id leaves the anchor unavailable and is checked on its own merits', async () => {
    const unrelated = signEvent({ created_at: 1, kind: 1, tags: [], content: 'hello' });
    const { report, rule } = await run(fixture.receipt, [unrelated]);
    expect(rule('anchor.nostr.event')[0]).toMatchObject({
      status: 'unavailable',
      message: EVENT_NOT_SUPPLIED,
    });
    expect(rule('anchor.nostr.event')[0]?.detail).toMatch(
      /Supplied events with other ids: event-0\.json/,
    );
    // The user supplied it with this receipt, and it binds nothing of it.
    expect(rule('anchor.nostr.event.binding')[0]).toMatchObject({
      status: 'fail',
      subject: 'event-0.json',
    });
    expect(report.dimensions.anchor_verification.status).toBe('fail');
  });
});
