/** Messages between the UI and the verification Worker (structured-clone safe). */
import type {
  ChainEntrySummary,
  DocumentRole,
  InputDocument,
  Report,
  UnplacedDocument,
  WorkflowStepRow,
} from '../core';
import { STREAM_ABOVE_BYTES } from '../core';
import type { DecodeResult } from '../share/share-link';
import type { RepeatedId } from './repeated-ids';
import type { ResultRow } from './result-rows';

export type { ResultRow } from './result-rows';

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
  /**
   * How many 'inputs' messages with more of them follow (a large drop is sent in parts of
   * INPUTS_PER_MESSAGE); the Worker starts when the last has come. Absent: none follow.
   */
  partsToFollow?: number;
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

/** More inputs of verification `of` (see VerifyRequest.partsToFollow), in order. */
export interface InputsPart {
  type: 'inputs';
  id: number;
  of: number;
  inputs: WireDocument[];
}

/**
 * A share link's data (the `#r=` value) to decode here: base64url, inflating and JSON.parse of
 * up to 8 MiB would block the page's thread (a deflate bomb link was a long task there).
 */
export interface ShareDecodeRequest {
  type: 'share';
  id: number;
  value: string;
}

export type WorkerRequest = VerifyRequest | DetailRequest | InputsPart | ShareDecodeRequest;

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
  /**
   * The long list of its details (a workflow's step rows, a timeline's entries) came ahead in
   * 'list-ahead' messages, and its details carry none: the client puts them back (list-ahead.ts).
   */
  listAhead?: boolean;
  /**
   * A batch verified whole: how many members it holds. Its report's children are every member
   * when there are as many of them (a large batch's report lists only those not verified).
   */
  members?: number;
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

/** An input as verified: its name, size and the SHA-256 of its bytes, as the Worker read them. */
export interface InputDigest {
  name: string;
  bytes: number;
  sha256: string;
}

export type WorkerResponse =
  /**
   * `done` of `total` records or documents; files read of a large drop while `phase` is
   * 'reading'; for a file streamed record by record, bytes read of its size, with `records`
   * verified so far (how many it holds is known only at its end).
   */
  | {
      type: 'progress';
      id: number;
      done: number;
      total: number;
      records?: number;
      phase?: 'reading';
    }
  /** The first result groups of a verification of many records, in order, ahead of the rest. */
  | { type: 'results-ahead'; id: number; results: VerifiedGroup[] }
  /** The next compact rows of the batch being verified (they arrive before the result). */
  | { type: 'rows'; id: number; rows: ResultRow[] }
  /**
   * The next items of the long list of result group `group`'s details (they arrive before the
   * result, whose details then carry none of them: the client puts these back in order).
   */
  | { type: 'list-ahead'; id: number; group: number; items: AheadItem[] }
  | {
      type: 'result';
      id: number;
      results: VerifiedGroup[];
      unplaced: UnplacedDocument[];
      elapsedMs: number;
      /** Every input of the request, in order, as verified (exports and prints name them). */
      inputs: InputDigest[];
      /** The clock the checks ran against (ms since the epoch). */
      checkedAt: number;
    }
  | { type: 'detail'; id: number; report: Report }
  | { type: 'share'; id: number; result: DecodeResult }
  | { type: 'error'; id: number; message: string };

/** Rows per 'rows' message: each is copied to the page in a few milliseconds. */
export const ROWS_PER_MESSAGE = 2_000;
/** An item of a details' long list: a workflow's step row or a timeline's entry. */
export type AheadItem = WorkflowStepRow | ChainEntrySummary;
/**
 * Items per 'list-ahead' message. A 100,000-step workflow's rows arriving with its result held
 * the page's main thread in one long task to copy (bench/browser.ts), and a 1,000,000-entry
 * timeline's entries froze it for seconds; in messages of this many, each copy is short and
 * the page stays responsive between them.
 */
export const ITEMS_PER_MESSAGE = 2_000;
/**
 * Inputs per message to the Worker, and result groups per message back. A File is looked up
 * on the disk as it is copied into a message, on the page's main thread: 10,000 in one message
 * (and their 10,000 results) held the page for more than a second each. In parts of this many,
 * each is a short task and the page answers between them.
 */
export const INPUTS_PER_MESSAGE = 100;
export const RESULTS_PER_MESSAGE = 250;

/** The one large JSON Lines File of a request, which is streamed rather than read whole. */
export function streamableFile(request: VerifyRequest): { name: string; file: File } | undefined {
  if (request.inputs.length !== 1 || request.options?.supplied) return undefined;
  const only = request.inputs[0];
  if (!only || !('file' in only) || only.role !== undefined) return undefined;
  return streamsFile(only.name, only.file.size) ? only : undefined;
}

/** Whether a file opened alone is streamed record by record: a large `.jsonl`/`.ndjson`. */
export function streamsFile(name: string, size: number): boolean {
  return /\.(jsonl|ndjson)$/i.test(name) && size > STREAM_ABOVE_BYTES;
}
