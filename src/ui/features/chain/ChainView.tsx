import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { ChainDetails, ChainEntrySummary } from '../../../core';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { Digest } from '../../components/Digest';
import { statusTone } from '../../selectors/verdict';
import { ProvenanceBadge } from '../report/ReceiptPanel';
import { Untrusted, untrustedText } from '../../components/Untrusted';
import { entryLabel, linkBreakText, withEntryNumbers } from './entry-numbers';

/** A job timeline as linked blocks: each arrow is a recomputed link, the first broken one in red. */
export function ChainView({ details }: { details: ChainDetails }) {
  return (
    <div className="space-y-4" data-testid="chain-view">
      <FinalDigest details={details} />
      <Card
        title={`Entries (${details.entryCount})${details.jobId ? ` · job ${untrustedText(details.jobId)}` : ''}`}
      >
        {details.entries.length > 0 ? (
          <EntryBlocks details={details} />
        ) : (
          <p className="text-sm">No entries.</p>
        )}
      </Card>
      {details.historical06 && (
        <Card title="Historical (-06) construction">
          <p className="text-sm">
            Shown for reference only; never part of the verdict. Under the -06 rule (digest =
            SHA-256 of the decoded bytes alone) the links{' '}
            {details.historical06.linksHold
              ? 'hold'
              : `break at the link into ${
                  details.historical06.firstBrokenLink !== undefined
                    ? entryLabel(details.historical06.firstBrokenLink)
                    : 'an entry'
                }`}
            , and the last entry {details.historical06.closes ? 'carries' : 'does not carry'} the{' '}
            <code>close: true</code> -06 required: this chain{' '}
            {details.historical06.verifiedUnder06 ? 'would have' : 'would not have'} verified under
            -06.
          </p>
        </Card>
      )}
    </div>
  );
}

function FinalDigest({ details }: { details: ChainDetails }) {
  const commitment = details.commitment;
  const tone = statusTone(commitment ? (commitment.binds ? 'pass' : 'fail') : 'not_checked');
  return (
    <Card title="Final entry digest">
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            What an outside commitment or anchor must bind. Recomputed here from the entries, never
            taken from storage.
          </p>
          <div className="mt-1 text-base" data-testid="final-entry-digest">
            {details.finalEntryDigest ? (
              <Digest value={details.finalEntryDigest} />
            ) : (
              '— (the last entry could not be digested)'
            )}
          </div>
        </div>
        <div data-testid="commitment-result" data-binds={commitment?.binds}>
          <div className="flex items-center gap-2 text-sm font-semibold">
            Commitment{' '}
            <Badge tone={tone}>
              {commitment
                ? commitment.binds
                  ? 'binds this timeline'
                  : 'does not bind'
                : 'none supplied'}
            </Badge>
          </div>
          {commitment ? (
            <dl className="mt-1 grid grid-cols-[9rem_1fr] gap-x-2 text-xs">
              <dt>job_id</dt>
              <dd>
                <Untrusted value={commitment.jobId} /> {mark(commitment.jobIdMatches)}
              </dd>
              <dt>entry_count</dt>
              <dd>
                {commitment.entryCount} {mark(commitment.entryCountMatches)} (timeline:{' '}
                {details.entryCount})
              </dd>
              <dt>final_entry_digest</dt>
              <dd className="break-all">
                <Untrusted value={commitment.finalEntryDigest} />{' '}
                {mark(commitment.finalEntryDigestMatches)}
              </dd>
              <dt>published_at</dt>
              <dd>
                <Untrusted value={commitment.publishedAt} />
              </dd>
            </dl>
          ) : (
            <p className="mt-1 text-xs">
              Without a commitment, a truncated prefix of this chain would verify too. Supply the
              commitment (job_id, final_entry_digest, entry_count, published_at) to rule that out.
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}

function mark(ok: boolean | undefined): string {
  return ok === undefined ? '(not judged)' : ok ? '✓' : '✗ mismatch';
}

/**
 * Up to this many entries are laid out with the page, so a phone scrolls one page, not a box in
 * it; a longer timeline is virtualised in a box of its own, opened at its first broken link.
 */
const IN_FLOW_MAX_ENTRIES = 200;

function EntryBlocks({ details }: { details: ChainDetails }) {
  if (details.entries.length <= IN_FLOW_MAX_ENTRIES)
    return (
      <div data-testid="chain-entries">
        {details.entries.map((entry, i) => (
          <EntryWithLink key={entry.index} details={details} position={i} />
        ))}
      </div>
    );
  return <VirtualEntryBlocks details={details} />;
}

function VirtualEntryBlocks({ details }: { details: ChainDetails }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design
  const virtualizer = useVirtualizer({
    count: details.entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (details.entries[i]?.linkOk === false ? 150 : 104),
    overscan: 6,
  });
  // The broken link is what the reader came for: the box opens on the entry before it.
  const firstBroken = details.firstBrokenLink;
  useEffect(() => {
    if (firstBroken !== undefined && firstBroken > 0)
      virtualizer.scrollToIndex(firstBroken - 1, { align: 'start' });
  }, [firstBroken, virtualizer]);
  return (
    <div
      ref={scrollRef}
      className="max-h-[70dvh] overflow-auto lg:max-h-[36rem]"
      data-testid="chain-entries"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.index}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute left-0 w-full"
            style={{ top: item.start }}
          >
            <EntryWithLink details={details} position={item.index} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** One entry with the link into it. */
function EntryWithLink({ details, position }: { details: ChainDetails; position: number }) {
  const entry = details.entries[position] as ChainEntrySummary;
  return (
    <>
      <Link
        entry={entry}
        previousDigest={details.entries[position - 1]?.recomputedDigest}
        first={details.firstBrokenLink === entry.index}
      />
      <EntryBlock
        entry={entry}
        // The next entry's link does not match this entry's recomputed digest: this entry's
        // content changed since the next one committed to it (or that link did).
        changedBeforeNext={
          details.entries[position + 1]?.linkOk === false && entry.recomputedDigest !== undefined
        }
      />
    </>
  );
}

/** The arrow into an entry: its prev_digest against the recomputed digest before it. */
function Link({
  entry,
  previousDigest,
  first,
}: {
  entry: ChainEntrySummary;
  previousDigest: string | undefined;
  first: boolean;
}) {
  const broken = entry.linkOk === false;
  return (
    <div
      className={`ml-6 border-l-2 py-1 pl-3 text-xs ${broken ? 'border-red-500 text-red-800 dark:text-red-300' : entry.linkOk ? 'border-teal-600' : 'border-slate-300'}`}
      data-testid="chain-link"
      data-ok={entry.linkOk}
      data-first-broken={first}
    >
      {entry.index === 0
        ? 'genesis: prev_digest must be 64 zeros'
        : 'prev_digest = digest of the entry above'}{' '}
      {entry.linkOk === undefined ? '(not judged)' : entry.linkOk ? '✓' : '✗ broken'}
      {broken && entry.index > 0 && (
        <p className="mt-1 font-semibold" data-testid="chain-break-explained">
          {linkBreakText(entry.index)}.
        </p>
      )}
      {broken && (
        <dl className="mt-1 grid grid-cols-[7rem_1fr] gap-x-2">
          <dt>stored</dt>
          <dd className="break-all font-mono">
            {entry.storedPrevDigest !== undefined ? (
              <Untrusted value={entry.storedPrevDigest} />
            ) : (
              '—'
            )}
          </dd>
          <dt>{entry.index === 0 ? 'expected' : 'recomputed'}</dt>
          <dd className="break-all font-mono">
            {entry.index === 0
              ? '0'.repeat(64)
              : (previousDigest ?? '(entry above not computable)')}
          </dd>
        </dl>
      )}
    </div>
  );
}

function EntryBlock({
  entry,
  changedBeforeNext,
}: {
  entry: ChainEntrySummary;
  changedBeforeNext: boolean;
}) {
  const failed = (entry.issues?.length ?? 0) > 0 || changedBeforeNext;
  return (
    <div
      data-testid="chain-entry"
      data-number={entry.index + 1}
      data-failed={failed}
      data-changed={changedBeforeNext}
      className={`rounded-lg border p-2 text-sm ${failed ? 'border-red-500 bg-red-50/60 dark:bg-red-950/40' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold">{entryLabel(entry.index)}</span>
        <span
          className="text-xs text-slate-600 dark:text-slate-400"
          title="The index a JSON pointer and the reference messages use (counted from 0)"
          data-testid="chain-entry-index"
        >
          index {entry.index}
        </span>
        <span>
          seq <code>{entry.seq ?? '?'}</code>
        </span>
        <code className="text-xs">
          <Untrusted value={entry.id} />
        </code>
        <code>{entry.tool !== undefined ? <Untrusted value={entry.tool} /> : '(no tool)'}</code>
        {/* A claim inside changed content is not shown as trustworthy. */}
        <span className={changedBeforeNext ? 'line-through decoration-red-600 grayscale' : ''}>
          <ProvenanceBadge label={entry.provenanceClass} />
        </span>
        {entry.close && (
          <span className="rounded bg-slate-200 px-1 text-xs dark:bg-slate-700">close</span>
        )}
      </div>
      <div className="mt-1 text-xs">
        digest{' '}
        {entry.recomputedDigest ? (
          <Digest value={entry.recomputedDigest} short />
        ) : (
          '— (not computable)'
        )}
      </div>
      {changedBeforeNext && (
        <p className="mt-1 text-xs font-semibold text-red-800 dark:text-red-300">
          ✗ This entry’s content no longer matches what {entryLabel(entry.index + 1)} committed to:
          it was changed (its claims above, the provenance class included, cannot be trusted), or{' '}
          {entryLabel(entry.index + 1)}’s link (its prev_digest) was.
        </p>
      )}
      {entry.issues && (
        <ul className="mt-1 list-disc pl-5 text-xs text-red-800 dark:text-red-300">
          {entry.issues.map((m) => (
            <li key={m}>
              <Untrusted value={withEntryNumbers(m)} sentence />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
