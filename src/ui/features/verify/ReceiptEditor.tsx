import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import type { SourceRange } from '../../../core';
import { oversizedPaste } from './editor-text';
import { verification } from './verification';
import { untrustedText } from '../../components/Untrusted';

/** Each line of the editor is this tall (px): the gutter and the markers are laid out by it. */
export const EDITOR_LINE_PX = 20;
/** The editor's padding (px), above the first line and left of the text. */
export const EDITOR_PAD_PX = 12;

/** A failing (or warned) place in the editor's text: a marker in the gutter and a band. */
export interface EditorMarker {
  range: SourceRange;
  message: string;
  /** A failure unless said otherwise; a line with a failure shows the failure's marker. */
  severity?: 'fail' | 'warning';
}

const MARKER_CLASS = {
  fail: 'cursor-pointer bg-red-600 font-semibold text-white',
  warning: 'cursor-pointer bg-amber-300 font-semibold text-amber-950',
};
const BAND_CLASS = { fail: 'bg-red-100 dark:bg-red-950', warning: 'bg-amber-50 dark:bg-amber-950' };

function lineSeverity(markers: EditorMarker[]): 'fail' | 'warning' {
  return markers.some((m) => (m.severity ?? 'fail') === 'fail') ? 'fail' : 'warning';
}

function countLines(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/**
 * The editor for the main document: line numbers in a gutter, no soft wrap (so "line 11, col 22"
 * is a place the user can see), and a marker on each failing line, clickable to select the place.
 * The textarea is uncontrolled (it may hold a megabyte): the session writes into it when it shows
 * another document (a sample, a share link, a dropped file). The gutter draws only the visible
 * numbers, so long inputs cost nothing extra.
 */
export function ReceiptEditor({
  editorRef,
  placeholder,
  onVerify,
  markers,
  onLocate,
}: {
  editorRef: RefObject<HTMLTextAreaElement | null>;
  placeholder: string;
  onVerify: () => void;
  markers: EditorMarker[];
  onLocate?: (range: SourceRange) => void;
}) {
  // The lines of what the session showed before this editor mounted (a link opened with the
  // page); its height comes with the ResizeObserver's first notice, once the page is laid out.
  const [view, setView] = useState(() => ({
    lines: countLines(verification.editorText()),
    scrollTop: 0,
    height: 256,
  }));

  const measure = useCallback(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const next = {
      lines: countLines(editor.value),
      scrollTop: editor.scrollTop,
      height: editor.clientHeight,
    };
    setView((old) =>
      old.lines === next.lines && old.scrollTop === next.scrollTop && old.height === next.height
        ? old
        : next,
    );
  }, [editorRef]);

  useLayoutEffect(() => {
    const show = (text: string) => {
      const editor = editorRef.current;
      if (editor && editor.value !== text) editor.value = text;
      measure();
    };
    // What the session showed before this editor mounted, not measured here: reading the
    // editor's size in this effect laid out the whole newly rendered page inside React's commit,
    // one long task with it; the ResizeObserver measures it right after the page's own layout.
    const editor = editorRef.current;
    const text = verification.editorText();
    if (editor && editor.value !== text) editor.value = text;
    const resized = new ResizeObserver(measure);
    if (editor) resized.observe(editor);
    const stop = verification.onEditorText(show);
    return () => {
      stop();
      resized.disconnect();
    };
  }, [editorRef, measure]);

  // Marked lines: the first place of each line is what its marker selects.
  const byLine = new Map<number, EditorMarker[]>();
  for (const marker of markers) {
    const list = byLine.get(marker.range.line);
    if (list) list.push(marker);
    else byLine.set(marker.range.line, [marker]);
  }

  const first = Math.max(1, Math.floor((view.scrollTop - EDITOR_PAD_PX) / EDITOR_LINE_PX) + 1);
  const visible = Math.ceil(view.height / EDITOR_LINE_PX) + 2;
  const last = Math.min(view.lines, first + visible);
  const numbers: number[] = [];
  for (let line = first; line <= last; line++) numbers.push(line);
  const top = (line: number) => EDITOR_PAD_PX + (line - 1) * EDITOR_LINE_PX - view.scrollTop;
  // Room for the widest number and, left of it, a marker.
  const gutterWidth = `${Math.max(2, String(view.lines).length) + 3.5}ch`;

  return (
    <>
      <label htmlFor="receipt-input" className="sr-only">
        Receipt JSON
      </label>
      <div
        className="relative flex h-64 min-h-40 resize-y overflow-hidden rounded-lg border border-slate-300 bg-slate-50 font-mono text-xs leading-5 lg:h-[calc(100dvh-25rem)] dark:border-slate-700 dark:bg-slate-950"
        data-testid="editor"
      >
        {/* Line numbers and failure markers; the checks list is the keyboard path to places. */}
        <div
          aria-hidden="true"
          className="relative shrink-0 overflow-hidden border-r border-slate-200 bg-slate-100 text-right text-slate-600 select-none dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400"
          style={{ width: gutterWidth }}
          data-testid="editor-gutter"
        >
          {numbers.map((line) => {
            const here = byLine.get(line);
            const severity = here && lineSeverity(here);
            return (
              <div
                key={line}
                className={`absolute right-0 left-0 pr-1.5 whitespace-nowrap ${severity ? MARKER_CLASS[severity] : ''}`}
                style={{ top: top(line), height: EDITOR_LINE_PX }}
                data-line={line}
                data-marker={severity}
                title={here ? untrustedText(here.map((m) => m.message).join('\n')) : undefined}
                onClick={here && onLocate ? () => onLocate(here[0]!.range) : undefined}
              >
                {severity && (
                  <span className="absolute left-1">{severity === 'fail' ? '✗' : '!'}</span>
                )}
                {line}
              </div>
            );
          })}
        </div>
        <div className="relative min-w-0 flex-1">
          {/* A band behind each marked line (the textarea is transparent over it). */}
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
            {[...byLine]
              .filter(([line]) => line >= first && line <= last)
              .map(([line, here]) => (
                <div
                  key={line}
                  className={`absolute right-0 left-0 ${BAND_CLASS[lineSeverity(here)]}`}
                  style={{ top: top(line), height: EDITOR_LINE_PX }}
                />
              ))}
          </div>
          <textarea
            id="receipt-input"
            ref={editorRef}
            data-testid="receipt-input"
            wrap="off"
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            className="relative block h-full w-full resize-none overflow-auto bg-transparent p-3 leading-5 whitespace-pre focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-inset"
            placeholder={placeholder}
            onScroll={measure}
            // Pasting into the editor verifies once the pasted text is in it. Text too big for
            // the editor never enters it: it is verified as a document and summarised instead.
            onPaste={(event) => {
              const editor = event.currentTarget;
              const pasted = event.clipboardData.getData('text/plain');
              const whole = oversizedPaste(
                editor.value,
                editor.selectionStart,
                editor.selectionEnd,
                pasted,
              );
              // A paste over all of the text, or into an empty editor, is a new input; one inside
              // the text is an edit of the input there.
              const fresh =
                (
                  editor.value.slice(0, editor.selectionStart) +
                  editor.value.slice(editor.selectionEnd)
                ).trim() === '';
              if (whole !== undefined) {
                event.preventDefault();
                void (fresh ? verification.verifyPasted(whole) : verification.verifyText(whole));
                return;
              }
              if (fresh) window.setTimeout(() => void verification.verifyPasted(editor.value), 0);
              else window.setTimeout(onVerify, 0);
            }}
            // Any change marks a result computed from other text, and re-checks small inputs.
            onInput={(event) => {
              verification.editorChanged(event.currentTarget.value);
              measure();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                onVerify();
              }
            }}
          />
        </div>
      </div>
    </>
  );
}
