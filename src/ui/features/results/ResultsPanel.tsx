import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { placeIn } from '../../search';
import type { InputDocument } from '../../../core';
import type { UnplacedDocument } from '../../../core';
import {
  KIND_LABELS,
  verdictUnderProfile,
  withThousands,
  type Report,
  type SourceRange,
  type Verdict,
} from '../../../core';
import type { VerifiedGroup } from '../../../worker/protocol';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { scrollIntoViewWithin } from '../../components/scroll-within';
import { repeatedIds, type RepeatedId } from '../../../worker/repeated-ids';
import { toResultRow, type ResultRow } from '../../../worker/result-rows';
import { tableRecords } from '../../selectors/table-records';
import { STALE_CLASS, verdictTone } from '../../selectors/verdict';
import { ReportView } from '../report/ReportView';
import { Untrusted, untrustedText } from '../../components/Untrusted';
import { useAppliedSetting } from '../report/useAppliedSetting';
import { verification } from '../verify/verification';

/** The batch table (and its virtualiser) loads with the first batch, not with every verdict. */
const ResultsTable = lazy(() =>
  import('./ResultsTable').then((m) => ({ default: m.ResultsTable })),
);

export function combinedVerdict(reports: Report[]): Verdict {
  if (reports.some((r) => r.verdict === 'failed')) return 'failed';
  return reports.every((r) => r.verdict === 'verified') ? 'verified' : 'incomplete';
}

export interface ResultsPanelProps {
  results: VerifiedGroup[];
  unplaced: UnplacedDocument[];
  elapsedMs: number;
  onLocate?: (range: SourceRange) => void;
  toolbar: React.ReactNode;
  onSupply?: (docs: InputDocument[]) => void;
  /** The result was computed from other input than the editor holds now. */
  stale?: boolean;
}

export function ResultsPanel({
  results,
  unplaced,
  elapsedMs,
  onLocate,
  toolbar,
  onSupply,
  stale = false,
}: ResultsPanelProps) {
  // Each row has a permalink: `at=row-N` in the fragment opens that row's details.
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const [selected, setSelectedState] = useState<number | undefined>(() => placeIn(search, 'row'));
  const setSelected = (index: number | undefined) => {
    setSelectedState(index);
    void navigate({
      search: (prev) => ({ ...prev, at: index !== undefined ? `row-${index + 1}` : undefined }),
      replace: true,
      // The place changes, not the page: stay where the details were brought into view.
      resetScroll: false,
    });
  };
  const single = results.length === 1 ? results[0] : undefined;
  const batch = single?.report.kind === 'batch' ? single.report : undefined;
  // Several documents: one row a record, a batch among them opened into its members.
  const records = useMemo(() => (batch ? undefined : tableRecords(results)), [batch, results]);
  // A large batch comes as compact rows (details on demand); otherwise rows from the reports.
  const reports = useMemo(
    () => (batch ? (batch.children ?? []) : (records ?? []).map((r) => r.report)),
    [batch, records],
  );
  // What was supplied with the record whose details are open.
  const selectedGroup = results[records?.[selected ?? 0]?.group ?? 0];
  const compact = single?.rows;
  const rows = useMemo(() => compact ?? reports.map(toResultRow), [compact, reports]);
  const member = useMemberReport(single?.runId, compact ? undefined : reports, selected);
  const detail = member.report;
  const detailName = selected !== undefined ? rows[selected]?.name : undefined;
  // A row's details open in view, with focus on their heading: otherwise nothing seems to happen.
  const detailHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = detailHeading.current;
    if (selected === undefined || !heading) return;
    heading.focus({ preventScroll: true });
    scrollIntoViewWithin(heading, 'start');
  }, [selected]);
  // Closed, focus goes back to the row whose details they were (its first cell, or the cell the
  // grid's tab stop is on), not to the page; brought into view as the details were.
  const tableArea = useRef<HTMLDivElement>(null);
  const closeDetails = () => {
    const opened = tableArea.current
      ?.querySelector('[role="row"][aria-selected="true"]')
      ?.getAttribute('aria-rowindex');
    setSelected(undefined);
    requestAnimationFrame(() => {
      const row = tableArea.current?.querySelector(`[role="row"][aria-rowindex="${opened}"]`);
      const cell =
        row?.querySelector<HTMLElement>('[tabindex="0"]') ??
        row?.querySelector<HTMLElement>('[role="gridcell"]');
      if (!cell) return;
      cell.focus({ preventScroll: true });
      scrollIntoViewWithin(cell, 'nearest');
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-end gap-2 print:hidden">{toolbar}</div>
      {single && !batch ? (
        <>
          {single.suppliedNames.length > 0 && <SuppliedNote names={single.suppliedNames} />}
          <ReportView
            report={single.report}
            raw={single.raw}
            rawOmitted={single.rawOmitted}
            elapsedMs={elapsedMs}
            onLocate={onLocate}
            onSupply={onSupply}
            stale={stale}
          />
        </>
      ) : results.length > 0 ? (
        <>
          {batch ? (
            <ReportView report={batch} elapsedMs={elapsedMs} summaryOnly stale={stale} />
          ) : (
            <GroupsBanner
              reports={reports}
              records={records?.reduce((sum, record) => sum + record.records, 0) ?? reports.length}
              elapsedMs={elapsedMs}
              stale={stale}
            />
          )}
          <RepeatedIds rows={rows} indexed={single?.repeatedIds} />
          <Card title="Results">
            <div ref={tableArea}>
              <Suspense
                fallback={
                  <p className="text-sm text-slate-600 dark:text-slate-400">Loading the table…</p>
                }
              >
                <ResultsTable rows={rows} selected={selected} onSelect={setSelected} />
              </Suspense>
            </div>
          </Card>
          {selected !== undefined && !detail && (member.error !== undefined || member.loading) && (
            <p
              role={member.error !== undefined ? 'alert' : 'status'}
              data-testid="result-detail-pending"
              className="text-sm text-slate-600 dark:text-slate-400"
            >
              {member.error !== undefined ? (
                <Untrusted value={member.error} sentence />
              ) : (
                <>
                  Loading the details of{' '}
                  {detailName !== undefined ? <Untrusted value={detailName} /> : 'this record'}…
                </>
              )}
            </p>
          )}
          {detail && (
            <section
              aria-label={`Details of ${untrustedText(detail.source)}`}
              data-testid="result-detail"
              className="space-y-2"
              // Escape inside the details closes them, as "Close details" does (a menu inside
              // that takes its own Escape marks it handled).
              onKeyDown={(event) => {
                if (event.key !== 'Escape' || event.defaultPrevented) return;
                event.preventDefault();
                closeDetails();
              }}
            >
              <div className="flex items-center justify-between">
                <h2
                  ref={detailHeading}
                  tabIndex={-1}
                  className="scroll-mt-4 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 print:focus-visible:ring-0"
                >
                  #{(selected ?? 0) + 1} · <Untrusted value={detail.source} />
                </h2>
                <Button variant="link" className="print:hidden" onClick={closeDetails}>
                  Close details
                </Button>
              </div>
              {!batch && (selectedGroup?.suppliedNames.length ?? 0) > 0 && (
                <SuppliedNote names={selectedGroup?.suppliedNames ?? []} />
              )}
              <ReportView report={detail} onLocate={batch ? onLocate : undefined} />
            </section>
          )}
        </>
      ) : null}
      {unplaced.length > 0 && (
        <Card title="Could not place">
          <ul className="space-y-1 text-sm" data-testid="unplaced">
            {unplaced.map((doc, i) => (
              <li key={i}>
                <strong className="break-all">
                  <Untrusted value={doc.name} />
                </strong>{' '}
                ({KIND_LABELS[doc.kind]}): <Untrusted value={doc.reason} sentence />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function SuppliedNote({ names }: { names: string[] }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="supplied-with">
      Verified together with:{' '}
      {names.map((name, i) => (
        <span key={i}>
          {i > 0 && ', '}
          <Untrusted value={name} />
        </span>
      ))}
    </p>
  );
}

function GroupsBanner({
  reports,
  records,
  elapsedMs,
  stale,
}: {
  /** One a row. */
  reports: Report[];
  /** The records the rows stand for: more than the rows when a large batch is one row. */
  records: number;
  elapsedMs: number;
  stale: boolean;
}) {
  // Each record's verdict under the setting it was checked under, as its own banner says.
  const profile = useAppliedSetting().setting.profile;
  const verdict = combinedVerdict(
    reports.map((r) => ({ ...r, verdict: verdictUnderProfile(r, profile) })),
  );
  const tone = verdictTone(verdict);
  return (
    <section
      role="status"
      data-testid="verdict-banner"
      data-verdict={verdict}
      data-stale={stale}
      className={`rounded-xl p-4 ring-1 ring-inset ${tone.className} ${stale ? STALE_CLASS : ''}`}
    >
      <h2 className="text-2xl font-bold">
        <span aria-hidden="true">{tone.icon} </span>
        {withThousands(records)} records: {tone.headline}
      </h2>
      <p className="mt-1 text-sm">
        {records === reports.length
          ? 'Each record below has its own verdict'
          : 'Each row below has its own verdict, a large batch’s row that of all its records'}
        ; <Badge tone={tone} /> is the worst of them. Checked in your browser in{' '}
        {Math.round(elapsedMs)} ms.
      </p>
    </section>
  );
}

/**
 * Member `index`'s full report: from the reports at hand, else asked of the Worker (a large
 * batch's rows are compact).
 */
function useMemberReport(
  runId: number | undefined,
  reports: Report[] | undefined,
  index: number | undefined,
): { report?: Report; loading: boolean; error?: string } {
  const [fetched, setFetched] = useState<{
    key: string;
    report?: Report;
    error?: string;
  }>();
  const key = `${runId}:${index}`;
  const local = index !== undefined && reports ? reports[index] : undefined;
  useEffect(() => {
    if (index === undefined || reports || runId === undefined) return;
    let live = true;
    verification.detail(runId, index).then(
      (report) => live && setFetched({ key, report }),
      (error: unknown) =>
        live && setFetched({ key, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [key, index, reports, runId]);
  if (index === undefined) return { loading: false };
  if (reports) return { ...(local ? { report: local } : {}), loading: false };
  if (fetched?.key !== key) return { loading: true };
  return {
    ...(fetched.report ? { report: fetched.report } : {}),
    ...(fetched.error !== undefined ? { error: fetched.error } : {}),
    loading: false,
  };
}

/**
 * A batch in which two records carry one id says so: each copy verifies on its own. A large
 * batch's rows come with their repeated ids already indexed (`indexed`, by the client).
 */
function RepeatedIds({ rows, indexed }: { rows: ResultRow[]; indexed?: RepeatedId[] }) {
  const repeated = useMemo(() => indexed ?? repeatedIds(rows), [indexed, rows]);
  if (repeated.length === 0) return null;
  const shown = repeated.slice(0, 10);
  return (
    <div
      role="note"
      data-testid="repeated-ids"
      className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700"
    >
      <p>
        <strong>
          {repeated.length === 1
            ? 'One id is carried by more than one record.'
            : `${repeated.length} ids are carried by more than one record.`}
        </strong>{' '}
        Each copy is verified on its own; a repeated id may mean the same record was counted twice.
      </p>
      <ul className="mt-1 list-disc pl-5 text-xs">
        {shown.map(({ id, rows }) => (
          <li key={id}>
            <code className="break-all">
              <Untrusted value={id} />
            </code>
            : {rows.length} records (rows {rows.slice(0, 8).join(', ')}
            {rows.length > 8 ? ', …' : ''})
          </li>
        ))}
        {repeated.length > shown.length && <li>and {repeated.length - shown.length} more ids</li>}
      </ul>
    </div>
  );
}
