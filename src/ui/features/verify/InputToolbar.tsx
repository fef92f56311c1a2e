import { useRef, type ChangeEvent } from 'react';
import { Button } from '../../components/Button';
import { Menu } from '../../components/Menu';
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
  const supplyRef = useRef<HTMLInputElement>(null);
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
      <Button onClick={onOpenLink}>Open link…</Button>
      {/* Actions for people who know the format: supporting documents and whole folders. */}
      <Menu
        label="More ▾"
        testId="more-menu"
        items={[
          {
            key: 'folder',
            label: 'Open folder…',
            description: 'Every file in a folder, grouped and verified together',
            onSelect: () => folderRef.current?.click(),
          },
          {
            key: 'paste-supporting',
            label: 'Paste supporting…',
            description: 'A step receipt, event, header or final answer, pasted as text',
            onSelect: onTogglePasteSupplied,
          },
          {
            key: 'supply',
            label: 'Supply evidence…',
            description: 'Files verified with the editor’s text at the next Verify',
            onSelect: () => supplyRef.current?.click(),
          },
        ]}
      />
      <input
        ref={supplyRef}
        type="file"
        multiple
        className="hidden"
        aria-label="Supply evidence"
        data-testid="supply-input"
        onChange={(event) => void verification.supplyFiles(takeFiles(event))}
      />
      <input
        ref={pickRef}
        type="file"
        multiple
        className="hidden"
        aria-label="Open files"
        data-testid="file-input"
        onChange={onPickFiles}
      />
      <input
        ref={folderRef}
        type="file"
        multiple
        className="hidden"
        aria-label="Open folder"
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
