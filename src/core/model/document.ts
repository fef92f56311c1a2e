/**
 * The documents the core verifies: as the shells hand them in (InputDocument), and as detection
 * read them (DetectedDocument). The bottom layer of the core, beside the report model: every
 * rule and kind reads documents through these types and imports nothing above them.
 */
import type { DuplicateMember, JsonValue } from '../json/ast';
import type { SourceText } from '../json/position';
import type { DocumentKind, ParseFailure, SourceRange } from './report';

export interface InputDocument {
  /** File name or a label such as "pasted text". */
  name: string;
  text?: string;
  bytes?: Uint8Array;
  /** Set when the user said what the document is (e.g. "this is the final answer"). */
  role?: DocumentRole;
  /** Set only by the page's own relay lookup: this is a relay's answer (RelayAnswer). */
  fromRelay?: RelayAnswer;
  /** A JSON Lines record verified alone that does not start its file (ParseOptions.midFile). */
  midFile?: true;
  /** The line of its file such a record stands on: positions count lines in the file. */
  line?: number;
}

/** A role the user can give a supplied document; content sniffing cannot tell these apart. */
export type DocumentRole = 'final-answer';

/**
 * Which relay sent this text when asked for which event. A relay can send anything: an answer
 * that is not that event, verified, is the relay's misbehaviour, reported as unavailable and
 * naming the relay, never as a failure of the record (the event stays missing). It can never
 * make anything pass: an answer that verifies is checked like any supplied event.
 */
export interface RelayAnswer {
  /** The relay's ws:// or wss:// URL, as the anchor names it. */
  relay: string;
  /** The event id the relay was asked for (64 lowercase hex digits). */
  eventId: string;
}

/**
 * A batch's records read one at a time (batch-records.ts): each is parsed when it is read, so a
 * caller that lets go of each holds one record's tree at a time.
 */
export interface DocumentRecords {
  readonly count: number;
  /** Whether record `index` is too long to read (it is then never read). */
  isTooLong(index: number): boolean;
  /** The text of record `index` when it is no JSON value (it is then never read). */
  brokenText(index: number): string | undefined;
  /** Where record `index` stands in the text, with the line it starts on, without reading it. */
  place(index: number): SourceRange;
  /** The length of record `index` in the text, in UTF-16 units, without reading it. */
  textLength(index: number): number;
  /** Record `index` parsed: its tree and the duplicate member names inside it. */
  read(index: number): { root: JsonValue; duplicates: DuplicateMember[] };
}

export interface DetectedDocument {
  kind: DocumentKind;
  name: string;
  role?: DocumentRole;
  fromRelay?: RelayAnswer;
  /** Why this kind was chosen, for people. */
  reason: string;
  source: SourceText;
  /** The parsed JSON (for JSON Lines: a synthetic array of the lines' values). */
  root?: JsonValue;
  duplicates: DuplicateMember[];
  /** Raw bytes (for .ots proofs, block headers and evidence files). */
  bytes: Uint8Array;
  jsonLines: boolean;
  parseError?: ParseFailure;
  /**
   * A JSON Lines batch's records, read one at a time (batch-records.ts): `root` stands for
   * them and reads them all only when its items are asked for.
   */
  records?: DocumentRecords;
  /**
   * The index in JSON_RECOGNISERS of the recogniser that read `root` as `kind`: the ones before
   * it were tried on it and did not match.
   */
  recognisedBy?: number;
}
