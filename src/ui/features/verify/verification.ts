/**
 * The verify page's session: what was verified, where it came from, what the editor shows, and
 * the run state of the Worker. It lives outside React so that the route loader (which reads
 * ?sample=, #r= and ?src= from the URL) and the page's controls drive one and the same session;
 * components read it through useVerification().
 */
import {
  EDITOR_MAX_CHARS,
  LIVE_RECHECK_MAX_CHARS,
  type DocumentRole,
  type InputDocument,
  type Report,
} from '../../../core';
import type { DecodeResult, ShareOutcome } from '../../../share/share-link';
import {
  CancelledError,
  nextTask,
  VerifierClient,
  type VerifyOutcome,
} from '../../../worker/client';
import {
  policyOptions,
  readProfileSetting,
  sameSetting,
  type AppliedSetting,
  type ProfileSetting,
} from '../report/profile-setting';
import { editorText } from './editor-text';
import { InputLimitError, readFiles } from './read-files';
import { sharePayloadProblemText } from './share-payload-problem';

/**
 * Whether the text is nothing but what trim() removes (JS `\s` is the same set). It stops at the
 * first character that is not: trim() on a link's megabytes of trailing spaces read them all.
 */
function isBlank(text: string): boolean {
  return !/\S/.test(text);
}

/** A document whose copy to the Worker is worth a task of its own (the editor's limit). */
function isLarge(doc: InputDocument): boolean {
  return (doc.text?.length ?? doc.bytes?.length ?? 0) > EDITOR_MAX_CHARS;
}

const SHARE_LINK_PREFIX = 'from a share link';

/** The source label of a document opened from a share link says so, and keeps its old name. */
export function shareLinkName(name: string): string {
  return name.startsWith(SHARE_LINK_PREFIX) ? name : `${SHARE_LINK_PREFIX} (was “${name}”)`;
}

/**
 * How far a run has got. `total` counts what `done` counts: records or documents, or bytes of a
 * file streamed record by record (`unit: 'bytes'`, with the records verified so far).
 */
export interface RunProgressState {
  done: number;
  total: number;
  unit?: 'bytes';
  records?: number;
  /** Set while the Worker reads the files of a large drop (done of total files). */
  phase?: 'reading';
}

export type RunState =
  | { state: 'idle' }
  | ({
      state: 'running';
      /** The result on screen while a re-check runs; shown marked as changed since verified. */
      previous?: VerifyOutcome;
    } & RunProgressState)
  | { state: 'done'; outcome: VerifyOutcome }
  /** The user stopped the run: nothing was verified, and the page says so. */
  | ({ state: 'cancelled' } & RunProgressState)
  | { state: 'error'; message: string };

/** Where the verified input came from: share links carry the documents, or the URL for ?src=. */
export type InputOrigin =
  { type: 'documents' } | { type: 'share-link' } | { type: 'link'; url: string };

/** The link loader: closed, or open (with the address a ?src= link asked for). */
export type LinkRequest = { open: false } | { open: true; initial?: string };

export interface VerificationState {
  run: RunState;
  /** Everything verified last, the main document first. */
  inputs: InputDocument[];
  origin: InputOrigin;
  /** Supporting documents verified with the editor's text (step receipts, evidence, proofs). */
  supplied: InputDocument[];
  /**
   * How many of them were added while there was no input (the editor empty) and wait for the
   * next one: the page says so, naming how many, and offers to remove them.
   */
  waitingForInput: number;
  /** True when the editor shows the verified document, so its checks' places can be selected. */
  editorHoldsMain: boolean;
  link: LinkRequest;
  /** What became of the last "Copy link"; cleared by the next verification. */
  share?: ShareOutcome;
  /**
   * The editor no longer holds the text the result on screen was computed from: the result is
   * marked "changed since verified", and sharing, exporting and printing it are off until the
   * edited text is verified (which happens by itself, debounced, for small inputs).
   */
  stale: boolean;
  /** Counts explicit verifications that finished (not live re-checks): the page brings the verdict into view. */
  reveal: number;
  /** The profile and clock policy the result on screen was verified under, and from where. */
  applied?: AppliedSetting;
  /**
   * The edited text will be verified by itself once typing pauses (it is small enough), or is
   * being verified so: the page says "re-checking", not "press Verify".
   */
  liveRecheck: boolean;
  /**
   * What the page shows is what the address asks for (?sample=, #r=, ?src=). Once the input
   * changes (an edit, a paste, files, more documents) it is not, and the page drops those from
   * the address, so that a reload never shows other bytes than the editor held.
   */
  fromAddress: boolean;
  /**
   * Counts verifications of a new input the address does not ask for (a paste, files): a row or
   * step the address says is open (`at`) was the input before's, and the page drops it.
   */
  newInput: number;
}

export interface VerifyInputsOptions {
  origin?: InputOrigin;
  expectedReceiptId?: string;
  /** Leave the editor as it is (re-verifying with more documents supplied). */
  keepEditor?: boolean;
  /** A re-check of the editor while the user types: the verdict is not scrolled into view. */
  live?: boolean;
  /**
   * A new input (a paste, a sample, files, a link), not the one on screen edited or with more
   * documents: the documents supplied for the input before do not go with it, and the result
   * before is not kept on screen while this one is verified.
   */
  fresh?: boolean;
  /** The main document is the editor's own text: the editor keeps it as it is. */
  mainInEditor?: boolean;
  /** The input is what the address asks for (see VerificationState.fromAddress). */
  fromAddress?: boolean;
}

/** How long typing must pause before the edited text is verified. */
export const LIVE_RECHECK_DELAY_MS = 350;

const INITIAL: VerificationState = {
  run: { state: 'idle' },
  inputs: [],
  origin: { type: 'documents' },
  supplied: [],
  waitingForInput: 0,
  editorHoldsMain: true,
  link: { open: false },
  stale: false,
  reveal: 0,
  liveRecheck: false,
  fromAddress: false,
  newInput: 0,
};

export class Verification {
  private state: VerificationState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly editorListeners = new Set<(text: string) => void>();
  /** The editor is uncontrolled (it may hold megabytes); this is the text last put in it. */
  private editor = '';
  /** What the editor holds now (the user's typing included). */
  private editorNow = '';
  /** What the editor held when the result on screen was computed. */
  private verifiedEditor = '';
  /** The supplied documents the result on screen was computed with. */
  private verifiedSupplied: readonly InputDocument[] = [];
  private liveTimer: ReturnType<typeof setTimeout> | undefined;
  /** Each run's number; results of a run that a newer one replaced are dropped. */
  private runNumber = 0;
  /** A share link's setting: in force for what the link opened until other input or a change. */
  private linkSetting: { setting: ProfileSetting; ignored?: string[] } | undefined;
  /**
   * Supporting documents added while there was no input (the editor empty): they are for the
   * input that comes next, so a new paste keeps them. Documents supplied for an input that was
   * there go with it, and a new input leaves them behind.
   */
  private awaitingInput = new WeakSet<InputDocument>();
  /** Whether any document was marked waiting since the set was last emptied (skips counting). */
  private anyWaiting = false;
  /** The editor's text when what it shows came from the address (a sample, a share link). */
  private addressText: string | undefined;

  constructor(
    private readonly client: Pick<VerifierClient, 'verify' | 'cancel'> &
      Partial<Pick<VerifierClient, 'detail' | 'decodeShareLink' | 'start'>>,
  ) {}

  /** Called when a verification starts: the page starts loading its results views then. */
  onRunStart: () => void = () => undefined;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): VerificationState => this.state;

  /** Called with the new text whenever the session puts other text in the editor. */
  onEditorText(listener: (text: string) => void): () => void {
    this.editorListeners.add(listener);
    return () => this.editorListeners.delete(listener);
  }

  /** The text the editor should show when it (re)mounts. */
  editorText(): string {
    return this.editor;
  }

  private update(patch: Partial<VerificationState>): void {
    const next = { ...this.state, ...patch };
    next.waitingForInput = this.waiting(next.supplied);
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** How many of these supplied documents wait for the next input. */
  private waiting(supplied: readonly InputDocument[]): number {
    if (!this.anyWaiting) return 0;
    return supplied.reduce((n, doc) => n + (this.awaitingInput.has(doc) ? 1 : 0), 0);
  }

  /** Marks documents as waiting for the next input. */
  private markWaiting(docs: readonly InputDocument[]): void {
    for (const doc of docs) this.awaitingInput.add(doc);
    if (docs.length > 0) this.anyWaiting = true;
  }

  private showInEditor(text: string, holdsMain: boolean): void {
    this.editor = text;
    this.editorNow = text;
    for (const listener of this.editorListeners) listener(text);
    if (this.state.editorHoldsMain !== holdsMain) this.update({ editorHoldsMain: holdsMain });
  }

  /**
   * Whether the editor or the supplied documents are other than those the result on screen
   * was computed from (its notice says so: the result is not for the input as it is now).
   */
  private differsFromVerified(supplied: readonly InputDocument[] = this.state.supplied): boolean {
    return this.editorNow !== this.verifiedEditor || supplied !== this.verifiedSupplied;
  }

  /** The supplied documents changed: a result on screen computed without them is marked. */
  private supplyChanged(supplied: InputDocument[]): void {
    const stale =
      this.state.run.state === 'done' ? this.differsFromVerified(supplied) : this.state.stale;
    this.update({ supplied, fromAddress: false, stale });
  }

  private cancelLiveRecheck(): void {
    if (this.liveTimer !== undefined) clearTimeout(this.liveTimer);
    this.liveTimer = undefined;
  }

  /**
   * The user changed the editor's text. The result on screen is marked at once if it was
   * computed from other text; small inputs are verified again once typing pauses.
   */
  editorChanged(text: string): void {
    this.editorNow = text;
    const stale = this.differsFromVerified();
    // The notice and whether the page re-checks by itself change in one update (one render).
    const liveRecheck = this.scheduleLiveRecheck();
    const fromAddress = this.state.fromAddress && text === this.addressText;
    if (
      stale !== this.state.stale ||
      liveRecheck !== this.state.liveRecheck ||
      fromAddress !== this.state.fromAddress
    )
      this.update({ stale, liveRecheck, fromAddress });
  }

  /**
   * Verifies the editor's text again once typing pauses, if it is small and not what was
   * verified. Returns whether it will.
   */
  private scheduleLiveRecheck(): boolean {
    this.cancelLiveRecheck();
    const text = this.editorNow;
    const hasResult = this.state.run.state === 'done' || this.state.run.state === 'running';
    if (text === this.verifiedEditor || !hasResult || isBlank(text)) return false;
    if (text.length > LIVE_RECHECK_MAX_CHARS) return false;
    this.liveTimer = setTimeout(() => {
      this.liveTimer = undefined;
      if (this.editorNow === text && text !== this.verifiedEditor)
        void this.verify([{ name: 'pasted text', text }, ...this.state.supplied], {
          live: true,
          mainInEditor: true,
        });
    }, LIVE_RECHECK_DELAY_MS);
    return true;
  }

  /** Verifies everything that arrived together, the main document first. */
  async verify(all: InputDocument[], options: VerifyInputsOptions = {}): Promise<void> {
    this.cancelLiveRecheck();
    const main = all[0];
    if (!main || (main.text !== undefined && isBlank(main.text) && all.length === 1)) {
      this.fail('Paste a receipt, drop files, or pick a sample first.');
      return;
    }
    if (!options.keepEditor) {
      // The editor shows the document when it is the only one (its positions are then
      // clickable), or when it is the editor's own text: what the user pasted stays there.
      const text = editorText(main);
      const holdsMain = (all.length === 1 || options.mainInEditor === true) && text !== undefined;
      this.showInEditor(holdsMain ? text : '', holdsMain);
    }
    // Documents of this input were supplied for it: none now waits for an input to come.
    if (main.text === undefined || !isBlank(main.text)) {
      this.awaitingInput = new WeakSet();
      this.anyWaiting = false;
    }
    const run = ++this.runNumber;
    const applied: AppliedSetting = this.linkSetting
      ? { ...this.linkSetting, from: 'link' }
      : { setting: readProfileSetting(), from: 'saved' };
    this.onRunStart();
    // The text this run verifies; the result it brings is for exactly this editor content.
    const editorAtStart = options.keepEditor ? this.verifiedEditor : this.editorNow;
    // The old result of an edited input stays on screen (marked) while the new one is
    // computed, so the page does not jump while the user types. A new input's is not kept: it
    // was never "changed", it is another input.
    const previous = options.fresh
      ? undefined
      : this.state.run.state === 'done'
        ? this.state.run.outcome
        : this.state.run.state === 'running'
          ? this.state.run.previous
          : undefined;
    this.update({
      inputs: all,
      origin: options.origin ?? { type: 'documents' },
      share: undefined,
      stale: previous !== undefined ? true : options.fresh ? false : this.state.stale,
      liveRecheck: options.live === true,
      fromAddress: options.fromAddress ?? (options.fresh ? false : this.state.fromAddress),
      ...(options.fresh && !options.fromAddress ? { newInput: this.state.newInput + 1 } : {}),
      // A new input's supporting documents are its own: those pasted with it (verifyPasted), or,
      // once verified, the rest of a sample's or files' documents beside their one record.
      ...(options.fresh ? { supplied: options.mainInEditor ? all.slice(1) : [] } : {}),
      run: {
        state: 'running',
        done: 0,
        total: 0,
        ...(previous !== undefined ? { previous } : {}),
      },
    });
    try {
      // Megabytes of text (a share link's) go to the Worker as a structured clone, a task's worth
      // of copying: it waits for the next task, so the page's render of this update is not in it.
      if (all.some(isLarge)) {
        await nextTask();
        if (run !== this.runNumber) return;
      }
      const outcome = await this.client.verify(all, {
        onProgress: (done, total, more) => {
          if (run !== this.runNumber || this.state.run.state !== 'running') return;
          // Each message says the whole progress: what the last one said of units goes with it.
          const { previous: shown } = this.state.run;
          this.update({
            run: {
              state: 'running',
              ...(shown !== undefined ? { previous: shown } : {}),
              done,
              total,
              ...(more?.records !== undefined
                ? { unit: 'bytes' as const, records: more.records }
                : {}),
              ...(more?.phase ? { phase: more.phase } : {}),
            },
          });
        },
        ...(options.expectedReceiptId !== undefined
          ? { expectedReceiptId: options.expectedReceiptId }
          : {}),
        // The consumer clock policy: a share link's, else the saved setting (off by default).
        verifyOptions: policyOptions(applied.setting),
      });
      if (run !== this.runNumber) return;
      let verifiedEditor = editorAtStart;
      // One record with supporting documents: show the record in the editor (its checks'
      // places become clickable) and the rest as supplied chips, kept for the next verify.
      const single = outcome.results.length === 1 ? outcome.results[0] : undefined;
      if (!options.keepEditor && single && all.length > 1) {
        const record = all.find((d) => d.name === single.report.source);
        const text = editorText(record);
        if (record && text !== undefined) {
          this.showInEditor(text, true);
          verifiedEditor = text;
          this.update({ supplied: all.filter((d) => d !== record) });
        }
      }
      this.verifiedEditor = verifiedEditor;
      this.verifiedSupplied = this.state.supplied;
      if (options.fromAddress) this.addressText = verifiedEditor;
      this.update({
        run: { state: 'done', outcome },
        applied,
        stale: this.differsFromVerified(),
        liveRecheck: false,
        // The editor changed while the address's input was verified: it no longer holds it.
        ...(options.fromAddress && this.editorNow !== verifiedEditor ? { fromAddress: false } : {}),
        reveal: options.live ? this.state.reveal : this.state.reveal + 1,
      });
      // The editor changed while this ran (an edit undone before its re-check came back): the
      // result is for other text, so the text on screen is checked too, as any edit would be.
      if (this.state.stale && this.liveTimer === undefined && this.scheduleLiveRecheck())
        this.update({ liveRecheck: true });
    } catch (error) {
      if (run !== this.runNumber) return;
      if (error instanceof CancelledError) {
        // Nothing was verified: the editor's text is what it was, and no result claims it.
        const { state } = this.state.run;
        const progress: RunProgressState =
          state === 'running' ? this.state.run : { done: 0, total: 0 };
        const { done, total, unit, records } = progress;
        this.verifiedEditor = this.editorNow;
        this.verifiedSupplied = this.state.supplied;
        this.update({
          run: {
            state: 'cancelled',
            done,
            total,
            ...(unit ? { unit } : {}),
            ...(records !== undefined ? { records } : {}),
          },
          stale: false,
          liveRecheck: false,
        });
      } else this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * A share link's documents (`#r=`), decoded in the Worker and then verified; the link's
   * setting applies to them. Inflating up to 8 MiB (or stopping a deflate bomb) happens there,
   * so the page's thread is never held by a link, whatever it carries.
   */
  async verifyShareLink(
    value: string,
    link: { setting?: ProfileSetting; ignoredSetting?: string[] } = {},
  ): Promise<void> {
    const run = this.startRunFromAddress();
    // The link (up to megabytes) goes to the Worker, which may first have to start, in the task
    // after the page's update and render for the run, not in theirs.
    await nextTask();
    if (run !== this.runNumber) return;
    let decoded: DecodeResult;
    try {
      if (!this.client.decodeShareLink) throw new Error('Share links are read by the Worker.');
      decoded = await this.client.decodeShareLink(value);
    } catch (error) {
      if (run !== this.runNumber) return;
      if (error instanceof CancelledError) this.update({ run: { state: 'idle' } });
      else this.fail(error instanceof Error ? error.message : String(error), true);
      return;
    }
    if (run !== this.runNumber) return;
    if (!decoded.ok) {
      this.fail(sharePayloadProblemText(decoded.problem), true);
      return;
    }
    // Megabytes of documents arrived in this task; sending them back to be verified (and the
    // page's render) waits for the next one, so neither adds to the other.
    await nextTask();
    if (run !== this.runNumber) return;
    // Only a link that opened applies its setting (an unreadable one leaves the saved one).
    this.setLinkSetting(link.setting, link.ignoredSetting);
    const { main, supplied } = decoded.input;
    await this.verify([{ ...main, name: shareLinkName(main.name) }, ...supplied], {
      fresh: true,
      fromAddress: true,
      origin: { type: 'share-link' },
    });
  }

  /**
   * A run the address asks for (a share link, a sample) starts at once, before its documents are
   * at hand: the page shows it running, keeps the address (and with it a permalink's place)
   * until they arrive, and whatever the user starts meanwhile replaces it.
   */
  private startRunFromAddress(): number {
    this.cancelLiveRecheck();
    const run = ++this.runNumber;
    this.update({
      run: { state: 'running', done: 0, total: 0 },
      share: undefined,
      fromAddress: true,
    });
    return run;
  }

  /**
   * A bundled sample: its documents are a chunk of their own (ui/samples), loaded and then
   * verified. The run starts at once, as a share link's does, so the page shows it running, and
   * whatever the user starts meanwhile replaces it; the Worker starts loading while the chunk does.
   */
  async verifySample(documents: () => Promise<InputDocument[]>): Promise<void> {
    const run = this.startRunFromAddress();
    this.client.start?.();
    let all: InputDocument[];
    try {
      all = await documents();
    } catch (error) {
      if (run !== this.runNumber) return;
      const reason = error instanceof Error ? error.message : String(error);
      this.fail(`The sample could not be loaded: ${reason}`, true);
      return;
    }
    if (run !== this.runNumber) return;
    await this.verify(all, { fresh: true, fromAddress: true });
  }

  /** The editor's text, edited or not, with its supplied documents (Verify, Ctrl/⌘+Enter). */
  verifyText(text: string): Promise<void> {
    return this.verify([{ name: 'pasted text', text }, ...this.state.supplied], {
      mainInEditor: true,
    });
  }

  /**
   * Text pasted as a new input: over all of the editor's text, into an empty editor, or onto the
   * page. Documents supplied for the input before stay behind; those added while there was no
   * input go with it.
   */
  verifyPasted(text: string): Promise<void> {
    this.linkSetting = undefined;
    const awaiting = this.state.supplied.filter((d) => this.awaitingInput.has(d));
    return this.verify([{ name: 'pasted text', text }, ...awaiting], {
      fresh: true,
      mainInEditor: true,
    });
  }

  /** Dropped or picked files replace what was there, supplied documents included. */
  async verifyFiles(files: File[]): Promise<void> {
    try {
      const read = await readFiles(files);
      if (read.length === 0) return;
      this.linkSetting = undefined;
      this.update({ supplied: [] });
      void this.verify(read, { fresh: true });
    } catch (error) {
      this.fail(
        error instanceof InputLimitError
          ? error.message
          : `Could not read the files: ${String(error)}`,
      );
    }
  }

  /** Re-verifies what is there with more documents (an opt-in lookup, a pasted header). */
  supplyMore(docs: InputDocument[]): Promise<void> {
    return this.verify([...this.state.inputs, ...docs], {
      origin: this.state.origin,
      keepEditor: true,
      // The address does not carry what was added.
      fromAddress: false,
    });
  }

  /** Evidence files picked to go with the editor's text; verified at the next Verify. */
  async supplyFiles(files: File[]): Promise<void> {
    try {
      const read = await readFiles(files);
      if (isBlank(this.editorNow)) this.markWaiting(read);
      this.supplyChanged([...this.state.supplied, ...read]);
    } catch (error) {
      this.fail(String(error));
    }
  }

  /**
   * A supporting document pasted beside the editor's text. It is verified with that text at
   * once when there is one.
   */
  addPastedSupplied(text: string, role: DocumentRole | undefined, mainText: string): void {
    const doc: InputDocument = {
      name:
        role === 'final-answer'
          ? 'pasted final answer'
          : `pasted supporting document ${this.state.supplied.length + 1}`,
      text,
      ...(role !== undefined ? { role } : {}),
    };
    const supplied = [...this.state.supplied, doc];
    if (isBlank(mainText)) this.markWaiting([doc]);
    this.update({ supplied, fromAddress: false });
    if (!isBlank(mainText))
      void this.verify([{ name: 'pasted text', text: mainText }, ...supplied], {
        mainInEditor: true,
      });
  }

  removeSupplied(index: number): void {
    this.supplyChanged(this.state.supplied.filter((_, i) => i !== index));
  }

  /** Removes the supporting documents that wait for the next input (the user does not want them). */
  removeWaiting(): void {
    this.supplyChanged(this.state.supplied.filter((d) => !this.awaitingInput.has(d)));
  }

  /** An error instead of a result; `fromAddress` when it is the address's own (a bad link). */
  fail(message: string, fromAddress = false): void {
    this.cancelLiveRecheck();
    this.update({
      run: { state: 'error', message },
      stale: false,
      liveRecheck: false,
      fromAddress,
    });
  }

  /**
   * The full report of member `index` of a large batch on screen (its rows are compact; the
   * Worker keeps or re-reads the members).
   */
  detail(runId: number, index: number): Promise<Report> {
    if (!this.client.detail)
      return Promise.reject(new Error('The details of this record are not available.'));
    return this.client.detail(runId, index);
  }

  /** Stops the running verification; the session returns to idle. */
  cancel(): void {
    this.client.cancel();
  }

  clear(): void {
    this.runNumber++;
    this.linkSetting = undefined;
    this.cancelLiveRecheck();
    this.showInEditor('', true);
    this.verifiedEditor = '';
    this.update({
      supplied: [],
      inputs: [],
      run: { state: 'idle' },
      share: undefined,
      stale: false,
      liveRecheck: false,
      fromAddress: false,
    });
    this.verifiedSupplied = this.state.supplied;
  }

  /** The setting a share link carries (undefined: none), for what the link opens next. */
  setLinkSetting(setting: ProfileSetting | undefined, ignored?: string[]): void {
    this.linkSetting = setting && { setting, ...(ignored ? { ignored } : {}) };
  }

  /**
   * The user changed their saved setting: it replaces a link's. A new profile only re-reads the
   * report's profile lines; a new clock policy verifies the result on screen again.
   */
  settingChanged(setting: ProfileSetting): void {
    const before = this.state.applied?.setting;
    this.linkSetting = undefined;
    const policyChanged =
      before === undefined || !sameSetting({ ...before, profile: setting.profile }, setting);
    if (!policyChanged) {
      if (this.state.applied) this.update({ applied: { setting, from: 'saved' } });
      return;
    }
    // A result being edited is verified again as typing pauses, under the new setting.
    if (this.state.run.state === 'done' && !this.state.stale)
      void this.verify(this.state.inputs, {
        origin: this.state.origin,
        keepEditor: true,
        live: true,
      });
  }

  openLink(initial?: string): void {
    this.update({ link: initial !== undefined ? { open: true, initial } : { open: true } });
  }

  closeLink(): void {
    this.update({ link: { open: false } });
  }

  setShare(share: ShareOutcome): void {
    this.update({ share });
  }
}

/** The page's one session (and one Worker). */
export const verification = new Verification(new VerifierClient());
