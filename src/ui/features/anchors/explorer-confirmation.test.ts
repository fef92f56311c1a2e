import { describe, expect, it } from 'vitest';
import type { AnchorAttestation, BlockHeaderSummary } from '../../../core';
import type { FetchedBlockHeader } from '../../../net/block-header';
import { explorerConfirmations } from './explorer-confirmation';

const ROOT = '007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a';
const HASH = '000000000000000003e892881a8cdcdc117c06d444057c98b6f04a9ee75a2319';
const OTHER_HASH = '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f';

const attestation = (patch: Partial<AnchorAttestation> = {}): AnchorAttestation => ({
  type: 'bitcoin',
  description: 'Bitcoin block 358391',
  tag: '0588960d73d71901',
  height: 358391,
  value: ROOT,
  operations: 12,
  status: 'pass',
  detail: '',
  ...patch,
});

const fetched = (patch: Partial<FetchedBlockHeader> = {}): FetchedBlockHeader => ({
  height: 358391,
  hash: HASH,
  headerHex: '00'.repeat(80),
  merkleRoot: ROOT,
  host: 'blockstream.info',
  ...patch,
});

const supplied = (hash: string): BlockHeaderSummary => ({
  source: 'block 358391 header (blockstream.info)',
  hash,
  merkleRoot: '',
  time: '',
  bits: '',
  proofOfWork: '',
});

describe('what a header fetched by height adds to a Bitcoin attestation', () => {
  it("confirmed by <host> at height H when the host's block H is the header the proof commits to", () => {
    const [only, ...rest] = explorerConfirmations(attestation(), [supplied(HASH)], [fetched()]);
    expect(rest).toEqual([]);
    expect(only?.status).toBe('pass');
    expect(only?.text).toMatch(/^Confirmed by blockstream\.info at height 358391: /);
  });

  it("a failure of that confirmation, not of the proof, when the host's block H is another header", () => {
    const other = fetched({ hash: OTHER_HASH, merkleRoot: 'ab'.repeat(32) });
    const [only] = explorerConfirmations(
      attestation({ status: 'fail' }),
      [supplied(OTHER_HASH)],
      [other],
    );
    expect(only?.status).toBe('fail');
    expect(only?.text).toMatch(
      /^Not confirmed by blockstream\.info: the header blockstream\.info gives for block 358391/,
    );
    expect(only?.text).toContain("The proof's own steps are not at issue");
  });

  it('says nothing of a header the user pasted or dropped (not fetched by height)', () => {
    expect(explorerConfirmations(attestation(), [supplied(HASH)], [])).toEqual([]);
  });

  it('says nothing of a header fetched for another height, or not supplied to this verification', () => {
    expect(
      explorerConfirmations(attestation(), [supplied(HASH)], [fetched({ height: 358392 })]),
    ).toEqual([]);
    expect(explorerConfirmations(attestation(), [supplied(OTHER_HASH)], [fetched()])).toEqual([]);
  });

  it('does not confirm what the core did not: a matching root whose header the core did not accept', () => {
    // e.g. a header of trivially cheap work: the core says unavailable, so no host confirms it.
    expect(
      explorerConfirmations(attestation({ status: 'unavailable' }), [supplied(HASH)], [fetched()]),
    ).toEqual([]);
  });

  it('only for Bitcoin attestations', () => {
    expect(
      explorerConfirmations(
        attestation({ type: 'pending', height: undefined }),
        [supplied(HASH)],
        [fetched()],
      ),
    ).toEqual([]);
  });
});
