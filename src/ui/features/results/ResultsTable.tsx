import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { Verdict } from '../../../core';
import { Badge } from '../../components/Badge';
import { Select } from '../../components/Select';
import { TextInput } from '../../components/TextInput';
import {
  countVerdicts,
  filterRows,
  sortRows,
  type ResultRow,
  type SortKey,
} from '../../selectors/results';
import { verdictTone } from '../../selectors/verdict';
import { Untrusted, visibleText } from '../../components/Untrusted';

const COLUMNS: { key: SortKey; label: string; className: string }[] = [
  { key: 'index', label: '#', className: 'w-14' },
  { key: 'verdict', label: 'Verdict', className: 'w-28' },
  { key: 'kind', label: 'Kind', className: 'w-32 hidden md:block' },
  { key: 'id', label: 'Id', className: 'w-56 hidden sm:block' },
  { key: 'tool', label: 'Tool', className: 'w-32 hidden lg:block' },
  { key: 'provenance', label: 'Provenance', className: 'w-40 hidden xl:block' },
];

/**
 * One row per document; virtualised so 100,000 rows scroll smoothly. It takes compact rows
 * (verdict, kind, name, first failing reason): a large batch's come from the Worker as they are,
 * its members' reports are asked for when a row is opened.
 */
export function ResultsTable({
  rows: allRows,
  selected,
  onSelect,
}: {
  rows: ResultRow[];
  selected: number | undefined;
  onSelect: (index: number) => void;
}) {
  const [sortKey, setSortKey] = useState<SortKey>('verdict');
  const [descending, setDescending] = useState(false);
  const [query, setQuery] = useState('');
  const [verdict, setVerdict] = useState<Verdict | 'all'>('all');
  const rows = useMemo(
    () => sortRows(filterRows(allRows, query, verdict), sortKey, descending),
    [allRows, query, verdict, sortKey, descending],
  );
  const counts = useMemo(() => countVerdicts(allRows), [allRows]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 44,
    overscan: 12,
  });

  /** Focuses a row by its position, scrolling it into the rendered window first. */
  const focusRow = (position: number) => {
    if (position < 0 || position >= rows.length) return;
    virtualizer.scrollToIndex(position, { align: 'auto' });
    const focus = (tries: number) => {
      const element = scrollRef.current?.querySelector<HTMLElement>(
        `[role="row"][data-index="${position}"]`,
      );
      if (element) element.focus();
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    focus(5);
  };

  const sortBy = (key: SortKey) => {
    if (key === sortKey) setDescending((d) => !d);
    else {
      setSortKey(key);
      setDescending(false);
    }
  };

  return (
    <div data-testid="results-table">
      <div className="mb-2 flex flex-wrap items-center gap-3 text-sm">
        <span data-testid="results-counts">
          {allRows.length} documents: <strong>{counts.failed} failed</strong>, {counts.incomplete}{' '}
          incomplete, {counts.verified} verified
        </span>
        <TextInput
          type="search"
          placeholder="Filter by id, tool, provenance, reason…"
          aria-label="Filter results"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="min-w-48 flex-1"
        />
        <Select
          aria-label="Show verdict"
          value={verdict}
          onChange={(e) => setVerdict(e.target.value as Verdict | 'all')}
        >
          <option value="all">All verdicts</option>
          <option value="failed">Failed</option>
          <option value="incomplete">Incomplete</option>
          <option value="verified">Verified</option>
        </Select>
      </div>
      <div
        role="table"
        aria-label="Results"
        aria-rowcount={rows.length}
        className="rounded-lg border border-slate-200 text-sm dark:border-slate-800"
      >
        <div
          role="row"
          className="flex gap-2 border-b border-slate-200 bg-slate-50 px-2 py-1.5 font-medium dark:border-slate-800 dark:bg-slate-900"
        >
          {COLUMNS.map((column) => (
            <div
              role="columnheader"
              key={column.key}
              className={`${column.className} shrink-0`}
              aria-sort={
                sortKey === column.key ? (descending ? 'descending' : 'ascending') : 'none'
              }
            >
              <button type="button" onClick={() => sortBy(column.key)} className="hover:underline">
                {column.label}
                {sortKey === column.key ? (descending ? ' ▾' : ' ▴') : ''}
              </button>
            </div>
          ))}
          <div role="columnheader" className="min-w-0 flex-1">
            Reason
          </div>
        </div>
        <div ref={scrollRef} className="max-h-[28rem] overflow-auto">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  role="row"
                  key={row.index}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  data-testid="result-row"
                  data-verdict={row.verdict}
                  aria-selected={selected === row.index}
                  tabIndex={0}
                  onClick={() => onSelect(row.index)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onSelect(row.index);
                    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                      // Arrow keys move between rows (grid pattern).
                      e.preventDefault();
                      focusRow(item.index + (e.key === 'ArrowDown' ? 1 : -1));
                    } else if (e.key === 'Home' || e.key === 'End') {
                      e.preventDefault();
                      focusRow(e.key === 'Home' ? 0 : rows.length - 1);
                    }
                  }}
                  className={`absolute left-0 flex min-h-11 w-full cursor-pointer items-center gap-2 border-b border-slate-100 px-2 py-1 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-inset ${selected === row.index ? 'bg-teal-50 dark:bg-teal-950' : ''}`}
                  style={{ top: item.start }}
                >
                  <div role="cell" className="w-14 shrink-0 tabular-nums">
                    {row.index + 1}
                  </div>
                  <div role="cell" className="w-28 shrink-0">
                    <Badge tone={verdictTone(row.verdict)} />
                  </div>
                  <div role="cell" className="hidden w-32 shrink-0 truncate md:block">
                    {row.kind}
                  </div>
                  <div
                    role="cell"
                    className="hidden w-56 shrink-0 truncate font-mono text-xs sm:block"
                    title={visibleText(row.id)}
                  >
                    <Untrusted value={row.id} />
                  </div>
                  <div role="cell" className="hidden w-32 shrink-0 truncate lg:block">
                    <Untrusted value={row.tool} />
                  </div>
                  <div role="cell" className="hidden w-40 shrink-0 truncate text-xs xl:block">
                    <Untrusted value={row.provenance} />
                  </div>
                  <div role="cell" className="min-w-0 flex-1 text-xs break-words">
                    {row.reason}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
