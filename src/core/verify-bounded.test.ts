/**
 * Issue 13 items 1 and 6: work and memory are bounded per batch member. A batch report keeps
 * what needs reading (up to BATCH_MEMBER_FAILURE_CAP members per rule they break) and counts
 * the rest, so its size does not grow with the number of members. Sizes are small here; what
 * is asserted is that the report is the same size at 2,000 and at 8,000 members (it grew
 * linearly before: one full report per member, held all at once).
 */
import { describe, expect, it } from 'vitest';
import { MINIMAL_RECEIPT } from '../../test/support/minimal-receipt';
import { BATCH_LISTED_MEMBERS, BATCH_MEMBER_FAILURE_CAP } from './bounds';
import { BatchSummary, memberOutcome } from './batch-summary';
import { verifyAll } from './verify';
import type { VerifiedReport } from './report-details';

const NOW = Date.parse('2026-11-01T00:00:00Z');

async function batchReport(text: string, onMember?: () => void): Promise<VerifiedReport> {
  const { results } = await verifyAll([{ name: 'batch', text }], {
    now: NOW,
    ...(onMember ? { onMember } : {}),
  });
  expect(results).toHaveLength(1);
  return results[0]!.report;
}

const ones = (n: number) => `[${Array(n).fill('1').join(',')}]`;
const good = JSON.stringify(MINIMAL_RECEIPT);
const tampered = JSON.stringify({ ...MINIMAL_RECEIPT, output_hash: `sha256:${'0'.repeat(64)}` });

describe('a batch past BATCH_LISTED_MEMBERS', () => {
  it('lists the same number of member reports and checks at 2,000 and 8,000 members', async () => {
    const small = await batchReport(ones(2000));
    const large = await batchReport(ones(8000));
    for (const report of [small, large]) {
      expect(report.verdict).toBe('failed');
      expect(report.children).toHaveLength(BATCH_MEMBER_FAILURE_CAP);
    }
    expect(large.checks).toHaveLength(small.checks.length);
    expect(large.checks.map((c) => c.message)).toContain(
      `${8000 - BATCH_MEMBER_FAILURE_CAP} more members break rule document.kind (8000 in all)`,
    );
    expect(large.checks[0]?.message).toBe(
      '8000 of 8000 documents checked: 0 verified, 8000 failed, 0 incomplete',
    );
    expect(large.dimensions.schema_validity.summary).toBe('8000 of 8000 documents: fail');
    // The core profile line names the members listed, not every member.
    const core = large.profiles?.find((p) => p.id === 'core');
    expect(core?.status).toBe('fail');
    expect(core?.reasons.length).toBe(BATCH_MEMBER_FAILURE_CAP);
  });

  it('does the same for JSON Lines of bare numbers, and hands every member to onMember', async () => {
    let seen = 0;
    const report = await batchReport('1\n'.repeat(3000), () => seen++);
    expect(seen).toBe(3000);
    expect(report.children).toHaveLength(BATCH_MEMBER_FAILURE_CAP);
    expect(report.checks.map((c) => c.message)).toContain(
      `${3000 - BATCH_MEMBER_FAILURE_CAP} more members break rule document.kind (3000 in all)`,
    );
  });

  it('keeps every failure under the cap, counts the verified, and says so', async () => {
    const members = Array.from({ length: BATCH_LISTED_MEMBERS + 500 }, (_, i) =>
      i % 100 === 7 ? tampered : good,
    );
    const report = await batchReport(`[${members.join(',')}]`);
    const failed = members.filter((m) => m === tampered).length;
    expect(report.verdict).toBe('failed');
    expect(report.children?.map((c) => c.verdict)).toEqual(Array(failed).fill('failed'));
    expect(report.children?.[0]?.source).toBe('batch item 8');
    expect(report.checks.map((c) => c.message)).toContain(
      `${failed} of ${members.length} member reports are listed: those not verified, up to ${BATCH_MEMBER_FAILURE_CAP} per rule they break; the other ${members.length - failed} are counted above`,
    );
    expect(report.dimensions.byte_integrity).toEqual({
      status: 'fail',
      summary: `${failed} of ${members.length} documents: fail`,
    });
    // A status is said in words, not as the report's token.
    expect(report.dimensions.issuer_authenticity).toEqual({
      status: 'not_checked',
      summary: `${members.length} of ${members.length} documents: not checked`,
    });
  });

  it('still lists every member of a batch of up to BATCH_LISTED_MEMBERS', async () => {
    const report = await batchReport(`[${[good, tampered, '1'].join(',')}]`);
    expect(report.children?.map((c) => c.verdict)).toEqual(['verified', 'failed', 'failed']);
  });
});

describe('duplicate member names in a batch', () => {
  it('gives each member only the duplicates inside it', async () => {
    const members = Array.from({ length: 50 }, (_, i) => `{"m${i}":1,"m${i}":2}`);
    const report = await batchReport(`[${members.join(',')}]`);
    report.children?.forEach((child, i) => {
      const duplicates = child.checks.filter((c) => c.rule === 'json.duplicate_member');
      expect(duplicates.map((c) => c.path)).toEqual([`/${i}/m${i}`]);
    });
  });

  it('reads a JSON Lines record holding 200,000 duplicate names (was a stack overflow)', async () => {
    const many = `{${Array(200_000).fill('"a":1').join(',')}}`;
    const report = await batchReport(`${many}\n${good}\n`);
    expect(report.children).toHaveLength(2);
    const first = report.children?.[0];
    expect(first?.checks.filter((c) => c.rule === 'json.duplicate_member').length).toBe(101);
    expect(first?.checks.map((c) => c.message)).toContain(
      '199899 more duplicate member names break rule json.duplicate_member (199999 in all)',
    );
  });
});

describe('a batch summary told its size before the first member', () => {
  it('reports as one that learnt it when the batch passed BATCH_LISTED_MEMBERS', async () => {
    const { results } = await verifyAll(
      [
        { name: 'good', text: good },
        { name: 'tampered', text: tampered },
      ],
      { now: NOW },
    );
    const [verified, failed] = results.map((result) => result.report);
    const total = BATCH_LISTED_MEMBERS + 2;
    const told = new BatchSummary(total);
    const learnt = new BatchSummary();
    for (let i = 0; i < total; i++) {
      const report = i % 7 === 3 ? failed! : verified!;
      told.add(memberOutcome(report), report);
      learnt.add(memberOutcome(report), report);
    }
    const fields = { kind: 'batch' as const, source: 'b', total };
    const report = told.report(fields);
    expect(report.children).toHaveLength(BATCH_MEMBER_FAILURE_CAP);
    expect(JSON.stringify(report)).toBe(JSON.stringify(learnt.report(fields)));
  });
});
