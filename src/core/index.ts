/**
 * The core's public surface: the Worker, the CLI, the UI, the bench and the scripts import from
 * here and nowhere else inside src/core. What is not exported here is an internal of the core.
 */

// Verifying: one pipeline for every way documents arrive.
export {
  verify,
  verifyAll,
  verifyRecords,
  recordTooLongReport,
  type Verification,
  type VerifiedGroup,
  type VerifyOptions,
} from './verify';
export {
  blockRecords,
  DEFAULT_BLOCK_LIMITS,
  jsonLinesBlocks,
  jsonLinesRecords,
  MAX_RECORD_BYTES,
  MIN_JSON_LINES_RECORDS,
  opensJsonLines,
  recordDocument,
  type BlockLimits,
  type JsonLinesRecord,
  type LineBlock,
} from './json-lines';
export { ingest, type DocumentGroup, type Ingestion, type UnplacedDocument } from './ingest';
export { MemberTally } from './member-tally';
export {
  detectDocument,
  fileInput,
  type DetectedDocument,
  type DocumentRole,
  type InputDocument,
} from './detect';
export { loadHashing, type Hashing } from './hash/sha256';

export { KIND_LABELS, kindWithArticle } from './kinds/labels';

// The report model.
export {
  buildReport,
  DIMENSIONS,
  sortChecksForDisplay,
  verdictExitCode,
  type Check,
  type CheckStatus,
  type Dimension,
  type DimensionResult,
  type DimensionStatus,
  type DocumentKind,
  type ParseFailure,
  type Report as ReportOf,
  type SourceRange,
  type Verdict,
} from './report';
export {
  formatLocation,
  toCliJson,
  cliJsonHead,
  toText,
  type CliJsonReport,
} from './report-format';

// Kind-specific details the views show.
export type {
  AnchorAttestation,
  AnchorDetails,
  AnchorEntry,
  AnchorStep,
  BlockHeaderSummary,
} from './anchor/details';
export type { ChainCommitmentDetails, ChainDetails, ChainEntrySummary } from './chain/types';
export {
  auditPathHex,
  nodeHex,
  type AuditPathHex,
  type WorkflowDetails,
  type WorkflowMerkleDetails,
  type WorkflowMerkleStatus,
  type WorkflowStepReceiptLink,
  type WorkflowStepRow,
} from './workflow/details';
export { classifyProvenance, type ProvenanceInfo, type ProvenanceKind } from './receipt/provenance';

// The rule catalogue.
export { RULE_CATALOGUE, ruleById } from './rules/catalogue';
export {
  PROFILE_IDS,
  PROFILE_LABELS,
  verdictUnderProfile,
  type ProfileId,
  type ProfileResult,
  type ProfileStatus,
} from './profiles';
export { formatDuration, parseDuration } from './encoding/duration';
export { ruleOutcomes, type Rule } from './rules/rule';

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
export type { ReportDetails } from './report-details';
import type { ReportDetails } from './report-details';
import type { Report as ReportOf } from './report';
/** A report as the shells see it: its details are the closed union of every kind's. */
export type Report = ReportOf<ReportDetails>;
export { visibleText, findHiddenCharacters, findLoneSurrogates } from './text/invisible';
