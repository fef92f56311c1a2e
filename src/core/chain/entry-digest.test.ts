/**
 * The entry digest (spec §4.2) against the worked example of §4.7, built here from the spec's
 * prose (not from the vector files), and against digests computed with CPython's json.dumps.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64 } from '../encoding/base64';
import { loadHashing, type Hashing } from '../hash/sha256';
import {
  entryDigest,
  entryDigestInput,
  entryOutputHash,
  GENESIS_PREV_DIGEST,
  historical06Digest,
  type EntryDigestFields,
} from './entry-digest';

let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

const SPEC_ENTRY_0_INPUT =
  '{"close":false,"id":"r-job-7a1f-0","job_id":"job-7a1f","output_hash":"0b6bce531a75c95378d96b13e36ee5c2ba0e98c696506d2f3c9a75b565d7f705","prev_digest":"0000000000000000000000000000000000000000000000000000000000000000","provenance_class":"LOGGED BY AGENT","seq":1,"tool":"price_lookup"}';

const SPEC_DIGESTS = [
  '380d45c6575bdb648e5723adee5a049ff212574d4c6d5dd8ad4cabcc54b6aa56',
  'c225aa2256e7984575f5a664b690f2b06c86abddc528def6164fb1bbb0aa4cba',
  '4c56c96378cea5939ad61d082fff24d075649ca888b0c61308307d14034a204a',
  '5dd618b1b3b904a92261bb747f8c4511b0882e1454fc41f20a59fa5bd0ded778',
  '79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0',
];

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** §4.7: entry k of job-7a1f, linked to `prev`. */
function workedEntry(k: number, prev: string): EntryDigestFields {
  const bytes = utf8(`{"job":"job-7a1f","entry":${k},"tag":"r"}`);
  return {
    close: k === 4,
    id: `r-job-7a1f-${k}`,
    jobId: 'job-7a1f',
    outputHash: entryOutputHash(hashing, bytes),
    prevDigest: prev,
    provenanceClass: 'LOGGED BY AGENT',
    seq: k + 1,
    tool: 'price_lookup',
  };
}

describe('entry digest (§4.2) on the worked example (§4.7)', () => {
  it("reproduces entry 0's digest input byte for byte", () => {
    const input = entryDigestInput(workedEntry(0, GENESIS_PREV_DIGEST));
    expect(input).toBe(SPEC_ENTRY_0_INPUT);
    expect(utf8(input)).toEqual(utf8(SPEC_ENTRY_0_INPUT));
  });

  it('reproduces all five digests, each linked to the one before', () => {
    const digests: string[] = [];
    let prev = GENESIS_PREV_DIGEST;
    for (let k = 0; k < 5; k++) {
      prev = entryDigest(hashing, workedEntry(k, prev));
      digests.push(prev);
    }
    expect(digests).toEqual(SPEC_DIGESTS);
  });

  it('uses the bare lowercase hex output hash of the decoded bytes, no sha256: prefix', () => {
    const bytes = utf8('{"job":"job-7a1f","entry":0,"tag":"r"}');
    expect(encodeBase64(bytes)).toBe('eyJqb2IiOiJqb2ItN2ExZiIsImVudHJ5IjowLCJ0YWciOiJyIn0=');
    expect(entryOutputHash(hashing, bytes)).toBe(
      '0b6bce531a75c95378d96b13e36ee5c2ba0e98c696506d2f3c9a75b565d7f705',
    );
  });

  it('writes exactly eight members, close false by default and seq as an integer', () => {
    const input = entryDigestInput({ ...workedEntry(0, GENESIS_PREV_DIGEST), seq: 1n });
    expect(input).toBe(SPEC_ENTRY_0_INPUT);
    expect(Object.keys(JSON.parse(input) as object)).toEqual([
      'close',
      'id',
      'job_id',
      'output_hash',
      'prev_digest',
      'provenance_class',
      'seq',
      'tool',
    ]);
  });

  it('matches CPython on non-ASCII, U+2028, U+007F and a lone surrogate; the input stays ASCII', () => {
    const fields: EntryDigestFields = {
      ...workedEntry(0, GENESIS_PREV_DIGEST),
      id: 'r-\ud800-0',
      jobId: 'job-\u{1F600}',
      tool: 'price\u2028lookup\u007f',
    };
    const input = entryDigestInput(fields);
    // json.dumps(P, sort_keys=True, separators=(",", ":")) in CPython 3.11:
    expect(input).toBe(
      '{"close":false,"id":"r-\\ud800-0","job_id":"job-\\ud83d\\ude00","output_hash":"0b6bce531a75c95378d96b13e36ee5c2ba0e98c696506d2f3c9a75b565d7f705","prev_digest":"0000000000000000000000000000000000000000000000000000000000000000","provenance_class":"LOGGED BY AGENT","seq":1,"tool":"price\\u2028lookup\\u007f"}',
    );
    expect(/^[\x20-\x7e]*$/.test(input)).toBe(true);
    expect(entryDigest(hashing, fields)).toBe(
      'ed8680fff2b72e95eff43541fc89f87dfa540903b7096762af1301d07d2159d4',
    );
    // Integers past 2^53 are written exactly, as Python's int.
    expect(entryDigest(hashing, { ...fields, seq: 12345678901234567890n })).toBe(
      'dab3250d318abc394d631459120158f997334ee0cbd0e21fecd16bd8d0fcbdd5',
    );
  });

  it('keeps the -06 digest apart: SHA-256 of the bytes alone', () => {
    const bytes = utf8('{"job":"job-7a1f","entry":0,"tag":"r"}');
    expect(historical06Digest(hashing, bytes)).toBe(
      '0b6bce531a75c95378d96b13e36ee5c2ba0e98c696506d2f3c9a75b565d7f705',
    );
    expect(historical06Digest(hashing, bytes)).not.toBe(SPEC_DIGESTS[0]);
  });
});
