import { EDITOR_MAX_CHARS, EDITOR_MAX_LINES, type InputDocument } from '../../../core';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Whether the text has more than `max` lines (stops counting at the bound). */
function moreLinesThan(text: string, max: number): boolean {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1))
    if (++lines > max) return true;
  return false;
}

function moreByteLinesThan(bytes: Uint8Array, max: number): boolean {
  let lines = 1;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1))
    if (++lines > max) return true;
  return false;
}

/** Whether this text may sit in the editor (not too long, not too many lines). */
export function fitsEditor(text: string): boolean {
  return text.length <= EDITOR_MAX_CHARS && !moreLinesThan(text, EDITOR_MAX_LINES);
}

/** The text of a document, if it is small UTF-8 text that can sit in the editor. */
export function editorText(doc: InputDocument | undefined): string | undefined {
  if (!doc) return undefined;
  if (doc.text !== undefined) return fitsEditor(doc.text) ? doc.text : undefined;
  if (!doc.bytes || doc.bytes.length > EDITOR_MAX_CHARS) return undefined;
  if (moreByteLinesThan(doc.bytes, EDITOR_MAX_LINES)) return undefined;
  try {
    return decoder.decode(doc.bytes);
  } catch {
    return undefined;
  }
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
  // Cheap bounds first: a paste that cannot push the editor over either bound goes in as usual.
  if (value.length - (selectionEnd - selectionStart) + pasted.length <= EDITOR_MAX_CHARS) {
    if (!moreLinesThan(pasted, EDITOR_MAX_LINES / 2) && !moreLinesThan(value, EDITOR_MAX_LINES / 2))
      return undefined;
  }
  const next = value.slice(0, selectionStart) + pasted + value.slice(selectionEnd);
  return fitsEditor(next) ? undefined : next;
}
