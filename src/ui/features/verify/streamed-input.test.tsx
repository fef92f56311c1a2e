/**
 * A JSON Lines file over the page's read limit reaches the Worker as a File handle; the page holds
 * none of its bytes. What the page says and offers about it must come from the File, never from
 * the empty document (a link of it would carry nothing the recipient was shown).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { InputDocument } from '../../../core';
import type { VerifyOutcome } from '../../../worker/client';
import { rememberFile } from '../../../worker/client';
import { notInEditorSummary } from './not-in-editor';
import { unreadFile } from './read-files';
import { ReportActions } from './ReportActions';

function streamedInput(bytes: number): { doc: InputDocument; file: File } {
  const file = new File([new Uint8Array(bytes)], 'big.jsonl');
  const doc: InputDocument = { name: 'big.jsonl' };
  rememberFile(doc, file);
  return { doc, file };
}

const outcome = { results: [], unplaced: [], elapsedMs: 1 } as unknown as VerifyOutcome;

const actions = (inputs: InputDocument[]): string =>
  renderToStaticMarkup(
    <ReportActions
      outcome={outcome}
      inputs={inputs}
      origin={{ type: 'documents' }}
      share={undefined}
      disabled={false}
      onShared={() => undefined}
    />,
  );

const copyLinkButton = (html: string): string =>
  /<button[^>]*>Copy link<\/button>/.exec(html)?.[0] ?? '';

describe('an input streamed from its file', () => {
  it('is told apart from a document the page read', () => {
    const { doc, file } = streamedInput(3 * 1024 * 1024);
    expect(unreadFile(doc)).toBe(file);
    const read: InputDocument = { name: 'small.jsonl', bytes: new Uint8Array([49, 10]) };
    rememberFile(read, new File([new Uint8Array([49, 10])], 'small.jsonl'));
    expect(unreadFile(read)).toBeUndefined();
  });

  it("the summary gives the File's real size and does not claim a line count", () => {
    const { doc } = streamedInput(3 * 1024 * 1024);
    const summary = notInEditorSummary([doc]);
    expect(summary).toContain('big.jsonl: 3.0 MB');
    expect(summary).toContain('streamed');
    expect(summary).not.toMatch(/0 bytes|\d lines/);
  });

  it('a read document still gets its size and line count', () => {
    const doc: InputDocument = { name: 'a.jsonl', bytes: new TextEncoder().encode('1\n2\n3') };
    expect(notInEditorSummary([doc])).toBe(
      'a.jsonl: 5 bytes, 3 lines — verified from the file; not shown in the editor.',
    );
  });

  it('a large read document gets its size; its lines are not walked on the page', () => {
    const doc: InputDocument = { name: 'w.json', bytes: new Uint8Array(9 * 1024 * 1024).fill(10) };
    expect(notInEditorSummary([doc])).toBe(
      'w.json: 9.0 MB (lines not counted on this page) — verified from the file; not shown in the editor.',
    );
  });

  it('Copy link is off with the reason, and the download is offered', () => {
    const { doc } = streamedInput(3 * 1024 * 1024);
    const html = actions([doc]);
    expect(copyLinkButton(html)).toContain('disabled=""');
    expect(html).toContain('data-testid="no-link-reason"');
    expect(html).toContain('far too large for a link');
    expect(html).toContain('Download input');
  });

  it('Copy link stays on for a document the page read', () => {
    const html = actions([{ name: 'r.json', text: '{}' }]);
    expect(copyLinkButton(html)).not.toContain('disabled=""');
    expect(html).not.toContain('no-link-reason');
    expect(html).not.toContain('Download input');
  });
});
