import { describe, expect, it } from 'vitest';
import type { Report, VectorAgreement } from '../../core';
import { agreementTone, shortenDigests, vectorSetHeadline } from './vector-set';
import { statusTone } from './verdict';

function setReport(counts: Record<VectorAgreement, number>): Report {
  return {
    kind: 'vector-set',
    source: 'set.json',
    verdict: counts.disagrees > 0 ? 'failed' : counts.undecided > 0 ? 'incomplete' : 'verified',
    dimensions: {} as Report['dimensions'],
    checks: [],
    limits: [],
    details: { type: 'vector-set', list: 'vectors', reading06: false, rows: [], counts },
  };
}

describe('vector-set selectors', () => {
  it('give each agreement the colour of its status and a word of its own', () => {
    expect(agreementTone('agrees')).toMatchObject({
      label: 'agrees',
      className: statusTone('pass').className,
    });
    expect(agreementTone('disagrees')).toMatchObject({
      label: 'disagrees',
      className: statusTone('fail').className,
    });
    expect(agreementTone('undecided')).toMatchObject({
      label: 'not decided',
      className: statusTone('unavailable').className,
    });
  });

  it('headline a set by its agreement, never as a verified record', () => {
    expect(vectorSetHeadline(setReport({ agrees: 3, disagrees: 0, undecided: 0 }))?.headline).toBe(
      'All 3 vectors agree with the set',
    );
    expect(vectorSetHeadline(setReport({ agrees: 2, disagrees: 1, undecided: 1 }))?.headline).toBe(
      '1 of 4 vectors disagree with the set',
    );
    expect(vectorSetHeadline(setReport({ agrees: 5, disagrees: 0, undecided: 1 }))?.headline).toBe(
      '5 of 6 vectors agree; 1 not decided',
    );
    expect(
      vectorSetHeadline({
        ...setReport({ agrees: 1, disagrees: 0, undecided: 0 }),
        details: undefined,
      }),
    ).toBeUndefined();
  });

  it('shorten 64-hex digests in table cells, and nothing else', () => {
    expect(
      shortenDigests(
        'root 609eb71e8855515d3d1988f17c714429b4433cfbd8a837f22182652d22ae1f51; not 7c4817ca',
      ),
    ).toBe('root 609eb71e…1f51; not 7c4817ca');
    expect(shortenDigests('sha256:' + 'a'.repeat(64))).toBe('sha256:aaaaaaaa…aaaa');
    expect(shortenDigests('a'.repeat(65))).toBe('a'.repeat(65));
  });
});
