/**
 * A file over the page's read limit (PAGE_READS_UP_TO_BYTES) reaches the Worker as a File handle;
 * the page holds none of its bytes. What the page says and offers about it must come from the
 * File, never from the empty document (a link of it would carry nothing the recipient was shown).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  EDITOR_MAX_CHARS,
  EDITOR_MAX_LINE_CHARS,
  EDITOR_MAX_LINES,
  type InputDocument,
} from '../../../core';
import type { VerifyOutcome } from '../../../worker/client';
import { rememberFile } from '../../../worker/client';
import { notInEditorSummary } from './not-in-editor';
import { documentBytes, PAGE_READS_UP_TO_FILES, unreadFile } from './read-files';
import { ReportActions } from './ReportActions';

function unreadInput(bytes: number, name = 'big.jsonl'): { doc: InputDocument; file: File } {
  const file = new File([new Uint8Array(bytes)], name);
  const doc: InputDocument = { name };
  rememberFile(doc, file);
  return { doc, file };
}

/** Over both the page's read limit and the streaming threshold (STREAM_ABOVE_BYTES). */
const LARGE = 9 * 1024 * 1024;

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

describe('an input the page did not read', () => {
  it('is told apart from a document the page read', () => {
    const { doc, file } = unreadInput(LARGE);
    expect(unreadFile(doc)).toBe(file);
    const read: InputDocument = { name: 'small.jsonl', bytes: new Uint8Array([49, 10]) };
    rememberFile(read, new File([new Uint8Array([49, 10])], 'small.jsonl'));
    expect(unreadFile(read)).toBeUndefined();
  });

  it("the summary gives the File's real size and does not claim a line count", () => {
    const { doc } = unreadInput(LARGE);
    const summary = notInEditorSummary([doc]);
    expect(summary).toContain('big.jsonl: 9.0 MB');
    expect(summary).toContain('streamed');
    expect(summary).not.toMatch(/0 bytes|\d lines/);
    expect(notInEditorSummary([doc], 'running')).toContain('being streamed from the file');
    expect(notInEditorSummary([doc], 'not-verified')).toContain('big.jsonl: 9.0 MB — not verified');
  });

  it('a large file that is not JSON Lines is said to be read in the Worker, not streamed', () => {
    const { doc } = unreadInput(LARGE, 'workflow.json');
    expect(notInEditorSummary([doc])).toBe(
      'workflow.json: 9.0 MB (read in the Worker, its lines not counted on this page) — verified from the file; not shown in the editor.',
    );
    expect(documentBytes(doc)).toBe(LARGE);
  });

  it('a read document still gets its size and line count', () => {
    const doc: InputDocument = { name: 'a.jsonl', bytes: new TextEncoder().encode('1\n2\n3') };
    rememberFile(doc, new File(['1\n2\n3'], 'a.jsonl'));
    expect(notInEditorSummary([doc])).toBe(
      'a.jsonl: 5 bytes, 3 lines — verified from the file; not shown in the editor.',
    );
  });

  it('says which bound of the editor kept a document out, and does not call a paste a file', () => {
    const line = `{"a":"${'x'.repeat(EDITOR_MAX_LINE_CHARS)}"}`;
    expect(notInEditorSummary([{ name: 'pasted text', text: line }])).toBe(
      'pasted text: 128 kB, 1 line — verified; not shown in the editor (the editor takes lines of up to 131,072 characters).',
    );
    const lines = '1\n'.repeat(EDITOR_MAX_LINES);
    const file: InputDocument = { name: 'l.json', bytes: new TextEncoder().encode(lines) };
    rememberFile(file, new File([lines], 'l.json'));
    expect(notInEditorSummary([file], 'running')).toBe(
      'l.json: 39 kB, 20,001 lines — being verified from the file; not shown in the editor (the editor takes up to 20,000 lines).',
    );
    const big = { name: 'b.json', text: 'x'.repeat(EDITOR_MAX_CHARS + 1) };
    expect(notInEditorSummary([big])).toBe(
      'b.json: 1.0 MB, 1 line — verified; not shown in the editor (the editor takes up to 1,048,576 characters).',
    );
    expect(notInEditorSummary([{ name: 'c.bin', bytes: new Uint8Array([0xff, 10]) }])).toBe(
      'c.bin: 2 bytes — verified; not shown in the editor (it is not UTF-8 text).',
    );
  });

  it('a file with a line too long is said to be verified from the file', () => {
    const text = `{"a":"${'x'.repeat(EDITOR_MAX_LINE_CHARS)}"}`;
    const doc: InputDocument = { name: 'min.json', bytes: new TextEncoder().encode(text) };
    rememberFile(doc, new File([text], 'min.json'));
    expect(notInEditorSummary([doc])).toBe(
      'min.json: 128 kB, 1 line — verified from the file; not shown in the editor (the editor takes lines of up to 131,072 characters).',
    );
  });

  it('a paste kept out of the editor is summarised with the documents supplied for it', () => {
    const pasted: InputDocument = {
      name: 'pasted text',
      text: 'x'.repeat(EDITOR_MAX_LINE_CHARS + 1),
    };
    const step: InputDocument = { name: 'step.json', bytes: new Uint8Array([123, 125]) };
    rememberFile(step, new File(['{}'], 'step.json'));
    const evidence: InputDocument = { name: 'e.txt', text: 'e' };
    expect(notInEditorSummary([pasted, step])).toBe(
      'pasted text: 128 kB, 1 line — verified with 1 supplied document; not shown in the editor (the editor takes lines of up to 131,072 characters).',
    );
    expect(notInEditorSummary([pasted, step, evidence], 'running')).toBe(
      'pasted text: 128 kB, 1 line — being verified with 2 supplied documents; not shown in the editor (the editor takes lines of up to 131,072 characters).',
    );
    // Files dropped together are still said as such.
    expect(notInEditorSummary([step, pasted])).toBe(
      '2 documents loaded from files or a link — verified from the files; not shown in the editor.',
    );
  });

  it('a large read document gets its size; its lines are not walked on the page', () => {
    const bytes = new Uint8Array(9 * 1024 * 1024).fill(10);
    const doc: InputDocument = { name: 'w.json', bytes };
    rememberFile(doc, new File([bytes], 'w.json'));
    expect(notInEditorSummary([doc])).toBe(
      'w.json: 9.0 MB (lines not counted on this page) — verified from the file; not shown in the editor.',
    );
  });

  it('Copy link is off with the reason, and the download is offered', () => {
    const { doc } = unreadInput(LARGE);
    const html = actions([doc]);
    expect(copyLinkButton(html)).toContain('disabled=""');
    expect(html).toContain('data-testid="no-link-reason"');
    expect(html).toContain('big.jsonl (9.0 MB) is too large for a link');
    expect(html).toContain('Download input');
  });

  it('a drop with one unread file names that file, and offers no download of the drop', () => {
    const { doc } = unreadInput(LARGE, 'evidence.bin');
    const html = actions([{ name: 'r.json', text: '{}' }, doc]);
    expect(copyLinkButton(html)).toContain('disabled=""');
    expect(html).toContain('evidence.bin (9.0 MB) is too large for a link');
    expect(html).not.toContain('Download input');
  });

  it('a drop of more files than the page reads says so', () => {
    const docs = Array.from({ length: PAGE_READS_UP_TO_FILES + 1 }, (_, i) => {
      const doc: InputDocument = { name: `r${i}.json` };
      rememberFile(doc, new File(['{}'], doc.name));
      return doc;
    });
    expect(actions(docs)).toContain('these 101 files were read in the background worker');
  });

  it('Copy link stays on for a document the page read', () => {
    const html = actions([{ name: 'r.json', text: '{}' }]);
    expect(copyLinkButton(html)).not.toContain('disabled=""');
    expect(html).not.toContain('no-link-reason');
    expect(html).not.toContain('Download input');
  });
});
