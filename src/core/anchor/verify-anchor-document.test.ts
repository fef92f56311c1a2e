import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Report } from '../model/report';
import { verify, type InputDocument } from '../verify';
import { hexToBytes } from '../encoding/hex';
import type { AnchorDetails } from './details';
import { otsHeader, pendingAttestation, proofBytes } from '../../../test/support/ots-write';
import { GENESIS_HEADER, HEADER_358391 } from '../../../test/support/ots-headers';
import { makeNostrFixture } from '../../../test/generators/make-nostr-fixture';

const NOW = Date.parse('2026-10-01T00:00:00Z');
const otsVector = (name: string): InputDocument => ({
  name,
  bytes: new Uint8Array(readFileSync(new URL(`./ots/vectors/${name}`, import.meta.url))),
});
const fixture = makeNostrFixture();
const eventDoc = (event: unknown): InputDocument => ({
  name: 'event.json',
  text: JSON.stringify(event),
});

const dims = (report: Report) =>
  Object.fromEntries(Object.entries(report.dimensions).map(([d, r]) => [d, r.status]));

describe('a Nostr event verified on its own', () => {
  it('id recomputation is byte integrity; the signature is about the event key, not the receipt issuer', async () => {
    const report = await verify(eventDoc(fixture.event), [], { now: NOW });
    expect(report.kind).toBe('nostr-event');
    expect(dims(report)).toMatchObject({
      schema_validity: 'pass',
      byte_integrity: 'pass',
      issuer_authenticity: 'pass',
      anchor_verification: 'not_checked',
    });
    expect(report.verdict).toBe('verified');
    const signature = report.checks.find((c) => c.rule === 'anchor.nostr.event.signature');
    expect(signature?.detail).toMatch(/not about who issued the receipt/);
    expect(report.limits.join(' ')).toMatch(/not about who issued the receipt/);
    expect((report.details as AnchorDetails).anchors[0]).toMatchObject({
      kind: 'nostr',
      eventId: fixture.event.id,
      witnessTime: '2026-09-27T09:00:05Z',
    });
  });

  it('a changed content fails byte integrity and the signature', async () => {
    const report = await verify(eventDoc({ ...fixture.event, content: 'x' }), [], { now: NOW });
    expect(dims(report)).toMatchObject({ byte_integrity: 'fail', issuer_authenticity: 'fail' });
    expect(report.verdict).toBe('failed');
    // Each check is placed at the member it reads, alone or supplied beside the receipt.
    const placed = (r: Report) =>
      ['id', 'signature', 'created_at'].map((what) => {
        const check = r.checks.find((c) => c.rule === `anchor.nostr.event.${what}`);
        return [check?.path, check?.range?.line];
      });
    expect(placed(report)).toEqual([
      ['/id', 1],
      ['/sig', 1],
      ['/created_at', 1],
    ]);
    const beside = await verify(
      { name: 'receipt.json', text: JSON.stringify(fixture.receipt) },
      [eventDoc({ ...fixture.event, content: 'x' })],
      { now: NOW },
    );
    expect(placed(beside).map(([path]) => path)).toEqual(['/id', '/sig', '/created_at']);
  });

  it('a malformed event fails schema validity', async () => {
    const report = await verify(eventDoc({ ...fixture.event, kind: -1 }), [], { now: NOW });
    expect(report.dimensions.schema_validity).toMatchObject({
      status: 'fail',
      summary: 'event kind is not an integer 0..65535',
    });
  });

  it('with the receipt it anchors supplied, the binding is checked', async () => {
    const receipt = { name: 'receipt.json', text: JSON.stringify(fixture.receipt) };
    const report = await verify(eventDoc(fixture.event), [receipt], { now: NOW });
    expect(report.checks.find((c) => c.rule === 'anchor.nostr.event.binding')).toMatchObject({
      status: 'pass',
      message:
        'the event binds this record: its content carries the output_hash of supplied receipt receipt.json',
    });
  });
});

describe('an OpenTimestamps proof verified on its own', () => {
  const helloText: InputDocument = { name: 'hello-world.txt', text: 'Hello World!\n' };
  const header: InputDocument = { name: 'block.txt', text: HEADER_358391 };

  it('with the file and the header: verified, Bitcoin block 358391', async () => {
    const report = await verify(otsVector('hello-world.txt.ots'), [helloText, header], {
      now: NOW,
    });
    expect(report.kind).toBe('ots-proof');
    expect(dims(report)).toMatchObject({
      schema_validity: 'pass',
      byte_integrity: 'pass',
      anchor_verification: 'pass',
    });
    expect(report.verdict).toBe('verified');
    expect(report.checks.find((c) => c.rule === 'anchor.ots.start_digest')?.message).toBe(
      'start digest equals the sha256 of supplied file hello-world.txt',
    );
  });

  it('alone: parsed and replayed; binding not checked; Bitcoin confirmation unavailable', async () => {
    const report = await verify(otsVector('hello-world.txt.ots'), [], { now: NOW });
    expect(dims(report)).toMatchObject({
      schema_validity: 'pass',
      byte_integrity: 'not_checked',
      anchor_verification: 'unavailable',
    });
    expect(report.verdict).toBe('incomplete');
  });

  it('with another file: byte integrity fails', async () => {
    const report = await verify(
      otsVector('hello-world.txt.ots'),
      [{ name: 'x.txt', text: 'nope' }],
      {
        now: NOW,
      },
    );
    expect(report.dimensions.byte_integrity).toMatchObject({
      status: 'fail',
      summary: 'start digest does not equal the anchored value',
    });
  });

  it('bad-stamp with its block header: fails', async () => {
    const report = await verify(otsVector('bad-stamp.txt.ots'), [header], { now: NOW });
    expect(report.dimensions.anchor_verification).toMatchObject({
      status: 'fail',
      summary: 'digest does not match merkle root',
    });
  });

  it('pending only: unavailable, with "pending"', async () => {
    const report = await verify(otsVector('incomplete.txt.ots'), [], { now: NOW });
    expect(report.dimensions.anchor_verification.status).toBe('unavailable');
    expect(report.dimensions.anchor_verification.summary).toMatch(/pending/);
    expect(report.verdict).not.toBe('failed');
  });

  it("the start digest may be a supplied receipt's output_hash", async () => {
    const receipt = { ...fixture.receipt };
    delete receipt.anchor;
    const digest = hexToBytes((receipt.output_hash as string).slice(7)) as Uint8Array;
    const proof = proofBytes(
      otsHeader(digest),
      pendingAttestation('https://alice.btc.calendar.opentimestamps.org'),
    );
    const report = await verify(
      { name: 'receipt.ots', bytes: proof },
      [{ name: 'receipt.json', text: JSON.stringify(receipt) }],
      { now: NOW },
    );
    expect(report.dimensions.byte_integrity).toMatchObject({
      status: 'pass',
      summary: 'start digest equals the output_hash of supplied receipt receipt.json',
    });
    expect(report.dimensions.anchor_verification.summary).toMatch(/^pending/);
  });

  it('a truncated proof fails schema validity with the parse error', async () => {
    const full = otsVector('hello-world.txt.ots');
    const report = await verify({ name: 'cut.ots', bytes: full.bytes?.subarray(0, 40) }, [], {
      now: NOW,
    });
    expect(report.dimensions.schema_validity.summary).toMatch(
      /truncated at byte 33: expected the 32-byte start digest/,
    );
  });
});

describe('a Bitcoin block header verified on its own', () => {
  it('genesis: valid proof of work', async () => {
    const report = await verify({ name: 'genesis.txt', text: GENESIS_HEADER }, [], { now: NOW });
    expect(report.kind).toBe('block-header');
    expect(dims(report)).toMatchObject({
      schema_validity: 'pass',
      byte_integrity: 'pass',
      anchor_verification: 'not_checked',
    });
    expect((report.details as AnchorDetails).blockHeaders?.[0]?.hash).toBe(
      '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
    );
  });

  it('a changed nonce: proof of work fails', async () => {
    const report = await verify({ name: 'h.txt', text: GENESIS_HEADER.slice(0, 158) + '7d' }, [], {
      now: NOW,
    });
    expect(report.dimensions.byte_integrity).toMatchObject({
      status: 'fail',
      summary: 'block header proof of work is invalid',
    });
  });

  it('with a supplied proof: confirms the proof against this header', async () => {
    const report = await verify(
      { name: 'block.txt', text: HEADER_358391 },
      [otsVector('hello-world.txt.ots')],
      {
        now: NOW,
      },
    );
    expect(report.dimensions.anchor_verification.status).toBe('pass');
    expect(report.checks.find((c) => c.rule === 'anchor.ots.bitcoin')?.message).toBe(
      'the proof commits to the merkle root of header 000000000000000003e892881a8cdcdc117c06d444057c98b6f04a9ee75a2319, whose proof of work is about 2^67 hashes (≈ what mining one real block cost in 2014); block 358391 at 2015-05-28T15:41:18Z is claimed by the proof',
    );
  });
});
