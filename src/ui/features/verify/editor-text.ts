import type { InputDocument } from '../../../core';

/**
 * Text bigger than this stays out of the editor (a textarea holding megabytes freezes the tab);
 * the page shows a summary of it instead.
 */
export const EDITOR_MAX_CHARS = 1024 * 1024;

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of a document, if it is small UTF-8 text that can sit in the editor. */
export function editorText(doc: InputDocument | undefined): string | undefined {
  if (!doc) return undefined;
  if (doc.text !== undefined) return doc.text.length <= EDITOR_MAX_CHARS ? doc.text : undefined;
  if (!doc.bytes || doc.bytes.length > EDITOR_MAX_CHARS) return undefined;
  try {
    return decoder.decode(doc.bytes);
  } catch {
    return undefined;
  }
}
