/** Provenance classes of spec §2.3 and what each claims. */
export const PROVENANCE_CLASS =
  /^(EXECUTED BY [A-Z0-9][A-Z0-9 ._-]*|OBSERVED VIA GATEWAY|LOGGED BY AGENT)$/;

export type ProvenanceKind = 'executed' | 'observed' | 'self-reported' | 'unknown';

export interface ProvenanceInfo {
  kind: ProvenanceKind;
  label: string;
  /** What the class claims, in plain words. */
  claim: string;
}

export function classifyProvenance(label: string | undefined): ProvenanceInfo {
  if (label !== undefined && PROVENANCE_CLASS.test(label)) {
    if (label.startsWith('EXECUTED BY ')) {
      return {
        kind: 'executed',
        label,
        claim: `the recording system (${label.slice('EXECUTED BY '.length)}) ran the tool and stored the result`,
      };
    }
    if (label === 'OBSERVED VIA GATEWAY') {
      return {
        kind: 'observed',
        label,
        claim: 'seen through an integrated gateway: observed, not executed by the recorder',
      };
    }
    return {
      kind: 'self-reported',
      label,
      claim: 'reported by an outside agent: the recorder only received, timestamped and chained it',
    };
  }
  return { kind: 'unknown', label: label ?? '(none)', claim: 'not a known AER-1 provenance class' };
}
