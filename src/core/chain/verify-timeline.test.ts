/**
 * Job timelines through the public verify(): the three input forms, pointers and source
 * ranges, commitments supplied either way, failure capping, and a 100,000-entry chain.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_FINDING_CAP } from '../bounds';
import { encodeBase64 } from '../encoding/base64';
import { loadHashing, type Hashing } from '../hash/sha256';
import type { Report } from '../model/report';
import { verify } from '../verify';
import { entryDigest, GENESIS_PREV_DIGEST } from './entry-digest';
import type { ChainDetails } from './types';

const NOW = Date.parse('2026-10-02T00:00:00Z');
let hashing: Hashing;
beforeAll(async () => {
  hashing = await loadHashing();
});

type Entry = Record<string, unknown>;

/** A valid chain of n entries (the worked example's shape), digests from our encoder. */
function buildChain(n: number, job = 'job-7a1f'): Entry[] {
  const entries: Entry[] = [];
  let prev = GENESIS_PREV_DIGEST;
  for (let k = 0; k < n; k++) {
    const bytes = new TextEncoder().encode(`{"job":"${job}","entry":${k},"tag":"r"}`);
    const entry: Entry = {
      id: `r-${job}-${k}`,
      job_id: job,
      seq: k + 1,
      tool: 'price_lookup',
      provenance_class: 'LOGGED BY AGENT',
      canonical_bytes: encodeBase64(bytes),
      prev_digest: prev,
    };
    if (k === n - 1) entry.close = true;
    entries.push(entry);
    prev = entryDigest(hashing, {
      close: k === n - 1,
      id: entry.id as string,
      jobId: job,
      outputHash: hashing.sha256Hex(bytes),
      prevDigest: prev,
      provenanceClass: 'LOGGED BY AGENT',
      seq: k + 1,
      tool: 'price_lookup',
    });
  }
  return entries;
}

function finalDigest(report: Report): string {
  return (report.details as ChainDetails).finalEntryDigest ?? '';
}

const details = (report: Report): ChainDetails => report.details as ChainDetails;
const failures = (report: Report): string[] =>
  report.checks.filter((c) => c.status === 'fail').map((c) => c.message);

describe('timeline input forms', () => {
  it('a JSON array verifies', async () => {
    const report = await verify({ name: 't.json', text: JSON.stringify(buildChain(5)) });
    expect(report.kind).toBe('timeline');
    expect(report.verdict).toBe('verified');
    expect(details(report)).toMatchObject({ form: 'array', entryCount: 5, jobId: 'job-7a1f' });
    expect(finalDigest(report)).toBe(
      '79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0',
    );
  });

  it('JSON Lines verify, with pointers /i and the right line numbers', async () => {
    const chain = buildChain(5);
    chain[3] = { ...chain[3], tool: 'web_search' };
    const text = chain.map((e) => JSON.stringify(e)).join('\n') + '\n';
    const report = await verify({ name: 't.jsonl', text }, [], { now: NOW });
    expect(report.verdict).toBe('failed');
    expect(details(report).form).toBe('json-lines');
    const link = report.checks.find((c) => c.rule === 'chain.link' && c.status === 'fail');
    expect(link?.message).toBe('entry 4 prev_digest does not match the digest of entry 3');
    expect(link?.path).toBe('/4/prev_digest');
    expect(link?.range?.line).toBe(5);

    const clean = buildChain(5)
      .map((e) => JSON.stringify(e))
      .join('\n');
    expect((await verify({ name: 't.jsonl', text: clean })).verdict).toBe('verified');
  });

  it('{timeline, commitment} verifies, with pointers under /timeline', async () => {
    const timeline = buildChain(5);
    const commitment = {
      job_id: 'job-7a1f',
      final_entry_digest: '79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0',
      entry_count: 5,
      published_at: '2026-10-01T18:30:00Z',
    };
    const good = await verify({ name: 'j.json', text: JSON.stringify({ timeline, commitment }) });
    expect(good.verdict).toBe('verified');
    expect(details(good)).toMatchObject({
      form: 'object',
      timelinePointer: '/timeline',
      commitment: { origin: 'embedded', pointer: '/commitment', binds: true, entryCount: '5' },
    });
    expect(details(good).entries[2]?.pointer).toBe('/timeline/2');

    timeline[1] = { ...timeline[1], provenance_class: 'CAPTURED BY SERVER' };
    const bad = await verify({ name: 'j.json', text: JSON.stringify({ timeline, commitment }) });
    expect(bad.verdict).toBe('failed');
    expect(failures(bad)).toEqual(['entry 2 prev_digest does not match the digest of entry 1']);
    expect(bad.checks.find((c) => c.status === 'fail')?.path).toBe('/timeline/2/prev_digest');
  });

  it('a single entry object is not a timeline', async () => {
    const [entry] = buildChain(1);
    const report = await verify({ name: 'e.json', text: JSON.stringify(entry) });
    expect(report.kind).toBe('timeline');
    expect(failures(report)).toEqual(['timeline is not a non-empty list']);
  });
});

describe('commitments supplied as separate documents', () => {
  const commitment = (count: number | string): string =>
    `{"job_id":"job-7a1f","final_entry_digest":"79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0","entry_count":${count},"published_at":"2026-10-01T18:30:00Z"}`;

  it('a supplied commitment binds the timeline; its checks name it as subject', async () => {
    const report = await verify({ name: 't.json', text: JSON.stringify(buildChain(5)) }, [
      { name: 'c.json', text: commitment(5) },
    ]);
    expect(report.verdict).toBe('verified');
    expect(details(report).commitment).toMatchObject({ origin: 'supplied', subject: 'c.json' });
    const bound = report.checks.find((c) => c.rule === 'chain.commitment.binds_count');
    expect(bound).toMatchObject({ status: 'pass', subject: 'c.json', path: '/entry_count' });
  });

  it('entry_count 5.0 is judged by its lexeme and rejected', async () => {
    const report = await verify({ name: 't.json', text: JSON.stringify(buildChain(5)) }, [
      { name: 'c.json', text: commitment('5.0') },
    ]);
    expect(failures(report)).toEqual(['commitment entry_count is not an integer']);
    expect(details(report).commitment?.entryCount).toBe('5.0');
  });

  it('a commitment alone is incomplete and says it needs its timeline', async () => {
    const report = await verify({ name: 'c.json', text: commitment(5) });
    expect(report.kind).toBe('commitment');
    expect(report.verdict).toBe('incomplete');
    expect(details(report).timelineSource).toBe('none');
    expect(report.dimensions.chain_integrity.status).toBe('unavailable');
  });

  it('a commitment with a supplied timeline checks the binding', async () => {
    const report = await verify({ name: 'c.json', text: commitment(6) }, [
      { name: 't.json', text: JSON.stringify(buildChain(5)) },
    ]);
    expect(report.kind).toBe('commitment');
    expect(details(report)).toMatchObject({
      timelineSource: 'supplied',
      timelineSubject: 't.json',
    });
    expect(failures(report)).toEqual([
      'commitment entry_count 6 does not match the timeline length 5',
    ]);
  });
});

describe('seq edge cases', () => {
  it('an integer seq past 2^53 breaks contiguity and is written exactly', async () => {
    const chain = buildChain(3);
    const text = JSON.stringify(chain).replace('"seq":2', '"seq":12345678901234567890');
    const report = await verify({ name: 't.json', text });
    expect(failures(report)).toEqual([
      'entry 1 seq 12345678901234567890 breaks contiguity (expected 2)',
      'entry 2 prev_digest does not match the digest of entry 1',
    ]);
    expect(details(report).entries[1]?.seq).toBe('12345678901234567890');
  });
});

describe('failure capping', () => {
  it(`lists ${ENTRY_FINDING_CAP} failures per rule, then one "N more" check`, async () => {
    const chain = buildChain(1000).map((e) => ({ ...e, seq: (e.seq as number) + 1 }));
    const report = await verify({ name: 't.json', text: JSON.stringify(chain) });
    const seq = report.checks.filter((c) => c.rule === 'chain.seq.contiguous');
    expect(seq).toHaveLength(ENTRY_FINDING_CAP + 1);
    // Said the way workflow steps say it (src/core/rules/tally.ts).
    expect(seq[ENTRY_FINDING_CAP]?.message).toBe(
      '900 more entries break rule chain.seq.contiguous (1000 in all; each is marked in the entry table)',
    );
    // Every entry still records its own issue for the timeline view.
    expect(details(report).entries.filter((e) => e.issues?.length).length).toBe(1000);
  });
});

describe('a 100,000-entry chain', () => {
  // Speed is measured by `npm run bench`, not asserted here; this checks the result at scale.
  it('verifies, with one pass check per rule rather than one per entry', async () => {
    const n = 100_000;
    const text = JSON.stringify(buildChain(n));
    const report = await verify({ name: 'big.json', text });
    expect(report.verdict).toBe('verified');
    expect(details(report).entryCount).toBe(n);
    expect(report.checks.length).toBeLessThan(40);
  }, 60_000);
});
