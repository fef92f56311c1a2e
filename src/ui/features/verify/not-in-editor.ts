import {
  EDITOR_MAX_CHARS,
  EDITOR_MAX_LINE_CHARS,
  EDITOR_MAX_LINES,
  withThousands,
  type InputDocument,
} from '../../../core';
import { rememberedFile } from '../../../worker/client';
import { streamsFile } from '../../../worker/protocol';
import { whyNotInEditor, type EditorBound } from './editor-text';
import { documentBytes, unreadFile } from './read-files';

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} bytes`;
}

/**
 * Above this size the page does not count a file's lines: walking tens of MB for its newlines
 * was the longest task of the page receiving a 100,000-step workflow (bench/browser.ts).
 */
export const LINES_COUNTED_UP_TO_BYTES = 8 * 1024 * 1024;

function documentLines(doc: InputDocument): number {
  let lines = 1;
  if (doc.bytes) {
    for (let i = doc.bytes.indexOf(10); i !== -1; i = doc.bytes.indexOf(10, i + 1)) lines++;
  } else if (doc.text !== undefined) {
    for (let i = doc.text.indexOf('\n'); i !== -1; i = doc.text.indexOf('\n', i + 1)) lines++;
  }
  return lines;
}

/** What the summary says of a document: its size, its lines, why it is not in the editor. */
interface Measured {
  size: number;
  lines: number | undefined;
  why: EditorBound | 'not-utf8' | undefined;
}

/** Each document measured once: the summary is said again as its run goes on. */
const MEASURED = new WeakMap<InputDocument, Measured>();

function measured(doc: InputDocument): Measured {
  let found = MEASURED.get(doc);
  if (!found) {
    const size = documentBytes(doc);
    const why = size > LINES_COUNTED_UP_TO_BYTES ? undefined : whyNotInEditor(doc);
    // Bytes that are not text (an .ots proof, a binary file) have no lines to count.
    const lines =
      size > LINES_COUNTED_UP_TO_BYTES || why === 'not-utf8' ? undefined : documentLines(doc);
    found = { size, lines, why };
    MEASURED.set(doc, found);
  }
  return found;
}

/** The bound a document broke, as the summary says it. */
const WHY_NOT_IN_EDITOR: Record<EditorBound | 'not-utf8', string> = {
  length: `the editor takes up to ${withThousands(EDITOR_MAX_CHARS)} characters`,
  lines: `the editor takes up to ${withThousands(EDITOR_MAX_LINES)} lines`,
  line: `the editor takes lines of up to ${withThousands(EDITOR_MAX_LINE_CHARS)} characters`,
  'not-utf8': 'it is not UTF-8 text',
};

/** Whether the input was verified, is being verified, or was not (the run was cancelled). */
export type VerifiedState = 'verified' | 'running' | 'not-verified';

const VERIFIED_FROM: Record<VerifiedState, { file: string; files: string; given: string }> = {
  verified: { file: 'verified from the file', files: 'verified from the files', given: 'verified' },
  running: {
    file: 'being verified from the file',
    files: 'being verified from the files',
    given: 'being verified',
  },
  'not-verified': { file: 'not verified', files: 'not verified', given: 'not verified' },
};

const STREAMED: Record<VerifiedState, string> = {
  verified: 'streamed from the file in the Worker, record by record',
  running: 'being streamed from the file in the Worker, record by record',
  'not-verified': 'not verified',
};

/** What was (or is being) verified but is not in the editor: one big file, or several documents. */
export function notInEditorSummary(
  inputs: InputDocument[],
  state: VerifiedState = 'verified',
): string {
  const from = VERIFIED_FROM[state];
  const [main] = inputs;
  if (!main) return '';
  const fromFile = rememberedFile(main) !== undefined;
  if (inputs.length === 1) {
    const file = unreadFile(main);
    if (file && streamsFile(main.name, file.size))
      return `${main.name}: ${formatSize(file.size)} — ${STREAMED[state]} (its lines are not counted on this page); not shown in the editor.`;
    if (file)
      return `${main.name}: ${formatSize(file.size)} (read in the Worker, its lines not counted on this page) — ${from.file}; not shown in the editor.`;
  } else if (fromFile) {
    return `${inputs.length} documents loaded from files or a link — ${from.files}; not shown in the editor.`;
  }
  // One document, or a paste or a link's document with the documents supplied for it.
  const { size, lines, why } = measured(main);
  const others = inputs.length - 1;
  const verified =
    (fromFile ? from.file : from.given) +
    (others > 0 && state !== 'not-verified'
      ? ` with ${withThousands(others)} supplied ${others === 1 ? 'document' : 'documents'}`
      : '');
  const reason = why ? ` (${WHY_NOT_IN_EDITOR[why]})` : '';
  // Bytes that are not text: no lines to speak of.
  if (why === 'not-utf8')
    return `${main.name}: ${formatSize(size)} — ${verified}; not shown in the editor${reason}.`;
  if (lines === undefined)
    return `${main.name}: ${formatSize(size)} (lines not counted on this page) — ${verified}; not shown in the editor.`;
  return `${main.name}: ${formatSize(size)}, ${withThousands(lines)} ${lines === 1 ? 'line' : 'lines'} — ${verified}; not shown in the editor${reason}.`;
}
