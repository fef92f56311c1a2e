/**
 * The core's public surface: the Worker, the CLI, the UI, the bench and the scripts import from
 * here and nowhere else inside src/core. What is not exported here is an internal of the core.
 */

// Verifying: one pipeline for every way documents arrive.
export { verify, verifyAll, verifyRecords, verifyEachRecord, type VerifyOptions } from './verify';
export {
  blockRecords,
  DEFAULT_BLOCK_LIMITS,
  jsonLinesBlocks,
  jsonLinesMayBeTimeline,
  jsonLinesRecords,
  MIN_JSON_LINES_RECORDS,
  opensJsonLines,
  recordDocument,
  streamedTooLongReport,
  type JsonLinesRecord,
  type LineBlock,
} from './json-lines';
export { type UnplacedDocument } from './ingest';
export { withThousands } from './text/thousands';

// Every bound, declared once: the shells apply these, and docs/limits.md is written from BOUNDS.
export {
  BOUND_RULES,
  BOUNDS,
  DETAIL_FIRST_MEMBERS,
  DETAIL_PROBLEM_MEMBERS,
  DROP_MAX_BYTES,
  DROP_MAX_FILES,
  DURATION_MAX_CHARS,
  EDITOR_MAX_CHARS,
  EDITOR_MAX_LINES,
  EDITOR_MAX_LINE_CHARS,
  FETCH_MAX_BYTES,
  FETCH_TIMEOUT_MS,
  FILE_MAX_BYTES,
  FULL_REPORTS_MAX,
  LIVE_RECHECK_MAX_CHARS,
  MAX_RECORD_BYTES,
  POOL_AFTER_BYTES,
  PROFILE_NAME_MAX_CHARS,
  RAW_VIEW_MAX_CHARS,
  RELAY_EVENT_MAX_DEPTH,
  RELAY_MAX_EVENTS,
  RELAY_MESSAGE_MAX_CHARS,
  RELAY_TIMEOUT_MS,
  SETTING_VALUE_MAX_CHARS,
  SHARE_LINK_MAX_CHARS,
  SHARE_PAYLOAD_MAX_BYTES,
  STREAM_ABOVE_BYTES,
  TEXT_VIEW_MAX_CHARS,
  WHOLE_FILE_MAX_BYTES,
  type Bound,
} from './bounds';
export { BatchSummary, memberOutcome, type MemberOutcome } from './batch-summary';
export { TaskPool, type PoolReply } from './pool';
export { detectDocument, fileInput } from './detect';
export {
  type DetectedDocument,
  type DocumentRole,
  type RelayAnswer,
  type InputDocument,
} from './model/document';
export {
  createSha256Stream,
  loadHashing,
  sha256HexOfInput,
  type Hashing,
  type Sha256Stream,
} from './hash/sha256';

export { KIND_LABELS, type AnchorKind } from './model/kinds';

// The report model.
export { buildReport, sortChecksForDisplay, exitCodeOf } from './report';
export {
  DIMENSIONS,
  type Check,
  type CheckStatus,
  type Dimension,
  type DimensionStatus,
  type DocumentKind,
  type Report as ReportOf,
  type SourceRange,
  type Verdict,
} from './model/report';
export {
  REPORT_VERSION,
  toCliJson,
  cliJsonHead,
  toTextLines,
  type CliJsonReport,
} from './report-format';

// Kind-specific details the views show.
export type {
  AnchorAttestation,
  AnchorDetails,
  AnchorEntry,
  BlockHeaderSummary,
} from './anchor/details';
export type { ChainDetails, ChainEntrySummary } from './chain/types';
export {
  auditPathHex,
  nodeHex,
  stepPointer,
  type WorkflowDetails,
  type WorkflowStepRow,
} from './workflow/details';
export { classifyProvenance, type ProvenanceKind } from './receipt/provenance';

// The rule catalogue.
export { RULE_CATALOGUE, ruleById } from './rules/catalogue';
export { PROFILE_LABELS, verdictUnderProfile } from './profiles';
export {
  differenceExplained,
  settingWords,
  verdictQualifier,
  verdictUnder,
  type VerdictSetting,
} from './verdict-under';
export { type ProfileId, type ProfileResult } from './model/report';
export { parseDuration } from './encoding/duration';
export { ruleOutcomes, type Rule } from './rules/rule';
export {
  DRAFT_NAME,
  IMPLEMENTED_REVISIONS,
  REVISION_NOTES,
  UNPUBLISHED,
  revisionsOf,
} from './rules/draft';

// Primitives the opt-in network lookups and share links use.
export { decodeBase64Strict, encodeBase64 } from './encoding/base64';
export { isUtf8Encodable, utf8Length } from './encoding/utf8';
export { concatBytes } from './encoding/hex';
export { parseJson } from './json/parse';
export { toPlain } from './json/ast';
export { RELAY_URL } from './anchor/formats';
export { checkEventIntegrity, loadSchnorrVerifier, readNostrEvent } from './anchor/nostr/event';
export { analyseBlockHeader, parseBlockHeaderHex } from './anchor/ots/bitcoin-header';
export type { ReceiptDetails } from './receipt/details';
export type { DetailsByType, DetailsType, ReportDetails } from './report-details';
export type { VectorSetDetails } from './vector-set/details';
export type { VectorAgreement } from './vector-set/details';
import type { ReportDetails } from './report-details';
import type { Report as ReportOf } from './model/report';
/** A report as the shells see it: its details are the closed union of every kind's. */
export type Report = ReportOf<ReportDetails>;
export { escapeControls, visibleText } from './text/invisible';
