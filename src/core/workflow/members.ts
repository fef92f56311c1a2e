/**
 * Workflow member rules (spec §3.1). Failure messages are the reference wording; rule ids are
 * ours (`workflow.<member>`) and stable. Every rule also records a pass when it holds.
 */
import type { CheckList } from '../checks';
import { isDigest } from '../encoding/digest';
import {
  describeType,
  hasMember,
  joinPointer,
  member,
  pointerOf,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import { arrayLength } from '../json/parse';
import { LOWERCASE_UUID } from '../receipt/receipt-rules';
import { defineRules } from '../rules/rule';
import type { WorkflowDetails } from './details';

export const WORKFLOW_TYPE = 'verifiable-workflow-receipt';

/**
 * http:// or https://, a host, no whitespace anywhere (the reference checks the prefix). One
 * host character then any non-space: written as `[^\s/?#]+[^\s]*` the two runs overlap and a
 * long near miss backtracks through every split of them.
 */
const HTTP_URL = /^https?:\/\/[^\s/?#]\S*$/;

const nonEmptyString = (v: JsonValue): boolean => v.type === 'string' && v.value.length > 0;
const bareDigest = (v: JsonValue): boolean => v.type === 'string' && isDigest(v.value, 'bare');
const stringMatching =
  (pattern: RegExp) =>
  (v: JsonValue): boolean =>
    v.type === 'string' && pattern.test(v.value);

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

interface MemberCheck {
  name: keyof typeof MEMBER_RULES;
  test: (value: JsonValue) => boolean;
  expected: string;
  /** Optional members are checked only when present. */
  optional?: boolean;
}

/** How each member is judged, in the order the checks are listed. */
const MEMBER_CHECKS: readonly MemberCheck[] = [
  {
    name: 'type',
    test: (v) => v.type === 'string' && v.value === WORKFLOW_TYPE,
    expected: `"${WORKFLOW_TYPE}"`,
  },
  { name: 'version', test: nonEmptyString, expected: 'non-empty string ("1" from the reference)' },
  {
    name: 'workflow_id',
    test: stringMatching(LOWERCASE_UUID),
    expected: 'lowercase UUID (8-4-4-4-12 hex)',
  },
  {
    name: 'receipt_id',
    test: stringMatching(LOWERCASE_UUID),
    expected: 'lowercase UUID (8-4-4-4-12 hex)',
  },
  { name: 'session_id', test: nonEmptyString, expected: 'non-empty string' },
  { name: 'goal', test: nonEmptyString, expected: 'non-empty string' },
  { name: 'status', test: nonEmptyString, expected: 'non-empty string' },
  {
    name: 'output_hash',
    test: bareDigest,
    expected: '64 lowercase hex characters, no "sha256:" prefix',
  },
  { name: 'verify_url', test: stringMatching(HTTP_URL), expected: 'http:// or https:// URL' },
  {
    name: 'steps',
    test: (v) => v.type === 'array' && arrayLength(v) > 0,
    expected: 'non-empty array',
  },
  {
    name: 'merkle_root',
    test: bareDigest,
    expected: '64 lowercase hex characters, no prefix',
  },
  {
    name: 'merkle_version',
    test: nonEmptyString,
    expected: 'non-empty string naming the root construction',
    optional: true,
  },
];

/** The workflow members a bare Merkle root claim has: any other one makes it a workflow receipt. */
const ROOT_CLAIM_MEMBERS: readonly string[] = ['steps', 'merkle_root', 'merkle_version'];
const ROOT_CLAIM_CHECKS = MEMBER_CHECKS.filter((check) => ROOT_CLAIM_MEMBERS.includes(check.name));

/**
 * A bare Merkle root claim (spec §2.2): `{"steps":[{seq, receipt_id}…], "merkle_root":…}` with
 * none of the other workflow members. The reference kit's Merkle check builds exactly this and
 * expects it to pass: only the root, seq order and duplicate ids are checked.
 */
export function isMerkleRootClaim(workflow: JsonObject): boolean {
  return MEMBER_CHECKS.every(
    (check) => ROOT_CLAIM_MEMBERS.includes(check.name) || !hasMember(workflow, check.name),
  );
}

/** Runs the member rules and copies the summary strings into `details`. */
export function checkWorkflowMembers(
  workflow: JsonObject,
  list: CheckList,
  details: WorkflowDetails,
  rootClaim = false,
): void {
  const base = pointerOf(workflow);
  for (const check of rootClaim ? ROOT_CLAIM_CHECKS : MEMBER_CHECKS) {
    const rule = MEMBER_RULES[check.name];
    const value = member(workflow, check.name);
    if (!value) {
      if (check.optional) continue;
      // Point where the member belongs, with the object's opening brace as the range.
      list.fail(
        rule,
        { pointer: joinPointer(base, check.name), start: workflow.start, end: workflow.start + 1 },
        { expected: check.expected, found: 'member missing' },
      );
      continue;
    }
    if (check.test(value)) list.pass(rule, value);
    else list.fail(rule, value, { expected: check.expected, found: describeType(value) });
  }
  const text = (name: string): string | undefined => {
    const value = member(workflow, name);
    return value?.type === 'string' ? value.value : undefined;
  };
  assign(details, 'goal', text('goal'));
  assign(details, 'status', text('status'));
  assign(details, 'workflowId', text('workflow_id'));
  assign(details, 'receiptId', text('receipt_id'));
  assign(details, 'sessionId', text('session_id'));
  assign(details, 'version', text('version'));
  assign(details, 'verifyUrl', text('verify_url'));
  assign(details, 'outputHash', text('output_hash'));
}

/** Sets an optional field only when there is a value (keeps details free of `undefined`s). */
function assign<K extends keyof WorkflowDetails>(
  details: WorkflowDetails,
  key: K,
  value: WorkflowDetails[K] | undefined,
): void {
  if (value !== undefined) details[key] = value;
}
