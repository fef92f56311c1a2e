import { describe, expect, it, vi } from 'vitest';
import type { InputDocument } from '../../../core';
import type { DecodeResult } from '../../../share/share-link';
import { CancelledError, type VerifyOutcome } from '../../../worker/client';
import { LIVE_RECHECK_MAX_CHARS } from '../../../core';
import { LIVE_RECHECK_DELAY_MS, Verification } from './verification';

/** A stand-in Worker client: each verify waits until the test settles it. */
function fakeClient() {
  const calls: {
    inputs: InputDocument[];
    resolve: (o: VerifyOutcome) => void;
    reject: (e: Error) => void;
    onProgress?: (done: number, total: number) => void;
  }[] = [];
  return {
    calls,
    client: {
      verify: (inputs: InputDocument[], options: { onProgress?: (d: number, t: number) => void }) =>
        new Promise<VerifyOutcome>((resolve, reject) =>
          calls.push({ inputs, resolve, reject, onProgress: options.onProgress }),
        ),
      cancel: () => {
        for (const call of calls) call.reject(new CancelledError());
      },
    },
  };
}

function outcomeFor(source: string): VerifyOutcome {
  return {
    results: [{ report: { source } } as VerifyOutcome['results'][number]],
    unplaced: [],
    elapsedMs: 1,
  };
}

describe('the verify session', () => {
  it('runs idle → running (with progress) → done, and shows a single text in the editor', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    const shown: string[] = [];
    session.onEditorText((text) => shown.push(text));
    const done = session.verify([{ name: 'r.json', text: '{"a":1}' }]);
    expect(session.getSnapshot().run).toEqual({ state: 'running', done: 0, total: 0 });
    expect(shown).toEqual(['{"a":1}']);
    calls[0]?.onProgress?.(1, 2);
    expect(session.getSnapshot().run).toEqual({ state: 'running', done: 1, total: 2 });
    calls[0]?.resolve(outcomeFor('r.json'));
    await done;
    expect(session.getSnapshot().run.state).toBe('done');
    expect(session.getSnapshot().editorHoldsMain).toBe(true);
  });

  it('asks for input when there is nothing to verify', async () => {
    const session = new Verification(fakeClient().client);
    await session.verifyText('  ');
    expect(session.getSnapshot().run).toMatchObject({ state: 'error' });
  });

  it('puts the one record in the editor and keeps the rest as supplied documents', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    const done = session.verify([
      { name: 'event.json', text: '{"kind":1}' },
      { name: 'receipt.json', text: '{"id":"x"}' },
    ]);
    expect(session.editorText()).toBe('');
    calls[0]?.resolve(outcomeFor('receipt.json'));
    await done;
    expect(session.editorText()).toBe('{"id":"x"}');
    expect(session.getSnapshot().supplied.map((d) => d.name)).toEqual(['event.json']);
  });

  it('says cancelled on cancel, and drops the results of a run a newer one replaced', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    const first = session.verifyText('one');
    const second = session.verifyText('two');
    calls[0]?.resolve(outcomeFor('pasted text'));
    await first;
    expect(session.getSnapshot().run.state).toBe('running');
    calls[1]?.onProgress?.(5_400, 60_000);
    session.cancel();
    await second;
    expect(session.getSnapshot().run).toEqual({ state: 'cancelled', done: 5_400, total: 60_000 });
    expect(session.getSnapshot().stale).toBe(false);
  });

  it('keeps a streamed file’s progress in bytes with the records verified so far', () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    void session.verifyText('x');
    (calls[0]?.onProgress as (d: number, t: number, s?: { records: number }) => void)(50, 200, {
      records: 7,
    });
    expect(session.getSnapshot().run).toMatchObject({
      state: 'running',
      done: 50,
      total: 200,
      unit: 'bytes',
      records: 7,
    });
  });

  it('clears the share outcome when it verifies again, and everything on clear', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    session.setShare({ kind: 'too-large', bytes: 70_000, limit: 65_536 });
    const run = session.verifyText('x');
    expect(session.getSnapshot().share).toBeUndefined();
    calls[0]?.resolve(outcomeFor('pasted text'));
    await run;
    session.clear();
    expect(session.getSnapshot()).toMatchObject({
      run: { state: 'idle' },
      inputs: [],
      supplied: [],
    });
  });
});

describe('supplied documents go with the input they were supplied for', () => {
  async function workflowWithSteps() {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    const run = session.verify(
      [
        { name: 'workflow.json', text: '{"w":1}' },
        { name: 'step-1.json', text: '{"s":1}' },
        { name: 'step-2.json', text: '{"s":2}' },
      ],
      { fresh: true, fromAddress: true },
    );
    calls[0]?.resolve(outcomeFor('workflow.json'));
    await run;
    return { session, calls };
  }

  it('a new paste is verified alone and stays in the editor', async () => {
    const { session, calls } = await workflowWithSteps();
    expect(session.getSnapshot().supplied).toHaveLength(2);
    expect(session.getSnapshot().fromAddress).toBe(true);
    const shown: string[] = [];
    session.onEditorText((text) => shown.push(text));
    void session.verifyPasted('{"r":1}');
    expect(calls[1]?.inputs).toEqual([{ name: 'pasted text', text: '{"r":1}' }]);
    expect(session.getSnapshot()).toMatchObject({ supplied: [], fromAddress: false });
    // A new input: the workflow's result is not kept on screen as if it had been edited.
    expect(session.getSnapshot().run).not.toHaveProperty('previous');
    expect(session.getSnapshot().stale).toBe(false);
    expect(shown.every((text) => text === '{"r":1}')).toBe(true);
  });

  it('an edit of the input keeps its documents, and Verify sends them', async () => {
    const { session, calls } = await workflowWithSteps();
    void session.verifyText('{"w":2}');
    expect(calls[1]?.inputs.map((d) => d.name)).toEqual([
      'pasted text',
      'step-1.json',
      'step-2.json',
    ]);
    expect(session.editorText()).toBe('{"w":2}');
  });

  it('documents added while there was no input go with the paste that comes next', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    session.addPastedSupplied('{"kind":1}', undefined, '');
    void session.verifyPasted('{"r":1}');
    expect(calls[0]?.inputs.map((d) => d.name)).toEqual([
      'pasted text',
      'pasted supporting document 1',
    ]);
    calls[0]?.resolve(outcomeFor('pasted text'));
    await Promise.resolve();
    // They now belong to that input: the paste after it leaves them behind.
    void session.verifyPasted('{"r":2}');
    expect(calls[1]?.inputs.map((d) => d.name)).toEqual(['pasted text']);
  });

  it('says how many documents wait for the next input, and removes them on request', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    session.addPastedSupplied('{"kind":1}', undefined, '');
    session.addPastedSupplied('{"kind":2}', undefined, '');
    expect(session.getSnapshot()).toMatchObject({ waitingForInput: 2 });
    session.removeSupplied(0);
    expect(session.getSnapshot().waitingForInput).toBe(1);
    session.removeWaiting();
    expect(session.getSnapshot()).toMatchObject({ supplied: [], waitingForInput: 0 });
    // Removed: the next paste is verified alone.
    void session.verifyPasted('{"r":1}');
    expect(calls[0]?.inputs.map((d) => d.name)).toEqual(['pasted text']);
  });

  it('counts none waiting once the paste they waited for has them', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    session.addPastedSupplied('{"kind":1}', undefined, '');
    void session.verifyPasted('{"r":1}');
    expect(session.getSnapshot()).toMatchObject({ waitingForInput: 0 });
    expect(session.getSnapshot().supplied.map((d) => d.name)).toEqual([
      'pasted supporting document 1',
    ]);
    calls[0]?.resolve(outcomeFor('pasted text'));
    await Promise.resolve();
    // Supplied beside text in the editor: for that input, not waiting.
    session.addPastedSupplied('{"kind":2}', undefined, '{"r":1}');
    expect(session.getSnapshot().waitingForInput).toBe(0);
  });

  it('an edit of what the address asked for is no longer what the address asks for', async () => {
    const { session } = await workflowWithSteps();
    session.editorChanged('{"w":1} ');
    expect(session.getSnapshot().fromAddress).toBe(false);
  });
});

describe('a result belongs to the text it was computed from', () => {
  it('is marked stale at the first edit, re-checked once typing pauses, and fresh again after', async () => {
    vi.useFakeTimers();
    try {
      const { client, calls } = fakeClient();
      const session = new Verification(client);
      const first = session.verifyText('{"a":1}');
      calls[0]?.resolve(outcomeFor('pasted text'));
      await first;
      expect(session.getSnapshot().stale).toBe(false);
      const revealed = session.getSnapshot().reveal;

      session.editorChanged('{"a":2}');
      expect(session.getSnapshot().stale).toBe(true);
      // The page re-checks by itself: it says so, not "press Verify".
      expect(session.getSnapshot().liveRecheck).toBe(true);
      expect(calls).toHaveLength(1);
      vi.advanceTimersByTime(LIVE_RECHECK_DELAY_MS);
      expect(calls).toHaveLength(2);
      expect(calls[1]?.inputs[0]).toEqual({ name: 'pasted text', text: '{"a":2}' });
      // While it runs, the old result stays on screen, marked.
      expect(session.getSnapshot().run).toMatchObject({ state: 'running', previous: {} });
      calls[1]?.resolve(outcomeFor('pasted text'));
      await vi.runAllTimersAsync();
      expect(session.getSnapshot()).toMatchObject({ stale: false, run: { state: 'done' } });
      // A live re-check does not pull the page to the verdict.
      expect(session.getSnapshot().reveal).toBe(revealed);

      // Back to the verified text: fresh again, nothing to re-check.
      session.editorChanged('{"a":3}');
      session.editorChanged('{"a":2}');
      expect(session.getSnapshot().stale).toBe(false);
      vi.advanceTimersByTime(LIVE_RECHECK_DELAY_MS * 2);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks the editor again when it changed while a live re-check ran (an edit undone in flight)', async () => {
    vi.useFakeTimers();
    try {
      const { client, calls } = fakeClient();
      const session = new Verification(client);
      const first = session.verifyText('{"a":1}');
      calls[0]?.resolve(outcomeFor('pasted text'));
      await first;

      session.editorChanged('{"a":1} ');
      vi.advanceTimersByTime(LIVE_RECHECK_DELAY_MS);
      expect(calls).toHaveLength(2);
      // Undone while the re-check of the edited text is still running.
      session.editorChanged('{"a":1}');
      calls[1]?.resolve(outcomeFor('pasted text'));
      await vi.advanceTimersByTimeAsync(0);
      // The result that arrived is for the edited text, not the text on screen: marked, and the
      // text on screen is checked once more rather than left stale until Verify.
      expect(session.getSnapshot().stale).toBe(true);
      await vi.advanceTimersByTimeAsync(LIVE_RECHECK_DELAY_MS);
      expect(calls).toHaveLength(3);
      expect(calls[2]?.inputs[0]).toEqual({ name: 'pasted text', text: '{"a":1}' });
      calls[2]?.resolve(outcomeFor('pasted text'));
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getSnapshot()).toMatchObject({ stale: false, run: { state: 'done' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves large edits to an explicit Verify', () => {
    vi.useFakeTimers();
    try {
      const { client, calls } = fakeClient();
      const session = new Verification(client);
      void session.verifyText('x');
      session.editorChanged('y'.repeat(LIVE_RECHECK_MAX_CHARS + 1));
      expect(session.getSnapshot().stale).toBe(true);
      expect(session.getSnapshot().liveRecheck).toBe(false);
      vi.advanceTimersByTime(LIVE_RECHECK_DELAY_MS * 2);
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a share link is read in the Worker, then verified', () => {
  /** The fake client, with the Worker's share-link decoding (settled by the test). */
  function withDecoder() {
    const fake = fakeClient();
    const decodes: { value: string; resolve: (r: DecodeResult) => void }[] = [];
    const client = {
      ...fake.client,
      decodeShareLink: (value: string) =>
        new Promise<DecodeResult>((resolve) => decodes.push({ value, resolve })),
    };
    return { client, calls: fake.calls, decodes };
  }

  it('is running while the Worker decodes; its documents are verified as from the link, under its setting', async () => {
    const { client, calls, decodes } = withDecoder();
    const session = new Verification(client);
    const done = session.verifyShareLink('1.abc', {
      setting: { profile: 'strict', maxFuture: '', maxAge: '' },
    });
    expect(session.getSnapshot().run).toEqual({ state: 'running', done: 0, total: 0 });
    // The link goes to the Worker in the next task (the page renders the run in this one).
    expect(decodes).toHaveLength(0);
    await vi.waitFor(() => expect(decodes.map((d) => d.value)).toEqual(['1.abc']));
    expect(calls).toHaveLength(0);
    decodes[0]?.resolve({
      ok: true,
      input: {
        main: { name: 'r.json', text: '{"a":1}' },
        supplied: [{ name: 'e.txt', text: 'x' }],
      },
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.inputs).toEqual([
      { name: 'from a share link (was “r.json”)', text: '{"a":1}' },
      { name: 'e.txt', text: 'x' },
    ]);
    expect(session.getSnapshot().origin).toEqual({ type: 'share-link' });
    calls[0]?.resolve(outcomeFor('from a share link (was “r.json”)'));
    await done;
    expect(session.getSnapshot().applied).toMatchObject({
      setting: { profile: 'strict' },
      from: 'link',
    });
  });

  it('a link the Worker cannot read is said so, in the words for its problem; nothing is verified', async () => {
    const { client, calls, decodes } = withDecoder();
    const session = new Verification(client);
    const done = session.verifyShareLink('1.bomb', {
      setting: { profile: 'strict', maxFuture: '', maxAge: '' },
    });
    await vi.waitFor(() => expect(decodes).toHaveLength(1));
    decodes[0]?.resolve({ ok: false, problem: { kind: 'too-large', limitBytes: 8 * 1024 * 1024 } });
    await done;
    expect(session.getSnapshot().run).toEqual({
      state: 'error',
      message: 'This link expands beyond 8 MB; it was not made by this app, so it was not opened.',
    });
    expect(calls).toHaveLength(0);
  });

  it('a newer input while the link is decoded wins', async () => {
    const { client, calls, decodes } = withDecoder();
    const session = new Verification(client);
    const link = session.verifyShareLink('1.abc');
    const text = session.verifyText('{"b":2}');
    decodes[0]?.resolve({
      ok: true,
      input: { main: { name: 'r.json', text: '{}' }, supplied: [] },
    });
    await link;
    expect(calls.map((c) => c.inputs[0]?.name)).toEqual(['pasted text']);
    calls[0]?.resolve(outcomeFor('pasted text'));
    await text;
    expect(session.getSnapshot().run.state).toBe('done');
  });
});

describe('a sample is loaded, then verified', () => {
  /** A sample's documents, delivered when the test says (its chunk loading). */
  function loading() {
    let deliver: (docs: InputDocument[]) => void = () => undefined;
    let failWith: (error: Error) => void = () => undefined;
    const documents = () =>
      new Promise<InputDocument[]>((resolve, reject) => {
        deliver = resolve;
        failWith = reject;
      });
    return {
      documents,
      deliver: (d: InputDocument[]) => deliver(d),
      fail: (e: Error) => failWith(e),
    };
  }

  it('is running while it loads, then verified fresh as what the address asks for', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    const sample = loading();
    const done = session.verifySample(sample.documents);
    expect(session.getSnapshot().run).toEqual({ state: 'running', done: 0, total: 0 });
    expect(session.getSnapshot().fromAddress).toBe(true);
    expect(calls).toHaveLength(0);
    sample.deliver([{ name: 'sample: Valid receipt', text: '{"a":1}' }]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.inputs).toEqual([{ name: 'sample: Valid receipt', text: '{"a":1}' }]);
    calls[0]?.resolve(outcomeFor('sample: Valid receipt'));
    await done;
    expect(session.getSnapshot().run.state).toBe('done');
    expect(session.getSnapshot().fromAddress).toBe(true);
  });

  it('a newer input while the sample loads wins', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    const sample = loading();
    const loaded = session.verifySample(sample.documents);
    const text = session.verifyText('{"b":2}');
    sample.deliver([{ name: 'sample: Valid receipt', text: '{}' }]);
    await loaded;
    expect(calls.map((c) => c.inputs[0]?.name)).toEqual(['pasted text']);
    calls[0]?.resolve(outcomeFor('pasted text'));
    await text;
    expect(session.getSnapshot().run.state).toBe('done');
  });

  it('a sample that cannot be loaded is said so; nothing is verified', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    const sample = loading();
    const done = session.verifySample(sample.documents);
    sample.fail(new Error('Failed to fetch dynamically imported module'));
    await done;
    expect(session.getSnapshot().run).toEqual({
      state: 'error',
      message: 'The sample could not be loaded: Failed to fetch dynamically imported module',
    });
    expect(calls).toHaveLength(0);
  });
});
