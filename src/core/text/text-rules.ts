/**
 * Text that does not show what it stores: a bidi control or invisible character in an
 * identifier (id, tool name, provenance class, job id, …) makes it display as something else,
 * and a lone surrogate anywhere is not a Unicode character at all (it cannot even be written
 * as UTF-8). Warnings, not failures: the bytes still hash as carried, but what the screen
 * shows is not what was signed off.
 */
import { TEXT_FINDING_CAP } from '../bounds';
import type { CheckList } from '../checks';
import type { DetectedDocument } from '../model/document';
import { pointerOf, type JsonArray, type JsonString, type JsonValue } from '../json/ast';
import { arrayItem, arrayLength, COMPOUND, isPlainText, scalarItem } from '../json/parse';
import { FindingTally, type TallyUnit } from '../rules/tally';
import { defineRules } from '../rules/rule';
import { findHiddenCharacters, findLoneSurrogates } from './invisible';

export const TEXT_RULES = defineRules({
  hiddenCharacters: {
    id: 'text.hidden_characters',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§2.1',
    warning:
      '<member> contains <what> (<code_points>): it displays differently from what it stores',
  },
  loneSurrogate: {
    id: 'text.lone_surrogate',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§2.1',
    warning: '<where> contains a lone surrogate (<code_points>), which is not a Unicode character',
  },
});

/** Members whose values name things a reader compares by eye. */
const IDENTIFIER_MEMBERS = new Set([
  'id',
  'receipt_id',
  'job_id',
  'run_id',
  'step_id',
  'workflow_id',
  'tool',
  'name',
  'version',
  'scope',
  'provenance_class',
  'file',
  'filename',
  'file_name',
]);

const UNIT: TallyUnit = { one: 'string', many: 'strings' };

export function addHiddenCharacterChecks(
  doc: DetectedDocument,
  list: CheckList,
  subject?: string,
): void {
  // Printable ASCII throughout (known from the scan): nothing here can hide (json/parse.ts).
  if (!doc.root || isPlainText(doc.root)) return;
  const tally = new FindingTally(list, UNIT, TEXT_FINDING_CAP);
  const extras = subject !== undefined ? { subject } : {};
  // Every value in document order, depth first; an array's items are read one at a time and a
  // string item without a finding makes no node, so a large array is walked in little memory.
  const frames: {
    array?: JsonArray;
    values?: readonly JsonValue[];
    next: number;
    count: number;
  }[] = [];
  const visit = (node: JsonValue): void => {
    if (node.type === 'string') checkString(node, tally, extras);
    else if (node.type === 'array') frames.push({ array: node, next: 0, count: arrayLength(node) });
    else if (node.type === 'object') {
      const members = node.members;
      // (Names are looked at when their object is, last member first, as they always were.)
      for (let i = members.length - 1; i >= 0; i--) {
        const member = members[i]!;
        const lone = findLoneSurrogates(member.name);
        if (lone)
          tally.record(
            'warning',
            TEXT_RULES.loneSurrogate,
            { pointer: pointerOf(member.value), start: member.nameStart },
            {
              params: {
                where: `member name at ${pointerOf(member.value)}`,
                code_points: lone.join(', '),
              },
              ...extras,
            },
          );
      }
      frames.push({ values: node.memberValues, next: 0, count: members.length });
    }
  };
  visit(doc.root);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.next === frame.count) {
      frames.pop();
      continue;
    }
    const i = frame.next++;
    if (frame.values) visit(frame.values[i]!);
    else {
      const array = frame.array!;
      const value = scalarItem(array, i);
      // A string item is looked at as text first: its node only for a finding.
      if (typeof value === 'string') {
        if (findLoneSurrogates(value))
          checkString(arrayItem(array, i) as JsonString, tally, extras);
      } else if (value === COMPOUND) visit(arrayItem(array, i)!);
    }
  }
  tally.summarise({ pointer: '' });
}

function checkString(
  node: Extract<JsonValue, { type: 'string' }>,
  tally: FindingTally,
  extras: { subject?: string },
): void {
  const lone = findLoneSurrogates(node.value);
  if (lone)
    tally.record('warning', TEXT_RULES.loneSurrogate, node, {
      params: { where: `the string at ${pointerOf(node) || '/'}`, code_points: lone.join(', ') },
      ...extras,
    });
  if (typeof node.key !== 'string' || !IDENTIFIER_MEMBERS.has(node.key)) return;
  const hidden = findHiddenCharacters(node.value);
  if (!hidden) return;
  tally.record('warning', TEXT_RULES.hiddenCharacters, node, {
    params: {
      member: pointerOf(node),
      what: !hidden.bidi
        ? 'an invisible or control character'
        : hidden.other
          ? 'a bidi control and an invisible or control character'
          : 'a bidi control',
      code_points: hidden.codePoints.join(', '),
    },
    detail:
      'Bidi controls reorder the text shown around them and invisible characters show nothing, so two different values can look identical. Each is named above by its code point.',
    ...extras,
  });
}
