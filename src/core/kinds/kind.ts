/**
 * One descriptor per document kind (spec §1): how it is recognised, what links it to the other
 * documents that arrived with it, how it is verified, the code it loads on demand, its vectors,
 * its rules, the details its reports carry (which the app's view of them is keyed by) and its
 * label. Detection, grouping, dispatch, labels, code loading and the rule catalogue are loops
 * over the registry (registry.ts); adding a kind means adding one module, its entry there and
 * its name to DocumentKind (model/kinds.ts). An anchor type's kinds come with its descriptor
 * (anchor/anchor-type.ts).
 */
import type { CheckList } from '../checks';
import { onDemand, type CodeOnDemand } from '../on-demand';
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
import type { DocumentKind, Report, SourceRange } from '../model/report';
import type { DetailsType, ReportDetails } from '../report-details';
import type { RuleTable } from '../rules/rule';

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
  /**
   * The index in JSON_RECOGNISERS of the recogniser detection read this very object by, as
   * `kind` (DetectedDocument.recognisedBy): the ones before it were tried on it and missed.
   */
  recognisedBy?: number;
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
  /**
   * The kind of the documents it serves, which it goes with when grouped (a block header follows
   * the OpenTimestamps proofs it can confirm).
   */
  follows?: DocumentKind;
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
   * CodeNotLoaded until `load()` has resolved. load-code.ts loads it for the kinds that arrived.
   */
  code?: CodeOnDemand;
  /**
   * The rule tables its checks record that the Worker carries with its descriptor. Tables only
   * code loaded on demand records are listed under its name in rules/catalogue.ts instead:
   * naming them here would bring them (and the chunks they share) into the Worker's first chunk.
   */
  rules?: readonly RuleTable[];
  /** Its vectors folder, under src/core. */
  vectors?: string;
  /** The `type` of the details its reports carry, which the app shows them by; none for a summary. */
  details?: DetailsType;
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
  /**
   * The text of member `index` when it is a JSON Lines record that is no JSON value: it is then
   * verified alone from that text, as a streaming reader verifies it, and `at` is never asked.
   */
  brokenText?: (index: number) => string | undefined;
  /** Where member `index` stands in the document (JSON Lines), without reading it. */
  place?: (index: number) => SourceRange;
  /** The name member `index` is reported under, without reading it. */
  name: (index: number) => string;
}

/** Whether member `index` is read as a tree: not a record too long to read, nor one that is no JSON. */
export function readsAsTree(members: BatchMembers, index: number): boolean {
  return !members.tooLong?.(index) && members.brokenText?.(index) === undefined;
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

export type { CodeOnDemand } from '../on-demand';

/**
 * A kind's verifier kept out of the Worker's first chunk (on-demand.ts): the app's first verdict
 * is of a per-call receipt, which needs neither the workflow nor the timeline verifier.
 */
export function verifierOnDemand(
  what: string,
  importVerifier: () => Promise<KindVerifier>,
): { verify: KindVerifier; code: CodeOnDemand } {
  const verifier = onDemand(what, 'loadCodeFor', importVerifier);
  return {
    verify: (doc, ctx, list) => verifier.get()(doc, ctx, list),
    code: { loaded: verifier.loaded, load: verifier.load },
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
