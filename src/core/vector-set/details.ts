/** What a vector-set report carries for its view: one row per vector (vector-set/verify-vector-set.ts). */
import type { DocumentKind, Report } from '../model/report';
import type { ReportDetails } from '../report-details';

/** A vector agrees when this verifier reaches what it expects; undecided when it cannot tell. */
export type VectorAgreement = 'agrees' | 'disagrees' | 'undecided';

/** One vector: what the set expects, what this verifier found, and whether they agree. */
export interface VectorRow<R> {
  name: string;
  /** JSON pointer of the vector inside the set. */
  pointer: string;
  /** The set's expectation in its own terms: "valid", "root 4860e25b…", "a failure containing …". */
  expected: string;
  /** What this verifier found: "verified", "failed: <first failure>", "root 4860e25b…". */
  ours: string;
  agreement: VectorAgreement;
  /** Why it does not agree ("the set expects valid; this verifier finds: …"), or how it was read. */
  note?: string;
  /** The kind the vector's document was verified as. */
  kind?: DocumentKind;
  /** The vector's own report: its document verified as if it had come alone. */
  report?: R;
}

/** Generic in the nested report, which is of any kind. */
export interface VectorSetDetailsOf<R> {
  type: 'vector-set';
  /** The member the vectors are listed in. */
  list: 'vectors' | 'cases';
  /**
   * Read as a set of -06 chains: every chain in it lacks tool in every entry, so its chains'
   * expectations are compared with the historical -06 label (the current rules fail them all).
   */
  reading06: boolean;
  rows: VectorRow<R>[];
  counts: Record<VectorAgreement, number>;
}

/** A vector set's rows, each with its vector's own report. */
export type VectorSetDetails = VectorSetDetailsOf<Report<ReportDetails>>;

declare module '../report-details' {
  interface DetailsByType {
    'vector-set': VectorSetDetails;
  }
}
