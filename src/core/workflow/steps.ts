/**
 * Step rules (spec §3.1) and structure rules (§3.2). Steps are called "step N" with N counted
 * from 1 (N = array index + 1); the structure messages that say "index i" use the 0-based
 * array index, as the JSON pointer `/steps/i` does.
 */
import type { CheckList } from '../checks';
import { parseDigest } from '../encoding/digest';
import { checkRfc3339 } from '../encoding/rfc3339';
import {
  describeType,
  escapePointerToken,
  member,
  pointerOf,
  type JsonArray,
  type JsonObject,
  type JsonValue,
} from '../json/ast';
import { arrayItem, arrayLength, COMPOUND, NamedMembers, scalarItem } from '../json/parse';
import { exactIntegerText } from '../json/integer-lexeme';
import { type Rule } from '../rules/rule';
import type { WorkflowStepRow } from './details';
import { isLowerHex } from '../encoding/hex';
import { isLowercaseUuid } from '../encoding/uuid';
import type { MerkleInput } from './merkle/input';
import { receiptIdDigests } from './merkle/receipt-id-v0';
import { NODE_BYTES, type MerkleHashing } from './merkle/tree';
import { fastStepTimeMs } from './step-time';
import type { StepTally } from './tally';
import { STEP_RULES } from './rules';

/** Everything later checks need from the steps, one column per field. */
export interface StepColumns extends MerkleInput {
  /**
   * ms since the epoch, NaN when the time is missing or invalid; empty until a step has a
   * valid time (read through timeAt).
   */
  startedMs: Float64Array;
  endedMs: Float64Array;
  /** `branch` as text (strings as they are, other scalars as JSON), undefined when absent. */
  branches: (string | undefined)[];
  /** The steps array (for check places: stepNode). */
  steps?: JsonArray;
  /** The rows of the steps the step table lists (the first ones; see emptyColumns). */
  rows: WorkflowStepRow[];
}

/**
 * The columns of `count` steps, with rows for the first `listed` of them (the steps the step
 * table lists; 0 when the shell shows no step table). Every column starts empty and gets its
 * length with its first value (putColumn, putTime): steps that are not objects, or lack the
 * member, cost the column nothing, and reading an empty column gives undefined as reading an
 * unset slot does.
 */
export function emptyColumns(count: number, listed: number): StepColumns {
  return {
    count,
    receiptIds: [],
    seqs: [],
    receiptHashes: [],
    outputHashes: [],
    startedMs: NO_TIMES,
    endedMs: NO_TIMES,
    branches: [],
    rows: new Array<WorkflowStepRow>(Math.min(count, listed)),
  };
}

const NO_TIMES = new Float64Array(0);

/** Step i's time in a time column: NaN when it has none. */
export function timeAt(column: Float64Array, i: number): number {
  return i < column.length ? column[i]! : NaN;
}

/** Step i's node, for a check's place, without making every step's node (see checkSteps). */
export function stepNode(columns: StepColumns, i: number): JsonValue | undefined {
  return columns.steps ? arrayItem(columns.steps, i) : undefined;
}

type MemberColumn = 'receiptIds' | 'seqs' | 'receiptHashes' | 'outputHashes' | 'branches';

/** Sets step i's value in a member column, giving the column its length on its first value. */
function putColumn<K extends MemberColumn>(
  columns: StepColumns,
  name: K,
  i: number,
  value: NonNullable<StepColumns[K][number]>,
): void {
  let column = columns[name];
  if (column.length === 0) column = columns[name] = new Array(columns.count);
  column[i] = value;
}

/** Sets step i's time, giving the column its length on its first value. */
function putTime(columns: StepColumns, name: 'startedMs' | 'endedMs', i: number, ms: number): void {
  let column = columns[name];
  if (column.length === 0) column = columns[name] = new Float64Array(columns.count).fill(NaN);
  column[i] = ms;
}

/** Scalar as display text: strings as they are, numbers as written, others as JSON. */
export function scalarValueText(value: JsonValue | undefined): string | undefined {
  if (!value) return undefined;
  switch (value.type) {
    case 'string':
      return value.value;
    case 'number':
      return value.raw;
    case 'boolean':
      return String(value.value);
    case 'null':
      return 'null';
    default:
      return value.type;
  }
}

/** seq as printed in messages: the lexeme for numbers, JSON for strings, the type otherwise. */
function seqText(value: JsonValue | undefined): string {
  if (!value) return 'nothing';
  if (value.type === 'string') return JSON.stringify(value.value);
  return scalarValueText(value) ?? value.type;
}

/**
 * Checks every step, fills the step rows and the columns. Per-step failures go through the
 * tally; a rule that holds for every step gets one pass check on the steps array.
 */
export function checkSteps(
  steps: JsonArray,
  list: CheckList,
  tally: StepTally,
  columns: StepColumns,
  /** A bare Merkle root claim: only seq and receipt_id are read (spec §2.2). */
  rootClaim = false,
): void {
  const n = arrayLength(steps);
  const listed = columns.rows.length;
  columns.steps = steps;
  for (let i = 0; i < n; i++) {
    const row: WorkflowStepRow | undefined = i < listed ? new StepRow(i) : undefined;
    if (row) columns.rows[i] = row;
    // An object step is read from the text, without a node (STEP_MEMBERS.readItem); a step that
    // is a scalar is read as a plain value: its node is made only for a finding that is listed.
    if (STEP_MEMBERS.readItem(steps, i)) {
      checkStep(STEP.at(steps, i), STEP_MEMBERS, i, tally, columns, row, rootClaim);
      continue;
    }
    const node = scalarItem(steps, i) === COMPOUND ? arrayItem(steps, i) : undefined;
    const place = node ?? (tally.listsNext(STEP_RULES.object) ? arrayItem(steps, i) : undefined);
    tally.fail(
      i,
      STEP_RULES.object,
      place,
      place && { params: { n: i + 1 }, expected: 'object', found: describeType(place) },
    );
  }

  // Member rules only ran on object steps: say how many when some steps are not objects.
  const objects = n - tally.count(STEP_RULES.object);
  if (objects === n) list.pass(STEP_RULES.object, steps, { params: { count: n } });
  if (objects === 0) return;
  const params = { steps: objects === n ? `all ${n} steps` : `all ${objects} object steps` };
  const passes = rootClaim
    ? [STEP_RULES.seq, STEP_RULES.receiptId]
    : [
        STEP_RULES.seq,
        STEP_RULES.receiptId,
        STEP_RULES.tool,
        STEP_RULES.receiptHash,
        STEP_RULES.startedAt,
        STEP_RULES.endedAt,
        STEP_RULES.status,
      ];
  for (const rule of passes) {
    if (tally.count(rule) === 0) list.pass(rule, steps, { params });
  }
  if (tally.count(STEP_RULES.receiptId) === 0 && tally.count(STEP_RULES.receiptIdUuid) === 0) {
    list.pass(STEP_RULES.receiptIdUuid, steps, { params });
  }
}

/**
 * A step row starts with its index; the members found are added in checkStep's
 * order (the order the report lists them in). Made by a constructor rather than a literal so
 * that V8 reserves room in the object for those later members: a literal of two grew its
 * property store several times per step (100,000 times in a large workflow).
 */
class StepRow implements WorkflowStepRow {
  constructor(public index: number) {}
}

/**
 * Where a missing member would be: its would-be pointer, ranged at the step's opening brace.
 * The pointer is spelled out only when a check is made of it (the first few findings of each
 * rule), not for every step that lacks the member.
 */
class MissingMember {
  readonly start: number;
  readonly end: number;
  constructor(
    private readonly step: JsonObject,
    private readonly name: string,
  ) {
    this.start = step.start;
    this.end = step.start + 1;
  }

  get pointer(): string {
    return `${pointerOf(this.step)}/${escapePointerToken(this.name)}`;
  }
}

function missingPlace(step: JsonObject, name: string): MissingMember {
  return new MissingMember(step, name);
}

/** The step members the rules read, each found once per step (NamedMembers), by index. */
const SEQ = 0;
const RECEIPT_ID = 1;
const TOOL = 2;
const RECEIPT_HASH = 3;
const OUTPUT_HASH = 4;
const STARTED_AT = 5;
const ENDED_AT = 6;
const STATUS = 7;
const AGENT = 8;
const BRANCH = 9;
const STEP_MEMBERS = new NamedMembers([
  'seq',
  'receipt_id',
  'tool',
  'receipt_hash',
  'output_hash',
  'started_at',
  'ended_at',
  'status',
  'agent',
  'branch',
]);

/**
 * The step being checked, whose node is made the first time a finding asks for its place: the
 * valid path reads a step from the text without one. One holder, moved from step to step.
 */
class StepObject {
  private steps: JsonArray | undefined;
  private index = 0;
  private made: JsonObject | undefined;

  at(steps: JsonArray, index: number): this {
    this.steps = steps;
    this.index = index;
    this.made = undefined;
    return this;
  }

  get node(): JsonObject {
    // (readItem found an object there.)
    this.made ??= arrayItem(this.steps!, this.index) as JsonObject;
    return this.made;
  }
}

const STEP = new StepObject();

function checkStep(
  step: StepObject,
  /** The step's members, read (STEP_MEMBERS.readItem). */
  members: NamedMembers,
  i: number,
  tally: StepTally,
  columns: StepColumns,
  /** Undefined for a step the step table does not list: only the columns are filled. */
  row: WorkflowStepRow | undefined,
  rootClaim: boolean,
): void {
  // No per-step closures or objects here: this runs 100,000 times for a large workflow. Each
  // member is first read as a plain value (no node made for the step); only a member that does
  // not pass is read as a node, for the failure's place.

  // seq: an integer by its lexeme, so 1 and 1.0 pass; true, "2", 2.5 and 0.99999999999999999
  // (which reads as the double 1) do not.
  const seqValue = members.scalar(SEQ);
  const seqLexeme = typeof seqValue === 'number' ? members.numberLexeme(SEQ) : undefined;
  if (seqLexeme !== undefined && exactIntegerText(seqLexeme, 'integral') !== undefined) {
    // The double: exact below 2^53, and a larger one can equal no step number.
    putColumn(columns, 'seqs', i, seqValue as number);
    if (row) row.seq = seqLexeme;
  } else {
    const seq = member(step.node, 'seq');
    if (seq && row) row.seq = seqText(seq);
    tally.fail(i, STEP_RULES.seq, seq ?? missingPlace(step.node, 'seq'), {
      params: { n: i + 1 },
      expected: 'integer, written exactly (1 or 1.0; not a number that only rounds to one)',
      found: seq ? describeType(seq) : 'member missing',
    });
  }

  const receiptId = members.scalar(RECEIPT_ID);
  if (typeof receiptId === 'string') {
    if (row) row.receiptId = receiptId;
    putColumn(columns, 'receiptIds', i, receiptId);
    if (!isLowercaseUuid(receiptId)) {
      const node = member(step.node, 'receipt_id')!;
      tally.warning(i, STEP_RULES.receiptIdUuid, node, {
        params: { n: i + 1 },
        found: describeType(node),
        detail: 'The format allows any string; collectors write lowercase UUIDs.',
      });
    }
  } else {
    const node = member(step.node, 'receipt_id');
    tally.fail(i, STEP_RULES.receiptId, node ?? missingPlace(step.node, 'receipt_id'), {
      params: { n: i + 1 },
      expected: 'string',
      found: node ? describeType(node) : 'member missing',
    });
  }
  if (rootClaim) return;

  if (row) {
    const tool = members.sharedString(TOOL);
    if (tool !== undefined) row.tool = tool;
  }
  if (!members.isNonEmptyString(TOOL)) failNonEmpty(step, 'tool', i, tally);

  const receiptHash = members.scalar(RECEIPT_HASH);
  if (typeof receiptHash === 'string' && isLowerHex(receiptHash, 64)) {
    putColumn(columns, 'receiptHashes', i, receiptHash);
  } else {
    const node = member(step.node, 'receipt_hash');
    tally.fail(i, STEP_RULES.receiptHash, node ?? missingPlace(step.node, 'receipt_hash'), {
      params: { n: i + 1 },
      expected: '64 lowercase hex characters, no prefix',
      found: node ? describeType(node) : 'member missing',
    });
  }

  // Not a core member: collectors may add it; seq-output-v1 candidates may use it.
  const outputHash = members.scalar(OUTPUT_HASH);
  if (typeof outputHash === 'string') {
    const bare = parseDigest(outputHash, 'bare-or-prefixed');
    if (bare) putColumn(columns, 'outputHashes', i, bare);
  }

  const started = checkTime(step, members, STARTED_AT, STEP_RULES.startedAt, i, tally);
  if (started !== undefined) {
    putTime(columns, 'startedMs', i, started);
    if (row) row.startedMs = started;
  }
  const ended = checkTime(step, members, ENDED_AT, STEP_RULES.endedAt, i, tally);
  if (ended !== undefined) {
    putTime(columns, 'endedMs', i, ended);
    if (row) row.endedMs = ended;
  }

  if (row) {
    const status = members.sharedString(STATUS);
    if (status !== undefined) row.status = status;
  }
  if (!members.isNonEmptyString(STATUS)) failNonEmpty(step, 'status', i, tally);

  // Shown, never required.
  if (row) {
    const agent = scalarText(step, members, AGENT);
    if (agent !== undefined) row.agent = agent;
  }
  if (members.scalar(BRANCH) !== null) {
    const branch = scalarText(step, members, BRANCH);
    if (branch !== undefined) {
      if (row) row.branch = branch;
      putColumn(columns, 'branches', i, branch);
    }
  }
}

/** `tool` or `status` is missing or not a non-empty string. */
function failNonEmpty(
  step: StepObject,
  name: 'tool' | 'status',
  i: number,
  tally: StepTally,
): void {
  const node = member(step.node, name);
  tally.fail(i, STEP_RULES[name], node ?? missingPlace(step.node, name), {
    params: { n: i + 1 },
    expected: 'non-empty string',
    found: node ? describeType(node) : 'member missing',
  });
}

/** A member as display text, as scalarValueText gives it, read without its node when it can be. */
function scalarText(step: StepObject, members: NamedMembers, k: number): string | undefined {
  const text = members.sharedString(k);
  if (text !== undefined || !members.has(k)) return text;
  return scalarValueText(member(step.node, members.names[k]!));
}

function checkTime(
  step: StepObject,
  members: NamedMembers,
  k: typeof STARTED_AT | typeof ENDED_AT,
  rule: Rule,
  i: number,
  tally: StepTally,
): number | undefined {
  const span = members.stringSpan(k);
  if (span) {
    const fast = fastStepTimeMs(span.text, span.start, span.end);
    if (fast !== undefined) return fast;
  } else {
    const text = members.scalar(k);
    if (typeof text === 'string') {
      const fast = fastStepTimeMs(text);
      if (fast !== undefined) return fast;
    }
  }
  const node = member(step.node, members.names[k]!);
  if (node?.type === 'string') {
    const result = checkRfc3339(node.value);
    if (result.ok) return result.epochMs;
    const calendar = result.problem === 'calendar';
    tally.fail(i, rule, node, {
      params: { n: i + 1, form: calendar ? 'a valid calendar date/time' : 'RFC 3339' },
      expected: calendar
        ? 'a real calendar instant'
        : 'RFC 3339 date-time (YYYY-MM-DDTHH:MM:SS[.f](Z|±HH:MM))',
      found: describeType(node),
      detail: result.detail,
    });
    return undefined;
  }
  tally.fail(i, rule, node ?? missingPlace(step.node, members.names[k]!), {
    params: { n: i + 1, form: 'RFC 3339' },
    expected: 'RFC 3339 date-time string',
    found: node ? describeType(node) : 'member missing',
  });
  return undefined;
}

/**
 * `seq` values are exactly 1..n in array order (§3.2). One check at the first break describes
 * the order (the reference message names one index); every out-of-place row is marked.
 */
export function checkSeqOrder(
  steps: JsonArray,
  list: CheckList,
  tally: StepTally,
  columns: StepColumns,
): void {
  let first = -1;
  let broken = 0;
  for (let i = 0; i < columns.count; i++) {
    if (columns.seqs[i] !== i + 1) {
      broken++;
      if (first === -1) first = i;
      tally.mark(i, 'fail', STEP_RULES.seqOrder.id);
    }
  }
  if (first === -1) {
    list.pass(STEP_RULES.seqOrder, steps, { params: { count: columns.count } });
    return;
  }
  const step = stepNode(columns, first);
  const seqNode = step?.type === 'object' ? member(step, 'seq') : undefined;
  list.fail(STEP_RULES.seqOrder, seqNode ?? step ?? steps, {
    params: { index: first, seq: seqText(seqNode) },
    expected: `seq ${first + 1} at index ${first}`,
    found: seqText(seqNode),
    detail: `Index i counts from 0 as in the JSON pointer; step N = index + 1. Steps whose seq differs from their position: ${broken} of ${columns.count}.`,
  });
}

/** No two steps share a receipt_id (§3.2, rule MM-1). */
export function checkUniqueReceiptIds(
  steps: JsonArray,
  list: CheckList,
  tally: StepTally,
  columns: StepColumns,
  hashing: MerkleHashing,
): void {
  if (!repeatsAnId(columns, receiptIdDigests(columns, hashing))) {
    list.pass(STEP_RULES.uniqueReceiptId, steps);
    return;
  }
  // Some id repeats: a Map names the step that carried each first.
  const firstIndex = new Map<string, number>();
  for (let i = 0; i < columns.count; i++) {
    const id = columns.receiptIds[i];
    if (id === undefined) continue;
    const seen = firstIndex.get(id);
    if (seen === undefined) {
      firstIndex.set(id, i);
      continue;
    }
    const step = stepNode(columns, i);
    const place = (step?.type === 'object' ? member(step, 'receipt_id') : undefined) ?? step;
    tally.fail(i, STEP_RULES.uniqueReceiptId, place, {
      params: { receipt_id: id },
      expected: 'a receipt_id no other step carries',
      found: `also carried by step ${seen + 1}`,
      detail: `Rule MM-1: steps ${seen + 1} and ${i + 1} share this receipt_id. With last-node duplication, [r1..r5] and [r1..r5, r5] have the same Merkle root, so a repeated id could hide an added or dropped step.`,
    });
  }
}

/**
 * Whether any two steps carry the same receipt_id. An open-addressing table of step indexes
 * keyed by the first four bytes of each id's digest (receiptIdDigests: the Merkle leaves,
 * made once for both); ids whose digests meet are compared as strings, so the answer is exact.
 */
export function repeatsAnId(
  columns: Pick<StepColumns, 'count' | 'receiptIds'>,
  digests: Uint8Array,
): boolean {
  const ids = columns.receiptIds;
  // Sized by the ids there are (a workflow of steps without one needs no table at all).
  let present = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i] !== undefined) present++;
  if (present < 2) return false;
  let size = 8;
  while (size < present * 2) size *= 2;
  const mask = size - 1;
  const words = new Int32Array(digests.buffer, digests.byteOffset, digests.length >> 2);
  const WORDS = NODE_BYTES >> 2;
  // Step index + 1 per slot (0: empty).
  const slots = new Int32Array(size);
  for (let i = 0; i < columns.count; i++) {
    const id = ids[i];
    if (id === undefined) continue;
    const key = words[i * WORDS]!;
    for (let slot = key & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot]!;
      if (held === 0) {
        slots[slot] = i + 1;
        break;
      }
      if (words[(held - 1) * WORDS] === key && ids[held - 1] === id) return true;
    }
  }
  return false;
}
