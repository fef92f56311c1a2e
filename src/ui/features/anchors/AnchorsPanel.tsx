import { useState } from 'react';
import type { AnchorDetails, AnchorEntry, BlockHeaderSummary } from '../../../core';
import type { InputDocument } from '../../../core';
import { BlockHeaderFetchError, fetchBlockHeader } from '../../../net/block-header';
import { fetchNostrEvent, relayAnswerDocuments, type RelayResult } from '../../../net/nostr-relay';
import { Button } from '../../components/Button';
import { TextInput } from '../../components/TextInput';
import { Badge } from '../../components/Badge';
import { readSetting, writeSetting } from '../../settings';
import { Card } from '../../components/Card';
import { ANCHOR_VIEWS, witnessTimeLabel } from '../../selectors/anchor-views';
import { Digest } from '../../components/Digest';
import { Untrusted } from '../../components/Untrusted';
import { lookupUrlProblem } from '../../../net/lookup-url';
import { statusTone } from '../../selectors/verdict';
import { FRAMED_NOTICE, isFramed } from '../../framing';
import { explorerConfirmations, rememberFetchedHeader } from './explorer-confirmation';

const EXPLORER_KEY = 'aer1-block-explorer';
/** A public Esplora instance; only contacted when the user clicks and confirms. */
export const DEFAULT_EXPLORER = 'https://blockstream.info/api';

export interface AnchorsPanelProps {
  details: AnchorDetails;
  /** Re-verify with more documents supplied (an event from a relay, a block header). */
  onSupply?: (docs: InputDocument[]) => void;
}

export function AnchorsPanel({ details, onSupply }: AnchorsPanelProps) {
  if (details.anchors.length === 0 && !details.blockHeaders?.length) return null;
  return (
    <Card title={`Anchors (${details.anchors.length})`}>
      <div className="space-y-4" data-testid="anchors-panel">
        {details.anchors.map((anchor, i) => (
          <AnchorCard
            key={i}
            anchor={anchor}
            headers={details.blockHeaders ?? []}
            onSupply={onSupply}
          />
        ))}
        {details.blockHeaders?.map((header) => (
          <div
            key={header.hash}
            className="rounded-lg border border-slate-200 p-3 text-xs dark:border-slate-700"
            data-testid="block-header"
          >
            <p className="font-semibold">
              Block header from <Untrusted value={header.source} />
            </p>
            <p>
              hash <code className="break-all">{header.hash}</code> · time {header.time} · bits{' '}
              {header.bits} · proof of work <Untrusted value={header.proofOfWork} sentence />
            </p>
          </div>
        ))}
        {onSupply && details.anchors.some((a) => a.kind === 'ots') && (
          <PasteHeader onSupply={onSupply} />
        )}
      </div>
    </Card>
  );
}

function AnchorCard({
  anchor,
  headers,
  onSupply,
}: {
  anchor: AnchorEntry;
  /** The block headers supplied to this verification. */
  headers: BlockHeaderSummary[];
  onSupply?: (docs: InputDocument[]) => void;
}) {
  const confirmations = (anchor.attestations ?? []).flatMap((a) =>
    explorerConfirmations(a, headers),
  );
  const failed = anchor.steps.some((s) => s.status === 'fail');
  const eventMissing =
    anchor.kind === 'nostr' &&
    anchor.eventId !== undefined &&
    anchor.steps.some((s) => s.status === 'unavailable');
  const headerMissing = anchor.attestations?.find(
    (a) => a.type === 'bitcoin' && a.status === 'unavailable',
  );
  return (
    <div
      className={`rounded-lg border p-3 ${failed ? 'border-red-500' : 'border-slate-200 dark:border-slate-700'}`}
      data-testid="anchor"
      data-kind={anchor.kind}
      data-failed={failed}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{ANCHOR_VIEWS[anchor.kind].title}</h3>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          from <Untrusted value={anchor.source} />
        </span>
      </div>
      <p className="text-sm">
        Binds:{' '}
        <strong>
          <Untrusted value={anchor.binds} sentence />
        </strong>
        {!anchor.bindsRecord && (
          <span className="text-xs">
            {' '}
            (not shown to commit to this record: its results do not count for it)
          </span>
        )}
      </p>
      {anchor.witnessTime && (
        <p className="text-sm" data-testid="witness-time">
          {witnessTimeLabel(anchor.kind)}:{' '}
          <strong>
            <Untrusted value={anchor.witnessTime} />
          </strong>
        </p>
      )}
      {anchor.eventId && (
        <p className="text-xs">
          event <Digest value={anchor.eventId} short /> · pubkey{' '}
          {anchor.pubkey && <Digest value={anchor.pubkey} short />}
        </p>
      )}
      {anchor.startDigest && (
        <p className="text-xs">
          start digest ({anchor.fileHashOp}) <Digest value={anchor.startDigest} short />
        </p>
      )}
      <ol className="mt-2 space-y-1">
        {anchor.steps.map((step, i) => (
          <li
            key={i}
            className="flex items-start gap-2 text-sm"
            data-testid="anchor-step"
            data-status={step.status}
          >
            <Badge tone={statusTone(step.status)} />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-medium">
                <Untrusted value={step.label} sentence />
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                <Untrusted value={step.detail} sentence />
              </span>
            </span>
          </li>
        ))}
      </ol>
      {anchor.attestations && anchor.attestations.length > 0 && (
        <table className="mt-2 w-full text-left text-xs" data-testid="attestations">
          <thead>
            <tr>
              <th className="pr-2">Attestation</th>
              <th className="pr-2">Status</th>
              <th>Value reached</th>
            </tr>
          </thead>
          <tbody>
            {anchor.attestations.map((a, i) => (
              <tr key={i} className="align-top" data-type={a.type} data-status={a.status}>
                <td className="pr-2">
                  <Untrusted value={a.description} sentence />
                </td>
                <td className="pr-2">
                  <Badge tone={statusTone(a.status)} />
                </td>
                <td className="font-mono [overflow-wrap:anywhere]">
                  {a.value !== undefined ? <Untrusted value={a.value} /> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirmations.length > 0 && (
        <ul className="mt-2 space-y-1">
          {confirmations.map((c) => (
            <li
              key={`${c.host} ${c.height} ${c.status}`}
              className="flex items-start gap-2 text-sm"
              data-testid="explorer-confirmation"
              data-status={c.status}
            >
              <Badge tone={statusTone(c.status)} />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <Untrusted value={c.text} sentence />
              </span>
            </li>
          ))}
        </ul>
      )}
      {onSupply && eventMissing && anchor.eventId && (
        <RelayLookup relays={anchor.relays ?? []} eventId={anchor.eventId} onSupply={onSupply} />
      )}
      {onSupply && headerMissing?.height !== undefined && (
        <HeaderLookup height={headerMissing.height} onSupply={onSupply} />
      )}
    </div>
  );
}

/** Opt-in: ask the anchor's relays for the event; whatever comes back is verified here again. */
function RelayLookup({
  relays,
  eventId,
  onSupply,
}: {
  relays: string[];
  eventId: string;
  onSupply: (docs: InputDocument[]) => void;
}) {
  const [state, setState] = useState<'idle' | 'asking' | 'done'>('idle');
  const [results, setResults] = useState<RelayResult[]>([]);
  // Each relay as the browser will reach it: its host as the URL parser reads it (what the
  // connection goes to), beside the URL as written with any hidden character shown.
  const named = relays.map((relay) => ({ relay, ...relayHost(relay) }));
  const usable = named.filter((r) => r.host !== undefined && r.problem === undefined);
  const refused = named.filter((r) => r.host === undefined || r.problem !== undefined);
  if (usable.length === 0)
    return (
      <p className="mt-2 text-xs">
        The anchor names no relays this page can ask; supply the event JSON instead.
        {refused.length > 0 && <RefusedRelays refused={refused} />}
      </p>
    );
  return (
    <div
      className="mt-3 rounded bg-slate-50 p-2 text-xs dark:bg-slate-800"
      data-testid="relay-lookup"
    >
      <p>
        The signed event was not supplied. You can ask the anchor’s relays for it. This opens
        connections to{' '}
        {usable.map((r, i) => (
          <span key={r.relay} data-testid="relay-host">
            {i > 0 && ', '}
            <strong>
              <Untrusted value={r.host} />
            </strong>{' '}
            (<Untrusted value={r.relay} />)
          </span>
        ))}
        , which then learn your IP address and the event id you asked for. Whatever they send is
        verified here; a missing event stays “unavailable”, never “forged”, and an event a relay
        forged is that relay’s misbehaviour.
      </p>
      {refused.length > 0 && <RefusedRelays refused={refused} />}
      <Button
        variant="solid"
        size="sm"
        className="mt-2"
        disabled={state === 'asking' || isFramed()}
        title={isFramed() ? FRAMED_NOTICE : undefined}
        onClick={async () => {
          setState('asking');
          const outcome = await fetchNostrEvent(
            usable.map((r) => r.relay),
            eventId,
            { timeoutMs: 8000 },
          );
          setResults(outcome.perRelay);
          setState('done');
          // Marked as the relays' answers: one that does not verify is reported as that
          // relay's misbehaviour (the event stays unavailable), never as the record's failure.
          const docs = relayAnswerDocuments(outcome, eventId);
          if (docs.length > 0) onSupply(docs);
        }}
      >
        {state === 'asking' ? 'Asking relays…' : 'Ask the relays for the event'}
      </Button>
      {results.length > 0 && (
        <ul className="mt-2 space-y-0.5" data-testid="relay-results">
          {results.map((r) => (
            <li key={r.relay} data-outcome={r.outcome}>
              <Untrusted value={r.relay} />: <strong>{r.outcome}</strong>{' '}
              <Untrusted value={r.detail} sentence />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A relay URL's host as the browser will connect to it, or why the page will not. */
function relayHost(relay: string): { host?: string; problem?: string } {
  try {
    const url = new URL(relay);
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
      return { host: url.host, problem: 'not a ws:// or wss:// URL' };
    const problem = lookupUrlProblem(url);
    return problem === undefined ? { host: url.host } : { host: url.host, problem };
  } catch {
    return { problem: 'not a URL' };
  }
}

function RefusedRelays({
  refused,
}: {
  refused: { relay: string; host?: string; problem?: string }[];
}) {
  return (
    <span className="mt-1 block" data-testid="relays-not-asked">
      Not asked:{' '}
      {refused.map((r, i) => (
        <span key={r.relay}>
          {i > 0 && '; '}
          <Untrusted value={r.relay} /> ({r.problem})
        </span>
      ))}
      .
    </span>
  );
}

/** Opt-in: fetch the attested block's header from a block explorer the user can choose. */
function HeaderLookup({
  height,
  onSupply,
}: {
  height: number;
  onSupply: (docs: InputDocument[]) => void;
}) {
  const [base, setBase] = useState(() => readSetting(EXPLORER_KEY, DEFAULT_EXPLORER));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  let host = '';
  let problem: string | undefined;
  try {
    const url = new URL(base);
    host = url.host;
    problem = lookupUrlProblem(url);
  } catch {
    host = '';
  }
  return (
    <div
      className="mt-3 rounded bg-slate-50 p-2 text-xs dark:bg-slate-800"
      data-testid="header-lookup"
    >
      <p>
        To confirm the Bitcoin attestation, the header of block {height} is needed. Paste it below,
        or fetch it from a block explorer: that contacts{' '}
        <strong>{host || '(invalid address)'}</strong>, which learns your IP address and the block
        you asked about. The header is hashed and its proof of work checked here; that it is block{' '}
        {height} rests on the explorer’s word, and is stated as such.
      </p>
      <label className="mt-1 block">
        Explorer API (Esplora)
        <TextInput
          mono
          value={base}
          onChange={(e) => {
            setBase(e.target.value);
            writeSetting(EXPLORER_KEY, e.target.value);
          }}
          className="ml-2 w-72"
        />
      </label>
      <Button
        variant="solid"
        size="sm"
        className="mt-2"
        disabled={busy || host === '' || problem !== undefined || isFramed()}
        title={isFramed() ? FRAMED_NOTICE : undefined}
        onClick={async () => {
          setBusy(true);
          setError(undefined);
          try {
            const header = await fetchBlockHeader(height, { baseUrl: base });
            rememberFetchedHeader(header);
            onSupply([{ name: `block ${height} header (${host})`, text: header.headerHex }]);
          } catch (e) {
            setError(
              e instanceof BlockHeaderFetchError
                ? e.message
                : `Could not fetch the header from ${host}: ${String(e)}`,
            );
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Fetching…' : `Fetch block ${height}’s header from ${host || '…'}`}
      </Button>
      {problem !== undefined && host !== '' && (
        <p className="mt-1 text-red-800 dark:text-red-300">
          This address is not contacted: {problem}.
        </p>
      )}
      {error && (
        <p role="alert" className="mt-1 text-red-800 dark:text-red-300">
          <Untrusted value={error} sentence />
        </p>
      )}
    </div>
  );
}

function PasteHeader({ onSupply }: { onSupply: (docs: InputDocument[]) => void }) {
  const [value, setValue] = useState('');
  const clean = value.trim().replace(/^0x/, '');
  const valid = /^[0-9a-fA-F]{160}$/.test(clean);
  return (
    <form
      className="flex flex-wrap items-center gap-2 text-xs"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSupply([{ name: 'pasted block header', text: clean }]);
      }}
    >
      <label className="flex-1">
        <span className="sr-only">Block header (160 hex digits)</span>
        <TextInput
          mono
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Paste an 80-byte block header (160 hex digits) to check a Bitcoin attestation"
          className="w-full"
        />
      </label>
      {clean !== '' && !valid && (
        <span role="alert" className="w-full text-red-800 dark:text-red-300">
          A block header is exactly 160 hex digits (80 bytes); this is {clean.length} characters
          {/[^0-9a-fA-F]/.test(clean) ? ' and not all hex' : ''}.
        </span>
      )}
      <Button type="submit" size="sm" disabled={!valid}>
        Check with this header
      </Button>
    </form>
  );
}
