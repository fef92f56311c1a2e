import type { CheckList } from './checks';
import type { DetectedDocument, InputDocument } from './model/document';
import type { DocumentKind } from './model/kinds';
import type { Hashing } from './hash/sha256';
import type { VerifiedReport } from './report-details';

/** The consumer's clock policy (spec §2.2): off unless the user sets it. */
export interface ConsumerPolicy {
  /** Largest accepted distance of created_at after this device's clock, in ms. */
  maxFutureMs?: number;
  /** Largest accepted age of created_at, in ms. */
  maxAgeMs?: number;
}

/** Everything a kind's rules may use besides the document itself. */
export interface VerifyContext {
  hashing: Hashing;
  /** Current time, ms since the epoch (injected so tests are repeatable). */
  now: number;
  /**
   * Other documents the user supplied with this one: step receipts, a commitment, evidence
   * files, the final answer, Nostr events, .ots proofs, block headers. Each kind takes what
   * it can use; ingestion decides what belongs together.
   */
  supplied: DetectedDocument[];
  /** The consumer's clock policy, when the user set one: reported beside the core, never in it. */
  policy?: ConsumerPolicy;
  /** When the receipt was fetched by id (spec §2.4 step 1): the id that was asked for. */
  expectedReceiptId?: string;
  /**
   * Whether a workflow report lists its steps (details.steps, the app's step table); listed
   * unless false. Every step is checked either way.
   */
  stepTable?: boolean;
  /**
   * Verifies a supplied document (a workflow's step receipt) exactly as if it had arrived
   * alone with the material that links to it: the one pipeline, never a reduced copy.
   */
  verifySupplied: (doc: DetectedDocument) => VerifiedReport;
  /**
   * The supplied per-call receipts, bare or wrapped, with every container (a batch) opened into
   * its members, each as a document of its own, in order: where step receipts are looked for.
   * Each comes with the receipt kind it is read as: its own, or the one it is also recognised
   * as when it is refused as two kinds (detect.ts receiptReadingOf).
   */
  suppliedReceipts: () => { doc: DetectedDocument; reading: DocumentKind }[];
  /**
   * The checks of a document's own contents that every document gets whatever its kind
   * (duplicate member names, hidden characters, one kind per object, commitments carried
   * outside what its kind verifies), into `list`: for supplied material a kind's rules read
   * as a document of its kind (a commitment's timeline), so it is held to what it would be
   * held to alone.
   */
  checkContents: (doc: DetectedDocument, list: CheckList) => void;
  /**
   * Verifies a document another one describes (a vector set's vector), given as its text, exactly
   * as if it had arrived alone: detected and dispatched by the one pipeline, nothing supplied.
   */
  verifyInput: (input: InputDocument) => VerifiedReport;
}

/** What the receipt rules read of the context: the hashing, the clock and the clock policy. */
export type ReceiptContext = Pick<VerifyContext, 'hashing' | 'now' | 'policy'>;
