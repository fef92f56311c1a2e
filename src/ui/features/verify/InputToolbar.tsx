import { useRef, type ChangeEvent } from 'react';
import { Button, buttonClass } from '../../components/Button';
import { SamplesMenu } from './SamplesMenu';
import { verification } from './verification';

/** Files chosen in a picker; clearing the value lets the same file be picked again. */
function takeFiles(event: ChangeEvent<HTMLInputElement>): File[] {
  const files = Array.from(event.target.files ?? []);
  event.target.value = '';
  return files;
}

/** The row under the editor: verify, the ways to bring documents in, clear, and the help. */
export function InputToolbar({
  running,
  onVerify,
  onOpenLink,
  onTogglePasteSupplied,
  onClear,
  onHelp,
}: {
  running: boolean;
  onVerify: () => void;
  onOpenLink: () => void;
  onTogglePasteSupplied: () => void;
  onClear: () => void;
  onHelp: () => void;
}) {
  const pickRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  // The file and folder pickers share one handler.
  const onPickFiles = (event: ChangeEvent<HTMLInputElement>) =>
    void verification.verifyFiles(takeFiles(event));
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Button variant="primary" onClick={onVerify} disabled={running}>
        Verify <span className="hidden font-normal sm:inline">(Ctrl/⌘+Enter)</span>
      </Button>
      <SamplesMenu />
      <Button onClick={() => pickRef.current?.click()}>Open files…</Button>
      <Button onClick={() => folderRef.current?.click()}>Open folder…</Button>
      <Button onClick={onOpenLink}>Open link…</Button>
      <Button onClick={onTogglePasteSupplied}>Paste supporting…</Button>
      <label
        className={buttonClass(
          'secondary',
          'md',
          'cursor-pointer focus-within:ring-2 focus-within:ring-teal-500',
        )}
      >
        Supply evidence…
        <input
          type="file"
          multiple
          className="sr-only"
          data-testid="supply-input"
          onChange={(event) => void verification.supplyFiles(takeFiles(event))}
        />
      </label>
      <input
        ref={pickRef}
        type="file"
        multiple
        className="hidden"
        data-testid="file-input"
        onChange={onPickFiles}
      />
      <input
        ref={folderRef}
        type="file"
        multiple
        className="hidden"
        {...{ webkitdirectory: '' }}
        onChange={onPickFiles}
      />
      <Button variant="ghost" onClick={onClear}>
        Clear
      </Button>
      <Button variant="link" className="ml-auto" onClick={onHelp} aria-keyshortcuts="?">
        Shortcuts
      </Button>
    </div>
  );
}
