import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_RESOLVER, fetchReceipt, resolveLinkTarget } from '../../../net/receipt-link';
import { Button } from '../../components/Button';
import { TextInput } from '../../components/TextInput';
import { readSetting, writeSetting } from '../../settings';
import { FRAMED_NOTICE, isFramed } from '../../framing';
import { Untrusted } from '../../components/Untrusted';

const RESOLVER_KEY = 'aer1-resolver';

export interface LoadedLink {
  name: string;
  bytes: Uint8Array;
  url: string;
  askedId?: string;
}

/**
 * Loads a receipt from a URL, a `…/run/<id>` link or a bare id — only after the user confirms
 * the host that will be contacted. `initial` comes from `?src=`; it is never fetched unasked.
 *
 * A modal dialog: the confirmation is in view at any size and scroll, whatever the page is
 * doing, and focus is on what the user decides next (the address, then the Fetch button).
 */
export function LinkLoader({
  initial,
  onLoaded,
  onClose,
}: {
  initial?: string;
  onLoaded: (link: LoadedLink) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial ?? '');
  const [resolver, setResolver] = useState(() => readSetting(RESOLVER_KEY, DEFAULT_RESOLVER));
  const [confirming, setConfirming] = useState(initial !== undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const target = resolveLinkTarget(value, resolver);
  const panelRef = useRef<HTMLDialogElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const fetchRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const dialog = panelRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Each step starts with focus on its action: the address to type, or the Fetch button.
  useEffect(() => {
    (confirming ? fetchRef.current : addressRef.current)?.focus();
  }, [confirming]);
  // What had focus when the panel opened (read while rendering, before the panel's own field
  // takes focus): focus returns there when the panel closes.
  const [opener] = useState(() => document.activeElement);
  useEffect(() => {
    const panel = panelRef.current;
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || panel?.contains(active);
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);

  const fetchNow = async () => {
    if (!target.ok) return;
    setBusy(true);
    setError(undefined);
    const outcome = await fetchReceipt(target.url);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    const loaded: LoadedLink = { name: outcome.name, bytes: outcome.bytes, url: target.url };
    if (target.askedId !== undefined) loaded.askedId = target.askedId;
    onLoaded(loaded);
  };

  const dialogProps = {
    ref: panelRef,
    'aria-labelledby': 'link-loader-title',
    className:
      'm-auto w-[min(40rem,calc(100vw-2rem))] space-y-3 rounded-xl p-5 text-sm shadow-xl backdrop:bg-black/40 dark:bg-slate-900 dark:text-slate-100',
    'data-testid': 'link-loader',
    // Escape (the dialog's cancel) closes it through the page, which unmounts it.
    onCancel: (event: React.SyntheticEvent) => {
      event.preventDefault();
      onClose();
    },
  };
  const title = (
    <h2 id="link-loader-title" className="text-base font-semibold">
      {confirming && target.ok ? 'Confirm network request' : 'Open a receipt link'}
    </h2>
  );

  if (isFramed())
    return (
      <dialog {...dialogProps}>
        {title}
        <p role="alert">
          {FRAMED_NOTICE}{' '}
          <a
            href={window.location.href}
            target="_blank"
            rel="noopener noreferrer"
            className="underline"
          >
            Open the verifier in its own tab
          </a>{' '}
          to load a link.
        </p>
        <Button variant="link" size="sm" onClick={onClose}>
          Close
        </Button>
      </dialog>
    );

  return (
    <dialog {...dialogProps}>
      {title}
      {!confirming ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (target.ok) setConfirming(true);
          }}
        >
          <label className="block">
            Receipt URL, <code>…/run/&lt;id&gt;</code> link, or receipt id
            <TextInput
              ref={addressRef}
              mono
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className="mt-1 w-full text-xs"
              placeholder="https://… or b6c63ac5-f324-4fa7-ad58-c4bf83faa86a"
            />
          </label>
          <details>
            <summary className="cursor-pointer text-xs">Resolver for ids</summary>
            <label className="mt-1 block text-xs">
              Address with <code>{'{id}'}</code> (the default is the reference publisher's verify
              API, whose answer wraps the receipt at <code>envelope.receipt</code>)
              <TextInput
                mono
                value={resolver}
                onChange={(e) => {
                  setResolver(e.target.value);
                  writeSetting(RESOLVER_KEY, e.target.value);
                }}
                className="mt-1 w-full text-xs"
              />
            </label>
          </details>
          {value.trim() !== '' && !target.ok && (
            <p className="text-red-700 dark:text-red-300">
              <Untrusted value={target.message} sentence />
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" variant="solid" disabled={!target.ok}>
              Continue
            </Button>
            <Button variant="link" size="sm" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      ) : target.ok ? (
        <div className="space-y-2">
          <p>
            This will contact <strong data-testid="link-host">{target.host}</strong> to download:
          </p>
          <p className="font-mono text-xs break-all">
            <Untrusted value={target.url} />
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {target.host} will see your IP address and which receipt you asked for. No cookies are
            sent. The receipt is then verified here, like any pasted one.
          </p>
          {error && (
            <p
              role="alert"
              className="rounded bg-red-50 p-2 text-red-900 dark:bg-red-950 dark:text-red-200"
              data-testid="link-error"
            >
              <Untrusted value={error} sentence />
            </p>
          )}
          <div className="flex gap-2">
            <Button
              ref={fetchRef}
              variant="primary"
              size="sm"
              disabled={busy}
              onClick={() => void fetchNow()}
            >
              {busy ? 'Fetching…' : `Fetch from ${target.host}`}
            </Button>
            <Button variant="link" size="sm" onClick={() => setConfirming(false)}>
              Change
            </Button>
            <Button variant="link" size="sm" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-red-700 dark:text-red-300">
          <Untrusted value={target.message} sentence />
        </p>
      )}
    </dialog>
  );
}
