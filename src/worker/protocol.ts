/** Messages between the UI and the verification Worker (structured-clone safe). */
import type { InputDocument } from '../core';
import type { UnplacedDocument } from '../core';
import type { Report } from '../core';

export interface VerifyRequest {
  type: 'verify';
  id: number;
  /** Everything that arrived together; the Worker groups it (ingestion) and verifies each group. */
  inputs: InputDocument[];
  /** Return the parsed document as plain JSON for the raw view (one small document only). */
  wantRaw: boolean;
  /** Set when the receipt was fetched by id: the retrieved id must equal it (spec §2.4). */
  expectedReceiptId?: string;
  /**
   * The self-test (#/conformance): a fixed clock, a consumer policy, and with `supplied` each
   * input verified on its own with those documents (no grouping), as the vectors declare.
   */
  options?: {
    now?: number;
    supplied?: InputDocument[];
    maxFutureMs?: number;
    maxAgeMs?: number;
  };
}

export interface VerifiedGroup {
  report: Report;
  /** Names of the documents verified with it (step receipts, evidence, proofs…). */
  suppliedNames: string[];
  raw?: unknown;
  rawOmitted?: string;
}

export type WorkerResponse =
  | { type: 'progress'; id: number; done: number; total: number }
  | {
      type: 'result';
      id: number;
      results: VerifiedGroup[];
      unplaced: UnplacedDocument[];
      elapsedMs: number;
    }
  | { type: 'error'; id: number; message: string };

/** Above this many characters the raw JSON tree is not sent to the UI (it would be unusable). */
export const RAW_VIEW_LIMIT = 2_000_000;
