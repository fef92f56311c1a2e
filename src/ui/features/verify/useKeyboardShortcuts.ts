import { useEffect, type RefObject } from 'react';

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export interface ShortcutHandlers {
  /** The editor, which handles its own Ctrl/⌘+Enter and is focused by `/`. */
  editorRef: RefObject<HTMLTextAreaElement | null>;
  /** Ctrl/⌘+Enter anywhere. */
  onVerify: () => void;
  /** Text pasted outside any field. */
  onPasteText: (text: string) => void;
  /** `?`. */
  onHelp: () => void;
}

/**
 * The verify page's keyboard: paste anywhere verifies, Ctrl/⌘+Enter verifies from anywhere, `/`
 * focuses the editor, `?` opens the shortcuts. Keys typed into a field stay that field's.
 */
export function useKeyboardShortcuts({
  editorRef,
  onVerify,
  onPasteText,
  onHelp,
}: ShortcutHandlers) {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (isEditable(event.target)) return;
      const text = event.clipboardData?.getData('text/plain');
      if (!text) return;
      event.preventDefault();
      onPasteText(text);
    };
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key === 'Enter' &&
        (event.ctrlKey || event.metaKey) &&
        event.target !== editorRef.current
      ) {
        event.preventDefault();
        onVerify();
        return;
      }
      if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '/') {
        event.preventDefault();
        editorRef.current?.focus();
      } else if (event.key === '?') {
        event.preventDefault();
        onHelp();
      }
    };
    document.addEventListener('paste', onPaste);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('paste', onPaste);
      document.removeEventListener('keydown', onKey);
    };
  }, [editorRef, onVerify, onPasteText, onHelp]);
}
