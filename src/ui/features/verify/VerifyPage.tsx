import { useLoaderData, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import type { SourceRange } from '../../../core';
import { Card } from '../../components/Card';
import { ResultsView } from '../results/ResultsView';
import { DropOverlay } from './DropOverlay';
import { HelpDialog } from './HelpDialog';
import { InputToolbar } from './InputToolbar';
import { LinkLoader, type LoadedLink } from './LinkLoader';
import { PasteSupplied } from './PasteSupplied';
import { filesFromDataTransfer } from './read-files';
import { ReceiptEditor } from './ReceiptEditor';
import { ReportActions } from './ReportActions';
import { RunProgress } from './RunProgress';
import { ShareMessage } from './ShareMessage';
import { SuppliedChips } from './SuppliedChips';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { useVerification } from './useVerification';
import { verification } from './verification';

const MOVED_NOTICE =
  'This link carried the receipt in the query string (?r=), which is sent to the web server. The page moved it after the # so it stays in your browser; share links made here keep it there.';

/**
 * The verify route. What the URL carries (?sample=, #r=, ?src=) is acted on by the route's
 * loader (url-input.ts); the session it starts is shared with this page through useVerification.
 */
export function VerifyPage() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const { movedFromQuery } = useLoaderData({ from: '/' });
  const session = useVerification();
  const { run, inputs, supplied, link } = session;
  const editorRef = useRef<HTMLTextAreaElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [pasteSupplyOpen, setPasteSupplyOpen] = useState(false);

  const verifyEditor = useCallback(
    () => void verification.verifyText(editorRef.current?.value ?? ''),
    [],
  );
  const verifyPasted = useCallback((text: string) => void verification.verifyText(text), []);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useKeyboardShortcuts({
    editorRef,
    onVerify: verifyEditor,
    onPasteText: verifyPasted,
    onHelp: openHelp,
  });

  const locate = useCallback((range: SourceRange) => {
    const input = editorRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(range.start, Math.max(range.end, range.start + 1));
    // Browsers do not always scroll a textarea to its selection.
    const lineHeight = parseFloat(getComputedStyle(input).lineHeight) || 16;
    input.scrollTop = Math.max(0, (range.line - 3) * lineHeight);
    input.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);

  const onLinkLoaded = (loaded: LoadedLink) => {
    verification.closeLink();
    void verification.verify([{ name: loaded.name, bytes: loaded.bytes }], {
      origin: { type: 'link', url: loaded.url },
      ...(loaded.askedId !== undefined ? { expectedReceiptId: loaded.askedId } : {}),
    });
  };

  const outcome = run.state === 'done' ? run.outcome : undefined;

  return (
    <div className="space-y-4">
      <DropOverlay
        onDrop={(data) => void filesFromDataTransfer(data).then((f) => verification.verifyFiles(f))}
      />
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <div className="print:hidden">
        <h1 className="text-xl font-semibold">Verify an AER-1 receipt</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Paste a receipt, workflow receipt, job timeline or batch — or drop files and folders
          anywhere. Every check runs here, in your browser.
        </p>
      </div>
      {movedFromQuery && (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="notice"
        >
          {MOVED_NOTICE}
        </p>
      )}
      <div className="print:hidden">
        <Card>
          <ReceiptEditor
            editorRef={editorRef}
            onVerify={verifyEditor}
            placeholder={
              inputs.length > 1 || !session.editorHoldsMain
                ? `${inputs.length} document(s) loaded from files or a link (not shown here). Paste to replace them.`
                : 'Paste receipt JSON here (or anywhere on the page), or drop files.'
            }
          />
          <InputToolbar
            running={run.state === 'running'}
            onVerify={verifyEditor}
            onOpenLink={() => verification.openLink()}
            onTogglePasteSupplied={() => setPasteSupplyOpen((open) => !open)}
            onClear={() => {
              verification.clear();
              void navigate({ search: {} });
            }}
            onHelp={openHelp}
          />
          {link.open && (
            <LinkLoader
              initial={link.initial}
              onLoaded={onLinkLoaded}
              onClose={() => {
                verification.closeLink();
                if (search.src !== undefined) void navigate({ search: {} });
              }}
            />
          )}
          {pasteSupplyOpen && (
            <PasteSupplied
              onAdd={(text, role) => {
                setPasteSupplyOpen(false);
                verification.addPastedSupplied(text, role, editorRef.current?.value ?? '');
              }}
            />
          )}
          <SuppliedChips supplied={supplied} onRemove={(i) => verification.removeSupplied(i)} />
        </Card>
      </div>

      {run.state === 'running' && (
        <RunProgress done={run.done} total={run.total} onCancel={() => verification.cancel()} />
      )}
      {run.state === 'error' && (
        <p
          role="alert"
          data-testid="error"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {run.message}
        </p>
      )}
      {session.share && <ShareMessage share={session.share} />}
      {outcome && (
        <ResultsView
          results={outcome.results}
          unplaced={outcome.unplaced}
          elapsedMs={outcome.elapsedMs}
          onLocate={session.editorHoldsMain ? locate : undefined}
          toolbar={
            <ReportActions
              outcome={outcome}
              inputs={inputs}
              origin={session.origin}
              share={session.share}
              onShared={(share) => verification.setShare(share)}
            />
          }
          onSupply={(docs) => void verification.supplyMore(docs)}
        />
      )}
    </div>
  );
}
