/**
 * One descriptor per document kind (spec §1): how it is recognised, what links it to the other
 * documents that arrived with it, how it is verified, and its label. Detection, grouping,
 * dispatch and labels are loops over the registry (registry.ts); adding a kind means adding one
 * module here and its name to DocumentKind.
 */
import type { CheckList } from '../checks';
import { CodeNotLoaded } from '../code-not-loaded';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../model/document';
import type { Hashing } from '../hash/sha256';
import {
  hasMember,
  type DuplicateMember,
  type JsonArray,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import type { DocumentKind, Report } from '../model/report';
import type { ReportDetails } from '../report-details';

/**
 * A key under which documents that arrived together find each other, written `<by>:<value>`:
 * - `step:<receipt id>`   a workflow step's receipt_id, joined by the per-call receipt with that id;
 * - `digest:<hex>`        a SHA-256 a record commits to outside its bytes, joined by a file with that digest;
 * - `anchorable:<hex>`    a value an OpenTimestamps proof may start from;
 * - `event:<id>`          a receipt anchor's Nostr event id, joined by the event;
 * - `job:<job id>`        a timeline's job, joined by its commitment.
 */
export type LinkKey = `${'step' | 'digest' | 'anchorable' | 'event' | 'job'}:${string}`;

/** A rule for recognising a parsed JSON value; the lowest rank that matches wins. */
export interface JsonRecogniser {
  rank: number;
  /** Why this kind was chosen, for people; undefined when the value is not of this kind. */
  test: (value: JsonObject | JsonArray) => string | undefined;
  /**
   * The members of an object the test reads: when an object is recognised as another kind too,
   * the ones it carries are named as what was not verified (ambiguous-kind.ts). The test matches
   * no object that carries none of them (so a large array's objects are tested by name lookups).
   */
  members: readonly string[];
  /**
   * Recognises a broken document of its kind (a receipt missing half its members, a lone
   * timeline entry), so that it fails with that kind's messages. Such a reading beside another
   * kind does not make an object ambiguous: it names no commitment of its own.
   */
  fallback?: true;
}

/**
 * What an object is verified as: a kind, or a part of one (a timeline entry). An object that
 * another recogniser reads as something else is refused as ambiguous (ambiguous-kind.ts).
 */
export interface ObjectReading {
  /** With its article, for messages: "a per-call receipt", "a timeline entry". */
  label: string;
  /** Why it is read so, for people: "the receipt at envelope.receipt of a hosted /api/v2 answer". */
  reason: string;
  /**
   * The kind whose rules verify it: that kind's own recognisers, and those of the kind it
   * wraps, read it as what it is.
   */
  kind?: DocumentKind;
  /**
   * Members its rules define: a recogniser that reads only these reads it as what it is (a
   * timeline entry may store output_hash beside its canonical_bytes; that pair is checked
   * wherever it sits, carried-commitments.ts).
   */
  owns?: readonly string[];
}

/** Called for each object inside a document that its kind's rules verify under a reading. */
export type PartVisitor = (node: JsonValue, reading: ObjectReading) => void;

export interface KindDescriptor {
  kind: DocumentKind;
  /** "per-call receipt", "Nostr event", … */
  label: string;
  /**
   * How the kind is recognised, for the message listing the accepted kinds an unrecognised
   * document gets ("a Nostr event"); absent for a kind another's phrase covers.
   */
  accepts?: string;
  /**
   * Recognised from raw bytes before any JSON parsing (an .ots proof's magic). For an input
   * given as text it sees only the UTF-8 of its start, at least 61 bytes of it, in a buffer
   * detection reuses for every text: it must keep nothing of what it is shown (detect.ts).
   */
  recogniseBytes?: (bytes: Uint8Array) => string | undefined;
  /** Recognised from its trimmed text before JSON parsing (a block header in hex). */
  recogniseText?: (trimmed: string) => string | undefined;
  recogniseJson?: JsonRecogniser[];
  /**
   * 'record': verified as a report of its own; 'material': supports the record it links to
   * (evidence, a commitment, an anchor proof) and is verified alone only when no record came.
   */
  role: 'record' | 'material';
  /** Keys under which other documents join this one. */
  offers?: (doc: DetectedDocument) => LinkKey[];
  /** Keys under which this document joins another that offers them. */
  joins?: (doc: DetectedDocument, hashing: Hashing) => LinkKey[];
  /**
   * A record that joins another (receipts that are a workflow's steps) is normally verified
   * there only; one that holds other documents too (a batch) keeps its own report as well.
   */
  keepsOwnReportWhenJoined?: boolean;
  /** A block header follows the OpenTimestamps proofs it can confirm. */
  followsProofs?: boolean;
  /**
   * A wrapper's inner kind (a wrapped receipt carries a receipt): its outer object may carry
   * that kind's members too without being ambiguous, because the verifier checks that they
   * agree with the inner ones.
   */
  wraps?: DocumentKind;
  /**
   * The objects inside a document of this kind that its rules verify as a kind (or part of one)
   * of their own: a wrapper's receipt, a timeline's entries and commitment. Each must be of one
   * kind as the document itself must (ambiguous-kind.ts).
   */
  parts?: (root: JsonValue, visit: PartVisitor) => void;
  /**
   * The object this kind's rules verify as a per-call receipt, which the check of carried
   * commitments (carried-commitments.ts) leaves to them.
   */
  receiptAt?: (root: JsonValue) => JsonValue | undefined;
  /** The kind's verifier; container kinds give `members` instead. */
  verify?: KindVerifier;
  /**
   * Present when the verifier's code loads on demand (verifierOnDemand): `verify` throws
   * CodeNotLoaded until `load()` has resolved. verify.ts loads it for the kinds that arrived.
   */
  code?: CodeOnDemand;
  /** The values a container (a batch) holds; each is verified as if it had come alone. */
  members?: (doc: DetectedDocument) => BatchMembers;
  /**
   * Its verifier verifies documents it describes (a vector set's vectors) through the pipeline
   * (VerifyContext.verifyInput): they may be of any kind, so every kind's code is loaded for it,
   * and the checks of a document's own contents (duplicate members, hidden characters, carried
   * commitments) are theirs to make, as each is verified alone.
   */
  holdsDocuments?: true;
}

/**
 * The members of a container, got one at a time: a JSON Lines record is parsed when it is got
 * (batch-records.ts), so a caller that lets go of each member holds one record's tree at a time.
 */
export interface BatchMembers {
  count: number;
  at: (index: number) => BatchMember;
  /**
   * Whether member `index` is a JSON Lines record too long to read (MAX_RECORD_BYTES): it is
   * then reported with recordTooLongReport under `name(index)`, and `at` is never asked for it.
   */
  tooLong?: (index: number) => boolean;
  /** The name member `index` is reported under, without reading it. */
  name: (index: number) => string;
}

/** A value inside a container document, with the name its report carries. */
export interface BatchMember {
  value: JsonValue;
  name: string;
  /** The duplicate member names inside it, when it was parsed on its own (a JSON Lines record). */
  duplicates?: DuplicateMember[];
}

export type KindVerifier = (
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
) => Report<ReportDetails>;

/** Code that is loaded only when something needs it. */
export interface CodeOnDemand {
  loaded: () => boolean;
  load: () => Promise<void>;
}

/**
 * A kind's verifier kept out of the Worker's first chunk: the app's first verdict is of a
 * per-call receipt, and with the workflow and timeline verifiers in that chunk the JavaScript
 * loaded by it came close to the page-weight goal of issue 11 (bench/page-weight.ts).
 * `importVerifier` is a dynamic import, so the bundler makes the module a chunk of its own.
 */
export function verifierOnDemand(
  what: string,
  importVerifier: () => Promise<KindVerifier>,
): { verify: KindVerifier; code: CodeOnDemand } {
  let verifier: KindVerifier | undefined;
  return {
    verify: (doc, ctx, list) => {
      if (!verifier) throw new CodeNotLoaded(what, 'loadCodeFor');
      return verifier(doc, ctx, list);
    },
    code: {
      loaded: () => verifier !== undefined,
      // (A failed import leaves it unloaded, so the next verification tries again.)
      load: async () => {
        verifier ??= await importVerifier();
      },
    },
  };
}

/** A recogniser of "an object with all these members". */
export function objectWithMembers(
  rank: number,
  names: readonly string[],
  reason: string,
): JsonRecogniser {
  return {
    rank,
    members: names,
    test: (value) =>
      value.type === 'object' && names.every((name) => hasMember(value, name)) ? reason : undefined,
  };
}
