import { useLoaderData, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Report, SourceRange } from '../../../core';
import type { VerifyOutcome } from '../../../worker/client';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { preloadResultsView, ResultsView } from '../results/ResultsView';
import { DropOverlay } from './DropOverlay';
import { HelpDialog } from './HelpDialog';
import { InputToolbar } from './InputToolbar';
import type { LoadedLink } from './LinkLoader';
import { PasteSupplied } from './PasteSupplied';
import { filesFromDataTransfer } from './read-files';
import { notInEditorSummary } from './not-in-editor';
import { EDITOR_LINE_PX, ReceiptEditor, type EditorMarker } from './ReceiptEditor';
import { ReportActions } from './ReportActions';
import { progressText, RunProgress } from './RunProgress';
import { ShareMessage } from './ShareMessage';
import { SuppliedChips } from './SuppliedChips';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { useVerification } from './useVerification';
import { verification, type RunProgressState } from './verification';
import { inViewWords } from '../chain/entry-numbers';
import { ReportContext } from '../report/ReportContext';
import { Untrusted } from '../../components/Untrusted';

// The report views load as soon as a verification starts, so they are normally there when the
// Worker answers (ResultsView).
verification.onRunStart = () => void preloadResultsView();

/** The "open a link" dialog and its fetching code load when it is first opened. */
const LinkLoader = lazy(() => import('./LinkLoader').then((m) => ({ default: m.LinkLoader })));

const MOVED_NOTICE =
  'This link carried the receipt in the query string (?r=), which is sent to the web server. The page moved it after the # so it stays in your browser; share links made here keep it there.';

/**
 * The verify route. What the URL carries (?sample=, #r=, ?src=) is acted on by the route's
 * loader (url-input.ts); the session it starts is shared with this page through useVerification.
 */
export function VerifyPage() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const { movedFromQuery, unknownSample: askedForUnknownSample } = useLoaderData({ from: '/' });
  const session = useVerification();
  // The address that asked for an unknown sample is cleared at once (it opened nothing): its
  // note stays until other input is opened (kept with the inputs the page held when asked).
  const [askedUnknown, setAskedUnknown] = useState<{
    name: string;
    inputs: typeof session.inputs;
  }>();
  if (askedForUnknownSample !== undefined && askedUnknown?.name !== askedForUnknownSample)
    setAskedUnknown({ name: askedForUnknownSample, inputs: session.inputs });
  const unknownSample = askedUnknown?.inputs === session.inputs ? askedUnknown.name : undefined;
  const { run, inputs, supplied, link } = session;
  const editorRef = useRef<HTMLTextAreaElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [pasteSupplyOpen, setPasteSupplyOpen] = useState(false);

  const verifyEditor = useCallback(
    () => void verification.verifyText(editorRef.current?.value ?? ''),
    [],
  );
  const verifyPasted = useCallback((text: string) => void verification.verifyPasted(text), []);
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
    input.scrollTop = Math.max(0, (range.line - 3) * EDITOR_LINE_PX);
    input.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);

  const onLinkLoaded = (loaded: LoadedLink) => {
    verification.closeLink();
    void verification.verify([{ name: loaded.name, bytes: loaded.bytes }], {
      fresh: true,
      // Loaded from the address's own ?src=: a reload asks again before loading it.
      fromAddress: search.src !== undefined && search.src === loaded.url,
      origin: { type: 'link', url: loaded.url },
      ...(loaded.askedId !== undefined ? { expectedReceiptId: loaded.askedId } : {}),
    });
  };

  // Once the page shows other input than the address asks for (an edit, a paste, files), the
  // address stops asking for it: a reload must never show other bytes than the editor held.
  const addressAsks =
    search.sample !== undefined || search.r !== undefined || search.src !== undefined;
  const place = search.at;
  // A place in a result (`at`) stays with the result; with none on screen (Clear) it goes too.
  const hasResult = run.state !== 'idle';
  useEffect(() => {
    if (!addressAsks || session.fromAddress || link.open) return;
    void navigate({
      search: place !== undefined && hasResult ? { at: place } : {},
      replace: true,
      resetScroll: false,
    });
  }, [addressAsks, session.fromAddress, link.open, navigate, place, hasResult]);

  // A new input's result opens on no row or step: the place the address held was the input before's.
  // Its verdict, once revealed, may take the focus the result before had (see reveal below).
  const newInputToReveal = useRef(false);
  useEffect(() => {
    if (session.newInput === 0) return;
    newInputToReveal.current = true;
    void navigate({
      search: (prev) => ({ ...prev, at: undefined }),
      replace: true,
      resetScroll: false,
    });
  }, [session.newInput, navigate]);

  const outcome =
    run.state === 'done' ? run.outcome : run.state === 'running' ? run.previous : undefined;
  // The result on screen was computed from other text than the editor holds (or is being
  // replaced): it is marked, and nothing may share, export or print it.
  const stale = outcome !== undefined && (session.stale || run.state === 'running');

  // After an explicit verification (not a live re-check while typing) the verdict is brought
  // into view: on a phone it sits below the editor.
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const column = resultRef.current;
    if (session.reveal === 0 || !column) return;
    const forNewInput = newInputToReveal.current;
    newInputToReveal.current = false;
    const reveal = (banner: HTMLElement) => {
      const box = banner.getBoundingClientRect();
      const inView = box.top >= 0 && box.top + Math.min(box.height, 160) <= window.innerHeight;
      if (!inView) banner.scrollIntoView({ block: 'start', behavior: 'instant' });
      // The result column scrolls on its own on wide screens: a new result starts at its top.
      column.scrollTo({ top: 0 });
      // A new input's result replaced the one before, and focus that was in it (an open row's
      // details) went with it: it goes to the new verdict, not to the page. Focus anywhere else
      // (the editor) stays, and a page opened on a link or sample takes none.
      const focused = document.activeElement;
      if (forNewInput && (!focused || focused === document.body)) {
        banner.tabIndex = -1;
        banner.focus({ preventScroll: true });
      }
    };
    // Measured in the next frame, with the layout that frame makes anyway: measured now, the
    // page just rendered (the whole page, when the app opens on a link's result) was laid out
    // inside React's commit, which made it one long task.
    let frame: number | undefined;
    const revealSoon = (banner: HTMLElement) => {
      frame = requestAnimationFrame(() => reveal(banner));
    };
    const find = () => column.querySelector<HTMLElement>('[data-testid="verdict-banner"]');
    const banner = find();
    if (banner) revealSoon(banner);
    // The first result's view is still loading (it loads with it): reveal the verdict when it comes.
    const observer = new MutationObserver(() => {
      const arrived = find();
      if (!arrived) return;
      observer.disconnect();
      revealSoon(arrived);
    });
    if (!banner) observer.observe(column, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [session.reveal]);

  // Markers in the editor: only for a result computed from exactly the text it holds.
  const markers = useMemo(
    () => (outcome && session.editorHoldsMain && !stale ? editorMarkers(outcome) : []),
    [outcome, session.editorHoldsMain, stale],
  );

  // Text that is not JSON has one place to fix: the editor scrolls to its line (its own scroll
  // only: the page and the focus stay where the user is), as a pasted document often ends far
  // below it.
  const parseErrorLine =
    outcome && session.editorHoldsMain && !stale && outcome.results.length === 1
      ? outcome.results[0]?.report.parseError?.line
      : undefined;
  useEffect(() => {
    const input = editorRef.current;
    if (parseErrorLine === undefined || !input) return;
    const top = (parseErrorLine - 1) * EDITOR_LINE_PX;
    if (top < input.scrollTop || top + EDITOR_LINE_PX > input.scrollTop + input.clientHeight)
      input.scrollTop = Math.max(0, top - 2 * EDITOR_LINE_PX);
  }, [outcome, parseErrorLine]);

  // Counting a big file's lines is a pass over its bytes: once per input, not per render.
  const verifiedState =
    run.state === 'running' ? 'running' : run.state === 'done' ? 'verified' : 'not-verified';
  const notInEditor = useMemo(
    () =>
      !session.editorHoldsMain && inputs.length > 0
        ? notInEditorSummary(inputs, verifiedState)
        : '',
    [inputs, session.editorHoldsMain, verifiedState],
  );

  return (
    <div className="gap-6 space-y-4 lg:grid lg:h-[calc(100dvh-7.5rem)] lg:min-h-[32rem] lg:grid-cols-2 lg:space-y-0 print:block print:h-auto">
      <DropOverlay
        onDrop={(data) => void filesFromDataTransfer(data).then((f) => verification.verifyFiles(f))}
      />
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <div className="space-y-4 lg:min-h-0 lg:overflow-y-auto lg:pr-1 print:hidden">
        <div>
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
        {unknownSample !== undefined && (
          <p
            role="note"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            data-testid="unknown-sample"
          >
            This address asks for a sample named <Untrusted value={unknownSample} />, which this app
            does not have: nothing was opened. The Samples menu lists those it has.
          </p>
        )}
        <Card>
          {!session.editorHoldsMain && inputs.length > 0 && (
            <p
              className="mb-2 rounded-lg bg-slate-100 p-2 text-sm dark:bg-slate-800"
              data-testid="not-in-editor"
            >
              <Untrusted value={notInEditor} sentence />
            </p>
          )}
          <ReceiptEditor
            editorRef={editorRef}
            onVerify={verifyEditor}
            markers={markers}
            onLocate={session.editorHoldsMain && !stale ? locate : undefined}
            placeholder={
              inputs.length > 1 || !session.editorHoldsMain
                ? 'Paste or type here to verify other text instead.'
                : 'Paste receipt JSON here'
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
            <Suspense fallback={<p className="text-sm">Opening…</p>}>
              <LinkLoader
                initial={link.initial}
                onLoaded={onLinkLoaded}
                onClose={() => {
                  verification.closeLink();
                  if (search.src !== undefined) void navigate({ search: {} });
                }}
              />
            </Suspense>
          )}
          {pasteSupplyOpen && (
            <PasteSupplied
              onAdd={(text, role) => {
                setPasteSupplyOpen(false);
                verification.addPastedSupplied(text, role, editorRef.current?.value ?? '');
              }}
            />
          )}
          <SuppliedChips
            supplied={supplied}
            waiting={session.waitingForInput}
            onRemove={(i) => verification.removeSupplied(i)}
            onRemoveWaiting={() => verification.removeWaiting()}
          />
        </Card>
      </div>

      <div
        ref={resultRef}
        className="space-y-4 lg:min-h-0 lg:overflow-y-auto lg:pr-1 print:overflow-visible"
        data-testid="result-column"
      >
        {run.state === 'running' && !run.previous && (
          <RunProgress progress={run} onCancel={() => verification.cancel()} />
        )}
        {run.state === 'cancelled' && <CancelledNotice progress={run} />}
        {stale && (
          <StaleNotice
            running={run.state === 'running'}
            rechecking={session.liveRecheck}
            progress={run.state === 'running' ? run : undefined}
          />
        )}
        {run.state === 'error' && (
          <p
            role="alert"
            data-testid="error"
            className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-200"
          >
            <Untrusted value={run.message} sentence />
          </p>
        )}
        {session.share && !stale && <ShareMessage share={session.share} />}
        {outcome && <ReportContext outcome={outcome} />}
        {outcome && (
          // A result for other text than the editor holds is greyed whole (tiles, cards and
          // checks too), not only its verdict: none of it is about the text on screen.
          <div
            data-testid="report-area"
            data-stale={stale}
            className={stale ? 'grayscale' : undefined}
          >
            <ResultsView
              results={outcome.results}
              unplaced={outcome.unplaced}
              elapsedMs={outcome.elapsedMs}
              stale={stale}
              // Places in a result computed from other text would point at the wrong characters.
              onLocate={session.editorHoldsMain && !stale ? locate : undefined}
              toolbar={
                <ReportActions
                  outcome={outcome}
                  inputs={inputs}
                  origin={session.origin}
                  share={session.share}
                  disabled={stale}
                  onShared={(share) => verification.setShare(share)}
                />
              }
              onSupply={stale ? undefined : (docs) => void verification.supplyMore(docs)}
            />
          </div>
        )}
        {!outcome && run.state === 'idle' && <FirstVisit />}
      </div>
    </div>
  );
}

/** The failing and warned places of a result, for the editor's gutter (a batch's rows included). */
function editorMarkers(outcome: VerifyOutcome): EditorMarker[] {
  const markers: EditorMarker[] = [];
  const visit = (report: Report) => {
    if (report.parseError) {
      const { line, column, offset, message } = report.parseError;
      markers.push({ range: { start: offset, end: offset + 1, line, column }, message });
    }
    for (const check of report.checks)
      if (
        (check.status === 'fail' || check.status === 'warning') &&
        check.range &&
        check.subject === undefined
      )
        markers.push({
          range: check.range,
          // Timeline messages count entries from 0: the marker says them in the view's numbers.
          message: inViewWords(check.rule, check.message),
          severity: check.status,
        });
    for (const child of report.children ?? []) visit(child);
  };
  const [only] = outcome.results;
  if (outcome.results.length !== 1 || !only) return markers;
  visit(only.report);
  // A large batch's members come as compact rows: each failing one marks its first failure.
  for (const row of only.rows ?? [])
    if (row.verdict === 'failed' && row.failRange)
      markers.push({ range: row.failRange, message: row.reason });
  return markers;
}

/** Says that the result below is not for the text in the editor, and what happens next. */
function StaleNotice({
  running,
  rechecking,
  progress,
}: {
  running: boolean;
  /** The page re-checks the edited text by itself (it is small): nothing to press. */
  rechecking: boolean;
  progress: RunProgressState | undefined;
}) {
  return (
    <div
      role="status"
      data-testid="stale-notice"
      className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700 print:hidden"
    >
      <p className="min-w-0 flex-1">
        <strong>Changed since verified.</strong> The result below is for the input before your
        change (the editor’s text and the documents supplied with it), not for the input now.{' '}
        {rechecking
          ? 'Re-checking…'
          : running
            ? 'Checking the new input…'
            : 'Press Verify to check the new input.'}
      </p>
      {running && progress && progress.total > 1 && <span>{progressText(progress)}</span>}
      {running && (
        <Button variant="link" size="sm" onClick={() => verification.cancel()}>
          Cancel
        </Button>
      )}
    </div>
  );
}

/** The user stopped the run: nothing was verified, and nothing on the page claims it was. */
function CancelledNotice({ progress }: { progress: RunProgressState }) {
  return (
    <p
      role="status"
      data-testid="cancelled"
      className="rounded-lg bg-slate-100 p-3 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
    >
      <strong>Cancelled.</strong> The input was not verified
      {progress.total > 0 ? ` (stopped at ${progressText(progress)})` : ''}: there is no verdict.
      Press Verify or open it again to check it.
    </p>
  );
}

/** Before anything is verified: the three ways in. */
function FirstVisit() {
  return (
    <div
      data-testid="first-visit"
      className="rounded-xl border-2 border-dashed border-slate-300 p-4 text-sm text-slate-700 lg:p-6 dark:border-slate-600 dark:text-slate-300"
    >
      <h2 className="text-base font-semibold">Drop files here — the verdict appears here</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>Paste a receipt into the editor (or anywhere on the page), then Verify.</li>
        <li>Drop files or folders anywhere on this page, or use Open files…</li>
        <li>Or try one of the Samples.</li>
      </ol>
      <p className="mt-3">Every check runs in this browser; nothing is uploaded.</p>
    </div>
  );
}
