import {
  EDITOR_MAX_CHARS,
  EDITOR_MAX_LINE_CHARS,
  EDITOR_MAX_LINES,
  type InputDocument,
} from '../../../core';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * UTF-8 takes at most three bytes for each UTF-16 unit of its text: more bytes than this are
 * surely more text than the editor takes, and are not decoded to find out. Fewer are decoded and
 * measured as text is, so a file and the same text pasted meet the same bounds.
 */
const MAX_UTF8_BYTES = 3 * EDITOR_MAX_CHARS;

/** A bound of the editor that a text breaks: its length, its count of lines, or a line's length. */
export type EditorBound = 'length' | 'lines' | 'line';

/**
 * The first bound of the editor this text breaks; undefined when it may sit in the editor.
 * (Its lines are found with indexOf: a megabyte of them is walked in a millisecond or two.)
 */
export function brokenEditorBound(text: string): EditorBound | undefined {
  if (text.length > EDITOR_MAX_CHARS) return 'length';
  let lines = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); ; i = text.indexOf('\n', i + 1)) {
    const lineEnd = i === -1 ? text.length : i;
    if (lineEnd - lineStart > EDITOR_MAX_LINE_CHARS) return 'line';
    if (i === -1) return undefined;
    if (++lines > EDITOR_MAX_LINES) return 'lines';
    lineStart = i + 1;
  }
}

/** Whether this text may sit in the editor: not too long, not too many lines, no line too long. */
export function fitsEditor(text: string): boolean {
  return brokenEditorBound(text) === undefined;
}

/**
 * A document's text when it may sit in the editor, or why not: the bound its text breaks, or that
 * its bytes are not UTF-8 text. Nothing for a document the page holds neither text nor bytes of.
 */
function editorFit(
  doc: InputDocument,
): { text: string } | { why: EditorBound | 'not-utf8' } | undefined {
  let text = doc.text;
  if (text === undefined) {
    if (!doc.bytes) return undefined;
    if (doc.bytes.length > MAX_UTF8_BYTES) return { why: 'length' };
    try {
      text = decoder.decode(doc.bytes);
    } catch {
      return { why: 'not-utf8' };
    }
  }
  const why = brokenEditorBound(text);
  return why ? { why } : { text };
}

/** Why a document is not in the editor; undefined when it would fit. */
export function whyNotInEditor(doc: InputDocument): EditorBound | 'not-utf8' | undefined {
  const fit = editorFit(doc);
  return fit && 'why' in fit ? fit.why : undefined;
}

/** The text of a document, if it is small UTF-8 text that can sit in the editor. */
export function editorText(doc: InputDocument | undefined): string | undefined {
  const fit = doc && editorFit(doc);
  return fit && 'text' in fit ? fit.text : undefined;
}

/**
 * What the editor would hold after a paste replaced its selection, when that is too much to
 * hold: the paste is then taken as a document (verified from its text, summarised on screen)
 * instead of being laid out in the textarea. `undefined` when the paste may go in as usual.
 */
export function oversizedPaste(
  value: string,
  selectionStart: number,
  selectionEnd: number,
  pasted: string,
): string | undefined {
  // Text this short cannot have more lines than the editor takes, nor a line or a length past
  // its other bounds (both larger): it goes in as usual. Longer text is measured whole.
  if (value.length - (selectionEnd - selectionStart) + pasted.length < EDITOR_MAX_LINES)
    return undefined;
  const next = value.slice(0, selectionStart) + pasted + value.slice(selectionEnd);
  return fitsEditor(next) ? undefined : next;
}
