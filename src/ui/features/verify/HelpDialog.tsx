import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button';

/** Keyboard shortcuts, opened with `?`. A native <dialog> keeps focus handling right. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label="Keyboard shortcuts"
      className="m-auto rounded-xl p-6 text-sm shadow-xl backdrop:bg-black/40 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 className="mb-3 text-lg font-semibold">Keyboard shortcuts</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>
          <kbd>/</kbd>
        </dt>
        <dd>Focus the input</dd>
        <dt>
          <kbd>Ctrl</kbd>/<kbd>⌘</kbd> + <kbd>Enter</kbd>
        </dt>
        <dd>Verify</dd>
        <dt>
          <kbd>?</kbd>
        </dt>
        <dd>This help</dd>
        <dt>
          <kbd>Esc</kbd>
        </dt>
        <dd>Close</dd>
      </dl>
      <p className="mt-3">Paste anywhere on the page to verify; drop files or folders anywhere.</p>
      <Button variant="solid" className="mt-4" onClick={onClose}>
        Close
      </Button>
    </dialog>
  );
}
