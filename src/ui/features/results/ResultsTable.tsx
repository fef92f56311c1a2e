import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Verdict } from '../../../core';
import { Badge } from '../../components/Badge';
import { Select } from '../../components/Select';
import { TextInput } from '../../components/TextInput';
import {
  countVerdicts,
  filterRows,
  sortRows,
  sourceFile,
  type ResultRow,
  type SortKey,
} from '../../../worker/result-rows';
import { verdictTone } from '../../selectors/verdict';
import { Untrusted, untrustedText } from '../../components/Untrusted';
import { KIND_LABELS, withThousands } from '../../../core';
import { withEntryNumbers } from '../chain/entry-numbers';
import { gridMove, type GridPlace } from './grid-keys';

interface Column {
  key: SortKey | 'reason';
  label: string;
  /**
   * Width and the table width it shows from (a container query: beside the input on a desktop
   * the table is narrower than the window), for the header and the cells alike.
   */
  className: string;
  /** The cells' own look. */
  cellClassName?: string;
  cell: (row: ResultRow) => ReactNode;
  title?: (row: ResultRow) => string;
}

const COLUMNS: Column[] = [
  {
    key: 'index',
    label: '#',
    className: 'w-14 shrink-0',
    cellClassName: 'tabular-nums',
    cell: (row) => row.index + 1,
  },
  {
    key: 'verdict',
    label: 'Verdict',
    className: 'w-28 shrink-0',
    cell: (row) => <Badge tone={verdictTone(row.verdict)} />,
  },
  {
    // Which file the row is (and its line, for a batch member): at every width, and whole. A
    // long name wraps (anywhere, file names have few spaces) rather than being cut to "…", so
    // the end that tells two files apart, and the line, stay on screen and in the cell's text.
    key: 'source',
    label: 'Source',
    className: 'w-36 shrink-0 @2xl:w-44',
    cellClassName: 'text-xs wrap-anywhere',
    cell: (row) => (
      <span data-testid="row-source">
        {row.line === undefined ? (
          <Untrusted value={row.source} />
        ) : (
          <>
            <Untrusted value={sourceFile(row.name)} />{' '}
            <span className="whitespace-nowrap">· line {row.line}</span>
          </>
        )}
      </span>
    ),
    title: (row) => untrustedText(row.name),
  },
  {
    key: 'kind',
    label: 'Kind',
    className: 'w-32 shrink-0 hidden @4xl:block',
    cellClassName: 'truncate',
    cell: (row) => row.kind,
  },
  {
    key: 'id',
    label: 'Id',
    className: 'w-56 shrink-0 hidden @2xl:block',
    cellClassName: 'truncate font-mono text-xs',
    cell: (row) => <Untrusted value={row.id} />,
    title: (row) => untrustedText(row.id),
  },
  {
    key: 'tool',
    label: 'Tool',
    className: 'w-32 shrink-0 hidden @5xl:block',
    cellClassName: 'truncate',
    cell: (row) => <Untrusted value={row.tool} />,
  },
  {
    key: 'provenance',
    label: 'Provenance',
    className: 'w-40 shrink-0 hidden @6xl:block',
    cellClassName: 'truncate text-xs',
    cell: (row) => <Untrusted value={row.provenance} />,
  },
  {
    key: 'reason',
    label: 'Reason',
    // In a narrow table (a phone) the reason takes a line of its own under the row's facts.
    className: 'min-w-0 flex-1 basis-full @md:basis-0',
    cellClassName: 'text-xs break-words',
    // A timeline's reasons count entries from 0; its chain view from 1: say both.
    cell: (row) =>
      row.reason === '' ? (
        '—'
      ) : (
        <Untrusted
          value={row.kind === KIND_LABELS.timeline ? withEntryNumbers(row.reason) : row.reason}
          sentence
        />
      ),
  },
];

/** Rows PageUp/PageDown move by when the list has not been laid out yet. */
const PAGE_ROWS = 10;
const ROW_PX = 44;

/**
 * One row per document, as an ARIA data grid (WAI-ARIA Authoring Practices, "Data Grid"): one
 * tab stop (a roving tabindex), arrow keys move between cells and rows (the header row
 * included), Home/End to the row's first/last cell, Ctrl+Home/End to the first/last row,
 * PageUp/PageDown by a screenful; Enter or Space on a row opens its details (the results view
 * brings them into view and moves focus there). Virtualised, so 100,000 rows scroll smoothly;
 * aria-rowcount and aria-rowindex say where each rendered row is. It takes compact rows
 * (verdict, kind, name, first failing reason): a large batch's come from the Worker as they are,
 * and a member's report is asked for when its row is opened.
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
  const gridRef = useRef<HTMLDivElement>(null);
  // The grid's one tab stop: row -1 is the header row, columns index COLUMNS.
  const [active, setActive] = useState<GridPlace>({ row: 0, col: 0 });
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const activeRow = Math.min(active.row, rows.length - 1);
  // The tab stop must be a rendered cell: when the active row has scrolled out of the rendered
  // window, the first rendered row holds it (in the same column).
  const rendered = (row: number) => row === -1 || items.some((item) => item.index === row);
  const tabStop: GridPlace = rendered(activeRow)
    ? { row: activeRow, col: active.col }
    : { row: items[0]?.index ?? -1, col: active.col };

  const cellElement = (place: GridPlace): HTMLElement | null | undefined =>
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${place.row}:${place.col}"]`);

  /** Moves the tab stop to a cell and focuses it, scrolling its row into the rendered window. */
  const focusCell = (place: GridPlace) => {
    setActive(place);
    if (place.row >= 0) virtualizer.scrollToIndex(place.row, { align: 'auto' });
    const focus = (tries: number) => {
      const element = cellElement(place);
      if (element) element.focus();
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    focus(8);
  };

  /** Columns shown at this width (narrow screens hide some; the keys skip them). */
  const shownColumns = (): number[] => {
    const row = gridRef.current?.querySelector('[data-header-row]');
    return COLUMNS.map((_, col) => col).filter((col) => {
      const cell = row?.querySelector<HTMLElement>(`[data-col="${col}"]`);
      return !cell || cell.getClientRects().length > 0;
    });
  };

  const pageRows = (): number => {
    const height = scrollRef.current?.clientHeight ?? 0;
    return height > 0 ? Math.max(1, Math.floor(height / ROW_PX) - 1) : PAGE_ROWS;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, place: GridPlace) => {
    if (event.altKey || event.metaKey) return;
    if ((event.key === 'Enter' || event.key === ' ') && place.row >= 0) {
      event.preventDefault();
      const row = rows[place.row];
      if (row) onSelect(row.index);
      return;
    }
    const next = gridMove(place, event.key, event.ctrlKey, {
      rows: rows.length,
      columns: shownColumns(),
      page: pageRows(),
    });
    if (!next) return;
    event.preventDefault();
    focusCell(next);
  };

  const sortBy = (key: SortKey) => {
    if (key === sortKey) setDescending((d) => !d);
    else {
      setSortKey(key);
      setDescending(false);
    }
  };

  const isTabStop = (place: GridPlace) => place.row === tabStop.row && place.col === tabStop.col;
  const focusClasses =
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-inset';

  return (
    <div data-testid="results-table" className="@container">
      <div className="mb-2 flex flex-wrap items-center gap-3 text-sm">
        <span data-testid="results-counts">
          {withThousands(allRows.length)} documents:{' '}
          <strong>{withThousands(counts.failed)} failed</strong>, {withThousands(counts.incomplete)}{' '}
          incomplete, {withThousands(counts.verified)} verified
        </span>
        <TextInput
          type="search"
          placeholder="Filter by source, id, tool, provenance, reason…"
          aria-label="Filter results"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="min-w-48 flex-1 print:hidden"
        />
        <Select
          aria-label="Show verdict"
          className="print:hidden"
          value={verdict}
          onChange={(e) => setVerdict(e.target.value as Verdict | 'all')}
        >
          <option value="all">All verdicts</option>
          <option value="failed">Failed</option>
          <option value="incomplete">Incomplete</option>
          <option value="verified">Verified</option>
        </Select>
      </div>
      <p id="results-grid-keys" className="sr-only">
        Arrow keys move between cells and rows; Enter opens the row’s details.
      </p>
      <div
        ref={gridRef}
        role="grid"
        aria-label="Results"
        aria-describedby="results-grid-keys"
        aria-rowcount={rows.length + 1}
        aria-colcount={COLUMNS.length}
        data-testid="results-grid"
        className="rounded-lg border border-slate-200 text-sm dark:border-slate-800"
      >
        <div role="rowgroup">
          <div
            role="row"
            aria-rowindex={1}
            data-header-row
            className="flex flex-wrap gap-x-2 gap-y-0.5 border-b border-slate-200 bg-slate-50 px-2 py-1.5 font-medium dark:border-slate-800 dark:bg-slate-900"
          >
            {COLUMNS.map((column, col) => {
              const place = { row: -1, col };
              const sortable = column.key !== 'reason';
              return (
                <div
                  role="columnheader"
                  key={column.key}
                  data-col={col}
                  aria-colindex={col + 1}
                  className={column.className}
                  aria-sort={
                    sortable && sortKey === column.key
                      ? descending
                        ? 'descending'
                        : 'ascending'
                      : undefined
                  }
                  // The Reason header has no button: the header cell itself takes focus.
                  {...(sortable
                    ? {}
                    : {
                        'data-cell': `-1:${col}`,
                        tabIndex: isTabStop(place) ? 0 : -1,
                        onKeyDown: (e: KeyboardEvent<HTMLElement>) => onKeyDown(e, place),
                        onFocus: () => setActive(place),
                      })}
                >
                  {sortable ? (
                    <button
                      type="button"
                      data-cell={`-1:${col}`}
                      tabIndex={isTabStop(place) ? 0 : -1}
                      onKeyDown={(e) => {
                        if (e.key !== 'Enter' && e.key !== ' ') onKeyDown(e, place);
                      }}
                      onFocus={() => setActive(place)}
                      onClick={() => sortBy(column.key as SortKey)}
                      className={`hover:underline ${focusClasses}`}
                    >
                      {column.label}
                      {sortKey === column.key ? (descending ? ' ▾' : ' ▴') : ''}
                    </button>
                  ) : (
                    column.label
                  )}
                </div>
              );
            })}
          </div>
        </div>
        <div ref={scrollRef} className="max-h-[28rem] overflow-auto">
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  role="row"
                  key={row.index}
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  ref={virtualizer.measureElement}
                  data-testid="result-row"
                  data-verdict={row.verdict}
                  aria-selected={selected === row.index}
                  onClick={() => onSelect(row.index)}
                  className={`absolute left-0 flex min-h-11 w-full cursor-pointer flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-slate-100 px-2 py-1 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800 ${selected === row.index ? 'bg-teal-50 dark:bg-teal-950' : ''}`}
                  style={{ top: item.start }}
                >
                  {COLUMNS.map((column, col) => {
                    const place = { row: item.index, col };
                    return (
                      <div
                        role="gridcell"
                        key={column.key}
                        data-cell={`${item.index}:${col}`}
                        aria-colindex={col + 1}
                        tabIndex={isTabStop(place) ? 0 : -1}
                        onKeyDown={(e) => onKeyDown(e, place)}
                        onFocus={() => setActive(place)}
                        title={column.title?.(row)}
                        className={`${column.className} ${column.cellClassName ?? ''} min-h-5 rounded-sm ${focusClasses}`}
                      >
                        {column.cell(row)}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {rows.length === 0 && allRows.length > 0 && (
        <p
          role="status"
          data-testid="results-no-match"
          className="mt-2 text-sm text-slate-700 dark:text-slate-300"
        >
          No row matches the filter: all {withThousands(allRows.length)} documents are hidden.
          Change or clear the filter to see them.
        </p>
      )}
    </div>
  );
}
