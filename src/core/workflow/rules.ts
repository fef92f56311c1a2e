/**
 * The rule tables of workflow receipts (spec §3), apart from the code that checks them: the
 * catalogue lists them with the Worker's first chunk, and the workflow verifier loads on demand.
 */
import { STANDING_LIMITS } from '../limits';
import { defineRules } from '../rules/rule';

export const WORKFLOW_TYPE = 'verifiable-workflow-receipt';

const ROOT_MISMATCH = 'merkle_root does not match the recomputed Section 8.1 root';

/** Rules about the workflow document as a whole (§3.1, §3.5, §5). */
export const WORKFLOW_RULES = defineRules({
  issuerUnsigned: {
    id: 'workflow.issuer.unsigned',
    dimension: 'issuer_authenticity',
    section: '§8',
    revision: '-05',
    reference: '§3.5',
    not_checked: STANDING_LIMITS.unsigned,
  },
  anchor: {
    id: 'workflow.anchor',
    dimension: 'anchor_verification',
    section: '§8.4',
    revision: '-12',
    reference: '§5',
    unavailable:
      'an anchor member is present, but no anchor profile for workflow receipts is published; supply its .ots proof or Nostr event to check it',
    not_checked: 'no anchor present',
  },
  rootClaim: {
    id: 'workflow.root_claim',
    dimension: 'schema_validity',
    section: '§8.1',
    revision: '-05',
    origin: 'kit',
    reference: '§2.2',
    info: 'a bare Merkle root claim (steps + merkle_root), not a workflow receipt: only the root, the seq order and duplicate receipt ids were checked',
  },
});

/** §3.1: one rule per member, `workflow.<member>`; failures are the reference wording. */
export const MEMBER_RULES = defineRules({
  type: {
    id: 'workflow.type',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: `workflow type is "${WORKFLOW_TYPE}"`,
    fail: `workflow type is not "${WORKFLOW_TYPE}"`,
  },
  version: {
    id: 'workflow.version',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow version is a non-empty string',
    fail: 'workflow version is not a non-empty string',
  },
  workflow_id: {
    id: 'workflow.workflow_id',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow workflow_id is a lowercase UUID',
    fail: 'workflow workflow_id is not a lowercase UUID',
  },
  receipt_id: {
    id: 'workflow.receipt_id',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow receipt_id is a lowercase UUID',
    fail: 'workflow receipt_id is not a lowercase UUID',
  },
  session_id: {
    id: 'workflow.session_id',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow session_id is a non-empty string',
    fail: 'workflow session_id is not a non-empty string',
  },
  goal: {
    id: 'workflow.goal',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow goal is a non-empty string',
    fail: 'workflow goal is not a non-empty string',
  },
  status: {
    id: 'workflow.status',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow status is a non-empty string',
    fail: 'workflow status is not a non-empty string',
  },
  output_hash: {
    id: 'workflow.output_hash',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow output_hash is a 64-char lowercase hex SHA-256 digest',
    fail: 'workflow output_hash is not a 64-char lowercase hex SHA-256 digest',
  },
  verify_url: {
    id: 'workflow.verify_url',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow verify_url is an http(s) URL string',
    fail: 'workflow verify_url is not an http(s) URL string',
  },
  steps: {
    id: 'workflow.steps',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow steps is a non-empty list',
    fail: 'workflow steps is not a non-empty list',
  },
  merkle_root: {
    id: 'workflow.merkle_root',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'workflow merkle_root is a 64-char lowercase hex SHA-256 digest',
    fail: 'workflow merkle_root is not a 64-char lowercase hex SHA-256 digest',
  },
  merkle_version: {
    id: 'workflow.merkle_version',
    dimension: 'schema_validity',
    section: '§8.1',
    revision: '-26',
    reference: '§3.3',
    pass: 'workflow merkle_version is a non-empty string',
    fail: 'workflow merkle_version is not a non-empty string',
  },
});

/** §3.1 step members and §3.2 structure; `<n>` is the step number (array index + 1). */
export const STEP_RULES = defineRules({
  object: {
    id: 'workflow.step.object',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: 'all <count> steps are objects',
    fail: 'step <n> is not an object',
  },
  seq: {
    id: 'workflow.step.seq',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: '<steps> have an integer seq',
    fail: 'step <n> seq is not an integer',
  },
  receiptId: {
    id: 'workflow.step.receipt_id',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: '<steps> have a string receipt_id',
    fail: 'step <n> receipt_id is not a string',
  },
  receiptIdUuid: {
    id: 'workflow.step.receipt_id.uuid',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    origin: 'verifier',
    reference: '§3.1',
    pass: '<steps>: every receipt_id is a lowercase UUID',
    warning: 'step <n> receipt_id is not a lowercase UUID',
  },
  tool: {
    id: 'workflow.step.tool',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: '<steps> have a non-empty tool',
    fail: 'step <n> tool is not a non-empty string',
  },
  receiptHash: {
    id: 'workflow.step.receipt_hash',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: '<steps> have a 64-char lowercase hex receipt_hash',
    fail: 'step <n> receipt_hash is not a 64-char lowercase hex SHA-256 digest',
  },
  startedAt: {
    id: 'workflow.step.started_at',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: '<steps> have a valid RFC 3339 started_at',
    // <form>: "RFC 3339", or "a valid calendar date/time" for a well-formed impossible date.
    fail: 'step <n> started_at is not <form>',
  },
  endedAt: {
    id: 'workflow.step.ended_at',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: '<steps> have a valid RFC 3339 ended_at',
    fail: 'step <n> ended_at is not <form>',
  },
  status: {
    id: 'workflow.step.status',
    dimension: 'schema_validity',
    section: '§8',
    revision: '-05',
    reference: '§3.1',
    pass: '<steps> have a non-empty status',
    fail: 'step <n> status is not a non-empty string',
  },
  seqOrder: {
    id: 'workflow.steps.seq-order',
    dimension: 'chain_integrity',
    section: '§8.2',
    revision: '-05',
    reference: '§3.2',
    pass: 'step seq values are 1..<count> in order',
    fail: 'step seq values are not 1..n in order (index <index> carries seq <seq>)',
  },
  uniqueReceiptId: {
    id: 'workflow.steps.receipt-id-unique',
    dimension: 'chain_integrity',
    section: '§8.2',
    revision: '-05',
    reference: '§3.2',
    pass: 'no two steps share a receipt_id',
    fail: 'duplicate receipt_id: <receipt_id>',
  },
});

/** §3.2 time plausibility: warnings only. */
export const TIME_RULES = defineRules({
  endedBeforeStarted: {
    id: 'workflow.time.ended-before-started',
    dimension: 'chain_integrity',
    section: '§8',
    revision: '-05',
    origin: 'verifier',
    reference: '§3.2',
    pass: 'no step ends before it starts',
    warning: 'step <n> ended_at is before its started_at',
  },
  startBackwards: {
    id: 'workflow.time.start-backwards',
    dimension: 'chain_integrity',
    section: '§8',
    revision: '-05',
    origin: 'verifier',
    reference: '§3.2',
    pass: 'step start times never go backwards (parallel branches aside)',
    warning: "step <n> started_at is earlier than step <previous>'s",
  },
  overlap: {
    id: 'workflow.time.overlap',
    dimension: 'chain_integrity',
    section: '§8',
    revision: '-05',
    origin: 'verifier',
    reference: '§3.2',
    pass: 'no steps overlap in time except on different branches',
    warning: 'step <n> overlaps step <other> in time (<why>)',
  },
});

/**
 * §3.3: which construction was used is information; the root itself passes, fails, or (when
 * the construction or the inputs do not allow a comparison) is unavailable, with the reason.
 */
export const MERKLE_RULES = defineRules({
  construction: {
    id: 'workflow.merkle.construction',
    dimension: 'byte_integrity',
    section: '§8.1',
    revision: '-05',
    reference: '§3.3',
    // <how>: "is absent, so the root is checked as receipt-id-v0 (...)" or `"<declared>": ...`.
    info: 'merkle_version <how>',
  },
  root: {
    id: 'workflow.merkle.root',
    dimension: 'byte_integrity',
    section: '§8.1',
    revision: '-05',
    reference: '§3.3',
    // <how>: "matches the recomputed Section 8.1 root (...)" or "is reproduced under ...".
    pass: 'merkle_root <how>',
    fail: ROOT_MISMATCH,
    // <reason>: "was not checked: ...", "could not be recomputed: ...", "could not be compared: ...".
    unavailable: 'merkle_root <reason>',
  },
});

export const LINKAGE_RULES = defineRules({
  stepReceipt: {
    id: 'workflow.evidence.step-receipt',
    dimension: 'evidence_linkage',
    section: '§8.2 steps 1–2',
    revision: '-05',
    reference: '§3.5',
    pass: '<step> verified (supplied as <source>)',
    fail: '<step> failed (supplied as <source>): <reason>',
    unavailable: '<step> could not be fully verified (supplied as <source>)<reason>',
  },
  stepReceiptsVerified: {
    id: 'workflow.evidence.step-receipts-verified',
    dimension: 'evidence_linkage',
    section: '§8.2 steps 1–2',
    revision: '-05',
    reference: '§3.5',
    pass: '<more> more step receipts verified (<all> in all)',
  },
  stepReceiptConflict: {
    id: 'workflow.evidence.step-receipt-conflict',
    dimension: 'evidence_linkage',
    section: '§8.2 steps 1–2',
    revision: '-05',
    reference: '§3.5',
    fail: '<step> was supplied as <count> <which>: <sources>',
  },
  unmatchedReceipt: {
    id: 'workflow.evidence.step-receipt-unmatched',
    dimension: 'evidence_linkage',
    section: '§8.2 steps 1–2',
    revision: '-05',
    reference: '§3.5',
    warning: '<reason>',
  },
  unlinked: {
    id: 'workflow.evidence.step-receipts-unlinked',
    dimension: 'evidence_linkage',
    section: '§8.2 steps 1–2',
    revision: '-05',
    reference: '§3.5',
    // not_checked, as the format reference says of step receipts not supplied (spec §3.5),
    // unlike a receipt's own evidence digest, which is unavailable until its file is given.
    not_checked:
      '<unlinked> of <steps> steps have no supplied per-call receipt, so their receipts were not checked',
  },
  stepRecord: {
    id: 'workflow.evidence.step-record',
    dimension: 'evidence_linkage',
    section: '§8',
    revision: '-05',
    origin: 'verifier',
    reference: '§3.5',
    pass: 'step <step> receipt_hash matches supplied file <name>',
    not_checked:
      'step receipt_hash values were not checked: no supplied file is a step record with a matching digest',
  },
  stepRecordsMatch: {
    id: 'workflow.evidence.step-records-match',
    dimension: 'evidence_linkage',
    section: '§8',
    revision: '-05',
    origin: 'verifier',
    reference: '§3.5',
    pass: '<more> more step records match their receipt_hash (<all> in all)',
  },
  finalAnswer: {
    id: 'workflow.evidence.final-answer',
    dimension: 'evidence_linkage',
    section: '§8',
    revision: '-05',
    reference: '§3.5',
    pass: 'output_hash matches the supplied final answer <name>',
    fail: 'output_hash does not match the supplied final answer <name>',
    not_checked: 'output_hash was not checked: no final answer was supplied',
    unavailable:
      'output_hash is not a well-formed digest, so the supplied final answer cannot be compared',
    warning: 'supplied <files> <names> <match> neither output_hash nor any step receipt_hash',
  },
});
