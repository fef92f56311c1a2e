/**
 * What a job-timeline report tells the views (Report.details when details.type === 'chain').
 * Plain data only (strings, numbers, booleans, arrays, objects): structured-clone safe, so it
 * crosses the Worker boundary as is. Kept compact: one small record per entry, no bytes.
 *
 * Declared with `type` rather than `interface` so it is assignable to the report's open
 * `{ type: string; [key: string]: unknown }` details without changes to report.ts.
 */
import type { AnchorDetails } from '../anchor/details';

/** One timeline entry as the timeline view shows it. Absent fields were absent or mistyped. */
export type ChainEntrySummary = {
  /** 0-based index in the timeline array (the `i` of the spec's messages). */
  index: number;
  /** JSON pointer of the entry in its document, e.g. `/3` or `/timeline/3`. */
  pointer: string;
  id?: string;
  /** seq exactly as written (its raw lexeme: `1`, `1.0`, `2.5`), or a type description. */
  seq?: string;
  tool?: string;
  provenanceClass?: string;
  /** The stored close when it is a boolean. */
  close?: boolean;
  storedPrevDigest?: string;
  /** This entry's digest, recomputed (§4.2); absent when its members do not allow it. */
  recomputedDigest?: string;
  /**
   * Whether this entry's prev_digest holds (entry 0: the 64-zero genesis; later entries: the
   * recomputed digest of the previous entry). undefined when it could not be judged.
   */
  linkOk: boolean | undefined;
  /** Failure messages about this entry (reference wording), only when there are any. */
  issues?: string[];
};

/** An external commitment (§4.5) and how it binds the timeline. */
export type ChainCommitmentDetails = {
  /** embedded: `{timeline, commitment}`; supplied: a separate document; document: the main one. */
  origin: 'embedded' | 'supplied' | 'document';
  /** Name of the document it came from, when that is not the main document. */
  subject?: string;
  /** JSON pointer of the commitment object in its document. */
  pointer: string;
  jobId?: string;
  finalEntryDigest?: string;
  /** entry_count as written (raw lexeme), so `5.0` shows as such. */
  entryCount?: string;
  publishedAt?: string;
  /** All four members well-formed. */
  shapeOk: boolean;
  /** true/false when compared with the timeline; undefined when that could not be judged. */
  jobIdMatches: boolean | undefined;
  entryCountMatches: boolean | undefined;
  finalEntryDigestMatches: boolean | undefined;
  /** Every binding holds: truncation relative to this commitment is ruled out. */
  binds: boolean;
};

/** The labelled historical (-06) check (§4.4): shown for reference, never part of the verdict. */
export type ChainHistorical06Details = {
  /** Genesis and every link hold when digests are SHA-256 of the decoded bytes alone. */
  linksHold: boolean;
  /** The last entry carries close: true, as -06 required. */
  closes: boolean;
  /** Links hold and the chain closes: it would have verified under -06. */
  verifiedUnder06: boolean;
  firstBrokenLink?: number;
  /** -06 digest of the last entry, when computable. */
  finalEntryDigest?: string;
};

export type ChainDetails = {
  type: 'chain';
  /** Where the timeline came from; 'none' when a commitment was verified without it. */
  timelineSource: 'document' | 'supplied' | 'none';
  /** Name of the supplied timeline document, when timelineSource is 'supplied'. */
  timelineSubject?: string;
  /** How the timeline was written. */
  form?: 'array' | 'json-lines' | 'object';
  /** JSON pointer of the timeline array ('' or '/timeline'). */
  timelinePointer?: string;
  /** The job: the first entry's job_id that is a string. */
  jobId?: string;
  entryCount: number;
  entries: ChainEntrySummary[];
  /** Index of the first entry whose prev_digest does not hold. */
  firstBrokenLink?: number;
  /** Recomputed digest of the last entry (what a commitment or an anchor binds). */
  finalEntryDigest?: string;
  commitment?: ChainCommitmentDetails;
  /** Further commitments, when more than one was supplied; each was checked. */
  otherCommitments?: ChainCommitmentDetails[];
  historical06?: ChainHistorical06Details;
  /** Supplied .ots proofs or Nostr events checked against the final entry digest. */
  anchors?: AnchorDetails;
};

declare module '../report-details' {
  interface DetailsByType {
    chain: ChainDetails;
  }
}
