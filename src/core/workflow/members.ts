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
import { isLowercaseUuid } from '../encoding/uuid';
import type { WorkflowDetails } from './details';
import { MEMBER_RULES, WORKFLOW_TYPE } from './rules';

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
const lowercaseUuid = (v: JsonValue): boolean => v.type === 'string' && isLowercaseUuid(v.value);

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
    test: lowercaseUuid,
    expected: 'lowercase UUID (8-4-4-4-12 hex)',
  },
  {
    name: 'receipt_id',
    test: lowercaseUuid,
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
