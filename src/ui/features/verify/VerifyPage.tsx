import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InputDocument } from '../../../core/detect';
import type { SourceRange } from '../../../core/report';
import { CancelledError, VerifierClient, type VerifyOutcome } from '../../../worker/client';
import { Card } from '../../components/Card';
import { findSample, SAMPLES, type Sample } from '../../samples';
import { ReportView } from '../report/ReportView';
import { formatBytes } from '../report/format';

type RunState =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number }
  | { state: 'done'; outcome: VerifyOutcome }
  | { state: 'error'; message: string };

const client = new VerifierClient();

function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sampleSupplied(sample: Sample): InputDocument[] {
  return (sample.supplied ?? []).map((s) =>
    s.base64 !== undefined
      ? { name: s.name, bytes: base64ToBytes(s.base64) }
      : { name: s.name, text: s.text ?? '' },
  );
}

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function VerifyPage() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [run, setRun] = useState<RunState>({ state: 'idle' });
  const [supplied, setSupplied] = useState<InputDocument[]>([]);

  const verifyText = useCallback(
    async (text: string, name: string, withSupplied: InputDocument[]) => {
      if (text.trim() === '') {
        setRun({ state: 'error', message: 'Paste a receipt (or pick a sample) first.' });
        return;
      }
      setRun({ state: 'running', done: 0, total: 0 });
      try {
        const outcome = await client.verify({ name, text }, withSupplied, {
          onProgress: (done, total) => setRun({ state: 'running', done, total }),
        });
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

  const verifyInput = useCallback(() => {
    void verifyText(inputRef.current?.value ?? '', 'pasted text', supplied);
  }, [verifyText, supplied]);

  const loadSample = useCallback(
    (sample: Sample) => {
      if (inputRef.current) inputRef.current.value = sample.text;
      const extra = sampleSupplied(sample);
      setSupplied(extra);
      void verifyText(sample.text, `sample: ${sample.label}`, extra);
    },
    [verifyText],
  );

  // ?sample=<id> loads a sample (the README's start command opens one).
  useEffect(() => {
    const sample = findSample(search.sample);
    // The URL is the outside system this effect follows; loading starts a verification.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (sample) loadSample(sample);
  }, [search.sample, loadSample]);

  // Paste anywhere on the page verifies; `/` focuses the input.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (isEditable(event.target)) return;
      const text = event.clipboardData?.getData('text/plain');
      if (!text) return;
      event.preventDefault();
      if (inputRef.current) inputRef.current.value = text;
      void verifyText(text, 'pasted text', supplied);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !isEditable(event.target)) {
        event.preventDefault();
        inputRef.current?.focus();
      }
    };
    document.addEventListener('paste', onPaste);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('paste', onPaste);
      document.removeEventListener('keydown', onKey);
    };
  }, [verifyText, supplied]);

  const locate = useCallback((range: SourceRange) => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(range.start, Math.max(range.end, range.start + 1));
    // Bring the selected line into view: browsers do not always scroll a textarea on select.
    const lineHeight = parseFloat(getComputedStyle(input).lineHeight) || 16;
    input.scrollTop = Math.max(0, (range.line - 3) * lineHeight);
    input.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);

  const addFiles = async (files: FileList | null) => {
    if (!files) return;
    const read = await Promise.all(
      Array.from(files, async (file) => ({
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      })),
    );
    setSupplied((current) => [...current, ...read]);
  };

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Verify an AER-1 receipt</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Paste a receipt, workflow receipt, job timeline or batch. Every check runs here, in your
          browser.
        </p>
      </div>
      <Card>
        <label htmlFor="receipt-input" className="sr-only">
          Receipt JSON
        </label>
        <textarea
          id="receipt-input"
          ref={inputRef}
          data-testid="receipt-input"
          className="mono h-64 w-full resize-y rounded-lg border border-slate-300 bg-slate-50 p-3 text-xs leading-5 dark:border-slate-700 dark:bg-slate-950"
          placeholder='Paste receipt JSON here (or anywhere on the page) — e.g. {"id": "…", "canonical_bytes": "…", "output_hash": "sha256:…", …}'
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          onPaste={() => window.setTimeout(verifyInput, 0)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              verifyInput();
            }
          }}
        />
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={verifyInput}
            className="rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-50"
            disabled={run.state === 'running'}
          >
            Verify <span className="hidden font-normal opacity-80 sm:inline">(Ctrl/⌘+Enter)</span>
          </button>
          <details className="relative" data-testid="samples-menu">
            <summary className="cursor-pointer list-none rounded-lg px-3 py-2 text-sm ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800">
              Samples ▾
            </summary>
            <ul className="absolute z-10 mt-1 w-80 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
              {SAMPLES.map((sample) => (
                <li key={sample.id}>
                  <button
                    type="button"
                    className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                    onClick={(event) => {
                      (event.currentTarget.closest('details') as HTMLDetailsElement).open = false;
                      void navigate({ search: { sample: sample.id } });
                      if (search.sample === sample.id) loadSample(sample);
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
          <label className="cursor-pointer rounded-lg px-3 py-2 text-sm ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800">
            Supply evidence…
            <input
              type="file"
              multiple
              className="sr-only"
              onChange={(e) => {
                void addFiles(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
          <button
            type="button"
            className="rounded-lg px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => {
              if (inputRef.current) inputRef.current.value = '';
              setSupplied([]);
              setRun({ state: 'idle' });
              void navigate({ search: {} });
            }}
          >
            Clear
          </button>
        </div>
        {supplied.length > 0 && (
          <div className="mt-3 text-sm" data-testid="supplied">
            <span className="text-slate-600 dark:text-slate-400">
              Supplied with it (step receipts, evidence, proofs):{' '}
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

      {run.state === 'running' && (
        <div role="status" className="flex items-center gap-3 text-sm" data-testid="progress">
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-teal-600 border-t-transparent"
            aria-hidden="true"
          />
          Verifying in a background worker…
          {run.total > 0 && (
            <progress value={run.done} max={run.total} className="w-40">
              {run.done} of {run.total}
            </progress>
          )}
          <button type="button" className="underline" onClick={() => client.cancel()}>
            Cancel
          </button>
        </div>
      )}
      {run.state === 'error' && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {run.message}
        </p>
      )}
      {run.state === 'done' && (
        <ReportView
          report={run.outcome.report}
          raw={run.outcome.raw}
          rawOmitted={run.outcome.rawOmitted}
          elapsedMs={run.outcome.elapsedMs}
          onLocate={locate}
        />
      )}
    </div>
  );
}
