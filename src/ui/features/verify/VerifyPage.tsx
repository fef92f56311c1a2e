import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentRole, InputDocument } from '../../../core';
import { toCliJson } from '../../../core';
import type { SourceRange } from '../../../core';
import { buildShareLink, buildSourceLink, decodeSharePayload } from '../../../share/share-link';
import { CancelledError, VerifierClient, type VerifyOutcome } from '../../../worker/client';
import { Card } from '../../components/Card';
import { findSample, SAMPLE_MAIN_BYTES, SAMPLES, type Sample } from '../../samples';
import { formatBytes } from '../report/format';
import { ResultsView } from '../results/ResultsView';
import { DropOverlay } from './DropOverlay';
import { HelpDialog } from './HelpDialog';
import { LinkLoader, type LoadedLink } from './LinkLoader';
import { filesFromDataTransfer, InputLimitError, readFiles } from './read-files';

type RunState =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number }
  | { state: 'done'; outcome: VerifyOutcome }
  | { state: 'error'; message: string };

/** Where the verified input came from: share links carry the documents, or the URL for ?src=. */
type InputOrigin = { type: 'documents' } | { type: 'link'; url: string };

/** Text bigger than this stays out of the editor (a 30 MB textarea is sluggish). */
const EDITOR_MAX_CHARS = 2_000_000;

const client = new VerifierClient();
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function base64ToBytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sampleInputs(sample: Sample): InputDocument[] {
  const binary = SAMPLE_MAIN_BYTES[sample.id];
  return [
    binary
      ? { name: binary.name, bytes: base64ToBytes(binary.base64) }
      : { name: `sample: ${sample.label}`, text: sample.text },
    ...(sample.supplied ?? []).map((s) =>
      s.base64 !== undefined
        ? { name: s.name, bytes: base64ToBytes(s.base64) }
        : { name: s.name, text: s.text ?? '' },
    ),
  ];
}

/** The text of a document, if it is small UTF-8 text that can sit in the editor. */
function editorText(doc: InputDocument | undefined): string | undefined {
  if (!doc) return undefined;
  if (doc.text !== undefined) return doc.text.length <= EDITOR_MAX_CHARS ? doc.text : undefined;
  if (!doc.bytes || doc.bytes.length > EDITOR_MAX_CHARS) return undefined;
  try {
    return decoder.decode(doc.bytes);
  } catch {
    return undefined;
  }
}

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function download(name: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function VerifyPage() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const pickRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const [run, setRun] = useState<RunState>({ state: 'idle' });
  const [inputs, setInputs] = useState<InputDocument[]>([]);
  const [origin, setOrigin] = useState<InputOrigin>({ type: 'documents' });
  const [supplied, setSupplied] = useState<InputDocument[]>([]);
  const [editorHoldsMain, setEditorHoldsMain] = useState(true);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [shareMessage, setShareMessage] = useState<string | undefined>(undefined);
  const [linkOpen, setLinkOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [pasteSupplyOpen, setPasteSupplyOpen] = useState(false);

  const verifyInputs = useCallback(
    async (
      all: InputDocument[],
      options: { origin?: InputOrigin; expectedReceiptId?: string; keepEditor?: boolean } = {},
    ) => {
      const main = all[0];
      if (!main || (main.text !== undefined && main.text.trim() === '' && all.length === 1)) {
        setRun({ state: 'error', message: 'Paste a receipt, drop files, or pick a sample first.' });
        return;
      }
      if (!options.keepEditor) {
        // The editor shows the document when it is the only one (its positions are then clickable).
        const text = editorText(main);
        if (inputRef.current)
          inputRef.current.value = all.length === 1 && text !== undefined ? text : '';
        setEditorHoldsMain(all.length === 1 && text !== undefined);
      }
      setInputs(all);
      setOrigin(options.origin ?? { type: 'documents' });
      setShareMessage(undefined);
      setRun({ state: 'running', done: 0, total: 0 });
      try {
        const verifyOptions: Parameters<VerifierClient['verify']>[1] = {
          onProgress: (done, total) => setRun({ state: 'running', done, total }),
        };
        if (options.expectedReceiptId !== undefined)
          verifyOptions.expectedReceiptId = options.expectedReceiptId;
        const outcome = await client.verify(all, verifyOptions);
        // One record with supporting documents: show the record in the editor (its checks'
        // places become clickable) and the rest as supplied chips, kept for the next verify.
        const single = outcome.results.length === 1 ? outcome.results[0] : undefined;
        if (!options.keepEditor && single && all.length > 1) {
          const main = all.find((d) => d.name === single.report.source);
          const text = editorText(main);
          if (main && text !== undefined) {
            if (inputRef.current) inputRef.current.value = text;
            setEditorHoldsMain(true);
            setSupplied(all.filter((d) => d !== main));
          }
        }
        setRun({ state: 'done', outcome });
      } catch (error) {
        if (error instanceof CancelledError) setRun({ state: 'idle' });
        else
          setRun({
            state: 'error',
            message: error instanceof Error ? error.message : String(error),
          });
      }
    },
    [],
  );

  const verifyEditor = useCallback(() => {
    const text = inputRef.current?.value ?? '';
    void verifyInputs([{ name: 'pasted text', text }, ...supplied]);
  }, [verifyInputs, supplied]);

  const verifyFiles = useCallback(
    async (files: File[]) => {
      try {
        const read = await readFiles(files);
        if (read.length === 0) return;
        setSupplied([]);
        void verifyInputs(read);
      } catch (error) {
        setRun({
          state: 'error',
          message:
            error instanceof InputLimitError
              ? error.message
              : `Could not read the files: ${String(error)}`,
        });
      }
    },
    [verifyInputs],
  );

  // The URL is the outside system these effects follow: ?sample=, a share link (#r=), ?src=.
  useEffect(() => {
    const sample = findSample(search.sample);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (sample) void verifyInputs(sampleInputs(sample));
  }, [search.sample, verifyInputs]);

  useEffect(() => {
    if (search.r === undefined) return;
    const decoded = decodeSharePayload(search.r);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!decoded.ok) setRun({ state: 'error', message: decoded.message });
    else void verifyInputs([decoded.input.main, ...decoded.input.supplied]);
  }, [search.r, verifyInputs]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (search.src !== undefined) setLinkOpen(true);
    if (search.moved) {
      setNotice(
        'This link carried the receipt in the query string (?r=), which is sent to the web server. The page moved it after the # so it stays in your browser; share links made here keep it there.',
      );
    }
  }, [search.src, search.moved]);

  // Paste anywhere verifies; `/` focuses the input; `?` opens the shortcuts.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (isEditable(event.target)) return;
      const text = event.clipboardData?.getData('text/plain');
      if (!text) return;
      event.preventDefault();
      void verifyInputs([{ name: 'pasted text', text }, ...supplied]);
    };
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key === 'Enter' &&
        (event.ctrlKey || event.metaKey) &&
        event.target !== inputRef.current
      ) {
        // Ctrl/Cmd+Enter verifies from anywhere on the page (the editor handles its own).
        event.preventDefault();
        verifyEditor();
        return;
      }
      if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '/') {
        event.preventDefault();
        inputRef.current?.focus();
      } else if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      }
    };
    document.addEventListener('paste', onPaste);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('paste', onPaste);
      document.removeEventListener('keydown', onKey);
    };
  }, [verifyInputs, verifyEditor, supplied]);

  const locate = useCallback((range: SourceRange) => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(range.start, Math.max(range.end, range.start + 1));
    // Browsers do not always scroll a textarea to its selection.
    const lineHeight = parseFloat(getComputedStyle(input).lineHeight) || 16;
    input.scrollTop = Math.max(0, (range.line - 3) * lineHeight);
    input.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);

  const onLinkLoaded = (link: LoadedLink) => {
    setLinkOpen(false);
    const options: { origin: InputOrigin; expectedReceiptId?: string } = {
      origin: { type: 'link', url: link.url },
    };
    if (link.askedId !== undefined) options.expectedReceiptId = link.askedId;
    void verifyInputs([{ name: link.name, bytes: link.bytes }], options);
  };

  const copyShareLink = async () => {
    const page = window.location.href;
    let url: string | undefined;
    if (origin.type === 'link') url = buildSourceLink(page, origin.url);
    else {
      const [main, ...rest] = inputs;
      if (!main) return;
      const link = buildShareLink(page, { main, supplied: rest });
      if (!link.ok) {
        setShareMessage(
          `This input is too large for a link (${Math.round(link.length / 1024)} KiB of link text; links hold up to 64 KiB). Download the file and send it instead: the recipient can drop it here.`,
        );
        return;
      }
      url = link.url;
    }
    try {
      await navigator.clipboard.writeText(url);
      setShareMessage(
        'Link copied. It carries the receipt after the #, which is never sent to a server; opening it verifies again in the recipient’s browser.',
      );
    } catch {
      setShareMessage(`Copy this link: ${url}`);
    }
  };

  const outcome = run.state === 'done' ? run.outcome : undefined;
  const toolbar = outcome && (
    <>
      <button
        type="button"
        className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
        onClick={() => void copyShareLink()}
      >
        Copy link
      </button>
      {shareMessage?.startsWith('This input is too large') && inputs[0] && (
        <button
          type="button"
          className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 dark:ring-slate-600"
          onClick={() => {
            const main = inputs[0] as InputDocument;
            download(
              main.name.replace(/[^\w.-]+/g, '_') || 'receipt.json',
              (main.bytes as BlobPart | undefined) ?? main.text ?? '',
              'application/octet-stream',
            );
          }}
        >
          Download input
        </button>
      )}
      <button
        type="button"
        className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
        onClick={() =>
          download(
            'aer1-report.json',
            JSON.stringify(
              outcome.results.map((r) => toCliJson(r.report)),
              null,
              2,
            ),
            'application/json',
          )
        }
      >
        Export JSON
      </button>
      <button
        type="button"
        className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
        onClick={() => window.print()}
      >
        Print report
      </button>
    </>
  );

  // The file and folder pickers share one handler; clearing the value lets the same file be picked again.
  const onPickFiles = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    void verifyFiles(files);
  };

  const buttonClass =
    'rounded-lg px-3 py-2 text-sm ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800';

  return (
    <div className="space-y-4">
      <DropOverlay onDrop={(data) => void filesFromDataTransfer(data).then(verifyFiles)} />
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <div className="print:hidden">
        <h1 className="text-xl font-semibold">Verify an AER-1 receipt</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Paste a receipt, workflow receipt, job timeline or batch — or drop files and folders
          anywhere. Every check runs here, in your browser.
        </p>
      </div>
      {notice && (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="notice"
        >
          {notice}
        </p>
      )}
      <div className="print:hidden">
        <Card>
          <label htmlFor="receipt-input" className="sr-only">
            Receipt JSON
          </label>
          <textarea
            id="receipt-input"
            ref={inputRef}
            data-testid="receipt-input"
            className="mono h-64 w-full resize-y rounded-lg border border-slate-300 bg-slate-50 p-3 text-xs leading-5 dark:border-slate-700 dark:bg-slate-950"
            placeholder={
              inputs.length > 1 || !editorHoldsMain
                ? `${inputs.length} document(s) loaded from files or a link (not shown here). Paste to replace them.`
                : 'Paste receipt JSON here (or anywhere on the page), or drop files.'
            }
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            onPaste={() => window.setTimeout(verifyEditor, 0)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                verifyEditor();
              }
            }}
          />
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={verifyEditor}
              className="rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-50"
              disabled={run.state === 'running'}
            >
              Verify <span className="hidden font-normal opacity-80 sm:inline">(Ctrl/⌘+Enter)</span>
            </button>
            <details className="relative" data-testid="samples-menu">
              <summary className={`cursor-pointer list-none ${buttonClass}`}>Samples ▾</summary>
              <ul className="fixed inset-x-4 z-10 mt-1 sm:absolute sm:inset-x-auto sm:w-80 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
                {SAMPLES.map((sample) => (
                  <li key={sample.id}>
                    <button
                      type="button"
                      className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                      onClick={(event) => {
                        (event.currentTarget.closest('details') as HTMLDetailsElement).open = false;
                        if (search.sample === sample.id) void verifyInputs(sampleInputs(sample));
                        else void navigate({ search: { sample: sample.id } });
                      }}
                    >
                      <span className="font-medium">{sample.label}</span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {sample.description}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </details>
            <button type="button" className={buttonClass} onClick={() => pickRef.current?.click()}>
              Open files…
            </button>
            <button
              type="button"
              className={buttonClass}
              onClick={() => folderRef.current?.click()}
            >
              Open folder…
            </button>
            <button type="button" className={buttonClass} onClick={() => setLinkOpen(true)}>
              Open link…
            </button>
            <button
              type="button"
              className={buttonClass}
              onClick={() => setPasteSupplyOpen((open) => !open)}
            >
              Paste supporting…
            </button>
            <label
              className={`cursor-pointer focus-within:ring-2 focus-within:ring-teal-500 ${buttonClass}`}
            >
              Supply evidence…
              <input
                type="file"
                multiple
                className="sr-only"
                data-testid="supply-input"
                onChange={(e) => {
                  const files = Array.from(e.target.files ?? []);
                  e.target.value = '';
                  void readFiles(files).then(
                    (read) => setSupplied((current) => [...current, ...read]),
                    (error: unknown) => setRun({ state: 'error', message: String(error) }),
                  );
                }}
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
            <button
              type="button"
              className="rounded-lg px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              onClick={() => {
                if (inputRef.current) inputRef.current.value = '';
                setSupplied([]);
                setInputs([]);
                setEditorHoldsMain(true);
                setRun({ state: 'idle' });
                void navigate({ search: {} });
              }}
            >
              Clear
            </button>
            <button
              type="button"
              className="ml-auto text-sm underline"
              onClick={() => setHelpOpen(true)}
              aria-keyshortcuts="?"
            >
              Shortcuts
            </button>
          </div>
          {linkOpen && (
            <LinkLoader
              initial={search.src}
              onLoaded={onLinkLoaded}
              onClose={() => {
                setLinkOpen(false);
                if (search.src !== undefined) void navigate({ search: {} });
              }}
            />
          )}
          {pasteSupplyOpen && (
            <PasteSupplied
              onAdd={(text, role) => {
                const doc: InputDocument = {
                  name:
                    role === 'final-answer'
                      ? 'pasted final answer'
                      : `pasted supporting document ${supplied.length + 1}`,
                  text,
                  ...(role !== undefined ? { role } : {}),
                };
                const next = [...supplied, doc];
                setSupplied(next);
                setPasteSupplyOpen(false);
                const main = inputRef.current?.value ?? '';
                if (main.trim() !== '')
                  void verifyInputs([{ name: 'pasted text', text: main }, ...next]);
              }}
            />
          )}
          {supplied.length > 0 && (
            <div className="mt-3 text-sm" data-testid="supplied">
              <span className="text-slate-600 dark:text-slate-400">
                Supplied with it (step receipts, evidence, proofs, final answer):{' '}
              </span>
              <ul className="mt-1 flex flex-wrap gap-2">
                {supplied.map((doc, i) => (
                  <li
                    key={i}
                    className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800"
                  >
                    {doc.name} · {formatBytes(doc.bytes?.length ?? doc.text?.length ?? 0)}
                    <button
                      type="button"
                      aria-label={`Remove ${doc.name}`}
                      onClick={() => setSupplied((current) => current.filter((_, j) => j !== i))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Card>
      </div>

      {run.state === 'running' && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 text-sm"
          data-testid="progress"
        >
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-teal-600 border-t-transparent"
            aria-hidden="true"
          />
          Verifying in a background worker…
          {run.total > 0 && (
            <>
              <progress value={run.done} max={run.total} className="w-40" aria-label="Progress" />
              <span>
                {run.done} of {run.total}
              </span>
            </>
          )}
          <button type="button" className="underline" onClick={() => client.cancel()}>
            Cancel
          </button>
        </div>
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
      {shareMessage && (
        <p
          role="status"
          data-testid="share-message"
          className="rounded-lg bg-slate-100 p-3 text-sm break-all dark:bg-slate-800 print:hidden"
        >
          {shareMessage}
        </p>
      )}
      {outcome && (
        <ResultsView
          results={outcome.results}
          unplaced={outcome.unplaced}
          elapsedMs={outcome.elapsedMs}
          onLocate={editorHoldsMain ? locate : undefined}
          toolbar={toolbar}
          onSupply={(docs) => void verifyInputs([...inputs, ...docs], { origin, keepEditor: true })}
        />
      )}
    </div>
  );
}

/**
 * Supporting material pasted beside the main document: a Nostr event, a block header, a
 * commitment, a step receipt or the final answer. It is verified together with the editor's text.
 */
function PasteSupplied({ onAdd }: { onAdd: (text: string, role?: DocumentRole) => void }) {
  const [text, setText] = useState('');
  const [finalAnswer, setFinalAnswer] = useState(false);
  return (
    <div className="mt-3 space-y-2" data-testid="paste-supplied">
      <label className="block text-sm">
        Supporting document (Nostr event JSON, block header hex, commitment, step receipt, final
        answer…)
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="mono mt-1 h-24 w-full rounded-lg border border-slate-300 bg-slate-50 p-2 text-xs dark:border-slate-700 dark:bg-slate-950"
          spellCheck={false}
        />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={finalAnswer}
          onChange={(e) => setFinalAnswer(e.target.checked)}
        />
        This is the workflow’s final answer (its SHA-256 must equal output_hash)
      </label>
      <button
        type="button"
        disabled={text.trim() === ''}
        onClick={() => onAdd(text, finalAnswer ? 'final-answer' : undefined)}
        className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300 disabled:opacity-50 dark:ring-slate-600"
      >
        Add as supplied document
      </button>
    </div>
  );
}
