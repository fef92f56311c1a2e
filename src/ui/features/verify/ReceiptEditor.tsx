import { useLayoutEffect, type RefObject } from 'react';
import { TextArea } from '../../components/TextArea';
import { verification } from './verification';

/**
 * The editor for the main document. It is uncontrolled (it may hold megabytes of text): the
 * session writes into it when it shows another document (a sample, a share link, a dropped file).
 */
export function ReceiptEditor({
  editorRef,
  placeholder,
  onVerify,
}: {
  editorRef: RefObject<HTMLTextAreaElement | null>;
  placeholder: string;
  onVerify: () => void;
}) {
  useLayoutEffect(() => {
    const show = (text: string) => {
      const editor = editorRef.current;
      if (editor && editor.value !== text) editor.value = text;
    };
    // What the session showed before this editor mounted (a link opened with the page).
    show(verification.editorText());
    return verification.onEditorText(show);
  }, [editorRef]);

  return (
    <>
      <label htmlFor="receipt-input" className="sr-only">
        Receipt JSON
      </label>
      <TextArea
        id="receipt-input"
        ref={editorRef}
        data-testid="receipt-input"
        className="h-64 resize-y p-3 leading-5"
        placeholder={placeholder}
        // Pasting into the editor verifies once the pasted text is in it.
        onPaste={() => window.setTimeout(onVerify, 0)}
        // Any change marks a result computed from other text, and re-checks small inputs.
        onInput={(event) => verification.editorChanged(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onVerify();
          }
        }}
      />
    </>
  );
}
