/**
 * The §2.1 rules of the core members judged on their own: id, receipt_schema_version,
 * created_at (type, RFC 3339 shape, calendar, not in the future), tool, provenance_class and
 * verification_status. canonical_bytes and output_hash are in canonical-bytes.ts.
 */
import { FUTURE_SKEW_MS } from '../bounds';
import type { CheckList } from '../checks';
import { checkRfc3339, type Rfc3339Result } from '../encoding/rfc3339';
import { fastStepTimeMs } from '../workflow/step-time';
import { formatDuration } from '../encoding/duration';
import {
  describeType,
  member,
  type JsonObject,
  type JsonString,
  type JsonValue,
} from '../json/ast';
import { scalarMember } from '../json/parse';
import type { ReceiptDetails } from './details';
import { PROVENANCE_CLASS } from './provenance';
import { PUBLISHED_SCHEMA_VERSIONS, RECEIPT_RULES as R } from './receipt-rules';
import { hasVersion4Digits, isLowercaseUuid } from '../encoding/uuid';
import type { ReceiptContext } from '../context';

/** The §2.1 id rule; the id when it is a lowercase UUID (the strict rule reads only such an id). */
export function checkId(
  id: JsonValue | undefined,
  list: CheckList,
  details: ReceiptDetails,
): JsonString | undefined {
  if (!id) return undefined;
  if (id.type === 'string') details.id = id.value;
  if (id.type === 'string' && isLowercaseUuid(id.value)) {
    list.pass(R.idFormat, id);
    return id;
  }
  list.fail(R.idFormat, id, {
    expected: 'lowercase UUID (8-4-4-4-12 hex), nothing around it',
    found: describeType(id),
  });
  return undefined;
}

export function checkSchemaVersion(
  version: JsonValue | undefined,
  list: CheckList,
  details: ReceiptDetails,
): void {
  if (!version) return;
  if (version.type === 'string' && version.value.length > 0) {
    details.receiptSchemaVersion = version.value;
    list.pass(R.schemaVersionFormat, version);
  } else {
    list.fail(R.schemaVersionFormat, version, {
      expected: 'non-empty string',
      found: describeType(version),
    });
  }
}

export function checkCreatedAt(
  createdAt: JsonValue | undefined,
  ctx: ReceiptContext,
  list: CheckList,
  details: ReceiptDetails,
): void {
  if (!createdAt) return;
  if (createdAt.type !== 'string') {
    list.fail(R.createdAtType, createdAt, { found: describeType(createdAt) });
    return;
  }
  details.createdAt = createdAt.value;
  // The producers' common shape is read with char codes (as step times are); anything else,
  // or anything the fast path doubts, goes to checkRfc3339 for its verdict and message.
  const fast = fastStepTimeMs(createdAt.value);
  const result: Rfc3339Result =
    fast !== undefined ? { ok: true, epochMs: fast } : checkRfc3339(createdAt.value);
  if (!result.ok) {
    const calendar = result.problem === 'calendar';
    list.fail(calendar ? R.createdAtCalendar : R.createdAtRfc3339, createdAt, {
      expected: calendar ? 'a real calendar instant' : 'RFC 3339 date-time',
      found: describeType(createdAt),
      detail: result.detail,
    });
    return;
  }
  list.pass(R.createdAtFormat, createdAt);
  const ahead = result.epochMs - ctx.now;
  if (ahead > FUTURE_SKEW_MS) {
    list.warning(R.createdAtFuture, createdAt, {
      params: { distance: formatDuration(ahead) },
      expected: `no later than ${new Date(ctx.now).toISOString()} (+${FUTURE_SKEW_MS / 60_000} min skew)`,
      found: createdAt.value,
      detail:
        "Core AER-1 has no clock policy: freshness and replay windows are the consumer's (the reference kit's future-dated vector is valid; the pip aer1-verify tool rejects it). Set a maximum clock skew to reject it.",
    });
  } else {
    list.pass(R.createdAtFuture, createdAt);
  }
  checkClockPolicy(createdAt, result.epochMs, ctx, list);
}

/** The consumer policy (spec §2.2), only when the user set one: never part of the core verdict. */
function checkClockPolicy(
  createdAt: JsonValue,
  epochMs: number,
  ctx: ReceiptContext,
  list: CheckList,
): void {
  const { maxFutureMs, maxAgeMs } = ctx.policy ?? {};
  if (maxFutureMs !== undefined) {
    const limit = formatDuration(maxFutureMs);
    const ok = epochMs - ctx.now <= maxFutureMs;
    list.record(ok ? 'pass' : 'warning', R.policyMaxFuture, createdAt, {
      params: { limit },
      ...(ok ? {} : { found: `${formatDuration(epochMs - ctx.now)} ahead` }),
    });
  }
  if (maxAgeMs !== undefined) {
    const limit = formatDuration(maxAgeMs);
    const ok = ctx.now - epochMs <= maxAgeMs;
    list.record(ok ? 'pass' : 'warning', R.policyMaxAge, createdAt, {
      params: { limit },
      ...(ok ? {} : { found: `${formatDuration(ctx.now - epochMs)} old` }),
    });
  }
}

/**
 * The strict profile's id rule (spec §2.2): a UUID v4, as the reference implementations require.
 * Like them it fails closed: an id that core already fails (`coreUuid` false), or none, is no
 * UUID v4 either, so the strict line never reads "its own checks pass" for an id it could not read.
 */
export function checkStrictId(
  id: JsonValue | undefined,
  coreUuid: boolean,
  receipt: JsonObject,
  list: CheckList,
): void {
  const expected = 'lowercase UUID with version 4 and variant 8/9/a/b';
  if (id?.type === 'string' && coreUuid) {
    // A lowercase UUID (checkId read it): its version and variant digits are all that is left.
    if (hasVersion4Digits(id.value)) list.pass(R.strictIdV4, id);
    else
      list.warning(R.strictIdV4, id, {
        expected,
        found: `version ${id.value.charAt(14)}`,
        detail: 'Strict profile only: core AER-1 accepts a UUID of any version.',
      });
    return;
  }
  list.warning(R.strictIdV4, id ?? receipt, {
    expected,
    found: describeType(id),
    detail: CORE_FAILS_TOO,
  });
}

const CORE_FAILS_TOO = 'Core AER-1 fails this member too: see its failure.';
const PUBLISHED_VERSIONS_TEXT = PUBLISHED_SCHEMA_VERSIONS.map((v) => `"${v}"`).join(' or ');

/**
 * The strict profile's version rule (spec §2.2): a published receipt_schema_version. It fails
 * closed as the id rule does: a version core already fails, or none, is no published one.
 */
export function checkStrictSchemaVersion(
  version: JsonValue | undefined,
  receipt: JsonObject,
  list: CheckList,
): void {
  const expected = PUBLISHED_VERSIONS_TEXT;
  if (version?.type === 'string' && version.value.length > 0) {
    if (PUBLISHED_SCHEMA_VERSIONS.includes(version.value))
      list.pass(R.strictSchemaVersion, version, { params: { version: version.value } });
    else
      list.warning(R.strictSchemaVersion, version, {
        expected,
        found: JSON.stringify(version.value),
        detail:
          'Strict profile only: core AER-1 accepts any non-empty version; the reference implementation publishes "0.3" ("0.4" from late Oct 2026).',
      });
    return;
  }
  list.warning(R.strictSchemaVersion, version ?? receipt, {
    expected,
    found: describeType(version),
    detail: CORE_FAILS_TOO,
  });
}

export function checkTool(
  tool: JsonValue | undefined,
  list: CheckList,
  details: ReceiptDetails,
): void {
  if (!tool) return;
  if (tool.type !== 'object') {
    list.fail(R.toolShape, tool, {
      expected: 'object',
      found: describeType(tool),
    });
    return;
  }
  details.tool = {};
  let ok = true;
  for (const field of ['name', 'version', 'scope'] as const) {
    // Read as a plain value first: the parser keeps a small all-scalar object such as this one
    // compact, and makes its member nodes only for a failure's place.
    const text = scalarMember(tool, field);
    if (typeof text === 'string') details.tool[field] = text;
    if (typeof text !== 'string' || text.length === 0) {
      const value = member(tool, field);
      ok = false;
      list.fail(R.toolShape, value ?? tool, {
        expected: `tool.${field}: non-empty string`,
        found: value ? describeType(value) : `no tool.${field}`,
      });
    }
  }
  if (ok) list.pass(R.toolShape, tool);
}

export function checkProvenanceClass(
  provenance: JsonValue | undefined,
  list: CheckList,
  details: ReceiptDetails,
): void {
  if (!provenance) return;
  if (provenance.type === 'string') details.provenanceClass = provenance.value;
  if (provenance.type === 'string' && PROVENANCE_CLASS.test(provenance.value)) {
    list.pass(R.provenanceClassKnown, provenance);
  } else {
    list.fail(R.provenanceClassKnown, provenance, {
      expected: 'EXECUTED BY <SYSTEM> | OBSERVED VIA GATEWAY | LOGGED BY AGENT',
      found: describeType(provenance),
    });
  }
}

export function checkVerificationStatus(status: JsonValue | undefined, list: CheckList): void {
  if (!status) return;
  if (status.type === 'string' && status.value === 'verified') {
    list.pass(R.verificationStatus, status);
  } else {
    list.fail(R.verificationStatus, status, {
      expected: '"verified"',
      found: describeType(status),
    });
  }
}
