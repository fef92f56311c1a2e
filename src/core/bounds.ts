/**
 * Every bound the verifier, its command line and its page apply, declared once: the code that
 * applies a bound imports its value from here, and docs/limits.md is written from BOUNDS by
 * `npx tsx scripts/limits-doc.ts` (a unit test fails when the page is not what the table says,
 * or when a value here has no entry in the table). A leaf module: it imports nothing, so every
 * layer may read it.
 *
 * The page's presentation choices (how many rows a list draws, when a picture gives way to a
 * list) are not bounds on what is verified or reported, and stay with their views.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

// What is read. Every bound keeps a hostile input from hanging the tab or the process: past
// one the input gets a message naming it, never a frozen page or a silent cut.
export const DROP_MAX_FILES = 20_000;
export const FILE_MAX_BYTES = 256 * MiB;
export const DROP_MAX_BYTES = 512 * MiB;
/** Deep enough for any real document, shallow enough that no reader's stack runs out. */
export const JSON_MAX_DEPTH = 256;
export const MAX_RECORD_BYTES = 64 * MiB;
export const STREAM_ABOVE_BYTES = 8 * MiB;
/** Beyond this a file that turns out not to be JSON Lines cannot be verified whole either. */
export const WHOLE_FILE_MAX_BYTES = 256 * MiB;
export const NOSTR_ENVELOPE_MAX_DEPTH = 32;
/** Real proofs are a few KiB; a MiB leaves room for many merged calendars. */
export const OTS_PROOF_MAX_BYTES = 1 * MiB;
/** python-opentimestamps' recursion limit for nested timestamps. */
export const OTS_MAX_DEPTH = 256;
export const OTS_MAX_OPERATIONS = 10_000;
export const OTS_MAX_ATTESTATIONS = 1_000;
/** python-opentimestamps: Op.MAX_MSG_LENGTH and Op.MAX_RESULT_LENGTH. */
export const OTS_MAX_MSG_LENGTH = 4096;
export const OTS_MAX_RESULT_LENGTH = 4096;
/** python-opentimestamps' bounds on an attestation. */
export const OTS_MAX_ATTESTATION_PAYLOAD = 8192;
export const OTS_MAX_PENDING_URI_LENGTH = 1000;
/** Enough for 2^53 - 1, so a length read is exact as a JavaScript number. */
export const OTS_MAX_VARUINT_BYTES = 8;
/**
 * Least proof of work (log2 of the expected number of hashes) a header must carry to confirm
 * anything. A header alone shows neither its height nor that it is in the main chain, only the
 * work spent on it. OpenTimestamps exists since 2016, when one block already took more than 2^70
 * hashes; 2^60 rejects no real attestation and every cheaply self-mined header (difficulty 1 is
 * about 2^32 hashes, minutes on a laptop).
 */
export const MIN_EVIDENCE_WORK_BITS = 60;
/** Clock skew tolerated before a created_at counts as future-dated. */
export const FUTURE_SKEW_MS = 5 * 60_000;

// What a report lists: a document that breaks a rule a million times yields a readable report,
// not a million checks, and still counts every finding.
export const DUPLICATE_MEMBER_CAP = 100;
export const TEXT_FINDING_CAP = 20;
export const STEP_FINDING_CAP = 20;
export const ENTRY_FINDING_CAP = 100;
export const CARRIED_COMMITMENT_CAP = 100;
export const BATCH_LISTED_MEMBERS = 1000;
export const BATCH_MEMBER_FAILURE_CAP = 100;

// What the page shows: enough to read, little enough that the page stays responsive.
/** A textarea holding megabytes freezes the tab. */
export const EDITOR_MAX_CHARS = 1 * MiB;
/** Laying out hundreds of thousands of short lines blocks the page even within a MiB. */
export const EDITOR_MAX_LINES = 20_000;
/**
 * The editor does not wrap, yet lays out a line whole however little of it shows: one long line
 * (minified JSON, a long string) holds the page as megabytes of short lines do.
 */
export const EDITOR_MAX_LINE_CHARS = 128 * KiB;
/** Up to this, re-verifying while the user types stays instant. */
export const LIVE_RECHECK_MAX_CHARS = 64 * KiB;
/** A larger tree would be unusable in the page. */
export const RAW_VIEW_MAX_CHARS = 2_000_000;
export const TEXT_VIEW_MAX_CHARS = 256 * KiB;
/** The reports of 100,000 members would take seconds to copy to the page and to walk there. */
export const FULL_REPORTS_MAX = 1_000;
export const DETAIL_FIRST_MEMBERS = 10_000;
export const DETAIL_PROBLEM_MEMBERS = 10_000;

// Links and lookups.
export const SHARE_LINK_MAX_CHARS = 64 * KiB;
/**
 * 128 times the longest link text: this app makes no link whose payload is larger (it offers
 * the file instead), so a deflate bomb is stopped as soon as it passes this, not inflated whole.
 */
export const SHARE_PAYLOAD_MAX_BYTES = 128 * SHARE_LINK_MAX_CHARS;
export const PROFILE_NAME_MAX_CHARS = 32;
export const DURATION_MAX_CHARS = 16;
/** The longer setting value, each of its characters percent-encoded as at most three. */
export const SETTING_VALUE_MAX_CHARS = 3 * Math.max(PROFILE_NAME_MAX_CHARS, DURATION_MAX_CHARS);
export const FETCH_MAX_BYTES = 64 * MiB;
export const FETCH_TIMEOUT_MS = 20_000;
/** A relay may not flood the page: a time, a count of events and a message size per relay. */
export const RELAY_TIMEOUT_MS = 8000;
export const RELAY_MAX_EVENTS = 20;
export const RELAY_MESSAGE_MAX_CHARS = 512 * KiB;
export const RELAY_EVENT_MAX_DEPTH = 16;

// The command line.
/**
 * Without an explicit --jobs, workers start only once this much input has been read (or at
 * once when the file is known to be larger): a worker costs its start-up and a cold JIT, so
 * below a few MB of input the pool costs more CPU than it saves.
 */
export const POOL_AFTER_BYTES = 8 * MiB;

/** What a bound counts. `log2 hashes` is proof of work: 60 means about 2^60 hashes. */
export type BoundUnit =
  | 'bytes'
  | 'characters'
  | 'levels'
  | 'files'
  | 'lines'
  | 'operations'
  | 'attestations'
  | 'events'
  | 'members'
  | 'findings per rule'
  | 'milliseconds'
  | 'log2 hashes';

/** Where a bound applies: everywhere the core runs, or in one shell. */
export type BoundScope = 'everywhere' | 'app' | 'command line';

export interface Bound {
  /** The name of the constant above that holds its value. */
  name: string;
  value: number;
  unit: BoundUnit;
  /** What it bounds, in a few words. */
  what: string;
  /** What it means, and what happens at it, in a sentence. */
  meaning: string;
  scope: BoundScope;
}

export interface BoundGroup {
  title: string;
  bounds: readonly Bound[];
}

/** The table docs/limits.md is written from, in the order it lists them. */
export const BOUNDS: readonly BoundGroup[] = [
  {
    title: 'What is read',
    bounds: [
      {
        name: 'DROP_MAX_FILES',
        value: DROP_MAX_FILES,
        unit: 'files',
        what: 'files dropped or opened at once',
        meaning: 'A larger drop is refused with the limit named; nothing is verified.',
        scope: 'app',
      },
      {
        name: 'FILE_MAX_BYTES',
        value: FILE_MAX_BYTES,
        unit: 'bytes',
        what: 'one dropped or opened file',
        meaning:
          'A larger file (JSON Lines files excepted: they are streamed) is refused with the limit named; nothing is verified.',
        scope: 'app',
      },
      {
        name: 'DROP_MAX_BYTES',
        value: DROP_MAX_BYTES,
        unit: 'bytes',
        what: 'all files of one drop together',
        meaning:
          'A larger drop (JSON Lines files not counted) is refused with the limit named; nothing is verified.',
        scope: 'app',
      },
      {
        name: 'JSON_MAX_DEPTH',
        value: JSON_MAX_DEPTH,
        unit: 'levels',
        what: 'JSON nesting (documents, records, payloads)',
        meaning:
          'Deeper nesting is a `json.syntax` failure at the position where it went deeper, so a hostile document cannot exhaust the stack.',
        scope: 'everywhere',
      },
      {
        name: 'MAX_RECORD_BYTES',
        value: MAX_RECORD_BYTES,
        unit: 'bytes',
        what: 'one JSON Lines record, in UTF-8',
        meaning:
          'A longer record is not read: it fails `document.record_too_long` and the records after it are verified, streamed or in a whole file alike.',
        scope: 'everywhere',
      },
      {
        name: 'STREAM_ABOVE_BYTES',
        value: STREAM_ABOVE_BYTES,
        unit: 'bytes',
        what: 'a JSON Lines file read whole by the page',
        meaning:
          'A larger JSON Lines file opened alone is streamed from the file record by record in the Worker, whatever its size; rows come back compact and reports on demand.',
        scope: 'app',
      },
      {
        name: 'WHOLE_FILE_MAX_BYTES',
        value: WHOLE_FILE_MAX_BYTES,
        unit: 'bytes',
        what: 'a file verified whole (all but JSON Lines streamed record by record)',
        meaning:
          'In the page, a large file whose first object carries `prev_digest` is verified whole; the command line reads every input whole but with `--jsonl` (stdin and endless devices too). Above this nothing is verified, and the message names the limit (exit 64 on the command line).',
        scope: 'everywhere',
      },
      {
        name: 'NOSTR_ENVELOPE_MAX_DEPTH',
        value: NOSTR_ENVELOPE_MAX_DEPTH,
        unit: 'levels',
        what: "JSON nesting of a Nostr event's content read as an anchor envelope",
        meaning:
          'Deeper content is not read as an envelope: it is taken neither to carry the anchored envelope nor to contradict it.',
        scope: 'everywhere',
      },
      {
        name: 'OTS_PROOF_MAX_BYTES',
        value: OTS_PROOF_MAX_BYTES,
        unit: 'bytes',
        what: 'an OpenTimestamps `.ots` proof',
        meaning: 'Real proofs are a few KiB, and a larger one is a parse failure naming the limit.',
        scope: 'everywhere',
      },
      {
        name: 'OTS_MAX_DEPTH',
        value: OTS_MAX_DEPTH,
        unit: 'levels',
        what: "nesting of an OpenTimestamps proof's timestamps",
        meaning:
          "python-opentimestamps' recursion limit; a deeper proof is a parse failure naming the limit.",
        scope: 'everywhere',
      },
      {
        name: 'OTS_MAX_OPERATIONS',
        value: OTS_MAX_OPERATIONS,
        unit: 'operations',
        what: 'operations in one OpenTimestamps proof',
        meaning:
          'More is a parse failure naming the limit, so a hostile proof cannot make the replay hang the tab.',
        scope: 'everywhere',
      },
      {
        name: 'OTS_MAX_ATTESTATIONS',
        value: OTS_MAX_ATTESTATIONS,
        unit: 'attestations',
        what: 'attestations in one OpenTimestamps proof',
        meaning: 'More is a parse failure naming the limit.',
        scope: 'everywhere',
      },
      {
        name: 'OTS_MAX_MSG_LENGTH',
        value: OTS_MAX_MSG_LENGTH,
        unit: 'bytes',
        what: 'the message an OpenTimestamps operation is applied to',
        meaning:
          "python-opentimestamps' `Op.MAX_MSG_LENGTH`; an operation on a longer message is refused and the proof fails to parse.",
        scope: 'everywhere',
      },
      {
        name: 'OTS_MAX_RESULT_LENGTH',
        value: OTS_MAX_RESULT_LENGTH,
        unit: 'bytes',
        what: "an OpenTimestamps operation's result and argument",
        meaning:
          "python-opentimestamps' `Op.MAX_RESULT_LENGTH`; a longer argument or result is refused and the proof fails to parse.",
        scope: 'everywhere',
      },
      {
        name: 'OTS_MAX_ATTESTATION_PAYLOAD',
        value: OTS_MAX_ATTESTATION_PAYLOAD,
        unit: 'bytes',
        what: "an OpenTimestamps attestation's payload",
        meaning: "python-opentimestamps' bound; a longer payload fails to parse.",
        scope: 'everywhere',
      },
      {
        name: 'OTS_MAX_PENDING_URI_LENGTH',
        value: OTS_MAX_PENDING_URI_LENGTH,
        unit: 'bytes',
        what: "a pending attestation's calendar URI",
        meaning: "python-opentimestamps' bound; a longer URI fails to parse.",
        scope: 'everywhere',
      },
      {
        name: 'OTS_MAX_VARUINT_BYTES',
        value: OTS_MAX_VARUINT_BYTES,
        unit: 'bytes',
        what: 'one variable-length integer in an OpenTimestamps proof',
        meaning: 'A longer one is "too large" and the proof fails to parse.',
        scope: 'everywhere',
      },
      {
        name: 'MIN_EVIDENCE_WORK_BITS',
        value: MIN_EVIDENCE_WORK_BITS,
        unit: 'log2 hashes',
        what: 'proof of work of a Bitcoin block header, at least',
        meaning:
          'A header carrying less (difficulty 1 is about 2^32 hashes) confirms nothing: the attestation is unavailable, with the reason.',
        scope: 'everywhere',
      },
      {
        name: 'FUTURE_SKEW_MS',
        value: FUTURE_SKEW_MS,
        unit: 'milliseconds',
        what: "a `created_at` ahead of this machine's clock",
        meaning:
          'Further ahead is a warning with the distance, never a core failure; rejecting it is the consumer policy (`--max-future`).',
        scope: 'everywhere',
      },
    ],
  },
  {
    title: 'What a report lists',
    bounds: [
      {
        name: 'DUPLICATE_MEMBER_CAP',
        value: DUPLICATE_MEMBER_CAP,
        unit: 'findings per rule',
        what: 'duplicate member names',
        meaning:
          'The rest are one check: "N more duplicate member names break rule json.duplicate_member (M in all)".',
        scope: 'everywhere',
      },
      {
        name: 'TEXT_FINDING_CAP',
        value: TEXT_FINDING_CAP,
        unit: 'findings per rule',
        what: 'strings with hidden characters or lone surrogates',
        meaning: 'The rest are one "N more strings break rule …" check.',
        scope: 'everywhere',
      },
      {
        name: 'STEP_FINDING_CAP',
        value: STEP_FINDING_CAP,
        unit: 'findings per rule',
        what: 'workflow steps (and verified step receipts and records)',
        meaning:
          'The rest are one "N more steps break rule …" check; every step is still marked in the step table.',
        scope: 'everywhere',
      },
      {
        name: 'ENTRY_FINDING_CAP',
        value: ENTRY_FINDING_CAP,
        unit: 'findings per rule',
        what: 'job timeline entries',
        meaning:
          'The rest are one "N more entries break rule …" check; every entry is still marked in the entry table.',
        scope: 'everywhere',
      },
      {
        name: 'CARRIED_COMMITMENT_CAP',
        value: CARRIED_COMMITMENT_CAP,
        unit: 'findings per rule',
        what: '`canonical_bytes`/`output_hash` pairs outside the verified receipt',
        meaning: 'The rest are one "N more objects …" check (a timeline may carry one per entry).',
        scope: 'everywhere',
      },
      {
        name: 'BATCH_LISTED_MEMBERS',
        value: BATCH_LISTED_MEMBERS,
        unit: 'members',
        what: "a batch's member reports",
        meaning:
          'A larger batch lists only the members that did not verify, up to BATCH_MEMBER_FAILURE_CAP per rule they break, and counts every member toward the dimensions and the verdict.',
        scope: 'everywhere',
      },
      {
        name: 'BATCH_MEMBER_FAILURE_CAP',
        value: BATCH_MEMBER_FAILURE_CAP,
        unit: 'members',
        what: 'members listed per rule they break, in a batch past BATCH_LISTED_MEMBERS',
        meaning: 'The rest are one "N more members break rule …" check.',
        scope: 'everywhere',
      },
    ],
  },
  {
    title: 'What the page shows',
    bounds: [
      {
        name: 'EDITOR_MAX_CHARS',
        value: EDITOR_MAX_CHARS,
        unit: 'characters',
        what: 'text in the editor',
        meaning:
          'Larger text (a paste included) is verified from its bytes and summarised with its size and line count, never laid out in the editor.',
        scope: 'app',
      },
      {
        name: 'EDITOR_MAX_LINES',
        value: EDITOR_MAX_LINES,
        unit: 'lines',
        what: 'lines in the editor',
        meaning: 'More lines are treated as larger text is: verified and summarised, not shown.',
        scope: 'app',
      },
      {
        name: 'EDITOR_MAX_LINE_CHARS',
        value: EDITOR_MAX_LINE_CHARS,
        unit: 'characters',
        what: 'the longest line in the editor',
        meaning:
          'Text with a longer line (minified JSON on one line, a long string) is treated as larger text is: verified and summarised, not shown.',
        scope: 'app',
      },
      {
        name: 'LIVE_RECHECK_MAX_CHARS',
        value: LIVE_RECHECK_MAX_CHARS,
        unit: 'characters',
        what: 'text re-verified as you type',
        meaning: 'Larger text is verified again only when asked (Ctrl/⌘+Enter or the button).',
        scope: 'app',
      },
      {
        name: 'RAW_VIEW_MAX_CHARS',
        value: RAW_VIEW_MAX_CHARS,
        unit: 'characters',
        what: "a document shown as the report's raw JSON tree",
        meaning: 'A larger document has no raw tree; the report says so.',
        scope: 'app',
      },
      {
        name: 'TEXT_VIEW_MAX_CHARS',
        value: TEXT_VIEW_MAX_CHARS,
        unit: 'characters',
        what: "a receipt's decoded payload shown as text",
        meaning:
          'Past this the Text view shows the start and the count of characters left out (the digest covers them all), and the JSON view is not offered.',
        scope: 'app',
      },
      {
        name: 'FULL_REPORTS_MAX',
        value: FULL_REPORTS_MAX,
        unit: 'members',
        what: "a batch's members sent to the page with their full reports",
        meaning:
          'A larger batch comes back as compact rows (verdict, kind, id, first reason); a row’s full report is sent when it is opened.',
        scope: 'app',
      },
      {
        name: 'DETAIL_FIRST_MEMBERS',
        value: DETAIL_FIRST_MEMBERS,
        unit: 'members',
        what: "full reports the Worker keeps of a large batch's first members",
        meaning:
          'Past this and DETAIL_PROBLEM_MEMBERS, opening a row says its report was not kept; the row still shows its verdict and first reason.',
        scope: 'app',
      },
      {
        name: 'DETAIL_PROBLEM_MEMBERS',
        value: DETAIL_PROBLEM_MEMBERS,
        unit: 'members',
        what: 'full reports the Worker keeps of further members that did not verify',
        meaning: 'As DETAIL_FIRST_MEMBERS: a member past both says so when opened.',
        scope: 'app',
      },
    ],
  },
  {
    title: 'Links and lookups',
    bounds: [
      {
        name: 'SHARE_LINK_MAX_CHARS',
        value: SHARE_LINK_MAX_CHARS,
        unit: 'characters',
        what: 'link text of a share link (`#r=`)',
        meaning: 'Above this **Copy link** offers the file for download instead.',
        scope: 'app',
      },
      {
        name: 'SHARE_PAYLOAD_MAX_BYTES',
        value: SHARE_PAYLOAD_MAX_BYTES,
        unit: 'bytes',
        what: "a share link's documents once inflated",
        meaning:
          'This app makes no link that expands further, so a link that does is stopped as soon as it passes this ("it was not made by this app"); links are decoded in the Worker.',
        scope: 'app',
      },
      {
        name: 'PROFILE_NAME_MAX_CHARS',
        value: PROFILE_NAME_MAX_CHARS,
        unit: 'characters',
        what: 'a `profile=` value in the address',
        meaning: 'A longer one is not a profile and is ignored.',
        scope: 'app',
      },
      {
        name: 'DURATION_MAX_CHARS',
        value: DURATION_MAX_CHARS,
        unit: 'characters',
        what: 'a `max-future=` or `max-age=` value in the address',
        meaning: 'A longer one is not a duration and is ignored.',
        scope: 'app',
      },
      {
        name: 'SETTING_VALUE_MAX_CHARS',
        value: SETTING_VALUE_MAX_CHARS,
        unit: 'characters',
        what: "a setting parameter's value after a share link, percent-encoded",
        meaning:
          'A longer one is not a setting this app wrote: it stays part of the link and is read no further, so the page never scans a hostile fragment for settings.',
        scope: 'app',
      },
      {
        name: 'FETCH_MAX_BYTES',
        value: FETCH_MAX_BYTES,
        unit: 'bytes',
        what: 'a document loaded by `?src=` or **Open link…**',
        meaning:
          'The bytes are counted as they arrive (not only `Content-Length`); past this the download stops and nothing is verified.',
        scope: 'app',
      },
      {
        name: 'FETCH_TIMEOUT_MS',
        value: FETCH_TIMEOUT_MS,
        unit: 'milliseconds',
        what: 'waiting for a document loaded from a link',
        meaning: 'Then the request is abandoned and the page says the host did not answer.',
        scope: 'app',
      },
      {
        name: 'RELAY_TIMEOUT_MS',
        value: RELAY_TIMEOUT_MS,
        unit: 'milliseconds',
        what: 'waiting for one Nostr relay, from connecting to its end of stored events',
        meaning: 'Then that relay counts as not answering (or as found, if an event came).',
        scope: 'app',
      },
      {
        name: 'RELAY_MAX_EVENTS',
        value: RELAY_MAX_EVENTS,
        unit: 'events',
        what: 'events taken from one relay for one lookup',
        meaning: 'Further events from that relay are ignored.',
        scope: 'app',
      },
      {
        name: 'RELAY_MESSAGE_MAX_CHARS',
        value: RELAY_MESSAGE_MAX_CHARS,
        unit: 'characters',
        what: 'one message from a Nostr relay',
        meaning: 'A longer message is ignored unread.',
        scope: 'app',
      },
      {
        name: 'RELAY_EVENT_MAX_DEPTH',
        value: RELAY_EVENT_MAX_DEPTH,
        unit: 'levels',
        what: 'JSON nesting of an event a relay sends',
        meaning: 'A deeper event is not a Nostr event and is ignored.',
        scope: 'app',
      },
    ],
  },
  {
    title: 'The command line',
    bounds: [
      {
        name: 'POOL_AFTER_BYTES',
        value: POOL_AFTER_BYTES,
        unit: 'bytes',
        what: '`--jsonl` input read before worker threads start, without `--jobs`',
        meaning:
          'Smaller inputs are verified in one thread, as worker threads cost more to start than they save on them.',
        scope: 'command line',
      },
    ],
  },
];

/** Bounds that are rules about work rather than numbers, with what enforces each. */
export const BOUND_RULES: readonly { what: string; rule: string; enforcement: string }[] = [
  {
    what: 'patterns over member text',
    rule: "every regular expression is linear in the text's length",
    enforcement:
      'No input makes a pattern backtrack: `npm run lint` refuses any that could (`regexp/no-super-linear-backtracking`, `regexp/no-super-linear-move`), and tests verify long near misses of every member a pattern judges (a 1,000,000-character `verify_url` near miss is answered at once).',
  },
  {
    what: 'integer members, read exactly',
    rule: 'the number as written, never the double it reads as',
    enforcement:
      "`seq` (steps, entries): `1` or an integral form such as `1.0` or `30e-1`; `entry_count`, `canonical_byte_length`, `evidence_byte_length`, and a Nostr event's `kind` and `created_at`: an integer lexeme only. `0.99999999999999999` is not 1.",
  },
];
