import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verify } from '../verify';

const dir = 'src/core/anchor/ots/vectors/';
const proof = {
  name: 'hello-world.txt.ots',
  bytes: new Uint8Array(readFileSync(dir + 'hello-world.txt.ots')),
};
const file = {
  name: 'hello-world.txt',
  bytes: new Uint8Array(readFileSync(dir + 'hello-world.txt')),
};
const header = {
  name: 'header.txt',
  text: '02000000b96394585a281b7e5f438fd1c9ed492645a1fd61cb3802040000000000000000007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a1e376755f58616186272def6',
};

describe('an anchor verified on its own counts its anchor as its own commitment', () => {
  it('an OpenTimestamps proof without the block header is incomplete, not verified', async () => {
    const report = await verify(proof, [file]);
    expect(report.dimensions.anchor_verification.status).toBe('unavailable');
    expect(report.verdict).toBe('incomplete');
  });
  it('with the header it is verified', async () => {
    const report = await verify(proof, [file, header]);
    expect(report.verdict).toBe('verified');
  });
  it('a pending-only proof is incomplete', async () => {
    const pending = {
      name: 'incomplete.txt.ots',
      bytes: new Uint8Array(readFileSync(dir + 'incomplete.txt.ots')),
    };
    const stamped = {
      name: 'incomplete.txt',
      bytes: new Uint8Array(readFileSync(dir + 'incomplete.txt')),
    };
    expect((await verify(pending, [stamped])).verdict).toBe('incomplete');
  });
  it('a signed Nostr event on its own is verified by its id and signature', async () => {
    const event = readFileSync('src/core/anchor/vectors/nostr-anchor-event.json', 'utf8');
    const report = await verify({ name: 'event.json', text: event });
    expect(report.dimensions.issuer_authenticity.status).toBe('pass');
    expect(report.verdict).toBe('verified');
  });
});
