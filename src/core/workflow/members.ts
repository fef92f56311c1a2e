/**
 * Workflow member rules (spec §3.1). Failure messages are the reference wording; rule ids are
 * ours (`workflow.<member>`) and stable. Every rule also records a pass when it holds.
 */
import type { CheckList } from '../checks';
import { LOWER_HEX_64 } from '../encoding/hex';
import {
  describeType,
  joinPointer,
  member,
  pointerOf,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import { LOWERCASE_UUID } from '../receipt/rules';
import type { WorkflowDetails } from './details';

export const WORKFLOW_TYPE = 'verifiable-workflow-receipt';

/** http:// or https://, a host, no whitespace anywhere (the reference checks the prefix). */
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/;

const nonEmptyString = (v: JsonValue): boolean => v.type === 'string' && v.value.length > 0;
const stringMatching =
  (pattern: RegExp) =>
  (v: JsonValue): boolean =>
    v.type === 'string' && pattern.test(v.value);

interface MemberRule {
  name: string;
  test: (value: JsonValue) => boolean;
  /** Reference failure message. */
  fail: string;
  pass: string;
  expected: string;
  /** Optional members are checked only when present. */
  optional?: boolean;
}

export const MEMBER_RULES: readonly MemberRule[] = [
  {
    name: 'type',
    test: (v) => v.type === 'string' && v.value === WORKFLOW_TYPE,
    fail: `workflow type is not "${WORKFLOW_TYPE}"`,
    pass: `workflow type is "${WORKFLOW_TYPE}"`,
    expected: `"${WORKFLOW_TYPE}"`,
  },
  {
    name: 'version',
    test: nonEmptyString,
    fail: 'workflow version is not a non-empty string',
    pass: 'workflow version is a non-empty string',
    expected: 'non-empty string ("1" from the reference)',
  },
  {
    name: 'workflow_id',
    test: stringMatching(LOWERCASE_UUID),
    fail: 'workflow workflow_id is not a lowercase UUID',
    pass: 'workflow workflow_id is a lowercase UUID',
    expected: 'lowercase UUID (8-4-4-4-12 hex)',
  },
  {
    name: 'receipt_id',
    test: stringMatching(LOWERCASE_UUID),
    fail: 'workflow receipt_id is not a lowercase UUID',
    pass: 'workflow receipt_id is a lowercase UUID',
    expected: 'lowercase UUID (8-4-4-4-12 hex)',
  },
  {
    name: 'session_id',
    test: nonEmptyString,
    fail: 'workflow session_id is not a non-empty string',
    pass: 'workflow session_id is a non-empty string',
    expected: 'non-empty string',
  },
  {
    name: 'goal',
    test: nonEmptyString,
    fail: 'workflow goal is not a non-empty string',
    pass: 'workflow goal is a non-empty string',
    expected: 'non-empty string',
  },
  {
    name: 'status',
    test: nonEmptyString,
    fail: 'workflow status is not a non-empty string',
    pass: 'workflow status is a non-empty string',
    expected: 'non-empty string',
  },
  {
    name: 'output_hash',
    test: stringMatching(LOWER_HEX_64),
    fail: 'workflow output_hash is not a 64-char lowercase hex SHA-256 digest',
    pass: 'workflow output_hash is a 64-char lowercase hex SHA-256 digest',
    expected: '64 lowercase hex characters, no "sha256:" prefix',
  },
  {
    name: 'verify_url',
    test: stringMatching(HTTP_URL),
    fail: 'workflow verify_url is not an http(s) URL string',
    pass: 'workflow verify_url is an http(s) URL string',
    expected: 'http:// or https:// URL',
  },
  {
    name: 'steps',
    test: (v) => v.type === 'array' && v.items.length > 0,
    fail: 'workflow steps is not a non-empty list',
    pass: 'workflow steps is a non-empty list',
    expected: 'non-empty array',
  },
  {
    name: 'merkle_root',
    test: stringMatching(LOWER_HEX_64),
    fail: 'workflow merkle_root is not a 64-char lowercase hex SHA-256 digest',
    pass: 'workflow merkle_root is a 64-char lowercase hex SHA-256 digest',
    expected: '64 lowercase hex characters, no prefix',
  },
  {
    name: 'merkle_version',
    test: nonEmptyString,
    fail: 'workflow merkle_version is not a non-empty string',
    pass: 'workflow merkle_version is a non-empty string',
    expected: 'non-empty string naming the root construction',
    optional: true,
  },
];

export function memberRuleId(name: string): string {
  return `workflow.${name}`;
}

/** Runs the member rules and copies the summary strings into `details`. */
export function checkWorkflowMembers(
  workflow: JsonObject,
  list: CheckList,
  details: WorkflowDetails,
): void {
  const base = pointerOf(workflow);
  for (const rule of MEMBER_RULES) {
    const value = member(workflow, rule.name);
    const id = memberRuleId(rule.name);
    if (!value) {
      if (rule.optional) continue;
      // Point where the member belongs, with the object's opening brace as the range.
      list.fail(
        'schema_validity',
        id,
        rule.fail,
        { pointer: joinPointer(base, rule.name), start: workflow.start, end: workflow.start + 1 },
        { expected: rule.expected, found: 'member missing' },
      );
      continue;
    }
    if (rule.test(value)) list.pass('schema_validity', id, rule.pass, value);
    else
      list.fail('schema_validity', id, rule.fail, value, {
        expected: rule.expected,
        found: describeType(value),
      });
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
