import { useId, useMemo, useState } from 'react';
import { TEXT_VIEW_MAX_CHARS, type ReceiptDetails } from '../../../core';
import { Card } from '../../components/Card';
import { Digest } from '../../components/Digest';
import { provenanceBadge } from '../../selectors/provenance';
import { formatBytes, hexDump, prettyJson } from './format';
import { Untrusted, untrustedText } from '../../components/Untrusted';

export function ProvenanceBadge({ label }: { label: string | undefined }) {
  const badge = provenanceBadge(label);
  return (
    <span
      data-testid="provenance-badge"
      data-kind={badge.kind}
      className={`inline-flex flex-wrap items-center gap-1.5 rounded-md px-2 py-1 text-sm ring-1 ring-inset ${badge.className}`}
      title={untrustedText(badge.claim)}
    >
      <span aria-hidden="true">{badge.icon}</span>
      <code className="font-semibold">
        <Untrusted value={badge.label} />
      </code>
      <span className="text-xs">({badge.short})</span>
    </span>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </>
  );
}

export function ReceiptPanel({ details }: { details: ReceiptDetails }) {
  const matches =
    details.outputHash !== undefined && details.outputHash === details.computedOutputHash;
  return (
    <Card title="Receipt">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <Row label="Provenance">
          <ProvenanceBadge label={details.provenanceClass} />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            The class is what the record claims. No hash, chain or anchor can upgrade a report into
            an observation.
          </p>
        </Row>
        {details.wrapper !== undefined && (
          <Row label="Taken from">
            <span data-testid="receipt-wrapper">{details.wrapper}</span>
          </Row>
        )}
        <Row label="id">{details.id !== undefined ? <Digest value={details.id} /> : '—'}</Row>
        <Row label="Created at">
          {details.createdAt !== undefined ? <Untrusted value={details.createdAt} /> : '—'}
        </Row>
        <Row label="Tool">
          {details.tool ? (
            <>
              <code>
                <Untrusted value={details.tool.name ?? '?'} />
              </code>{' '}
              v
              <code>
                <Untrusted value={details.tool.version ?? '?'} />
              </code>
              , scope{' '}
              <code>
                <Untrusted value={details.tool.scope ?? '?'} />
              </code>
            </>
          ) : (
            '—'
          )}
        </Row>
        <Row label="Schema version">
          {details.receiptSchemaVersion !== undefined ? (
            <Untrusted value={details.receiptSchemaVersion} />
          ) : (
            '—'
          )}
        </Row>
        <Row label="output_hash (carried)">
          {details.outputHash !== undefined ? <Digest value={details.outputHash} /> : '—'}
        </Row>
        <Row label="sha256 (recomputed)">
          {details.computedOutputHash !== undefined ? (
            <span className="flex flex-wrap items-center gap-2">
              <Digest value={details.computedOutputHash} />
              <span
                className={
                  matches
                    ? 'text-emerald-700 dark:text-emerald-300'
                    : 'text-red-700 dark:text-red-300'
                }
              >
                {matches ? '= carried digest' : '≠ carried digest'}
              </span>
            </span>
          ) : (
            'not computed (no valid canonical_bytes)'
          )}
        </Row>
      </dl>
      {details.publisherChecks !== undefined && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer">
            Claimed by the publisher (its own "checks", not our result)
          </summary>
          <pre className="mt-2 overflow-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
            {untrustedText(JSON.stringify(details.publisherChecks, null, 2))}
          </pre>
        </details>
      )}
    </Card>
  );
}

type BytesTab = 'json' | 'text' | 'hex';

export function DecodedBytes({ details }: { details: ReceiptDetails }) {
  const bytes = details.canonicalBytes;
  const text = details.canonicalText;
  // Big payloads are shown in part: laying out megabytes of text would stall the page.
  const large = text !== undefined && text.length > TEXT_VIEW_MAX_CHARS;
  const pretty = useMemo(
    () => (text !== undefined && !large ? prettyJson(text) : undefined),
    [text, large],
  );
  const [tab, setTab] = useState<BytesTab>(
    pretty !== undefined ? 'json' : details.canonicalText !== undefined ? 'text' : 'hex',
  );
  const tabIds = useId();
  if (!bytes) return null;
  const tabs = (
    [
      { id: 'json', label: 'JSON', available: pretty !== undefined },
      { id: 'text', label: 'Text', available: details.canonicalText !== undefined },
      { id: 'hex', label: 'Hex', available: true },
    ] as { id: BytesTab; label: string; available: boolean }[]
  ).filter((t) => t.available);
  // Tabs pattern: one tab in the tab order, arrow keys (and Home/End) move and select.
  const onTabKey = (event: React.KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((t) => t.id === tab);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : undefined;
    const next = to !== undefined ? tabs[to] : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next.id);
    document.getElementById(`${tabIds}-tab-${next.id}`)?.focus();
  };
  const body =
    tab === 'json'
      ? pretty
      : tab === 'text'
        ? large
          ? `${text.slice(0, TEXT_VIEW_MAX_CHARS)}\n… ${text.length - TEXT_VIEW_MAX_CHARS} more characters not shown (the digest covers them all)`
          : text
        : hexDump(bytes);
  return (
    <Card
      laidOutWhenNear
      title={`Decoded canonical bytes · ${formatBytes(bytes.length)}`}
      actions={
        <div role="tablist" aria-label="Byte view" className="flex gap-1 print:hidden">
          {tabs.map((t) => (
            <button
              key={t.id}
              id={`${tabIds}-tab-${t.id}`}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              aria-controls={`${tabIds}-panel`}
              tabIndex={tab === t.id ? 0 : -1}
              onKeyDown={onTabKey}
              className={`rounded px-2 py-0.5 text-xs ring-1 ring-slate-300 dark:ring-slate-600 ${tab === t.id ? 'bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900' : ''}`}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
      }
    >
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        These are the exact bytes the digest commits to. The JSON view is re-indented for reading;
        the digest is over the bytes as carried.
      </p>
      <pre
        id={`${tabIds}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabIds}-tab-${tab}`}
        tabIndex={0}
        data-testid="decoded-bytes"
        className="max-h-96 overflow-auto rounded bg-slate-100 p-3 text-xs whitespace-pre-wrap dark:bg-slate-800 print:max-h-none print:overflow-visible"
      >
        {/* The bytes' text as it reads: a bidi control in it would reorder what is shown. */}
        {tab === 'hex' ? body : untrustedText(body)}
      </pre>
    </Card>
  );
}
