/** Messages between the UI and the verification Worker (structured-clone safe). */
import type {
  DocumentRole,
  InputDocument,
  Report,
  UnplacedDocument,
  WorkflowStepRow,
} from '../core';
import type { DecodeResult } from '../share/share-link';
import type { RepeatedId } from '../ui/selectors/repeated-ids';
import type { ResultRow } from '../ui/selectors/results';

export type { ResultRow } from '../ui/selectors/results';

/**
 * A document as sent to the Worker: its content, or the File it is in. A File crosses to the
 * Worker as a handle (no bytes are copied, nothing is read on the page's thread); the Worker
 * reads it, or streams it when it is a large JSON Lines file.
 */
export type WireDocument = InputDocument | { name: string; file: File; role?: DocumentRole };

export interface VerifyRequest {
  type: 'verify';
  id: number;
  /** Everything that arrived together; the Worker groups it (ingestion) and verifies each group. */
  inputs: WireDocument[];
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

/** The full report of row `index` of the result of verification `of`. */
export interface DetailRequest {
  type: 'detail';
  id: number;
  of: number;
  index: number;
}

/**
 * A share link's data (the `#r=` value) to decode here: base64url, inflating and JSON.parse of
 * up to 8 MiB would block the page's thread (a deflate bomb link: 299 ms).
 */
export interface ShareDecodeRequest {
  type: 'share';
  id: number;
  value: string;
}

export type WorkerRequest = VerifyRequest | DetailRequest | ShareDecodeRequest;

export interface VerifiedGroup {
  report: Report;
  /** Names of the documents verified with it (step receipts, evidence, proofs…). */
  suppliedNames: string[];
  raw?: unknown;
  rawOmitted?: string;
  /**
   * A large batch: its members as compact rows (verdict, kind, name, first failing reason), in
   * order, instead of `report.children`; each member's report is asked for when it is opened.
   */
  rows?: ResultRow[];
  /** Its workflow's step rows came ahead in 'steps' messages (the client restores them). */
  stepsAhead?: boolean;
  /** The batch was read as a stream (JSON Lines): how many bytes it had. */
  streamedBytes?: number;
  /** Set by the client on a group with rows: the verification to ask for a member's details. */
  runId?: number;
  /**
   * Set by the client on a group with rows: the ids more than one of them carries, indexed as
   * the rows arrived (RepeatedIdIndex), so the page does not walk them all at once.
   */
  repeatedIds?: RepeatedId[];
}

export type WorkerResponse =
  | { type: 'progress'; id: number; done: number; total: number }
  /** The next compact rows of the batch being verified (they arrive before the result). */
  | { type: 'rows'; id: number; rows: ResultRow[] }
  /**
   * The next step rows of the workflow of result group `group` (they arrive before the result,
   * whose workflow details then carry no steps: the client puts these back in order).
   */
  | { type: 'steps'; id: number; group: number; steps: WorkflowStepRow[] }
  | {
      type: 'result';
      id: number;
      results: VerifiedGroup[];
      unplaced: UnplacedDocument[];
      elapsedMs: number;
    }
  | { type: 'detail'; id: number; report: Report }
  | { type: 'share'; id: number; result: DecodeResult }
  | { type: 'error'; id: number; message: string };

/** Above this many characters the raw JSON tree is not sent to the UI (it would be unusable). */
export const RAW_VIEW_LIMIT = 2_000_000;
/**
 * A batch with more members than this comes back as compact rows, details on demand: the
 * reports of 100,000 members would take seconds to copy to the page and to walk there.
 */
export const FULL_REPORTS_MAX = 1_000;
/** Rows per 'rows' message: each is copied to the page in a few milliseconds. */
export const ROWS_PER_MESSAGE = 2_000;
/**
 * Step rows per 'steps' message. A 100,000-step workflow's rows arriving with its result took
 * 178–194 ms of the page's main thread to copy in one message (bench/browser.ts); in messages of
 * this many, each copy is a few milliseconds and the page stays responsive between them.
 */
export const STEPS_PER_MESSAGE = 2_000;
/** JSON Lines files larger than this are streamed from the File, record by record. */
export const STREAM_ABOVE_BYTES = 8 * 1024 * 1024;

/** The one large JSON Lines File of a request, which is streamed rather than read whole. */
export function streamableFile(request: VerifyRequest): { name: string; file: File } | undefined {
  if (request.inputs.length !== 1 || request.options?.supplied) return undefined;
  const only = request.inputs[0];
  if (!only || !('file' in only) || only.role !== undefined) return undefined;
  if (!/\.(jsonl|ndjson)$/i.test(only.name) || only.file.size <= STREAM_ABOVE_BYTES)
    return undefined;
  return only;
}
